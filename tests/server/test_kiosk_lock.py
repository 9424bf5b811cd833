"""A kiosk table's unlock: it lasts `config.UNLOCK_SECONDS`, the table's views say how long is
left (`unlocked_for`), `lock` ends it at once, and a PIN lockout says how long to wait."""

from __future__ import annotations

import time

import pytest
from conftest import ask, create_room, join

from tabletop import config

PIN = "4321"
KIOSK = {"kiosk": True, "pin": PIN}
PHONES2 = [{"kind": "phone"}, {"kind": "phone"}]


def last_view(client) -> dict:
    """The newest view the client has been sent so far (a ping's pong comes after it)."""
    client.send({"type": "ping"})
    client.take(lambda f: f["type"] == "pong")
    return [f for f in client.frames if f["type"] == "view"][-1]


@pytest.mark.app_config(**KIOSK)
def test_unlock_lasts_a_while_and_lock_ends_it(live, client_factory):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    join(client_factory, room_id, 0)
    assert last_view(host)["unlocked_for"] == 0
    assert ask(host, {"type": "free_seat", "seat": 0})["code"] == "pin_required"

    answer = ask(host, {"type": "unlock", "pin": PIN})
    assert answer["type"] == "ok"
    assert config.UNLOCK_SECONDS - 2 <= answer["unlocked_for"] <= config.UNLOCK_SECONDS
    assert config.UNLOCK_SECONDS - 2 <= last_view(host)["unlocked_for"] <= config.UNLOCK_SECONDS
    assert ask(host, {"type": "free_seat", "seat": 0})["type"] == "ok"

    answer = ask(host, {"type": "lock"})
    assert answer["type"] == "ok" and answer["unlocked_for"] == 0
    assert last_view(host)["unlocked_for"] == 0
    assert ask(host, {"type": "standin", "seat": 1, "level": "easy"})["code"] == "pin_required"


@pytest.mark.app_config(**KIOSK)
def test_unlock_runs_out(live, client_factory, monkeypatch):
    monkeypatch.setattr(config, "UNLOCK_SECONDS", 1)
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    assert ask(host, {"type": "unlock", "pin": PIN})["unlocked_for"] == 1
    assert ask(host, {"type": "standin", "seat": 0, "level": "easy"})["type"] == "ok"
    time.sleep(1.1)
    assert ask(host, {"type": "standin", "seat": 0, "level": None})["code"] == "pin_required"


@pytest.mark.app_config(**KIOSK)
def test_the_unlock_is_one_sockets_own(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    other = client_factory()
    other.send({"type": "hello", "room": room_id, "host_token": host_token})
    other.expect("welcome", role="host")
    phone, _ = join(client_factory, room_id, 0)
    assert ask(host, {"type": "unlock", "pin": PIN})["type"] == "ok"
    phone.send({"type": "pause", "paused": True, "ref": "p"})  # a room change: a view for all
    phone.expect("ok", ref="p")
    assert last_view(host)["unlocked_for"] > 0
    assert last_view(other)["unlocked_for"] == 0
    assert "unlocked_for" not in last_view(phone)  # phones have no host controls
    assert ask(other, {"type": "free_seat", "seat": 0})["code"] == "pin_required"


def test_without_kiosk_no_lock_state_is_sent(live, client_factory):
    host, _, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    assert "unlocked_for" not in last_view(host)
    assert ask(host, {"type": "lock"})["type"] == "ok"
    assert ask(host, {"type": "free_seat", "seat": 0})["type"] == "ok"  # nothing is guarded


@pytest.mark.app_config(**KIOSK)
def test_a_pin_lockout_says_how_long_to_wait(live, client_factory):
    host, _, _ = create_room(client_factory)
    for _ in range(config.PIN_TRIES):
        assert ask(host, {"type": "unlock", "pin": "1111"})["code"] == "bad_pin"
    refused = ask(host, {"type": "unlock", "pin": PIN})
    assert refused["code"] == "rate_limited"
    assert 0 < refused["retry_after"] <= config.PIN_WINDOW
    assert isinstance(refused["retry_after"], int)
