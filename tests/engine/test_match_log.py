"""Undo, Redo, Restart and New game are operations on the match log (RULES.md, Conduct of play)."""

from __future__ import annotations

from engine import Match, legal_actions, view_for
from players import heaviest


def play_until(match, predicate, limit=500):
    for _ in range(limit):
        if predicate(match) or match.state.phase != "play":
            return
        match.act(heaviest(view_for(match.state, match.state.turn)))


def test_undo_takes_back_the_seats_last_decision_with_every_later_reply():
    m = Match("draw", {"players": 3})
    m.start_round(seed=5)
    play_until(m, lambda m: len(m.rounds[-1].actions) >= 7)
    actions = list(m.rounds[-1].actions)
    seat = actions[-3].seat
    last_of_seat = max(k for k, a in enumerate(actions) if a.seat == seat)
    assert m.undo(seat)
    assert m.rounds[-1].actions == actions[:last_of_seat]
    assert m.state.turn == seat
    assert m.redo()
    assert m.rounds[-1].actions == actions
    assert not m.can_redo()


def test_with_several_humans_undo_only_while_later_actions_are_computers():
    m = Match("block", {"players": 4})
    m.start_round(seed=11)
    play_until(m, lambda m: len(m.rounds[-1].actions) >= 6)
    last = m.rounds[-1].actions[-1].seat
    earlier = m.rounds[-1].actions[-2].seat
    assert m.can_undo(earlier, humans={earlier})  # only computers acted after it
    assert not m.can_undo(earlier, humans={earlier, last})  # another human acted after it
    assert not m.undo(earlier, humans={earlier, last})
    assert len(m.rounds[-1].actions) == 6


def test_a_new_action_clears_redo():
    m = Match("block", {"players": 2})
    m.start_round(seed=3)
    play_until(m, lambda m: len(m.rounds[-1].actions) >= 4)
    seat = m.rounds[-1].actions[-1].seat
    m.undo(seat)
    m.act(legal_actions(m.state)[0])
    assert not m.can_redo() and not m.redo()


def test_undo_reaches_back_into_the_previous_round_and_redo_restores_the_deal():
    m = Match("draw", {"players": 2})
    m.start_round(seed=1)
    play_until(m, lambda m: False)
    assert m.state.phase == "round_over"
    m.start_round(seed=2)
    before = m.to_record()
    last_seat_of_round_1 = m.rounds[0].actions[-1].seat
    assert m.undo(last_seat_of_round_1)
    assert len(m.rounds) == 1 and m.state.phase == "play"
    assert m.redo()
    assert m.to_record() == before


def test_restart_replays_the_current_deal_and_keeps_earlier_scores():
    m = Match("draw", {"players": 2})
    m.start_round(seed=8)
    play_until(m, lambda m: False)
    scores = m.state.scores
    m.start_round(seed=9)
    dealt = view_for(m.state, 0)["hand"]
    play_until(m, lambda m: len(m.rounds[-1].actions) >= 5)
    m.restart()
    assert m.rounds[-1].actions == [] and view_for(m.state, 0)["hand"] == dealt
    assert m.state.scores == scores and m.state.round_no == 2


def test_new_game_starts_round_one_with_first_round_opening_rules():
    m = Match("six-love")
    m.start_round(seed=21)
    play_until(m, lambda m: False)
    m.start_round(seed=22)
    m.new_game(seed=23)
    assert m.state.round_no == 1 and list(m.state.scores) == [0, 0] and len(m.rounds) == 1
    holder = next(s for s in range(4) if "6-6" in view_for(m.state, s)["hand"])
    assert m.state.turn == holder
    assert [a.to_json() for a in legal_actions(m.state)] == [{"seat": holder, "play": "6-6"}]
