"""Bad input is refused with a clear error and changes nothing."""

from __future__ import annotations

import copy
import random

import pytest
from night import entered, play_round

from tabletop import tournament as tm


def refused(t: tm.Tournament, code: str, change, *args):
    before = copy.deepcopy(t)
    with pytest.raises(tm.TournamentError) as caught:
        change(t, *args)
    assert caught.value.code == code and str(caught.value)
    assert t == before


@pytest.fixture
def paired():
    return tm.pair_next_round(entered(tm.Settings("swiss", 4, 2, 3, seed=1), 8))


def test_a_result_for_a_table_not_in_the_round(paired):
    result = tm.Result((10, 0, 0, 0), 0)
    refused(paired, "no_such_table", tm.report, 1, 3, result)
    refused(paired, "no_such_round", tm.report, 2, 1, result)
    refused(paired, "bad_result", tm.report, 1, 1, tm.Result((10, 0), 0))
    refused(paired, "bad_result", tm.report, 1, 1, tm.Result((10, 0, 0, 0), 4))


def test_a_double_report(paired):
    t = tm.report(paired, 1, 1, tm.Result((10, 0, 0, 0), 0))
    refused(t, "already_reported", tm.report, 1, 1, tm.Result((0, 10, 0, 0), 1))


def test_a_withdrawn_players_late_result(paired):
    t = tm.withdraw(paired, paired.current.tables[1].entrants[2])
    refused(t, "withdrawn", tm.report, 1, 2, tm.Result((10, 0, 0, 0), 0))
    t = tm.correct(t, 1, 2, tm.Result((10, 0, 0, 0), 0), "the director saw the last hand")
    assert t.current.results[2] == tm.Result((10, 0, 0, 0), 0)


def test_a_correction_without_a_reason(paired):
    t = tm.report(paired, 1, 1, tm.Result((10, 0, 0, 0), 0))
    refused(t, "no_reason", tm.correct, 1, 1, tm.Result((0, 10, 0, 0), 1), "  ")
    refused(t, "no_such_table", tm.correct, 2, 1, tm.Result((0, 10, 0, 0), 1), "typo")
    refused(t, "unchanged", tm.correct, 1, 1, tm.Result((10, 0, 0, 0), 0), "typo")


def test_the_order_of_the_night_is_kept(paired):
    refused(paired, "round_unfinished", tm.pair_next_round)
    done = entered(tm.Settings("swiss", 4, 2, 1, seed=1), 4)
    refused(play_round(tm.pair_next_round(done), random.Random(1)), "tournament_over", tm.pair_next_round)
    t = entered(tm.Settings("swiss", 4, 2, 1, seed=1), 3)
    refused(t, "too_few_players", tm.pair_next_round)
    t = play_round(paired, random.Random(1))
    refused(t, "name_taken", tm.join, "p0")
    refused(t, "bad_entry", tm.join, " ")
    refused(t, "no_such_player", tm.withdraw, 99)
    refused(tm.withdraw(t, 1), "withdrawn", tm.withdraw, 1)
    with pytest.raises(tm.TournamentError):
        tm.new(tm.Settings("pairs", 2, 2, 3))
