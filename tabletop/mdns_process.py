"""mDNS in a process of its own, for the gevent worker: zeroconf runs an asyncio loop on a
thread, and under gevent's monkey-patching that thread is a greenlet of the serving loop, where
zeroconf refuses its blocking calls. The serving process keeps a `ProcessAdvertiser` (the same
start/update/close as `discovery.Advertiser`) and writes each change as a JSON line to the child,
which runs the real Advertiser with real threads. Closing (or the parent's death: end of input)
makes the child send its goodbye and exit.
"""

from __future__ import annotations

import json
import logging
import signal
import subprocess
import sys

from .discovery import Advertiser, HostName

log = logging.getLogger("tabletop.mdns")


class ProcessAdvertiser:
    def __init__(self, name: str, port: int, path: str, folder: str | None):
        self._args = {"name": name, "port": port, "path": path, "folder": folder}
        self._child: subprocess.Popen | None = None

    def start(self) -> None:
        self._child = subprocess.Popen(
            [sys.executable, "-m", "tabletop.mdns_process", json.dumps(self._args)],
            stdin=subprocess.PIPE,
            text=True,
        )

    def update(self, addresses: list[str], url: str | None = None) -> None:
        self._send({"addresses": addresses, "url": url})

    def close(self) -> None:
        """End of input: the child says goodbye and exits by itself. Nothing here waits, because
        this runs in a signal handler, where the gevent worker may not block."""
        child, self._child = self._child, None
        if child is None:
            return
        try:
            if child.stdin is not None:
                child.stdin.close()
        except OSError:
            child.kill()

    def _send(self, message: dict) -> None:
        if self._child is None:
            return
        stdin = self._child.stdin
        assert stdin is not None  # a pipe
        try:
            stdin.write(json.dumps(message) + "\n")
            stdin.flush()
        except OSError as exc:
            log.warning("mDNS process gone: %s", exc)


def main(argv: list[str]) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    args = json.loads(argv[0])
    advertiser = Advertiser(args["name"], [], args["port"], path=args["path"], host=HostName(args["folder"]))
    signal.signal(signal.SIGTERM, lambda *_: sys.stdin.close())
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when it is time to go
    advertiser.start()
    try:
        for line in sys.stdin:
            message = json.loads(line)
            advertiser.update(message["addresses"], message.get("url"))
    except (ValueError, OSError):
        pass
    advertiser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
