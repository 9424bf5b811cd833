"""`tabletop serve`: run the table on this machine and print how to join it."""

from __future__ import annotations

import argparse
import ipaddress
import logging
import signal
import sys

from . import config, paths, pin
from .pin import pin_problem

# the app is imported only once gevent has patched the standard library (tabletop/serving.py):
# its locks and threads must be gevent's

DEFAULT_DATA = config.DATA_DIR


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tabletop", description="An offline domino table for the local network.")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser(
        "serve",
        help="serve the table (big screen) and the phones' hands",
        description="Serve the table: open the printed URL on the big screen; "
        "players scan the QR codes it shows with their phones.",
    )
    s.add_argument(
        "--host", default=config.HOST, help=f"address to listen on (default {config.HOST}: every interface)"
    )
    s.add_argument("--port", type=int, default=config.PORT, help=f"TCP port (default {config.PORT})")
    s.add_argument("--name", default=config.NAME, help="the table's name, shown and advertised")
    s.add_argument(
        "--data",
        default=DEFAULT_DATA,
        help=f"folder for the SQLite store (default: the per-user data folder, {DEFAULT_DATA}; "
        f"the system service uses {paths.SYSTEM_DATA})",
    )
    s.add_argument(
        "--kiosk",
        action="store_true",
        help="café mode: host controls behind --pin, idle tables return to the welcome screen",
    )
    s.add_argument("--pin", help=f"PIN that unlocks the host controls in kiosk mode ({pin.RULE})")
    s.add_argument(
        "--advertise",
        metavar="ADDRESS",
        help="LAN address put in QR codes and mDNS (default: this machine's LAN address)",
    )
    s.add_argument("--no-mdns", action="store_true", help="do not advertise the table with zeroconf")
    s.add_argument("--wifi-ssid", help="also show a Wi-Fi join QR code for this network")
    s.add_argument("--wifi-password", help="password for --wifi-ssid (omit for an open network)")
    s.add_argument(
        "--hotspot-network",
        metavar="ADDRESS/PREFIX",
        help="the table's own Wi-Fi (install-pi --hotspot: 10.42.0.1/24), whose DNS answers every "
        "name with the table: phones there are shown the join page as a sign-in page",
    )
    s.add_argument(
        "--dev", action="store_true", help="use werkzeug's threaded server (a thread per connection)"
    )
    s.add_argument(
        "--message-rate",
        type=float,
        default=config.RATE,
        help=f"messages a websocket may send per second (default {config.RATE:g}, in a burst "
        f"{config.BURST:g}); "
        "a person never comes near it, a benchmark's phones that act at once do",
    )
    s.add_argument(
        "--computer-delay",
        type=float,
        default=config.COMPUTER_DELAY,
        help=f"seconds a computer takes per move (default {config.COMPUTER_DELAY})",
    )
    return p


def app_config(args, base_url: str) -> dict:
    return {
        "NAME": args.name,
        "DATA": args.data,
        "BASE_URL": base_url,
        "KIOSK": args.kiosk,
        "PIN": args.pin,
        "COMPUTER_DELAY": args.computer_delay,
        "RATE_LIMIT": (args.message_rate, args.message_rate * config.BURST / config.RATE),
        "WIFI_SSID": args.wifi_ssid,
        "WIFI_PASSWORD": args.wifi_password,
        "HOTSPOT_NETWORK": args.hotspot_network or None,
        "WEB_DIR": str(paths.web_dir()),
        "LOCALES_DIR": str(paths.locales_dir()),
    }


def banner(name: str, url: str, wifi: tuple | None, color: bool = False) -> str:
    from . import qr
    from .announce import JOIN_PATH

    join = url + JOIN_PATH
    lines = [
        f"{name}: open {url} on the big screen; phones scan this to join ({join})",
        "",
        qr.terminal(join, color=color),
    ]
    if wifi:
        lines += [
            f"Wi-Fi {wifi[0]!r}: scan to join the network",
            qr.terminal(qr.wifi_payload(*wifi), color=color),
        ]
    return "\n".join(lines)


def serve(args) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    if args.kiosk and not args.pin:
        print("tabletop: --kiosk needs --pin (the host controls are locked behind it)", file=sys.stderr)
        return 2
    try:  # the same reading as captive.hotspot_network (not imported here: it imports flask)
        ipaddress.ip_network(args.hotspot_network or "0.0.0.0/32", strict=False)
    except ValueError:
        print(
            f"tabletop: --hotspot-network {args.hotspot_network!r} is not a network like 10.42.0.1/24",
            file=sys.stderr,
        )
        return 2
    if args.pin is not None and pin_problem(args.pin):
        print(f"tabletop: this --pin could never be entered: {pin_problem(args.pin)}", file=sys.stderr)
        return 2
    # --advertise, or a --host that is one address, is used as given; otherwise the address is
    # chosen among the interfaces, and chosen again when they change
    fixed = args.advertise or (args.host if args.host not in ("0.0.0.0", "::", "") else None)
    settings = app_config(args, f"http://{fixed or '127.0.0.1'}:{args.port}")
    wifi = (args.wifi_ssid, args.wifi_password) if args.wifi_ssid else None
    color = sys.stdout.isatty()
    running = []  # the serving process's Announcer, for the shutdown hooks

    def make_app():  # after gevent's patching (or in the --dev server)
        from .announce import Announcer
        from .app import create_app
        from .discovery import HostName

        app = create_app(settings)
        announcer = Announcer(
            app.extensions["tabletop"],
            args.name,
            args.port,
            fixed=fixed,
            mdns=not args.no_mdns,
            host=HostName(args.data),
            show=lambda url: print(banner(args.name, url, wifi, color), flush=True),
        )
        announcer.start()
        running.append(announcer)
        return app

    def goodbye():
        while running:
            running.pop().close()

    if args.dev:
        from werkzeug.serving import run_simple

        app = make_app()
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # unwind, so the goodbye is sent
        try:
            run_simple(args.host, args.port, app, threaded=True, use_reloader=False)
        finally:
            goodbye()
            app.extensions["tabletop"].shutdown()
    else:
        from . import serving

        app = None

        def build():
            nonlocal app
            app = make_app()
            return app

        try:
            serving.run(build, args.host, args.port, on_stop=goodbye)
        finally:
            goodbye()
            if app is not None:
                app.extensions["tabletop"].shutdown()
    return 0


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        return serve(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
