"""What the tournament reads of a finished table (tabletop/night_tables.py): each side's points,
more being better, and the side that won, from real games played out by the engine."""

from __future__ import annotations

import engine
from engine.rules import legal_actions
from tabletop import night_tables
from tabletop.tournament import Result


def played_round(profile: str, options: dict, seed: int):
    match = engine.Match(profile, engine.normalize_options(profile, options))
    match.start_round(seed=seed)
    state = match.state
    while state.phase == "play":
        match.act(legal_actions(state)[0].to_json() | {"seat": state.turn})
        state = match.state
    return state


def test_a_draw_round_reports_each_players_score_and_the_rounds_winner():
    state = played_round("draw", {"players": 3}, seed=5)
    assert night_tables.finished(state, "round") and not night_tables.finished(state, "game")
    result = night_tables.result_of(state, 3)
    assert result.points == tuple(state.scores)
    winner = state.result["winner"]
    assert result.winner == (
        winner if winner is not None else max(range(3), key=lambda s: (state.scores[s], -s))
    )


def test_mexican_train_pips_are_turned_round():
    state = played_round("mexican-train", {"players": 3}, seed=2)
    result = night_tables.result_of(state, 3)
    assert result.points == tuple(-p for p in state.scores)  # fewer pips: more points
    assert result.points[result.winner] == max(result.points)


def test_six_love_reports_the_two_teams():
    state = played_round("six-love", {}, seed=3)
    result = night_tables.result_of(state, 2)
    assert result == Result(tuple(state.scores), state.result["team"])


def test_a_tie_goes_to_the_side_with_more_points_then_the_first():
    class Tied:  # a finished game whose winner the game left open (a list of seats)
        teams = False
        scores = (10, 30, 30)
        match_winner = [1, 2]
        result = None
        profile = engine.profiles.get_profile("draw")

    assert night_tables.result_of(Tied, 3) == Result((10, 30, 30), 1)
    Tied.match_winner = None
    Tied.scores = (40, 30, 40)
    assert night_tables.result_of(Tied, 3) == Result((40, 30, 40), 0)
