"""`tabletop serve`: run the table on this machine and print how to join it."""

from __future__ import annotations

import argparse
import logging
import sys

from . import config, qr
from .discovery import Advertiser, lan_address


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
    s.add_argument("--data", default=config.DATA_DIR, help="folder for the SQLite store (default ./data)")
    s.add_argument(
        "--kiosk",
        action="store_true",
        help="café mode: host controls behind --pin, idle tables return to the welcome screen",
    )
    s.add_argument("--pin", help="PIN that unlocks the host controls in kiosk mode")
    s.add_argument(
        "--advertise",
        metavar="ADDRESS",
        help="LAN address put in QR codes and mDNS (default: this machine's LAN address)",
    )
    s.add_argument("--no-mdns", action="store_true", help="do not advertise the table with zeroconf")
    s.add_argument("--wifi-ssid", help="also show a Wi-Fi join QR code for this network")
    s.add_argument("--wifi-password", help="password for --wifi-ssid (omit for an open network)")
    s.add_argument(
        "--threads",
        type=int,
        default=config.THREADS,
        help=f"gunicorn threads (each open websocket holds one; default {config.THREADS})",
    )
    s.add_argument("--dev", action="store_true", help="use werkzeug's threaded server instead of gunicorn")
    s.add_argument(
        "--computer-delay",
        type=float,
        default=config.COMPUTER_DELAY,
        help="seconds a computer takes per move",
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
        "WIFI_SSID": args.wifi_ssid,
        "WIFI_PASSWORD": args.wifi_password,
    }


def banner(name: str, url: str, wifi: tuple | None) -> str:
    lines = [
        f"{name}: open {url} on the big screen (or scan this on any device on the network)",
        "",
        qr.terminal(url),
    ]
    if wifi:
        lines += [f"Wi-Fi {wifi[0]!r}: scan to join the network", qr.terminal(qr.wifi_payload(*wifi))]
    return "\n".join(lines)


def serve(args) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    if args.kiosk and not args.pin:
        print("tabletop: --kiosk needs --pin (the host controls are locked behind it)", file=sys.stderr)
        return 2
    address = args.advertise or (args.host if args.host not in ("0.0.0.0", "::", "") else lan_address())
    base_url = f"http://{address}:{args.port}"
    from .app import create_app

    config = app_config(args, base_url)
    wifi = (args.wifi_ssid, args.wifi_password) if args.wifi_ssid else None
    print(banner(args.name, base_url, wifi), flush=True)
    advertiser = None
    if not args.no_mdns and not address.startswith("127."):
        advertiser = Advertiser(args.name, address, args.port)
        advertiser.start()
    try:
        if args.dev:
            from werkzeug.serving import run_simple

            app = create_app(config)
            try:
                run_simple(args.host, args.port, app, threaded=True, use_reloader=False)
            finally:
                app.extensions["tabletop"].shutdown()
        else:
            # the app (its store, threads and rooms) is built in the worker, after the fork
            run_gunicorn(lambda: create_app(config), args.host, args.port, args.threads)
    finally:
        if advertiser:
            advertiser.close()
    return 0


def run_gunicorn(make_app, host: str, port: int, threads: int) -> None:
    """One gunicorn process (rooms live in memory) with the threaded worker: flask-sock runs
    each websocket on one of its threads. Never the sync worker (it drops websockets)."""
    from gunicorn.app.base import BaseApplication

    class One(BaseApplication):
        def load_config(self):
            for key, value in {
                "bind": f"{host}:{port}",
                "workers": 1,
                "threads": threads,
                "worker_class": "gthread",
                "timeout": 0,
                "keepalive": 5,
                "graceful_timeout": 3,
                "accesslog": None,
                "preload_app": False,
            }.items():
                self.cfg.set(key, value)

        def load(self):
            return make_app()

    One().run()


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        return serve(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
