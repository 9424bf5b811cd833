"""A phone looking for tables: prints one JSON line per mDNS event of `_domino-table._tcp`.

Run as `python browse.py SECONDS` (inside a network namespace in the tests). Each line is
{"t": seconds since start, "event": "added"|"updated"|"removed", "name", and for added/updated
"server", "addresses", "port", "txt"}; it exits after SECONDS.
"""

from __future__ import annotations

import json
import sys
import time

from zeroconf import ServiceBrowser, ServiceStateChange, Zeroconf

TYPE = "_domino-table._tcp.local."


def main(seconds: float) -> None:
    start = time.monotonic()
    zc = Zeroconf()

    def changed(zeroconf, service_type, name, state_change):
        line = {"t": round(time.monotonic() - start, 3), "event": state_change.name.lower(), "name": name}
        if state_change is not ServiceStateChange.Removed:
            info = None
            for _ in range(3):  # a busy machine may miss the first answers
                info = info or zeroconf.get_service_info(service_type, name, timeout=3000)
            if info is not None:
                line.update(
                    server=info.server,
                    addresses=info.parsed_addresses(),
                    port=info.port,
                    txt={k.decode(): (v or b"").decode() for k, v in info.properties.items()},
                )
        print(json.dumps(line), flush=True)

    browser = ServiceBrowser(zc, TYPE, handlers=[changed])
    time.sleep(seconds)
    browser.cancel()
    zc.close()


if __name__ == "__main__":
    main(float(sys.argv[1]))
