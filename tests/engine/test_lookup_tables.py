"""The lookup tables the rules use for speed give what the plain definitions give."""

import random

import pytest

from engine import IllegalAction, Match, deal_from_seed, new_game, start_round
from engine.actions import action_table
from engine.placement import far_half
from engine.tiles import bits, tile_set


@pytest.mark.parametrize("max_pip", [6, 12])
def test_mask_pips_is_the_sum_of_the_tiles_pips(max_pip):
    ts = tile_set(max_pip)
    rng = random.Random(max_pip)
    for _ in range(500):
        mask = rng.getrandbits(ts.size) & rng.getrandbits(ts.size)
        assert ts.mask_pips(mask) == sum(t.hi + t.lo for t in (ts.tiles[i] for i in bits(mask)))
    assert ts.mask_pips(0) == 0
    assert ts.mask_pips(ts.full) == sum(t.hi + t.lo for t in ts.tiles)


@pytest.mark.parametrize("max_pip", [6, 12])
def test_far_half_is_the_opposite_half(max_pip):
    ts = tile_set(max_pip)
    for t in ts.tiles:
        for n in (t.hi, t.lo):
            expected = t.lo if n == t.hi else t.hi
            assert far_half(t.hi, t.lo, n) == expected, (str(t), n)


def test_table_plays_are_the_plays_of_the_masked_tiles_and_nothing_is_kept():
    ts = tile_set(6)
    acts = action_table(ts)
    kept = {k: v for k, v in vars(acts).items() if k != "by_byte"}
    rng = random.Random(1)
    for _ in range(300):
        seat, mask = rng.randrange(4), rng.getrandbits(ts.size) & rng.getrandbits(ts.size)
        plays = acts.plays(seat, mask)
        # no memo of hands: the table holds what it held before (the plays of the tile set)
        assert {k: v for k, v in vars(acts).items() if k != "by_byte"} == kept
        assert [(a.seat, a.kind, a.tile, a.end) for a in plays] == [
            (seat, "play", ts.tiles[i], None) for i in bits(mask)
        ]
        assert plays == tuple(acts.play[seat][i] for i in bits(mask))


@pytest.mark.parametrize(
    "profile,options",
    [
        ("draw", {"players": 3}),
        ("block", {"players": 2}),
        ("gaple", {"deal": "5x5"}),
        ("six-love", {}),
        ("mexican-train", {"players": 6}),
    ],
)
def test_start_round_from_a_seed_is_the_seeded_deal(profile, options):
    for seed in (0, 1, 99, 2**40):
        state = start_round(new_game(profile, options), seed=seed)
        deal = deal_from_seed(profile, options, seed)
        assert state.hands == list(deal.hand_masks)
        assert state.ctx.stock == deal.stock_indices
        assert state.ctx.deal.opener == deal.opener and state.ctx.deal.start == deal.start
        m = Match(profile, options)
        m.start_round(seed=seed, opener=deal.opener)
        assert m.state.hands == state.hands and m.state.turn == state.turn


def test_start_round_refuses_a_missing_or_non_integer_seed_and_a_round_in_progress():
    game = new_game("block", {"players": 2})
    for bad in (None, "7", 7.0, True):
        with pytest.raises(ValueError):
            start_round(game, seed=bad)
    playing = start_round(game, seed=3)
    with pytest.raises(IllegalAction) as err:
        start_round(playing, seed=4)
    assert err.value.code == "round_in_progress"
