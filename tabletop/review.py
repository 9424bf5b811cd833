"""The hard player's review of one seat's choices in a finished round, streamed as it is made.

The server finds the record and checks who asks (`replays.finished_record`: a round still being
played is refused, a phone sees only the rounds it played; or the record file the table chose,
`file_choices`); the engine gives each choice with the
seat's own view then (`engine.round_steps.seat_decisions`); the judgement of each is the computer
player's (`players.review.judge`), run one choice at a time in the reviews' own worker process
(`Tables.review_cpu`, at the lowest priority). The answers stream one line each, so a screen
shows the progress as it goes:

    {"seat", "profile", "unit", "moves": [k, ...]}    the choices to judge (move indexes)
    {"move": k, "preferred", "made", "agree", ...}    one per choice, in order (players/review.py),
                                                      with `hindsight` (players/hindsight.py)
    {"summary": {"decisions", "agreed", "costly", "amount", "unit"}}
"""

from __future__ import annotations

from collections.abc import Iterator

import players.review as judging
from engine.record import RecordError
from engine.round_steps import finished_rounds, seat_decisions, state_before
from players.hindsight import hindsight

from . import config, replays
from .errors import Refused


def judge(view: dict, made: dict, seed: int) -> dict:
    """One choice's judgement (a worker job: JSON in, JSON out)."""
    return judging.judge(view, made, seed)


def look_back(record: dict, round_no: int, move: int, made: dict, preferred: dict) -> dict | None:
    """Hindsight on one choice (a worker job): with every hand known, a play that wins the round
    whatever the others play when the play made did not make sure of it (the preferred play if
    it is one), else None. Never part of the judgement: the screen labels it apart."""
    found = hindsight(state_before(record, round_no, move), made)
    if found is None or found["made_wins"] or not found["winning"]:
        return None
    wins = found["winning"]
    return {"play": preferred if preferred in wins else wins[0]}


def choices(room, who, game_id: int, round_no: int, seat) -> tuple[dict, list[dict]]:
    """The record's header facts and the seat's choices in the round (raises `no_round`,
    `round_in_progress`, `not_seen` or `bad_seat`)."""
    record = replays.finished_record(room, who, game_id, round_no)
    try:
        found = seat_decisions(record, round_no, seat)
    except RecordError:
        raise Refused("bad_seat", "this round has no such seat") from None
    return record, found


def file_choices(room, round_no: int, seat) -> tuple[dict, list[dict]]:
    """The same for the record file the table chose (`Room.record_file`; raises
    `no_record_file`, `no_round`, `round_in_progress` or `bad_seat`)."""
    with room.lock:
        record = room.record_file
    if record is None:
        raise Refused("no_record_file", "choose a record file first")
    rounds = record.get("rounds") or []
    if not 1 <= round_no <= len(rounds):
        raise Refused("no_round", "this file has no such round")
    if round_no not in {r["round"] for r in finished_rounds(record)}:
        raise Refused("round_in_progress", "this round of the file did not finish")
    try:
        return record, seat_decisions(record, round_no, seat)
    except RecordError:
        raise Refused("bad_seat", "this round has no such seat") from None


def stream(room, record: dict, round_no: int, found: list[dict], seat: int) -> Iterator[dict]:
    """The review, line by line (each choice judged in the reviews' worker as it is reached)."""
    unit = judging.unit_of(record["profile"])[0]
    yield {"seat": seat, "profile": record["profile"], "unit": unit, "moves": [d["move"] for d in found]}
    agreed = costly = amount = 0
    for d in found:
        j = room.tables.review_cpu.run(judge, d["view"], d["action"], config.REVIEW_SEED)
        j["hindsight"] = room.tables.review_cpu.run(
            look_back, record, round_no, d["move"], d["action"], j["preferred"]
        )
        agreed += j["agree"]
        if j["costly"]:
            costly += 1
            amount += j["amount"]
        yield {"move": d["move"], **j}
    summary = {"decisions": len(found), "agreed": agreed, "costly": costly, "amount": amount, "unit": unit}
    yield {"summary": summary}
