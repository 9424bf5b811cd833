"""The server's defaults, each defined once. The command line, the app factory, the hub and the
rooms read them from here; a table's `Settings` (tabletop/settings.py) overrides some."""

from __future__ import annotations

from types import MappingProxyType

from . import paths

# -- serving ---------------------------------------------------------------------------------
HOST = "0.0.0.0"  # every interface
PORT = 8000
WORKER_CONNECTIONS = 2000  # connections served at once, a greenlet each (tabletop/serving.py)
CONNECTIONS_PER_ADDRESS = 64  # TCP connections one client address holds at once (own screen: any)
HEADER_TIMEOUT = 10.0  # seconds a connection has to send a request's line and headers (served)
GRACEFUL_SECONDS = 3.0  # on SIGTERM: how long open connections get to end
SWITCH_INTERVAL = 0.001  # seconds a thread holds the interpreter lock when another wants it
NAME = "Domino table"
DATA_DIR = str(paths.user_data_dir())  # folder of tabletop.sqlite3 (the system service: --data)
WEB_DIR = str(paths.web_dir())  # the checkout's web/, or the installed package's copy
LOCALES_DIR = str(paths.locales_dir())
PROTOCOL = 1  # the websocket protocol's version (docs/PROTOCOL.md)
ADDRESS_POLL = 2.0  # seconds between looks at the interfaces' addresses (QR codes follow a change)

# -- rooms -----------------------------------------------------------------------------------
MAX_ROOMS = 64
ROOM_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I
ROOM_CODE_LENGTH = 5
IDLE_CLOSE_KIOSK = 30 * 60  # seconds without change or phone before a room closes
IDLE_CLOSE = 24 * 3600
IDLE_SWEEP_EVERY = 60.0  # seconds between idle sweeps (at most)
EMPTY_CLOSE = 120.0  # seconds a room with nobody connected and no game is kept (0: no limit)
ROOM_OPEN_RATE = 1 / 30  # rooms a client address may open per second (the table's own screen: any)
ROOM_OPEN_BURST = 4
JOIN_RATE = 1 / 5  # seats taken (`join`) per second and client address (own screen: any)
JOIN_BURST = 10  # a family's phones, and a few changes of mind, sit down at once
FREED_SEAT_WAIT = 60.0  # seconds before a seat the host freed is taken again from where it was held
ROOM_GUESTS = 32  # sockets of a room without a seat (phones about to join), own screen aside
ROOMS_PER_ADDRESS = 4  # rooms open at once that were opened from one client address (own screen: any)

# -- computer seats and hints ------------------------------------------------------------------
COMPUTER_DELAY = 1.2  # seconds a computer "thinks" per move (0 in tests)
COMPUTER_WORKERS = 4  # computer moves computed at once, all rooms (threads: --dev, the tests)
CPU_WORKER_NICE = 10  # the computers' and hints' process yields the CPU to the serving one
NOT_SAVED_RETRY = 1.0  # seconds before a computer's move the disk could not store is tried again
HINT_SLOTS = 2  # hints computed at once, all rooms
HINT_RATE = 0.5  # hints computed per second and connection (one asked again is free)
HINT_BURST = 3
ROOM_HINT_RATE = 1.0  # hints computed per second and room, whoever asks
ROOM_HINT_BURST = 5
LEVEL_ALIASES = MappingProxyType({"normal": "medium"})  # the middle level's name in older clients
REVIEW_NICE = 19  # reviews of finished rounds: a worker process of their own, behind everything
REVIEW_SLOTS = 2  # reviews streamed at once, all rooms (another is refused: review_busy)
REVIEW_SEED = 1  # the review's stream: the same view is judged the same way, every time

# -- websocket limits --------------------------------------------------------------------------
RATE = 20.0  # messages per second and socket
BURST = 40.0
FLOOD_CLOSE = 400  # messages dropped within FLOOD_WINDOW before the socket is closed
FLOOD_WINDOW = 60.0
FLOOD_BAN = 30.0  # seconds an address whose socket was closed for flooding opens no websocket
FLOOD_TARPIT = 1.0  # seconds such a refused handshake waits before its answer (a greenlet sleeps)
SOCKETS_PER_ADDRESS = 32  # websockets open at once from one client address (own screen: any)
HANDSHAKE_RATE = 2.0  # websockets opened per second and client address (own screen: any)
HANDSHAKE_BURST = 20.0
MAX_FRAGMENTS = 64  # frames of one message (a message in 1-byte fragments: closed, 1008)
MAX_FRAME = 4096  # bytes of one text frame (larger: too_large)
HARD_MAX_FRAME = 65536  # bytes of a message above which its socket is closed (1009)
MAX_DEPTH = 6  # nesting of a message's JSON
PING_INTERVAL = 20  # seconds between websocket pings
PIN_TRIES = 5  # wrong kiosk PINs within PIN_WINDOW before unlock is refused: counted per
PIN_WINDOW = 60.0  # connection, and per client address except for the table's own screen
PIN_TRIES_ALL = 20  # wrong PINs within PIN_WINDOW_ALL from every address but the table's own
PIN_WINDOW_ALL = 600.0  # screen together: new addresses bring no fresh tries
UNLOCK_SECONDS = 5 * 60  # how long a right PIN unlocks a kiosk table's socket (`lock` ends it sooner)
# the table's own screen: a browser on this machine (the kiosk opens http://127.0.0.1:8000/)
OWN_SCREEN_ADDRESSES = frozenset({"127.0.0.1", "::1", "::ffff:127.0.0.1"})
LOCAL_HOST_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})  # a websocket's Host may be these

# -- compression -------------------------------------------------------------------------------
GZIP_MIN = 512  # bytes: smaller generated answers are sent as they are
GZIP_CACHE_FILES = 512  # compressed files kept in memory per app
