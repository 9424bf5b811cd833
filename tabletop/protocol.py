"""Every command the server takes, by type: the socket's own (`socket_commands.py`) and a room's
(`rooms.py` and its parts, `room_part.py`), each declared once on its handler
(`commands.Commands.declare`). docs/PROTOCOL.md describes them for clients."""

from __future__ import annotations

from . import messages, rooms, socket_commands

COMMANDS = socket_commands.COMMANDS | rooms.COMMANDS


def parse(raw) -> dict:
    """A raw websocket frame -> a validated message of one of `COMMANDS` (`messages.parse`)."""
    return messages.parse(raw, COMMANDS)
