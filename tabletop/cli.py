"""`tabletop serve`: run the table on this machine and print how to join it."""

from __future__ import annotations

import argparse
import errno
import ipaddress
import logging
import os
import signal
import socket
import sys
from collections.abc import Mapping

from . import config, paths, pin
from .pin import pin_problem
from .settings import Settings

# the app is imported only once gevent has patched the standard library (tabletop/serving.py):
# its locks and threads must be gevent's

DEFAULT_DATA = config.DATA_DIR

# the command as the person typed it: scripts/serve says its own name (TABLETOP_COMMAND)
COMMAND = os.environ.get("TABLETOP_COMMAND") or "tabletop serve"

EXAMPLES = f"""examples:
  at home, on the computer beside the TV:
    {COMMAND}
  in a café, host controls behind a PIN and a QR code for the guests' Wi-Fi:
    {COMMAND} --kiosk --pin 2468 --name "Corner table" --wifi-ssid CafeGuest --wifi-password secret

Open the printed address on the big screen; players scan its QR codes with their phones.
The games are kept in {DEFAULT_DATA} (--data changes it)."""


class Parser(argparse.ArgumentParser):
    """A wrong option is one sentence on stderr (exit status 2), not the whole usage."""

    commands: Mapping[str, argparse.ArgumentParser] = {}  # the subcommands' own parsers

    def error(self, message: str):
        self.exit(2, f"{self.prog}: {message}; see `{self.prog} --help`.\n")


def build_parser() -> Parser:
    p = Parser(prog="tabletop", description="An offline domino table for the local network.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    p.commands = sub.choices
    s = sub.add_parser(
        "serve",
        prog=COMMAND,
        help="serve the table (big screen) and the phones' hands",
        description="Serve the domino table on this machine: open the printed address on the big\n"
        "screen; players scan the QR codes it shows with their phones.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    home = s.add_argument_group("at home")
    home.add_argument("--name", default=config.NAME, help="the table's name, shown and advertised")
    home.add_argument(
        "--data",
        default=DEFAULT_DATA,
        help=f"folder the games are kept in (default: {DEFAULT_DATA}; "
        f"the system service uses {paths.SYSTEM_DATA})",
    )
    cafe = s.add_argument_group("in a café")
    cafe.add_argument(
        "--kiosk",
        action="store_true",
        help="café mode: host controls behind --pin, idle tables return to the welcome screen",
    )
    cafe.add_argument("--pin", help=f"PIN that unlocks the host controls in kiosk mode ({pin.RULE})")
    cafe.add_argument("--wifi-ssid", help="also show a Wi-Fi join QR code for this network")
    cafe.add_argument("--wifi-password", help="password for --wifi-ssid (omit for an open network)")
    net = s.add_argument_group("network")
    net.add_argument(
        "--host", default=config.HOST, help=f"address to listen on (default {config.HOST}: every interface)"
    )
    net.add_argument("--port", type=int, default=config.PORT, help=f"TCP port (default {config.PORT})")
    net.add_argument(
        "--advertise",
        metavar="ADDRESS",
        help="LAN address put in QR codes and mDNS (default: this machine's LAN address)",
    )
    net.add_argument("--no-mdns", action="store_true", help="do not advertise the table with zeroconf")
    net.add_argument(
        "--hotspot-network",
        metavar="ADDRESS/PREFIX",
        help="the table's own Wi-Fi (install-pi --hotspot: 10.42.0.1/24), whose DNS answers every "
        "name with the table: phones there are shown the join page as a sign-in page",
    )
    dev = s.add_argument_group("development")
    dev.add_argument(
        "--dev", action="store_true", help="use werkzeug's threaded server (a thread per connection)"
    )
    dev.add_argument(
        "--message-rate",
        type=float,
        default=config.RATE,
        help=f"messages a websocket may send per second (default {config.RATE:g}, in a burst "
        f"{config.BURST:g}); "
        "a person never comes near it, a benchmark's phones that act at once do",
    )
    dev.add_argument(
        "--header-timeout",
        type=float,
        default=config.HEADER_TIMEOUT,
        metavar="SECONDS",
        help=f"seconds a connection has to send a request's line and headers, or it is closed "
        f"(default {config.HEADER_TIMEOUT:g}; a slow client holds a connection no longer)",
    )
    dev.add_argument(
        "--computer-delay",
        type=float,
        default=config.COMPUTER_DELAY,
        help=f"seconds a computer takes per move (default {config.COMPUTER_DELAY})",
    )
    return p


def settings_from(args) -> Settings:
    """The table's settings as the command line gives them."""
    return Settings(
        name=args.name,
        data=args.data,
        kiosk=args.kiosk,
        pin=args.pin,
        wifi_ssid=args.wifi_ssid,
        wifi_password=args.wifi_password,
        hotspot_network=args.hotspot_network or None,
        computer_delay=args.computer_delay,
        host=args.host,
        port=args.port,
        advertise=args.advertise,
        mdns=not args.no_mdns,
        rate=Settings.rate_for(args.message_rate),
        header_timeout=args.header_timeout,
        web_dir=str(paths.web_dir()),
        locales_dir=str(paths.locales_dir()),
        dev=args.dev,
    )


def banner(name: str, url: str, wifi: tuple | None, color: bool = False, data: str | None = None) -> str:
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
    if data:
        lines.append(f"The games are kept in {data}. Stop the table with Ctrl+C.")
    return "\n".join(lines)


def refusal(settings: Settings) -> str | None:
    """Why these settings cannot serve a table, in one sentence (None: they can)."""
    if settings.kiosk and not settings.pin:
        return "--kiosk needs --pin (the host controls are locked behind it)."
    try:  # the same reading as captive.hotspot_network (not imported here: it imports flask)
        ipaddress.ip_network(settings.hotspot_network or "0.0.0.0/32", strict=False)
    except ValueError:
        return f"--hotspot-network {settings.hotspot_network!r} is not a network like 10.42.0.1/24."
    if settings.pin is not None and pin_problem(settings.pin):
        return f"this --pin could never be entered: {pin_problem(settings.pin)}."
    if not 0 < settings.port < 65536:
        return f"--port {settings.port} is not a port (1 to 65535)."
    if not settings.header_timeout > 0:  # NaN too
        return f"--header-timeout {settings.header_timeout:g} leaves no time for a request; give seconds."
    return None


def data_problem(settings: Settings) -> str | None:
    """Why the games could not be kept in the data folder (made here when missing), or None."""
    try:
        os.makedirs(settings.data, exist_ok=True)
    except OSError as exc:
        return f"the games cannot be kept in {settings.data} ({exc.strerror}); choose a folder with --data."
    if not os.access(settings.data, os.W_OK | os.X_OK):
        return f"this user cannot write in {settings.data}; choose a folder with --data."
    return None


def cannot_listen(settings: Settings, exc: OSError) -> str:
    where = f"port {settings.port}" + (
        "" if settings.host in ("0.0.0.0", "::", "") else f" of {settings.host}"
    )
    if exc.errno == errno.EADDRINUSE:
        return f"{where} is already in use (is the table already running?); choose another with --port."
    if exc.errno == errno.EACCES:
        return f"{where} needs more rights than this user has; choose one above 1023 with --port."
    return f"cannot listen on {where}: {exc.strerror or exc}."


def serve(settings: Settings) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    problem = refusal(settings) or data_problem(settings)
    if problem:
        print(f"tabletop: {problem}", file=sys.stderr)
        return 2
    color = sys.stdout.isatty()
    running = []  # the serving process's Announcer, for the shutdown hooks
    started = []  # once the port is bound and the app is being made

    def show(url: str) -> None:
        print(banner(settings.name, url, settings.wifi, color, data=settings.data), flush=True)

    def make_app():  # after gevent's patching (or in the --dev server), once the port is bound
        from .announce import Announcer
        from .app import create_app
        from .discovery import HostName

        started.append(True)
        app = create_app(settings)
        announcer = Announcer(
            app.extensions["tabletop"],
            settings.name,
            settings.port,
            fixed=settings.fixed_address,
            mdns=settings.mdns,
            host=HostName(settings.data),
            show=show,
        )
        announcer.start()
        running.append(announcer)
        return app

    def goodbye():
        while running:
            running.pop().close()

    app = None
    try:
        if settings.dev:
            from werkzeug.serving import make_server

            # bound here first: werkzeug would print its own two lines for a port in use
            family = socket.AF_INET6 if ":" in settings.host else socket.AF_INET
            bound = socket.create_server((settings.host, settings.port), family=family)
            # no app yet: it is made once the port is bound, and set below
            server = make_server(
                settings.host,
                settings.port,
                None,  # type: ignore[arg-type]
                threaded=True,
                fd=bound.fileno(),
            )
            app = server.app = make_app()
            signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # unwind, so the goodbye is sent
            server.serve_forever()  # until Ctrl+C
        else:
            from . import serving

            def build():
                nonlocal app
                app = make_app()
                return app

            serving.run(build, settings.host, settings.port, goodbye, settings.header_timeout)
    except OSError as exc:
        if started:  # the port was ours: an error of the table itself, shown in full
            raise
        print(f"tabletop: {cannot_listen(settings, exc)}", file=sys.stderr)
        return 1
    finally:
        goodbye()
        if app is not None:
            app.extensions["tabletop"].shutdown()
    return 0


def main(argv=None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:  # said by the subcommand, under the name the person typed
        parser.commands[args.command].error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command == "serve":
        return serve(settings_from(args))
    return 2


if __name__ == "__main__":
    sys.exit(main())
