"""Names reach the screens clean: NFC, without bidi controls or invisible characters, with some
visible text; no seat takes a name already at the table (compared without case, width or
lookalike letters of another script) nor one of the screens' own words in any of the five
languages. Every refusal has its own code, translated in every catalogue."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from conftest import ask, create_room

from tabletop import config, messages, names, protocol

ROOT = Path(__file__).resolve().parents[2]
RESERVED = names.reserved_patterns(config.LOCALES_DIR)


def join_as(make, room_id, seat, name):
    phone = make()
    phone.send({"type": "hello", "room": room_id})
    phone.expect("welcome", role="guest")
    return phone, ask(phone, {"type": "join", "seat": seat, "name": name, "lang": "en"})


# -- what is kept of a name --------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed,shown",
    [
        ("Ana", "Ana"),
        ("  Ana \n Maria ", "Ana Maria"),
        ("Ana\tMaria", "Ana Maria"),
        ("Zoe\u0308", "Zoë"),  # NFC
        ("\u202eanA", "anA"),  # right-to-left override
        ("Bo\u2066b\u2069", "Bob"),  # isolates
        ("\u200fEve\u200e", "Eve"),  # marks
        ("A\u200bn\u200ca", "Ana"),  # zero-width space; a non-joiner between Latin letters
        ("Ana\u00ad\ufeff", "Ana"),  # soft hyphen, BOM
        ("Ana\U000e0041\U000e007f", "Ana"),  # tag characters
        ("\u3164Ana\u2800", "Ana"),  # Hangul filler, Braille blank
        ("a\u0301\u0301\u0301\u0301\u0301\u0301b", "\u00e1\u0301\u0301\u0301b"),  # a tower of marks
        ("\u0301Ana", "Ana"),  # a mark on nothing
        ("\U0001f469\u200d\U0001f467", "\U0001f469\u200d\U0001f467"),  # an emoji sequence keeps its joiner
        (
            "\u0645\u06cc\u200c\u062e\u0648\u0627\u0645",
            "\u0645\u06cc\u200c\u062e\u0648\u0627\u0645",
        ),  # Persian ZWNJ
        ("Ana\u3000Bo", "Ana Bo"),
    ],
)
def test_a_name_is_kept_clean(typed, shown):
    assert names.clean(typed) == shown
    assert protocol.parse(json.dumps({"type": "join", "seat": 0, "name": typed}))["name"] == shown
    assert unicodedata.is_normalized("NFC", shown)


@pytest.mark.parametrize(
    "typed",
    [
        "",
        "   ",
        "\u200b",
        "\u3164\u3164",
        "\u2800",
        "\u115f\u1160",
        "\u202e\u200b\u2066",
        "\u0301\u0302",
        "\x00\x07",
    ],
)
def test_a_name_with_nothing_visible_is_refused(typed):
    with pytest.raises(messages.BadInput) as e:
        protocol.parse(json.dumps({"type": "join", "seat": 0, "name": typed}))
    assert e.value.code == "name_empty"


def test_a_long_name_is_refused_after_cleaning():
    assert names.clean("\u200b" * 50 + "A" * 24) == "A" * 24
    with pytest.raises(messages.BadInput) as e:
        protocol.parse(json.dumps({"type": "join", "seat": 0, "name": "A" * 25}))
    assert e.value.code == "name_long"


def test_room_names_are_cleaned_too():
    msg = protocol.parse(json.dumps({"type": "create_room", "name": "\u202eCafé\u200b table " + "x" * 80}))
    assert msg["name"].startswith("Café table") and len(msg["name"]) <= 40 and "\u202e" not in msg["name"]


# -- names compared --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "a,b",
    [
        ("Ana", "ANA"),
        ("Ana", "ａｎａ"),  # full width
        ("Bo", "𝐁𝐨"),  # mathematical bold
        ("Ana", "Аnа"),  # Cyrillic а
        ("Paco", "Расо"),  # Cyrillic Р, а, с, о
        ("Nikos", "Νικοs"),  # Greek capitals
        ("Bob", "B0b"),  # a zero for an o
        ("Ali", "A1i"),  # a one for an l
        ("Emma", "Ernma"),  # rn for m
        ("Ana Maria", "Ana-Maria"),
        ("\U0001f600", "\U0001f600"),
    ],
)
def test_lookalike_names_have_one_key(a, b):
    assert names.key(a) == names.key(b)


@pytest.mark.parametrize("a,b", [("Ana", "Ama"), ("Bo", "Bob"), ("\U0001f600", "\U0001f60e"), ("Zoë", "Zoe")])
def test_different_names_have_different_keys(a, b):
    assert names.key(a) != names.key(b)


# -- the screens' own words ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "You",
        "you",
        "YOU",
        "Yоu",  # Cyrillic о
        "Vous",
        "Kamu",
        "Anda",
        "Du",
        "Computer",
        "Computer 3",
        "Computer3",
        "Computer 10",
        "Ordinateur 2",
        "Komputer 4",
        "Datamaskin 1",
        "Player 2",
        "Joueur 3",
        "Pemain 1",
        "Spiller 4",
        "Seat 1",
        "Place 2",
        "Kursi 3",
        "Bo (You)",
        "Bo (Vous)",
        "Ana (Kamu)",
        "Ana (Du)",
        "Mexican Train",
        "Your train",
        "Computer stand-in",
    ],
)
def test_the_screens_own_words_are_reserved(name):
    bad = names.refusal(names.clean(name), [], RESERVED)
    assert bad is not None and bad.code == "name_reserved", name


@pytest.mark.parametrize(
    "name", ["Ana", "Yousef", "Duncan", "Bo", "Playa", "Computing Club", "Kamal", "Placido"]
)
def test_ordinary_names_are_not_reserved(name):
    assert names.refusal(names.clean(name), [], RESERVED) is None


# -- over the websocket --------------------------------------------------------------------------


PHONES3 = [{"kind": "phone"}, {"kind": "phone"}, {"kind": "device", "name": "Cy"}]


def test_a_name_at_the_table_or_a_lookalike_is_refused(live, client_factory):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 3}, PHONES3)
    _, first = join_as(client_factory, room_id, 0, "Ana")
    assert first["type"] == "ok"
    room = live.tables.rooms[room_id]
    for name in ("Ana", "ana", "ＡＮＡ", "Аnа", " A n a ", "Ana\u200b"):
        _, answer = join_as(client_factory, room_id, 1, name)
        assert answer["type"] == "error" and answer["code"] == "name_taken", (name, answer)
    _, answer = join_as(client_factory, room_id, 1, "cy")  # the device seat's name
    assert answer["code"] == "name_taken"
    assert 1 not in room.tokens
    phone, answer = join_as(client_factory, room_id, 1, "\u202eBo\u200b")
    assert answer["type"] == "ok"
    assert room.meta["seats"][1]["name"] == "Bo"
    host.until(lambda f: f["type"] == "view" and f["room"]["seats"][1]["name"] == "Bo")


def test_reserved_and_invisible_names_are_refused_over_the_socket(live, client_factory):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, [{"kind": "phone"}] * 2)
    refused = [("You", "name_reserved"), ("Bo (You)", "name_reserved"), ("Computer 3", "name_reserved")]
    refused += [("\u3164", "name_empty"), ("\u200b\u200b", "name_empty")]
    for name, code in refused:
        _, answer = join_as(client_factory, room_id, 0, name)
        assert answer["type"] == "error" and answer["code"] == code, (name, answer)
    assert not live.tables.rooms[room_id].tokens


@pytest.mark.parametrize("lang", ["en", "id", "fr", "ms", "nb"])
def test_every_name_refusal_is_translated(lang):
    catalogue = json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
    english = json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8"))
    for code in ("name_empty", "name_long", "name_taken", "name_reserved", "hand_seen"):
        text = catalogue.get(f"error.{code}", "")
        assert text.strip() and (lang == "en" or text != english[f"error.{code}"]), (lang, code)
