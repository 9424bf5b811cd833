"""RULES.md `gaple` profile, through engine.replay.

Scores are per-seat round wins; totals are each seat's hand + own discards.
"""

from records import DIS, D, P, X, assert_malformed, assert_next, assert_record_error, record, replay


def rnd(hands, actions, stock=(), **extra):
    r = {"hands": [list(h) for h in hands], "stock": list(stock), "actions": list(actions)}
    r.update(extra)
    return r


def gaple(rounds, **options):
    return record("gaple", rounds, **options)


def rot(hands, actions, k):
    hands = [hands[(s - k) % len(hands)] for s in range(len(hands))]
    out = []
    for a in actions:
        a = dict(a)
        a["seat"] = (a["seat"] + k) % len(hands)
        out.append(a)
    return hands, out


# ---------------------------------------------------------------------------------------------
# 4x7 rounds (all 28 dealt, the 0-0 holder opens round 1). All end blocked on ends 0|0 with
# every 0 on the line.

# W2: seat 1 opens 0-0. Left: s0 4-3 6-5 6-1 4-1 4-4 = 7+11+7+5+8 = 38; s1 6-6 6-3 5-5 1-1 =
# 12+9+10+2 = 33; s2 3-1 5-4 3-3 5-2 = 4+9+6+7 = 26; s3 5-3 6-2 4-2 2-2 2-1 = 8+8+6+4+3 = 29.
# Seat 2 has the lowest total.
W2_H = [
    ["4-3", "6-5", "3-2", "6-1", "4-1", "6-0", "4-4"],
    ["2-0", "6-6", "6-3", "5-5", "0-0", "6-4", "1-1"],
    ["3-1", "3-0", "5-4", "4-0", "5-1", "3-3", "5-2"],
    ["5-3", "6-2", "4-2", "1-0", "2-2", "5-0", "2-1"],
]
W2_A = [
    P(1, "0-0"),
    P(2, "3-0", "left"),
    P(3, "1-0"),
    P(0, "3-2"),  # 0|0 3|0 3|1 2|1
    P(1, "2-0"),
    P(2, "5-1"),
    P(3, "5-0", "right"),
    P(0, "6-0", "left"),  # 0|1 0|5 0|0 6|0
    P(1, "6-4"),
    P(2, "4-0", "left"),  # 4|0 0|0 blocked
]

# TV: seat 2 opens 0-0. Left: s0 3-2 3-3 4-1 6-1 = 5+6+5+7 = 23; s1 5-1 5-5 6-6 6-5 3-1 = 43;
# s2 2-2 1-1 6-3 4-4 = 4+2+9+8 = 23; s3 5-4 6-4 5-2 4-3 = 33. Seats 0 and 2 tie on 23; lowest
# tiles: seat 0 value 5 (3-2, 4-1), seat 2 value 2 (1-1) -> seat 2 wins.
TV_H = [
    ["3-2", "6-0", "3-3", "4-1", "6-1", "3-0", "4-0"],
    ["5-1", "1-0", "5-5", "6-6", "6-5", "3-1", "5-3"],
    ["0-0", "2-1", "2-2", "5-0", "1-1", "6-3", "4-4"],
    ["5-4", "6-2", "6-4", "5-2", "4-2", "4-3", "2-0"],
]
TV_A = [
    P(2, "0-0"),
    P(3, "2-0", "left"),
    P(0, "3-0"),
    P(1, "5-3"),  # 0|0 2|0 2|3 2|5
    P(2, "5-0"),
    P(3, "4-2"),
    P(0, "4-0", "left"),
    P(1, "1-0", "left"),  # 2|0 4|0 0|0 1|0
    P(2, "2-1"),
    P(3, "6-2"),
    P(0, "6-0", "left"),  # 2|0 6|0 0|0 blocked
]

# TL: seat 0 opens 0-0. Left: s0 5-4 1-1 5-2 = 9+2+7 = 18; s1 6-1 4-0 6-6 5-5 = 33;
# s2 4-2 2-0 5-0 4-1 = 6+2+5+5 = 18; s3 2-2 6-0 6-2 6-5 = 29. Seats 0 and 2 tie on 18; lowest
# tiles: 1-1 and 2-0, both worth 2; 2-0 has the smaller low half (0 < 1) -> seat 2 wins.
TL_H = [
    ["5-4", "1-1", "4-4", "3-2", "0-0", "5-2", "6-4"],
    ["5-1", "1-0", "6-1", "4-3", "4-0", "6-6", "5-5"],
    ["5-3", "4-2", "3-1", "2-0", "5-0", "4-1", "3-0"],
    ["2-2", "6-3", "6-0", "6-2", "6-5", "3-3", "2-1"],
]
TL_A = [
    P(0, "0-0"),
    P(1, "1-0", "left"),
    P(2, "3-0"),
    P(3, "6-3"),  # 0|0 1|0 1|3 1|6
    P(0, "6-4"),
    P(1, "5-1"),
    P(2, "5-3"),
    P(3, "3-3"),  # 1|4 5|4 3|4 3|4
    P(0, "4-4"),
    P(1, "4-3", "right"),
    P(2, "3-1", "left"),
    P(3, "2-1"),  # 3|4 3|3 1|3 2|3
    P(0, "3-2", "left"),  # 3|3 blocked
]

# DEAD: seat 1 cannot play at action 2 (ends 0|0, no 0) and discards 5-1. At action 6 the ends
# are 2|1: 5-1 would fit, but it is dead. Left: s0 2-1 3-3 6-5 1-1 = 3+6+11+2 = 22;
# s1 5-4 3-1 2-2 5-5 = 27 + discard 5-1 (6) = 33; s2 4-3 4-4 3-2 6-3 = 29;
# s3 5-2 6-4 6-1 4-2 6-6 = 42. Seat 0 wins.
DEAD_H = [
    ["0-0", "4-1", "3-0", "2-1", "3-3", "6-5", "1-1"],
    ["5-4", "5-3", "3-1", "2-2", "5-5", "5-1", "6-2"],
    ["1-0", "5-0", "4-3", "4-4", "2-0", "3-2", "6-3"],
    ["5-2", "6-0", "6-4", "6-1", "4-2", "6-6", "4-0"],
]
DEAD_A = [
    P(0, "0-0"),
    DIS(1, "5-1"),
    P(2, "2-0", "left"),
    P(3, "4-0"),  # 0|0 0|0 2|0 2|4
    P(0, "4-1"),
    P(1, "6-2"),
    P(2, "1-0"),
    P(3, "6-0", "left"),  # 2|1 6|1 6|0 0|0
    P(0, "3-0", "left"),
    P(1, "5-3"),
    P(2, "5-0", "left"),  # 3|0 5|0 0|0 blocked
]

# ---------------------------------------------------------------------------------------------
# 4x6 rounds: stock = 4 leftovers, the first turned up as the line's start.

# U46: 6-1 turned up, seat 1 drawn by lot. Left: s0 5-4 0-0 6-5 6-0 4-4 = 34; s1 4-0 5-5 6-4 4-2
# = 30; s2 2-1 1-0 6-2 1-1 = 3+1+8+2 = 14; s3 2-2 4-1 6-6 5-1 5-0 = 32 -> seat 2 wins.
U46_H = [
    ["5-4", "0-0", "6-5", "2-0", "6-0", "4-4"],
    ["4-0", "3-2", "5-5", "6-4", "6-3", "4-2"],
    ["3-3", "2-1", "1-0", "6-2", "3-1", "1-1"],
    ["2-2", "4-1", "6-6", "5-1", "5-0", "3-0"],
]
U46_S = ["6-1", "5-2", "5-3", "4-3"]
U46_A = [
    P(1, "6-3"),
    P(2, "3-1", "right"),
    P(3, "3-0", "left"),
    P(0, "2-0"),  # 3|1 3|3 0|3 2|3
    P(1, "3-2", "left"),
    P(2, "3-3", "left"),  # 3|3 3|3 blocked
]

# EMPTIER: 1-0... seat 0 plays first; seat 0 empties its hand with its last play (action 21) but
# its discards 2-2 + 6-2 = 12 count; s1 3-1 = 4; s2 6-6 + discard 3-3 = 18; s3 2-1 = 3 -> seat 3.
EMP_H = [
    ["5-2", "6-2", "5-5", "2-2", "3-0", "1-0"],
    ["4-0", "3-1", "1-1", "5-4", "6-3", "2-0"],
    ["3-3", "4-3", "5-3", "4-4", "6-5", "6-6"],
    ["6-1", "0-0", "4-2", "2-1", "4-1", "6-4"],
]
EMP_S = ["5-1", "6-0", "3-2", "5-0"]
EMP_A = [
    P(0, "1-0"),
    P(1, "2-0"),
    P(2, "6-5"),
    P(3, "6-4"),  # 5|0 5|2 6|2 4|2
    P(0, "5-2"),
    P(1, "4-0"),
    P(2, "5-3"),
    P(3, "0-0"),  # 4|5 0|5 0|3 0|3
    P(0, "3-0", "left"),
    P(1, "6-3", "left"),
    P(2, "4-3"),
    P(3, "6-1"),  # 3|3 6|3 6|4 1|4
    DIS(0, "2-2"),
    P(1, "1-1"),
    P(2, "4-4"),
    P(3, "4-1", "left"),  # 1|4 1|4 1|4 4|4
    DIS(0, "6-2"),
    P(1, "5-4", "left"),
    DIS(2, "3-3"),
    P(3, "4-2"),  # 4|4 5|4 5|4 5|2
    P(0, "5-5"),  # 5|2 seat 0 empty
]

# BYDISC: seat 0 empties its hand by discarding 5-5 (action 21). s0 discards 6-5 + 5-5 = 21;
# s1 5-1 = 6; s2 4-4 + discard 2-2 = 12; s3 0-0 + discard 5-0 = 5 -> seat 3.
BYD_H = [
    ["5-5", "5-3", "2-0", "3-1", "6-5", "6-4"],
    ["6-1", "3-3", "1-0", "2-1", "4-0", "5-1"],
    ["4-1", "4-4", "2-2", "3-2", "3-0", "1-1"],
    ["0-0", "5-2", "4-2", "6-3", "6-2", "5-0"],
]
BYD_S = ["6-6", "6-0", "4-3", "5-4"]
BYD_A = [
    P(0, "6-4", "left"),
    P(1, "4-0"),
    P(2, "3-0"),
    P(3, "6-2"),  # 4|6 0|6 3|6 3|2
    P(0, "5-3"),
    P(1, "2-1"),
    P(2, "1-1"),
    P(3, "5-2"),  # 5|2 5|1 5|1 2|1
    P(0, "3-1"),
    P(1, "3-3"),
    P(2, "3-2", "right"),
    P(3, "4-2", "left"),  # 2|3 2|3 2|2 4|2
    P(0, "2-0"),
    P(1, "1-0"),
    P(2, "4-1", "left"),
    DIS(3, "5-0"),  # 4|0 4|1 1|1 1|1
    DIS(0, "6-5"),
    P(1, "6-1", "left"),
    DIS(2, "2-2"),
    P(3, "6-3"),  # 1|1 6|1 6|1 3|1
    DIS(0, "5-5"),  # seat 0 empty
]

# TIE0: seat 3 (drawn by lot) plays first and goes out with 5-0 (action 21), no discards:
# total 0. Seat 2 holds only 0-0 (value 0), no discards: total 0. s0 6-6 + discard 6-1 = 19;
# s1 4-4 + discards 2-2 2-1 = 15. Tie on 0: the player holding no tile (seat 3) wins.
TIE0_H = [
    ["6-2", "5-3", "6-1", "5-4", "6-6", "6-4"],
    ["3-0", "1-0", "5-1", "2-1", "2-2", "4-4"],
    ["3-2", "4-3", "0-0", "6-5", "6-3", "3-1"],
    ["4-2", "5-2", "2-0", "5-5", "4-1", "5-0"],
]
TIE0_S = ["4-0", "6-0", "1-1", "3-3"]
TIE0_A = [
    P(3, "2-0"),
    P(0, "5-4"),
    P(1, "5-1"),
    P(2, "3-1"),  # 4|2 5|2 1|2 3|2
    P(3, "5-2"),
    P(0, "5-3", "right"),
    P(1, "3-0", "left"),
    P(2, "4-3"),  # 3|5 3|3 0|3 0|4
    P(3, "4-2"),
    P(0, "6-2"),
    P(1, "1-0"),
    P(2, "6-3"),  # 0|2 0|6 1|6 1|3
    P(3, "4-1"),
    P(0, "6-4"),
    DIS(1, "2-2"),
    P(2, "6-5"),  # 4|3 6|3 6|3 5|3
    P(3, "5-5"),
    DIS(0, "6-1"),
    DIS(1, "2-1"),
    P(2, "3-2"),  # 5|3 5|3 5|3 5|2
    P(3, "5-0"),  # seat 3 out
]

# B25: 4-3 turned up, seat 3 first. At the end seat 3 holds 0-0 3-3 and no other tile in any hand
# or discard has a blank (the face-down leftovers 6-0 and 2-0 are held by nobody).
# Without blank25: s0 4-4 5-4 5-5 = 27; s1 3-1 5-1 5-2 + discard 5-3 = 4+6+7+8 = 25;
# s2 4-1 4-2 2-1 + discard 1-1 = 5+6+3+2 = 16; s3 0-0 3-3 = 0+6 = 6 -> seat 3.
# With blank25: 0-0 counts 25, s3 = 31 -> seat 2 (16).
B25_H = [
    ["4-4", "5-4", "4-0", "5-5", "1-0", "6-5"],
    ["2-2", "3-1", "5-1", "5-2", "5-3", "3-0"],
    ["6-1", "1-1", "4-1", "4-2", "2-1", "5-0"],
    ["0-0", "6-6", "6-3", "6-2", "3-3", "3-2"],
]
B25_S = ["4-3", "6-0", "6-4", "2-0"]
B25_A = [
    P(3, "3-2"),
    P(0, "4-0"),
    P(1, "2-2"),
    P(2, "5-0"),  # 4|2 0|2 0|2 5|2
    P(3, "6-2"),
    P(0, "6-5", "left"),
    DIS(1, "5-3"),
    P(2, "6-1", "left"),  # 5|6 6|6 6|6 1|6
    P(3, "6-6"),
    P(0, "1-0"),
    P(1, "3-0"),
    DIS(2, "1-1"),  # 1|6 0|6 3|6 3|6
    P(3, "6-3", "left"),  # 6|6 blocked
]

# B25X: 4-4 ... seat 2 first; seat 3 keeps 0-0 but seat 0 (3-0, 1-0) and seat 1 (5-0, 2-0, 6-0)
# hold blanks, so 0-0 counts 0 even with blank25. s0 3-3 1-1 3-0 3-1 1-0 = 6+2+3+4+1 = 16;
# s1 3-2 5-0 2-0 6-0 5-2 = 5+5+2+6+7 = 25; s2 5-1 5-3 6-1 6-6 = 33; s3 0-0 6-5 5-5 2-2 = 25.
B25X_H = [
    ["3-3", "1-1", "3-0", "3-1", "6-3", "1-0"],
    ["3-2", "5-0", "4-3", "2-0", "6-0", "5-2"],
    ["5-1", "5-3", "6-1", "6-6", "2-1", "4-4"],
    ["4-1", "0-0", "6-5", "4-2", "5-5", "2-2"],
]
B25X_S = ["6-4", "6-2", "5-4", "4-0"]
B25X_A = [
    P(2, "4-4"),
    P(3, "4-1"),
    P(0, "6-3"),
    P(1, "4-3"),  # 6|4 6|1 3|1 4|1
    P(2, "2-1"),
    P(3, "4-2", "right"),  # 4|2 4|4 blocked
]

# 5x5: 6-4 turned up, seat 1 drawn by lot. Left: s0 1-1 6-0 4-2 1-0 = 15; s1 6-6 6-5 6-2 = 31;
# s2 0-0 5-0 5-4 = 14; s3 4-1 2-2 2-0 = 11; s4 5-5 4-4 5-1 2-1 + discard 4-0 = 31 -> seat 3.
F5_H = [
    ["1-1", "6-0", "4-2", "3-3", "1-0"],
    ["5-3", "6-6", "6-5", "6-2", "4-3"],
    ["0-0", "5-2", "5-0", "5-4", "6-1"],
    ["3-2", "4-1", "2-2", "3-1", "2-0"],
    ["5-5", "4-4", "5-1", "2-1", "4-0"],
]
F5_S = ["6-4", "6-3", "3-0"]
F5_A = [
    P(1, "4-3"),
    P(2, "6-1"),
    P(3, "3-1", "left"),
    DIS(4, "4-0"),  # 6|3 1|3 3|3 3|3
    P(0, "3-3", "left"),
    P(1, "5-3", "left"),
    P(2, "5-2"),
    P(3, "3-2", "left"),  # 3|3 5|3 2|3 3|3
]


def four7(*rounds, **options):
    return gaple([rnd(h, a) for h, a in rounds], **options)


# ---------------------------------------------------------------------------------------------
# set and options


def test_gaple_all_28_used_4x7_default_options():
    # options {}: deal 4x7 (7 each, nothing left over), discard on; the 0-0 holder opens
    res = replay(gaple([rnd(W2_H, [])]))
    assert_next(res, 1, [P(1, "0-0")])
    assert_malformed(gaple([rnd([h[:6] for h in W2_H], [], stock=[h[6] for h in W2_H])]))


def test_gaple_options_4x6_and_5x5_deals():
    assert replay(gaple([rnd(U46_H, [], U46_S, opener=1)], deal="4x6"))["next"]["seat"] == 1
    assert replay(gaple([rnd(F5_H, [], F5_S, opener=1)], deal="5x5"))["next"]["seat"] == 1
    assert_malformed(gaple([rnd(W2_H, [])], deal="3x9"))


def test_gaple_partners_only_with_four_players():
    assert_malformed(gaple([rnd(F5_H, [], F5_S, opener=1)], deal="5x5", partners=True))
    replay(gaple([rnd(W2_H, [])], partners=True))


# opening 4x7


def test_gaple_4x7_round1_double_blank_holder_must_open_with_it():
    res = replay(four7((TV_H, [])))
    assert_next(res, 2, [P(2, "0-0")])
    assert_record_error(four7((TV_H, [P(2, "2-2")])), 1, 1)
    assert_record_error(four7((TV_H, [P(0, "3-3")])), 1, 1)


# round 2 deals for the opening rule (seat 2 won round 1 with W2)
R2_WITH = [
    ["0-0", "1-1", "6-0", "6-1", "6-2", "6-3", "6-4"],
    ["2-2", "4-4", "6-6", "5-0", "5-1", "5-2", "5-4"],
    ["3-3", "5-5", "1-0", "2-0", "3-0", "4-0", "6-5"],  # seat 2: doubles 3-3 and 5-5
    ["2-1", "3-1", "4-1", "3-2", "4-2", "4-3", "5-3"],
]
R2_NONE = [
    ["1-1", "4-4", "6-0", "6-1", "6-2", "6-3", "6-4"],  # seat 0: 1-1 and 4-4
    ["0-0", "2-2", "3-3", "5-5", "6-6", "5-0", "5-1"],
    ["1-0", "2-0", "3-0", "4-0", "6-5", "5-2", "5-4"],  # seat 2: no double
    ["2-1", "3-1", "4-1", "3-2", "4-2", "4-3", "5-3"],
]  # seat 3: no double


def test_gaple_4x7_later_round_individual_winner_opens_with_double_of_choice():
    res = replay(four7((W2_H, W2_A), (R2_WITH, [])))
    assert res["rounds"][0]["winner"] == 2
    assert_next(res, 2, [P(2, "3-3"), P(2, "5-5")])
    assert_record_error(four7((W2_H, W2_A), (R2_WITH, [P(2, "6-5")])), 2, 1)


def test_gaple_4x7_later_round_winner_without_double_passes_right_on_in_turn_order():
    # seat 2 (winner) and seat 3 hold no double; seat 0 is next in turn order with 1-1, 4-4
    res = replay(four7((W2_H, W2_A), (R2_NONE, [])))
    assert_next(res, 0, [P(0, "1-1"), P(0, "4-4")])


# opening 4x6 / 5x5


def test_gaple_4x6_first_leftover_turned_up_starts_line_and_lot_opener_plays():
    # 6-1 starts the line; seat 1 (drawn by lot) holds 6-4 and 6-3 for the 6, nothing for the 1
    res = replay(gaple([rnd(U46_H, [], U46_S, opener=1)], deal="4x6"))
    assert_next(res, 1, [P(1, "6-4"), P(1, "6-3")])


def test_gaple_4x6_round1_needs_the_opener_drawn_by_lot():
    assert_malformed(gaple([rnd(U46_H, [], U46_S)], deal="4x6"))


def test_gaple_leftovers_may_never_be_drawn():
    res = replay(gaple([rnd(U46_H, U46_A[:3], U46_S, opener=1)], deal="4x6"))
    # seat 0 at ends 0|3 holds 2-0 and 6-0 ... it must play; no draw exists in gaple
    assert_record_error(gaple([rnd(U46_H, U46_A[:3] + [D(0)], U46_S, opener=1)], deal="4x6"), 1, 4)
    assert res["next"]["seat"] == 0


def test_gaple_4x6_later_round_previous_winner_plays_first():
    # round 1 U46: seat 2 wins; round 2 (the EMP deal, 5-1 turned up): seat 2 plays first,
    # holding 3-3 4-3 5-3 4-4 6-5 6-6 -> 5-3 and 6-5 fit the 5, nothing fits the 1
    res = replay(gaple([rnd(U46_H, U46_A, U46_S, opener=1), rnd(EMP_H, [], EMP_S)], deal="4x6"))
    assert res["rounds"][0]["winner"] == 2
    assert_next(res, 2, [P(2, "5-3"), P(2, "6-5")])


def test_gaple_5x5_five_players_five_each_three_left_over():
    res = replay(gaple([rnd(F5_H, F5_A, F5_S, opener=1)], deal="5x5"))
    r = res["rounds"][0]
    assert r["end"] == "blocked"
    assert r["totals"] == [15, 31, 14, 11, 31]
    assert r["winner"] == 3
    assert r["team"] is None


def test_gaple_5x5_later_round_previous_winner_plays_first():
    res = replay(gaple([rnd(F5_H, F5_A, F5_S, opener=1), rnd(F5_H, [], F5_S)], deal="5x5"))
    # seat 3 won; the 6-4 starts the line again; seat 3 (3-2 4-1 2-2 3-1 2-0) holds 4-1
    assert_next(res, 3, [P(3, "4-1")])


# a turn


def test_gaple_must_play_a_fitting_tile():
    assert_next(replay(four7((DEAD_H, DEAD_A[:2]))), 2, [P(2, "1-0"), P(2, "5-0"), P(2, "2-0")])
    assert_record_error(four7((DEAD_H, DEAD_A[:2] + [DIS(2, "4-4")])), 1, 3)


def test_gaple_discard_any_tile_face_down_when_nothing_fits():
    # ends 0|0, seat 1 has no 0: any of its 7 tiles may be discarded; passing is not allowed
    res = replay(four7((DEAD_H, DEAD_A[:1])))
    assert_next(res, 1, [DIS(1, t) for t in DEAD_H[1]])
    assert_record_error(four7((DEAD_H, DEAD_A[:1] + [X(1)])), 1, 2)


def test_gaple_discarded_tile_is_dead():
    # at action 6 the ends are 2|1; seat 1's discarded 5-1 would fit the 1 but is dead
    res = replay(four7((DEAD_H, DEAD_A[:5])))
    assert_next(res, 1, [P(1, "3-1"), P(1, "2-2"), P(1, "6-2")])
    assert_record_error(four7((DEAD_H, DEAD_A[:5] + [P(1, "5-1")])), 1, 6)


def test_gaple_discard_off_pass_when_nothing_fits():
    res = replay(four7((DEAD_H, DEAD_A[:1]), discard=False))
    assert_next(res, 1, [X(1)])
    assert_record_error(four7((DEAD_H, DEAD_A[:1] + [DIS(1, "5-1")]), discard=False), 1, 2)
    assert replay(four7((DEAD_H, DEAD_A[:1] + [X(1)]), discard=False))["next"]["seat"] == 2


# round end and count


def test_gaple_round_ends_when_no_player_can_play():
    res = replay(four7((DEAD_H, DEAD_A[:-1])))
    assert res["rounds"][0]["end"] is None
    res = replay(four7((DEAD_H, DEAD_A)))  # after 5-0: ends 0|0, every 0 on the line
    assert res["rounds"][0]["end"] == "blocked"
    assert_record_error(four7((DEAD_H, DEAD_A + [X(3)])), 1, 12)


def test_gaple_count_is_hand_plus_own_discards_lowest_total_wins():
    r = replay(four7((DEAD_H, DEAD_A)))["rounds"][0]
    assert r["totals"] == [22, 33, 29, 42]  # seat 1: 27 in hand + 6 discarded
    assert r["winner"] == 0
    assert r["team"] is None


def test_gaple_round_ends_when_hand_empties_after_a_play():
    res = replay(gaple([rnd(EMP_H, EMP_A[:-1], EMP_S, opener=0)], deal="4x6"))
    assert res["rounds"][0]["end"] is None
    r = replay(gaple([rnd(EMP_H, EMP_A, EMP_S, opener=0)], deal="4x6"))["rounds"][0]
    assert r["end"] == "domino"


def test_gaple_round_ends_when_hand_empties_after_a_discard():
    r = replay(gaple([rnd(BYD_H, BYD_A, BYD_S, opener=0)], deal="4x6"))["rounds"][0]
    assert r["end"] == "domino"
    assert r["totals"] == [21, 6, 12, 5]
    assert r["winner"] == 3


def test_gaple_emptying_hand_does_not_win_by_itself():
    r = replay(gaple([rnd(EMP_H, EMP_A, EMP_S, opener=0)], deal="4x6"))["rounds"][0]
    assert r["totals"] == [12, 4, 18, 3]
    assert r["winner"] == 3


def test_gaple_blank25_double_blank_counts_25_without_other_blanks():
    r = replay(gaple([rnd(B25_H, B25_A, B25_S, opener=3)], deal="4x6", blank25=True))["rounds"][0]
    assert r["totals"] == [27, 25, 16, 31]
    assert r["winner"] == 2
    r = replay(gaple([rnd(B25_H, B25_A, B25_S, opener=3)], deal="4x6"))["rounds"][0]
    assert r["totals"] == [27, 25, 16, 6]
    assert r["winner"] == 3


def test_gaple_blank25_double_blank_counts_0_when_another_blank_is_held():
    r = replay(gaple([rnd(B25X_H, B25X_A, B25X_S, opener=2)], deal="4x6", blank25=True))["rounds"][0]
    assert r["totals"] == [16, 25, 33, 25]
    assert r["winner"] == 0


# ties


def test_gaple_tie_lower_lowest_tile_wins():
    r = replay(four7((TV_H, TV_A)))["rounds"][0]
    assert r["totals"] == [23, 43, 23, 33]
    assert r["winner"] == 2


def test_gaple_tie_equal_lowest_tile_smaller_low_half_wins():
    r = replay(four7((TL_H, TL_A)))["rounds"][0]
    assert r["totals"] == [18, 33, 18, 29]
    assert r["winner"] == 2


def test_gaple_tie_player_without_tiles_beats_player_with_tiles():
    r = replay(gaple([rnd(TIE0_H, TIE0_A, TIE0_S, opener=3)], deal="4x6"))["rounds"][0]
    assert r["end"] == "domino"
    assert r["totals"] == [19, 15, 0, 0]
    assert r["winner"] == 3


# partners


def test_gaple_partners_individual_winner_team_wins_even_with_higher_combined_total():
    # W2: seat 2 lowest (26); team 0 = 38 + 26 = 64 > team 1 = 33 + 29 = 62: team 0 wins anyway
    r = replay(four7((W2_H, W2_A), partners=True))["rounds"][0]
    assert r["winner"] == 2
    assert r["team"] == 0
    assert r["totals"] == [38, 33, 26, 29]


# each round stands on its own


def test_gaple_scores_are_round_wins_per_seat_and_no_match_target():
    # round 1 W2: seat 2 wins. Round 2 TV: seat 2 opens with 0-0 (a double of its choice) and
    # wins again. Round 3: TL moved two seats on: seat 2 opens 0-0, seat 0 wins.
    tl_h, tl_a = rot(TL_H, TL_A, 2)
    res = replay(four7((W2_H, W2_A), (TV_H, TV_A), (tl_h, tl_a)))
    assert [r["winner"] for r in res["rounds"]] == [2, 2, 0]
    assert [r["scores"] for r in res["rounds"]] == [[0, 0, 1, 0], [0, 0, 2, 0], [1, 0, 2, 0]]
    assert res["rounds"][2]["totals"] == [18, 29, 18, 33]
    assert res["match_winner"] is None
