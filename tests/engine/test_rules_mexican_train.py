"""RULES.md `mexican-train` profile, through engine.replay.

Scores are cumulative pips per seat. Trains: "train": seat number or "mexican"; the engine
double is played with no train.
"""

from records import (
    DONE,
    D,
    X,
    assert_malformed,
    assert_next,
    assert_record_error,
    record,
    replay,
    rnd,
    tile_key,
)
from records import P as _play


def P(seat, tile, train=None):
    """A play; `train` is a seat number or "mexican" (none for the engine double)."""
    return _play(seat, tile, train=train)


def mt(rounds, **options):
    return record("mexican-train", rounds, **options)


def t(a, b):
    return f"{max(a, b)}-{min(a, b)}"


def pips(tiles):
    return sum(sum(tile_key(x)) for x in tiles)


# ---------------------------------------------------------------------------------------------
# Base 2-player deal (round 1, engine 12-12 with seat 0).
S0 = [
    "12-12",
    "12-11",
    "0-0",
    "1-1",
    "2-2",
    "4-4",
    "5-5",
    "6-6",
    "7-7",
    "8-8",
    "4-0",
    "2-0",
    "8-0",
    "6-4",
    "8-4",
]
S1 = [
    "12-1",
    "2-1",
    "3-2",
    "3-3",
    "9-3",
    "12-4",
    "6-5",
    "8-7",
    "11-10",
    "5-0",
    "7-6",
    "10-8",
    "11-4",
    "7-0",
    "8-5",
]

# Seat 1's first turn: a run on its own train 12-1, 1-2, 2-3, 3-3 (double), 3-9; then nothing
# of seat 1 fits 9 and the run ends by itself.
RUN = [P(1, "12-1", 1), P(1, "2-1", 1), P(1, "3-2", 1), P(1, "3-3", 1), P(1, "9-3", 1)]
GAME = (
    [P(0, "12-12")]
    + RUN
    + [
        P(0, "12-11", "mexican"),  # a7 seat 0's first turn starts on the Mexican Train: one play
        P(1, "11-10", "mexican"),  # a8 mexican ends 10
        D(0),  # a9 seat 0 cannot play: draws 1-0 (does not fit)
        X(0),  # a10 pass: marker on train 0
        P(1, "12-4", 0),  # a11 seat 1 starts seat 0's marked train: ends 4
        P(0, "4-4", 0),  # a12 double on own train (marker off); seat 0 plays again
        P(0, "6-4", 0),  # a13 covers it: train 0 ends 6
        P(1, "10-8", "mexican"),  # a14 mexican ends 8
        P(0, "6-6", 0),  # a15 double; seat 0 has no other 6
        D(0),  # a16 draws 8-1: does not cover 6-6
        X(0),  # a17 pass, marker on train 0
    ]
)


def base(actions, first=("1-0", "8-1"), **options):
    return mt([rnd([S0, S1], actions, first=first, top=12)], players=2, **options)


def path(e):
    """15 distinct non-double tiles forming a line from e: e, e+1, ..., e+12 = e-1, e, e+2, e+4 (mod 13)."""
    nums = [(e + i) % 13 for i in range(14)] + [(e + 2) % 13, (e + 4) % 13]
    return [t(nums[i], nums[i + 1]) for i in range(15)]


def out_round(e):
    """Seat 0 holds the engine e-e, places it; seat 1 lays its whole hand as a first-turn run."""
    s1 = path(e)
    s0 = (
        [t(e, e)]
        + [t(d, d) for d in range(13) if d != e]
        + [t(e, (e + 3) % 13), t((e + 1) % 13, (e + 4) % 13)]
    )
    return rnd([s0, s1], [P(0, t(e, e))] + [P(1, x, 1) for x in s1], top=12), pips(s0[1:])


# ---------------------------------------------------------------------------------------------
# set, players, deal


def test_mexican_train_double_twelve_two_players_fifteen_each():
    res = replay(base([]))
    assert_next(res, 0, [P(0, "12-12")])


def test_mexican_train_players_two_to_ten():
    tiles = [t(a, b) for a in range(13) for b in range(a + 1)]
    # 11 players x 8 tiles (3 left over): 11 players is not allowed
    assert_malformed(mt([rnd([tiles[8 * i : 8 * i + 8] for i in range(11)], [], top=12)], players=11))
    # 1 player with 15 tiles
    assert_malformed(mt([rnd([tiles[:15]], [], top=12)], players=1))


def test_mexican_train_deal_sizes_by_player_count():
    # 5 players get 12 each (60 dealt, 31 in the boneyard); 15 each is not a valid deal.
    tiles = [t(a, b) for a in range(13) for b in range(a + 1)]
    tiles.remove("12-12")
    hands12 = [["12-12"] + tiles[0:11]] + [tiles[11 + 12 * i : 23 + 12 * i] for i in range(4)]
    res = replay(mt([rnd(hands12, [], top=12)], players=5))
    assert_next(res, 0, [P(0, "12-12")])
    hands15 = [["12-12"] + tiles[0:14]] + [tiles[14 + 15 * i : 29 + 15 * i] for i in range(4)]
    assert_malformed(mt([rnd(hands15, [], top=12)], players=5))


# finding the engine


def test_mexican_train_engine_holder_places_it_and_next_seat_plays():
    res = replay(mt([rnd([S1, S0], [], top=12)], players=2))  # 12-12 with seat 1
    assert_next(res, 1, [P(1, "12-12")])
    res = replay(mt([rnd([S1, S0], [P(1, "12-12")], top=12)], players=2))
    assert res["next"]["seat"] == 0


def test_mexican_train_nobody_holds_engine_players_draw_in_turn_from_seat_0():
    s0 = [x for x in S0 if x != "12-12"] + ["10-10"]
    s1 = [x for x in S1 if x != "12-4"] + ["9-9"]

    def rec(actions):
        return mt([rnd([s0, s1], actions, first=["3-0", "12-4", "12-12"], top=12)], players=2)

    assert_next(replay(rec([])), 0, [D(0)])
    assert_next(replay(rec([D(0)])), 1, [D(1)])  # 3-0 stays with seat 0
    assert_next(replay(rec([D(0), D(1)])), 0, [D(0)])  # 12-4 stays with seat 1
    assert_next(replay(rec([D(0), D(1), D(0)])), 0, [P(0, "12-12")])
    res = replay(rec([D(0), D(1), D(0), P(0, "12-12")]))
    # seat 1's drawn 12-4 is now in its hand: first turn options 12-1 and 12-4, own train or mexican
    assert_next(res, 1, [P(1, "12-1", 1), P(1, "12-1", "mexican"), P(1, "12-4", 1), P(1, "12-4", "mexican")])


def test_mexican_train_later_round_engine_search_starts_after_previous_placer():
    r1, _ = out_round(12)  # seat 0 placed 12-12; seat 1 went out
    s1 = path(11)
    s0 = [t(d, d) for d in range(13) if d != 11] + [t(11, 1), t(12, 2), t(3, 0)]
    r2 = rnd([s0, s1], [], first=["11-11"], top=12)
    res = replay(mt([r1, r2], players=2))
    assert_next(res, 1, [D(1)])  # seat after the previous placer (seat 0)
    r2 = rnd([s0, s1], [D(1)], first=["11-11"], top=12)
    assert_next(replay(mt([r1, r2], players=2)), 1, [P(1, "11-11")])


def test_mexican_train_rounds_engines_descend_from_12_12():
    r1, _ = out_round(12)
    r2, _ = out_round(11)
    nxt = dict(r2, actions=[])
    assert_next(replay(mt([r1, nxt], players=2)), 0, [P(0, "11-11")])
    rounds = [out_round(e)[0] for e in range(12, 0, -1)]  # 12 rounds: 12-12 .. 1-1
    last = dict(out_round(0)[0], actions=[])
    assert_next(replay(mt(rounds + [last], players=2)), 0, [P(0, "0-0")])


# trains


def test_mexican_train_first_turn_own_train_or_mexican_not_unmarked_other_train():
    # seat 1 after the engine: 12-1 and 12-4 may start its own train or the Mexican Train;
    # seat 0's train is not marked. Must play: no draw, no done.
    res = replay(base([P(0, "12-12")]))
    assert_next(res, 1, [P(1, "12-1", 1), P(1, "12-1", "mexican"), P(1, "12-4", 1), P(1, "12-4", "mexican")])


def test_mexican_train_cannot_play_on_unmarked_other_train():
    assert_record_error(base([P(0, "12-12"), P(1, "12-1", 0)]), 1, 2)


def test_mexican_train_marked_train_open_to_others():
    # after seat 0's pass (a10) its train carries a marker: seat 1 may start it with 12-4
    res = replay(base(GAME[:10]))
    assert_next(res, 1, [P(1, "12-4", 0), P(1, "10-8", "mexican")])


def test_mexican_train_playing_on_own_train_removes_marker():
    # a12/a13: seat 0 plays on its own train; at a14 seat 1 may no longer use train 0
    # (its 6-5 and 7-6 would fit the 6 there): only 10-8 on the Mexican Train.
    res = replay(base(GAME[:13]))
    assert_next(res, 1, [P(1, "10-8", "mexican")])


# first turn


def test_mexican_train_first_turn_run_continues_on_own_train_until_done():
    assert_next(replay(base(GAME[:2])), 1, [P(1, "2-1", 1), DONE(1)])
    assert_next(replay(base(GAME[:3])), 1, [P(1, "3-2", 1), DONE(1)])
    assert_next(replay(base(GAME[:4])), 1, [P(1, "3-3", 1), P(1, "9-3", 1), DONE(1)])
    res = replay(base(GAME[:3] + [DONE(1)]))
    assert res["next"]["seat"] == 0


def test_mexican_train_first_turn_run_may_not_leave_own_train():
    # during the run only seat 1's own train: 12-4 may not start the Mexican Train now
    assert_record_error(base(GAME[:2] + [P(1, "12-4", "mexican")]), 1, 3)


def test_mexican_train_first_turn_run_ends_itself_when_nothing_fits():
    # after 9-3 seat 1's train ends 9 and seat 1 holds no 9: seat 0's turn
    res = replay(base(GAME[:6]))
    assert_next(res, 0, [P(0, "12-11", 0), P(0, "12-11", "mexican")])


def test_mexican_train_first_turn_starting_elsewhere_is_one_play():
    res = replay(base([P(0, "12-12"), P(1, "12-1", "mexican")]))
    assert res["next"]["seat"] == 0
    # seat 0's first turn started on the Mexican Train (a7): seat 1 is next
    res = replay(base(GAME[:7]))
    assert_next(res, 1, [P(1, "11-10", "mexican"), P(1, "11-4", "mexican")])


def test_mexican_train_first_run_option_off_single_play():
    res = replay(base([P(0, "12-12"), P(1, "12-1", 1)], first_run=False))
    assert res["next"]["seat"] == 0


# cannot play


def test_mexican_train_must_play_draw_only_when_nothing_fits():
    assert_record_error(base([P(0, "12-12"), D(1)]), 1, 2)
    assert_next(replay(base(GAME[:8])), 0, [D(0)])


def test_mexican_train_drawn_tile_not_playable_then_pass():
    assert_next(replay(base(GAME[:9])), 0, [X(0)])
    assert_record_error(base(GAME[:9] + [D(0)]), 1, 10)


def test_mexican_train_drawn_tile_playable_must_be_played_at_once():
    res = replay(base(GAME[:9], first=("10-3", "8-1")))
    assert_next(res, 0, [P(0, "10-3", "mexican")])
    assert_record_error(base(GAME[:9] + [X(0)], first=("10-3", "8-1")), 1, 10)


def test_mexican_train_empty_boneyard_pass_at_once_and_marker():
    # 10 players, 8 each, 11 in the boneyard with 12-12 last: seats 0..9 and 0 again draw;
    # seat 0 draws 12-12 with the 11th draw and places it; the boneyard is then empty.
    tiles = [t(a, b) for a in range(12) for b in range(a + 1)]  # the 78 tiles without a 12
    twelves = [t(12, b) for b in range(12)]
    hands = [twelves[0:8]]
    rest_ = list(tiles)
    for seat in range(1, 10):
        h = [twelves[8 + seat - 5]] if 5 <= seat <= 8 else []
        while len(h) < 8:
            h.append(rest_.pop())
        hands.append(h)
    stock = rest_[:10] + ["12-12"]
    assert len(rest_) == 10
    draws = [D(s) for s in range(10)] + [D(0)]

    def rec(actions):
        return mt([rnd(hands, actions, stock=stock, top=12)], players=10)

    assert_next(replay(rec(draws)), 0, [P(0, "12-12")])
    # seat 1 holds no 12: nothing to draw, it passes at once
    assert_next(replay(rec(draws + [P(0, "12-12")])), 1, [X(1)])
    assert_record_error(rec(draws + [P(0, "12-12"), D(1)]), 1, 13)
    # seats 1-4 pass (markers); seat 5 holds 12-8: own train, Mexican, or the marked trains 1-4
    acts = draws + [P(0, "12-12"), X(1), X(2), X(3), X(4)]
    assert_next(replay(rec(acts)), 5, [P(5, "12-8", tr) for tr in (5, "mexican", 1, 2, 3, 4)])


# doubles


def test_mexican_train_double_played_player_plays_again_and_must_cover_on_that_train():
    # a12: 4-4 on train 0; seat 0 again, only covers on train 0
    res = replay(base(GAME[:12]))
    assert_next(res, 0, [P(0, "4-0", 0), P(0, "6-4", 0), P(0, "8-4", 0)])


def test_mexican_train_uncovered_double_cannot_cover_draws_then_passes():
    assert_next(replay(base(GAME[:15])), 0, [D(0)])  # 6-6 uncovered, no 6 in hand
    # drew 8-1: it would fit the Mexican Train (8) but does not cover 6-6: pass only
    assert_next(replay(base(GAME[:16])), 0, [X(0)])


def test_mexican_train_drawn_tile_covering_the_double_is_played():
    res = replay(base(GAME[:16], first=("1-0", "6-3")))
    assert_next(res, 0, [P(0, "6-3", 0)])


def test_mexican_train_following_player_must_cover_the_double_first():
    # seat 1 holds 6-5 and 7-6 (cover 6-6 on train 0) and 8-7, 8-5 (fit the Mexican 8)
    res = replay(base(GAME))
    assert_next(res, 1, [P(1, "6-5", 0), P(1, "7-6", 0)])
    assert_record_error(base(GAME + [P(1, "8-7", "mexican")]), 1, 18)


def test_mexican_train_first_turn_run_cannot_end_on_coverable_double():
    # after 3-3 in seat 1's run it still holds 9-3: only the cover, no "done"
    assert_next(replay(base(GAME[:5])), 1, [P(1, "9-3", 1)])
    assert_record_error(base(GAME[:5] + [DONE(1)]), 1, 6)


def test_mexican_train_going_out_on_a_double_ends_the_round():
    s1 = [t(12, 0)] + [t(i, i + 1) for i in range(11)] + ["11-1", "3-1", "3-3"]  # ... 1-3, 3-3
    s0 = ["12-12"] + [t(d, d) for d in range(12) if d != 3] + ["12-11", "12-10", "12-9"]
    run_ = [P(1, x, 1) for x in s1]
    res = replay(mt([rnd([s0, s1], [P(0, "12-12")] + run_, top=12)], players=2))
    r = res["rounds"][0]
    assert r["end"] == "domino"
    assert r["winner"] == 1
    # seat 0: doubles 0..11 without 3-3 = 2*(0+..+11) - 6 = 126; 12-11 + 12-10 + 12-9 = 66
    assert r["totals"] == [192, 0]


# round end and scoring


def test_mexican_train_round_ends_when_a_player_plays_last_tile_score_pips_left():
    rec, _ = out_round(12)
    res = replay(mt([rec], players=2))
    r = res["rounds"][0]
    # seat 0 keeps the doubles other than 12-12: 2*(0+1+...+11) = 132, plus 12-2 (14) and
    # 3-0 (3): 149. Seat 1 went out: 0.
    assert r["end"] == "domino"
    assert r["winner"] == 1
    assert r["team"] is None
    assert r["totals"] == [149, 0]
    assert r["scores"] == [149, 0]
    assert res["match_winner"] is None


def test_mexican_train_blank50_double_blank_counts_50():
    rec, _ = out_round(12)
    r = replay(mt([rec], players=2, blank50=True))["rounds"][0]
    assert r["totals"] == [199, 0]  # 149 with 0-0 counting 50 instead of 0


def test_mexican_train_scores_accumulate_over_rounds():
    r1, p1 = out_round(12)
    r2, p2 = out_round(11)
    res = replay(mt([r1, r2], players=2))
    # round 2 seat 0: doubles without 11-11: 156 - 22 = 134; 11-1 (12) + 12-2 (14) = 160
    assert res["rounds"][1]["totals"] == [160, 0]
    assert res["rounds"][1]["scores"] == [149 + 160, 0]


def test_mexican_train_thirteen_rounds_lowest_total_wins():
    rounds, totals = [], 0
    for e in range(12, -1, -1):
        r, p = out_round(e)
        rounds.append(r)
        totals += p  # seat 0 keeps its hand minus the placed engine e-e
    res = replay(mt(rounds[:12], players=2))
    assert res["match_winner"] is None
    res = replay(mt(rounds, players=2))
    assert len(res["rounds"]) == 13
    assert res["rounds"][12]["scores"] == [totals, 0]
    assert res["match_winner"] == 1
    assert res["next"] is None


def test_mexican_train_tile_written_low_half_first_is_the_same_tile():
    # RECORD.md: "b-a" means the same tile. 1-12 starts train 1 from the hub (12), 1-2 follows.
    res = replay(base([P(0, "12-12"), P(1, "1-12", 1), P(1, "1-2", 1)]))
    assert_next(res, 1, [P(1, "3-2", 1), DONE(1)])


def test_mexican_train_done_only_ends_a_first_turn_run():
    # a8 is seat 1's normal turn (11-10 and 11-4 fit the Mexican Train): "done" is illegal
    assert_record_error(base(GAME[:7] + [DONE(1)]), 1, 8)


def test_mexican_train_engine_placer_first_turn_is_its_next_turn_and_may_run():
    # seat 0 placed 12-12; its next turn (after seat 1's run) is its first turn: 12-11 on its
    # own train, then 11-9 may follow on the same train, or it stops.
    s0 = [x if x != "8-4" else "11-9" for x in S0]
    rec = mt([rnd([s0, S1], GAME[:6] + [P(0, "12-11", 0)], first=("1-0", "8-1"), top=12)], players=2)
    assert_next(replay(rec), 0, [P(0, "11-9", 0), DONE(0)])


def test_mexican_train_no_round_after_the_thirteenth():
    rounds = [out_round(e)[0] for e in range(12, -1, -1)]
    assert_malformed(mt(rounds + [dict(out_round(12)[0], actions=[])], players=2))


def test_mexican_train_double_on_the_mexican_train_is_covered_there():
    # seat 0 holds 10-10 and 10-5 instead of 8-4 and 8-0; at a9 the Mexican Train ends 10
    s0 = [{"8-4": "10-10", "8-0": "10-5"}.get(x, x) for x in S0]

    def rec(actions):
        return mt([rnd([s0, S1], actions, first=("1-0", "8-1"), top=12)], players=2)

    assert_next(replay(rec(GAME[:8] + [P(0, "10-10", "mexican")])), 0, [P(0, "10-5", "mexican")])
    # covered: the Mexican Train ends 5; seat 1 plays on as normal (train 0 is not marked)
    res = replay(rec(GAME[:8] + [P(0, "10-10", "mexican"), P(0, "10-5", "mexican")]))
    assert_next(res, 1, [P(1, "5-0", "mexican"), P(1, "6-5", "mexican"), P(1, "8-5", "mexican")])


# 8 players, 10 tiles each, 11 in the boneyard (a randomly played game, replayed here).
# The 11th draw (action 61) empties the boneyard; at action 66 seat 4 lays 9-9 on seat 6's
# marked train; every other 9 is already on the table, so nobody can ever cover it: seat 4 and
# then every other seat pass (8 passes in a row, boneyard empty) and the round ends.
BLK8_HANDS = [
    ["7-7", "12-0", "6-4", "6-6", "6-0", "11-6", "2-0", "10-7", "12-9", "12-6"],
    ["7-0", "10-9", "5-1", "5-5", "10-4", "4-1", "11-10", "7-4", "5-0", "3-1"],
    ["8-0", "5-3", "11-7", "8-8", "11-5", "8-7", "12-11", "9-3", "12-1", "12-2"],
    ["9-7", "4-0", "11-11", "4-2", "10-10", "10-1", "11-2", "6-5", "8-2", "5-2"],
    ["8-5", "10-0", "5-4", "7-2", "11-0", "9-9", "7-5", "12-12", "6-1", "9-2"],
    ["12-4", "11-9", "11-4", "11-8", "9-8", "10-8", "8-3", "7-3", "3-2", "10-5"],
    ["3-3", "1-1", "7-6", "11-1", "11-3", "9-5", "12-8", "7-1", "1-0", "12-5"],
    ["10-2", "8-4", "2-2", "10-3", "4-3", "0-0", "12-7", "9-6", "6-3", "12-3"],
]
BLK8_STOCK = ["8-6", "10-6", "9-4", "6-2", "8-1", "4-4", "12-10", "3-0", "9-1", "2-1", "9-0"]
BLK8_CODES = (
    "4:12-12 5:12-4@5 5:11-4@5 5:11-8@5 5:9-8@5 5:11-9@5 6:12-8@mexican 7:12-7@7 0:12-9@0 1:D "
    "1:8-6@mexican 2:12-1@2 3:6-5@mexican 4:7-5@mexican 5:7-3@mexican 6:12-5@6 7:6-3@mexican "
    "0:6-6@mexican 0:11-6@mexican 1:11-10@mexican 2:D 2:10-6@mexican 3:D 3:X 4:6-1@mexican 5:D 5:X "
    "6:9-5@6 7:12-3@3 0:D 0:8-1@mexican 1:3-1@3 2:11-7@5 3:9-7@5 4:9-2@5 5:3-2@5 6:7-1@3 "
    "7:8-4@mexican 0:6-4@mexican 1:7-4@3 2:D 2:4-4@3 2:D 2:X 3:9-4@3 4:D 4:X 5:8-3@5 6:7-6@mexican "
    "7:D 7:9-1@2 0:10-7@mexican 1:10-4@mexican 2:12-2@4 3:4-2@mexican 4:7-2@4 5:6-2@mexican 6:D 6:X "
    "7:9-6@mexican 0:D 0:9-0@0 1:10-9@mexican 2:9-3@2 3:10-1@mexican 4:9-9@6 "
    "4:X 5:X 6:X 7:X 0:X 1:X 2:X 3:X"
)


def decode(codes):
    out = []
    for c in codes.split():
        seat, what = c.split(":")
        seat = int(seat)
        if what == "D":
            out.append(D(seat))
        elif what == "X":
            out.append(X(seat))
        elif what == "done":
            out.append(DONE(seat))
        elif "@" in what:
            tile, train = what.split("@")
            out.append(P(seat, tile, train if train == "mexican" else int(train)))
        else:
            out.append(P(seat, what))
    return out


def test_mexican_train_round_ends_when_boneyard_empty_and_every_player_passed_in_a_row():
    acts = decode(BLK8_CODES)

    def rec(a):
        return mt([rnd(BLK8_HANDS, a, stock=BLK8_STOCK, top=12)], players=8)

    res = replay(rec(acts[:-1]))  # 7 passes so far: not over; seat 3 must pass
    assert res["rounds"][0]["end"] is None
    assert_next(res, 3, [X(3)])
    res = replay(rec(acts))
    r = res["rounds"][0]
    assert r["end"] == "blocked"
    # left in hand: s0 7-7 12-0 6-0 2-0 12-6 = 14+12+6+2+18 = 52; s1 7-0 5-1 5-5 4-1 5-0 = 33;
    # s2 8-0 5-3 8-8 11-5 8-7 12-11 12-10 = 8+8+16+16+15+23+22 = 108;
    # s3 4-0 11-11 10-10 11-2 8-2 5-2 = 4+22+20+13+10+7 = 76; s4 8-5 10-0 5-4 11-0 3-0 = 46;
    # s5 10-8 10-5 = 33; s6 3-3 1-1 11-1 11-3 1-0 2-1 = 6+2+12+14+1+3 = 38;
    # s7 10-2 2-2 10-3 4-3 0-0 = 12+4+13+7+0 = 36
    assert r["totals"] == [52, 33, 108, 76, 46, 33, 38, 36]
    assert r["scores"] == [52, 33, 108, 76, 46, 33, 38, 36]
