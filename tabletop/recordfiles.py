"""Record files chosen on a table's page (RECORD.md): read within limits, checked by the engine,
and kept as the room's one chosen file, to replay its finished rounds or to play on from it (the
room's `import` command). The server only reads and checks; the rules are the engine's.

Limits, because a file is anyone's text: at most `MAX_BYTES`, JSON nested at most `MAX_DEPTH`
deep (a record needs 4), and only the table (its host token) may send one. A refused file changes
nothing: the room keeps the file it had.
"""

from __future__ import annotations

import hashlib
import json

import engine
from engine.record import RecordError
from engine.round_steps import finished_rounds, round_steps

from .errors import Refused

MAX_BYTES = 512 * 1024  # a 13-round, ten-player Mexican Train record is about a fifth of this
MAX_DEPTH = 8


def _fault(reason: str, detail: str, round_no: int | None = None, move: int | None = None) -> Refused:
    """A refused file: `reason` says what is wrong (RecordError's codes, and `not_json`,
    `too_deep`), `round` and `move` where (1-based, None where the fault is in no round)."""
    return Refused("bad_record", detail[:300], reason=reason, round=round_no, move=move)


def _depth(value) -> int:
    """How deep a parsed JSON value nests (without recursion: a file may nest thousands deep)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth > MAX_DEPTH:
            break
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest


def read(raw: bytes) -> dict:
    """The record a file holds, checked by the engine (raises Refused `too_large` or
    `bad_record`)."""
    if len(raw) > MAX_BYTES:
        raise Refused("too_large", f"a record file holds at most {MAX_BYTES} bytes")
    try:
        record = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise _fault("not_json", "the file is not JSON text") from None
    if _depth(record) > MAX_DEPTH:
        raise _fault("too_deep", f"the file nests deeper than {MAX_DEPTH} levels")
    try:
        engine.Match.from_record(record)
    except RecordError as err:
        raise _fault(err.code, str(err), err.round, err.action) from None
    except (TypeError, ValueError, KeyError, AttributeError) as err:  # a shape the engine missed
        raise _fault("bad_record", f"record: {err}") from None
    return record


def _no_constant(name):
    raise ValueError(f"{name} is not JSON")


def seed_check(entry: dict) -> dict | None:
    """A round dealt from a revealed seed: the seed, its commitment (SHA-256, as the table showed
    it before the round), and whether the record also lists the deal (the engine re-checked that
    the seed deals exactly those tiles)."""
    if "seed" not in entry:
        return None
    seed = str(entry["seed"])
    return {
        "seed": seed,
        "commitment": hashlib.sha256(seed.encode("ascii")).hexdigest(),
        "listed": "hands" in entry,
    }


def summary(record: dict) -> dict:
    """What the page shows of a checked file: the game, its seats, every round (finished or
    not) with its number of actions, its result when finished and its seed check."""
    match = engine.Match.from_record(record)
    done = {r["round"]: r for r in finished_rounds(record)}
    rounds = []
    for i, entry in enumerate(record.get("rounds") or [], start=1):
        rounds.append(
            {
                "round": i,
                "actions": entry.get("actions") or [],
                "finished": i in done,
                "result": done[i]["result"] if i in done else None,
                "seed": seed_check(entry),
            }
        )
    return {
        "profile": match.profile_name,
        "options": dict(match.options),
        "seats": seats_of(record),
        "rounds": rounds,
        "match_winner": match.state.match_winner,
    }


def seats_of(record: dict) -> list[dict]:
    """The record's seats as the pages name them (names are the record's, computers marked)."""
    players = engine.Match.from_record(record).state.players
    given = record.get("seats") or [{} for _ in range(players)]
    return [
        {
            "name": str(s.get("name"))[:24] if s.get("name") is not None else None,
            "kind": "computer" if s.get("computer") else "player",
            "level": s.get("computer") if isinstance(s.get("computer"), str) else None,
        }
        for s in given
    ]


def steps(record: dict, round_no: int) -> dict:
    """A finished round of a checked file, position by position (as `replays.steps`)."""
    if not any(r["round"] == round_no for r in finished_rounds(record)):
        if 1 <= round_no <= len(record.get("rounds") or []):
            raise Refused("round_in_progress", "this round of the file has not ended")
        raise Refused("no_round", "the file has no such round")
    out = round_steps(record, round_no)
    history = out["steps"][-1]["history"]
    for view in out["steps"]:
        del view["history"]
    return {"game": 0, "profile": record.get("profile"), "seats": seats_of(record), "history": history, **out}


def _count(n) -> bool:
    return isinstance(n, int) and not isinstance(n, bool)


def cut(record: dict, round_no, move) -> dict:
    """The record up to round `round_no`'s first `move` actions (the rounds before it whole):
    the match so far, to play on from (raises Refused `bad_cut` or `record_over`)."""
    rounds = record.get("rounds") or []
    if not (_count(round_no) and 1 <= round_no <= len(rounds)):
        raise Refused("bad_cut", f"the file has rounds 1 to {len(rounds)}")
    actions = rounds[round_no - 1].get("actions") or []
    if not (_count(move) and 0 <= move <= len(actions)):
        raise Refused("bad_cut", f"round {round_no} of the file has moves 0 to {len(actions)}")
    out = dict(record, rounds=[*rounds[: round_no - 1], dict(rounds[round_no - 1], actions=actions[:move])])
    if engine.Match.from_record(out).state.phase == "game_over":
        raise Refused("record_over", "the game is over at that move: there is nothing to play on")
    return out
