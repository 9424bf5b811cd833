"""Each command is declared once, on its handler (`commands.Commands.declare`): the socket's own
in `socket_commands.py`, a room's on its `Room` method. `protocol.COMMANDS` holds them all."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from tabletop import commands, protocol, rooms, socket_commands
from tabletop.commands import Commands

PROTOCOL_MD = Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md"


def test_a_room_command_is_a_room_method_and_the_socket_own_are_not():
    assert set(protocol.COMMANDS) == set(rooms.COMMANDS) | set(socket_commands.COMMANDS)
    for command in rooms.COMMANDS.values():
        assert command.who is not None and command.handler is getattr(rooms.Room, command.handler.__name__)
        assert not command.before_hello
    for command in socket_commands.COMMANDS.values():
        assert command.who is None and inspect.getmodule(command.handler) is socket_commands
    assert {c.type for c in protocol.COMMANDS.values() if c.before_hello} == {"hello", "ping"}


def test_every_command_is_in_the_protocol_document():
    text = PROTOCOL_MD.read_text(encoding="utf-8")
    documented = set(re.findall(r'"type": "([a-z_]+)"', text))
    assert set(protocol.COMMANDS) <= documented


def test_a_type_declared_twice_is_refused():
    mine = Commands()
    mine.declare("poke")(lambda conn, msg: None)
    with pytest.raises(ValueError, match="poke"):
        mine.declare("poke")(lambda conn, msg: None)
    with pytest.raises(ValueError, match="declared twice"):
        _ = socket_commands.COMMANDS | socket_commands.COMMANDS
    other = Commands()
    other.declare("prod", who=commands.host)(lambda room, conn, seat, msg: None)
    both = mine | other
    assert set(both) == {"poke", "prod"} and both["prod"].who is commands.host
    assert both["poke"].phase is commands.anytime and not both["poke"].versioned
