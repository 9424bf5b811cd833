"""The hard player's review of a seat's choices: judged from the seat's own view then (two rounds
whose views of the seat agree up to a choice get the same judgement of it), the preferred play
legal, every sentence's claim true, and the same view judged the same way every time; hindsight
(every hand known) as a plain search finds it."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from engine import Match, legal_actions, step, view_for
from engine.round_steps import seat_decisions, state_before
from engine.tiles import tile_set
from players import ViewError, heaviest
from players.hindsight import hindsight
from players.review import estimate_holds, judge, reason_holds

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
RECORDS = ["draw-2p", "draw-4p", "block-2p", "gaple-4x7", "six-love", "mexican-train-4p"]


def golden(name):
    return json.loads((GOLDEN / f"{name}.json").read_text())["record"]


def first_round(record):
    """The record with its first round only (a finished round: every golden round is)."""
    out = copy.deepcopy(record)
    out["rounds"] = out["rounds"][:1]
    return out


def redealt(record, seat, move, rng, tries=300):
    """Another finished round 1 whose view of `seat` is the same up to action `move`: the tiles
    the seat has not seen by then (other hands, the stock it has not drawn) dealt again, the
    actions up to `move` kept, then the round played to its end by the heaviest tile. None when
    no re-deal keeps those actions legal."""
    first = record["rounds"][0]
    actions = first["actions"]
    seen = set(first["hands"][seat])
    pos = 0
    for a in actions[: move + 1]:
        if "draw" in a:
            if a["seat"] == seat:
                seen.add(first["stock"][pos])
            pos += 1
        if "play" in a:
            seen.add(_canon(a["play"]))
    hidden = [t for t in tile_set(_max_pip(record)).names(tile_set(_max_pip(record)).full) if t not in seen]
    for _ in range(tries):
        perm = hidden[:]
        rng.shuffle(perm)
        sigma = dict(zip(hidden, perm, strict=True))
        alt = copy.deepcopy(record)
        r = alt["rounds"][0]
        r["hands"] = [
            h if s == seat else [sigma.get(_canon(t), t) for t in h] for s, h in enumerate(r["hands"])
        ]
        r["stock"] = [sigma.get(_canon(t), t) for t in r["stock"]]
        r["actions"] = actions[: move + 1]
        if r["hands"] == first["hands"] and r["stock"] == first["stock"]:
            continue
        try:
            m = Match.from_record(alt)
        except Exception:  # the re-deal makes an action illegal: another
            continue
        while m.state.phase == "play":
            m.act(heaviest(view_for(m.state, m.state.turn)))
        return m.to_record()
    return None


def _canon(text):
    a, b = (int(x) for x in text.split("-"))
    return f"{max(a, b)}-{min(a, b)}"


def _max_pip(record):
    from engine import PROFILES

    return PROFILES[record["profile"]].max_pip


@pytest.mark.parametrize("name", ["draw-2p", "draw-4p", "gaple-4x7"])
def test_the_same_view_up_to_a_choice_gets_the_same_judgement(name):
    record = first_round(golden(name))
    rng = random.Random(f"review-same-info:{name}")
    compared = 0
    for seat in range(len(record["rounds"][0]["hands"])):
        for d in seat_decisions(record, 1, seat)[:3]:
            alt = redealt(record, seat, d["move"], rng)
            if alt is None:
                continue
            other = next(e for e in seat_decisions(alt, 1, seat) if e["move"] == d["move"])
            assert other["view"] == d["view"] and other["action"] == d["action"]
            # the other hands differ behind the same view
            assert alt["rounds"][0]["hands"] != record["rounds"][0]["hands"]
            assert judge(other["view"], other["action"], 5, budget=96) == judge(
                d["view"], d["action"], 5, budget=96
            )
            compared += 1
    assert compared >= 3


@pytest.mark.parametrize("name", RECORDS)
def test_every_judgement_is_legal_and_every_sentence_holds(name):
    record = first_round(golden(name))
    judged = disagreed = 0
    for seat in range(len(record["rounds"][0]["hands"])):
        for d in seat_decisions(record, 1, seat)[:6]:  # a Mexican Train seat has ~15: enough
            view = d["view"]
            j = judge(view, d["action"], 3, budget=48)
            judged += 1
            assert j["preferred"] in view["legal"] and j["made"] == d["action"]
            assert j["agree"] == (j["preferred"] == d["action"])
            assert j["amount"] >= 0 and j["costly"] == (j["amount"] >= {"chance": 10, "pips": 6}[j["unit"]])
            if j["agree"] or not j["judged"]:
                assert j["reason"] is None and j["estimate"] is None
                continue
            disagreed += 1
            assert estimate_holds(view, j["search"], j["estimate"])
            if j["reason"] is not None:
                assert reason_holds(view, j["preferred"], j["made"], j["search"], j["reason"])
    assert judged and disagreed


def test_a_judgement_is_the_same_every_time_and_refuses_what_is_not_a_choice():
    record = first_round(golden("draw-4p"))
    d = seat_decisions(record, 1, 1)[0]
    first = judge(d["view"], d["action"], 1)
    assert judge(copy.deepcopy(d["view"]), dict(d["action"]), 1) == first
    with pytest.raises(ViewError):
        judge(d["view"], {"seat": 1, "play": "9-9"}, 1)
    with pytest.raises(ViewError):
        judge(view_for(Match.from_record(record).state, None), d["action"], 1)


def test_claims_of_a_review_are_checked_not_assumed():
    """A wrong amount or a reason the position does not bear out does not hold."""
    record = first_round(golden("draw-2p"))
    for seat in (0, 1):
        for d in seat_decisions(record, 1, seat):
            j = judge(d["view"], d["action"], 0)
            if j["agree"] or not j["judged"] or j["estimate"]["key"] == "review.gain_even":
                continue
            wrong = dict(j["estimate"], params={"count": j["estimate"]["params"]["count"] + 1})
            assert not estimate_holds(d["view"], j["search"], wrong)
            swapped = {"values": j["search"]["values"][::-1], "playouts": j["search"]["playouts"][::-1]}
            assert not estimate_holds(d["view"], swapped, j["estimate"])
            if j["reason"] is not None:
                assert not reason_holds(d["view"], j["made"], j["made"], j["search"], j["reason"])
            return
    pytest.fail("no choice of the golden draw-2p round differs from the hard player's")


class TooBig(Exception):
    pass


def brute(state, me, box):
    """Who wins with best play, every hand known: plain minimax (no pruning, no table), the seat's
    side maximising and every other seat minimising; 1 won, 1/2 nobody, 0 lost."""
    if state.phase != "play":
        winner = state.result["winner"]
        if winner is None:
            return 0.5
        side = (lambda s: s % 2) if state.teams else (lambda s: s)
        return 1.0 if side(winner) == side(me) else 0.0
    box[0] -= 1
    if box[0] < 0:
        raise TooBig
    side = (lambda s: s % 2) if state.teams else (lambda s: s)
    values = [brute(step(state, a), me, box) for a in legal_actions(state)]
    return max(values) if side(state.turn) == side(me) else min(values)


@pytest.mark.parametrize("name", ["draw-2p", "block-2p", "six-love", "draw-4p"])
def test_hindsight_is_what_a_plain_search_of_every_hand_finds(name):
    record = first_round(golden(name))
    checked = 0
    for seat in range(len(record["rounds"][0]["hands"])):
        for d in seat_decisions(record, 1, seat):
            state = state_before(record, 1, d["move"])
            found = hindsight(state, d["action"])
            if found is None:
                continue
            try:
                values = [brute(step(state, a), seat, [20_000]) for a in legal_actions(state)]
            except TooBig:
                continue
            legal = [a.to_json() for a in legal_actions(state)]
            assert found["winning"] == [a for a, v in zip(legal, values, strict=True) if v == 1.0]
            assert found["made_wins"] == (values[legal.index(d["action"])] == 1.0)
            checked += 1
    assert checked
