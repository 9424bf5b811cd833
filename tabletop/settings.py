"""The settings one table runs with, as one value: built from the command line by `tabletop
serve` (tabletop/cli.py), or in a test, and passed to `create_app(settings)`. Every default is
config.py's; what is not here is not a per-table setting."""

from __future__ import annotations

from dataclasses import dataclass

from . import config


@dataclass(frozen=True)
class Settings:
    # -- the table ------------------------------------------------------------------------------
    name: str = config.NAME  # shown on the screens and advertised
    data: str = config.DATA_DIR  # folder of tabletop.sqlite3 (":memory:": nothing on disk)
    kiosk: bool = False  # café mode: host controls behind `pin`, idle tables go back to welcome
    pin: str | None = None
    wifi_ssid: str | None = None  # the table also shows a Wi-Fi join QR code for this network
    wifi_password: str | None = None
    computer_delay: float = config.COMPUTER_DELAY  # seconds a computer "thinks" per move
    # -- the network ----------------------------------------------------------------------------
    host: str = config.HOST  # address to listen on
    port: int = config.PORT
    advertise: str | None = None  # the address in QR codes and mDNS (None: chosen, re-chosen)
    mdns: bool = True
    base_url: str | None = None  # the rooms' QR codes until the address is known (None: below)
    hotspot_network: str | None = None  # the table's own Wi-Fi, e.g. "10.42.0.1/24" (captive.py)
    hosts: tuple[str, ...] = ()  # more names this table answers to (a websocket's Host)
    rate: tuple[float, float] = (config.RATE, config.BURST)  # per websocket: messages/s, burst
    header_timeout: float = config.HEADER_TIMEOUT  # seconds for a request's line and headers
    # -- rooms kept ---------------------------------------------------------------------------
    idle_close: float | None = None  # seconds without change or phone before a room closes
    # (None: config.IDLE_CLOSE_KIOSK in kiosk mode, config.IDLE_CLOSE otherwise; 0: never)
    empty_close: float = config.EMPTY_CLOSE  # seconds an empty room without a game is kept
    # -- the files served -----------------------------------------------------------------------
    web_dir: str = config.WEB_DIR
    locales_dir: str = config.LOCALES_DIR
    # -- development ----------------------------------------------------------------------------
    dev: bool = False  # werkzeug's threaded server (a thread per connection) instead of gevent's

    @property
    def wifi(self) -> tuple[str, str | None] | None:
        return (self.wifi_ssid, self.wifi_password) if self.wifi_ssid else None

    @property
    def fixed_address(self) -> str | None:
        """The address put in QR codes as given (--advertise, or a --host that is one address);
        None: chosen among the interfaces, and chosen again when they change."""
        if self.advertise:
            return self.advertise
        return self.host if self.host not in ("0.0.0.0", "::", "") else None

    @property
    def first_url(self) -> str:
        """The base URL of QR codes before the interfaces are looked at (announce.py re-makes it)."""
        return self.base_url or f"http://{self.fixed_address or '127.0.0.1'}:{self.port}"

    @property
    def idle_seconds(self) -> float:
        if self.idle_close is None:
            return config.IDLE_CLOSE_KIOSK if self.kiosk else config.IDLE_CLOSE
        return float(self.idle_close)

    @property
    def stored(self) -> bool:
        return self.data != ":memory:"

    @staticmethod
    def rate_for(messages_per_second: float) -> tuple[float, float]:
        """A per-socket rate and its burst, in config's proportion (--message-rate)."""
        return (messages_per_second, messages_per_second * config.BURST / config.RATE)
