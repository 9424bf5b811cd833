"""RULES.md `draw` and `block` profiles, through engine.replay."""

from records import D, P, X, assert_malformed, assert_next, assert_record_error, record, replay, rnd

# ---------------------------------------------------------------------------------------------
# Deals used below (stock = the remaining tiles in the order given / canonical order).

# 2-player draw game that blocks: all seven 6s end up on the line with both ends showing 6.
BLK_S0 = ["6-6", "2-3", "6-4", "5-6", "1-0", "2-2", "3-3"]
BLK_S1 = ["6-2", "3-6", "4-5", "6-1", "0-6", "0-0", "1-1"]
BLK_STOCK = [
    "0-2",
    "0-3",
    "0-4",
    "0-5",
    "1-2",
    "1-3",
    "1-4",
    "1-5",
    "2-4",
    "2-5",
    "3-4",
    "3-5",
    "4-4",
    "5-5",
]  # 2+3+4+5+3+4+5+6+6+7+7+8+8+10 = 78 pips, no 6 anywhere
BLK_PLAYS = [
    P(0, "6-6"),  # 6|6
    P(1, "6-2", "right"),  # 6|2
    P(0, "3-2"),  # 6|3
    P(1, "6-3", "right"),  # 6|6  (6-3 fits both ends 6|3: the end is named)
    P(0, "6-4", "right"),  # 6|4
    P(1, "5-4"),  # 6|5
    P(0, "6-5", "right"),  # 6|6
    P(1, "6-1", "left"),  # 1|6
    P(0, "1-0"),  # 0|6
    P(1, "6-0", "left"),  # 6|6, every 6 is on the line
]
BLK_DRAWS = [D(0)] * 14  # seat 0 has 2-2 3-3: nothing fits; it draws the 14 non-6 tiles


def blk_record(actions):
    return record("draw", [rnd([BLK_S0, BLK_S1], actions, stock=BLK_STOCK)], players=2)


# 2-player draw deal for drawing until a tile fits: seat 0 leads 6-6, seat 1 has no 6 and the
# boneyard starts 1-1, 2-2, 6-1.
DR_S0 = ["6-6", "5-5", "4-4", "3-3", "6-5", "6-4", "6-3"]
DR_S1 = ["5-4", "5-3", "4-3", "5-0", "4-0", "3-0", "2-0"]


def dr_record(actions):
    return record("draw", [rnd([DR_S0, DR_S1], actions, first=["1-1", "2-2", "6-1"])], players=2)


# 2-player block game where seat 0 goes out and seat 1 always passes.
DOM_S0 = ["6-6", "6-0", "6-1", "0-0", "1-1", "1-0", "2-0"]
DOM_S1 = ["3-3", "4-4", "5-5", "3-4", "3-5", "4-5", "2-2"]  # 6+8+10+7+8+9+4 = 52 pips
DOM_ACTIONS = [
    P(0, "6-6"),
    X(1),
    P(0, "6-0", "right"),
    X(1),
    P(0, "6-1"),
    X(1),  # 6|6 6|0 1|0
    P(0, "0-0"),
    X(1),
    P(0, "1-1"),
    X(1),
    P(0, "1-0", "left"),
    X(1),  # 1|0 1|0 0|0
    P(0, "2-0"),
]  # out


# ---------------------------------------------------------------------------------------------
# draw: set and players


def test_draw_set_double_six_players_two_to_four_each_for_themselves():
    # 3 players, 5 tiles each, 13 in the boneyard: a valid record; no teams.
    hands = [
        ["6-6", "5-4", "3-3", "2-1", "0-0"],
        ["6-5", "4-4", "3-2", "1-1", "6-4"],
        ["5-5", "4-3", "2-2", "1-0", "5-3"],
    ]
    res = replay(record("draw", [rnd(hands, [P(0, "6-6")])], players=3))
    assert res["next"]["seat"] == 1
    assert res["rounds"][0]["end"] is None


def test_draw_five_players_is_malformed():
    hands = [
        ["6-6", "5-4", "3-3", "2-1", "0-0"],
        ["6-5", "4-4", "3-2", "1-1", "6-4"],
        ["5-5", "4-3", "2-2", "1-0", "5-3"],
        ["6-3", "6-2", "6-1", "6-0", "5-2"],
        ["5-1", "5-0", "4-2", "4-1", "4-0"],
    ]
    assert_malformed(record("draw", [rnd(hands, [])], players=5))


def test_draw_tile_outside_double_six_is_malformed():
    hands = [list(DR_S0), list(DR_S1)]
    stock = rnd(hands)["stock"]
    stock[-1] = "7-0"
    assert_malformed(record("draw", [{"hands": hands, "stock": stock, "actions": []}], players=2))


# draw: deal


def test_draw_deal_seven_each_with_two_players():
    hands = [DR_S0[:5], DR_S1[:5]]  # 5 each with 2 players is not a valid deal
    assert_malformed(record("draw", [rnd(hands, [])], players=2))


def test_draw_deal_five_each_with_three_or_four_players():
    hands = [
        ["6-6", "5-4", "3-3", "2-1", "0-0", "6-1", "6-2"],
        ["6-5", "4-4", "3-2", "1-1", "6-4", "6-3", "5-2"],
        ["5-5", "4-3", "2-2", "1-0", "5-3", "5-1", "5-0"],
    ]  # 7 each with 3 players
    assert_malformed(record("draw", [rnd(hands, [])], players=3))


# draw: first hand


def test_draw_first_hand_highest_double_leads():
    # 4 players, 5 each; 6-6 is in the boneyard, so the highest double dealt is 5-5 (seat 2).
    hands = [
        ["6-5", "6-4", "4-4", "1-0", "2-1"],
        ["3-3", "6-3", "5-4", "2-0", "3-1"],
        ["5-5", "0-0", "6-2", "4-3", "3-2"],
        ["6-1", "5-3", "4-2", "1-1", "2-2"],
    ]
    res = replay(record("draw", [rnd(hands, [], first=["6-6"])], players=4))
    assert_next(res, 2, [P(2, "5-5")])


def test_draw_first_hand_leader_must_lead_the_highest_double():
    hands = [
        ["6-5", "6-4", "4-4", "1-0", "2-1"],
        ["3-3", "6-3", "5-4", "2-0", "3-1"],
        ["5-5", "0-0", "6-2", "4-3", "3-2"],
        ["6-1", "5-3", "4-2", "1-1", "2-2"],
    ]
    assert_record_error(record("draw", [rnd(hands, [P(2, "0-0")], first=["6-6"])], players=4), 1, 1)
    assert_record_error(record("draw", [rnd(hands, [P(0, "6-5")], first=["6-6"])], players=4), 1, 1)


def test_draw_first_hand_without_doubles_heaviest_tile_leads():
    # No double dealt. Heaviest: 6-3 (seat 1) and 5-4 (seat 0), 9 pips each; 6-3 has the
    # larger high half, so seat 1 leads with 6-3.
    hands = [
        ["5-4", "6-2", "5-3", "4-2", "3-1", "2-0", "1-0"],
        ["6-3", "6-1", "6-0", "5-2", "5-1", "4-3", "3-2"],
    ]
    res = replay(record("draw", [rnd(hands, [])], players=2))
    assert_next(res, 1, [P(1, "6-3")])
    assert_record_error(record("draw", [rnd(hands, [P(0, "5-4")])], players=2), 1, 1)


# draw: later hands

# Round 2 of the draw match below: seat 1 leads any tile and goes out; seat 0 is left with 6-6.
R2_S0 = ["0-1", "1-2", "2-3", "3-4", "4-5", "3-5", "6-6"]
R2_S1 = ["0-0", "1-1", "2-2", "3-3", "4-4", "5-5", "0-2"]
R2_ACTIONS = [
    P(1, "0-0"),
    P(0, "1-0", "right"),  # 0|0  0|1
    P(1, "1-1"),
    P(0, "2-1"),
    P(1, "2-2"),  # 0|1  0|2  0|2
    P(0, "3-2"),
    P(1, "3-3"),
    P(0, "4-3"),  # 0|3  0|3  0|4
    P(1, "4-4"),
    P(0, "5-4"),
    P(1, "5-5"),  # 0|4  0|5  0|5
    P(0, "5-3"),
    P(1, "2-0"),
]  # 0|3  seat 1 out


def test_draw_later_hand_winner_leads_any_tile():
    # Round 1 (the blocked game): seat 1 wins. Round 2: seat 1 leads, with any of its tiles,
    # although seat 0 holds the highest double 6-6.
    rec = record(
        "draw",
        [
            rnd([BLK_S0, BLK_S1], BLK_PLAYS + BLK_DRAWS + [X(0), X(1)], stock=BLK_STOCK),
            rnd([R2_S0, R2_S1], []),
        ],
        players=2,
    )
    res = replay(rec)
    assert res["rounds"][0]["winner"] == 1
    assert_next(res, 1, [P(1, t) for t in R2_S1])


def test_draw_draws_one_at_a_time_until_a_tile_fits():
    # 6-6 led; seat 1 has no 6: it must draw (only action offered).
    assert_next(replay(dr_record([P(0, "6-6")])), 1, [D(1)])
    # drew 1-1 (does not fit): keeps drawing
    assert_next(replay(dr_record([P(0, "6-6"), D(1)])), 1, [D(1)])
    # drew 2-2 (does not fit): keeps drawing
    assert_next(replay(dr_record([P(0, "6-6"), D(1), D(1)])), 1, [D(1)])


def test_draw_drawn_tile_that_fits_must_be_played():
    # third draw is 6-1, which fits (ends 6|6, equal: no end choice): it must be played.
    res = replay(dr_record([P(0, "6-6"), D(1), D(1), D(1)]))
    assert_next(res, 1, [P(1, "6-1")])
    assert_record_error(dr_record([P(0, "6-6"), D(1), D(1), D(1), D(1)]), 1, 5)
    assert_record_error(dr_record([P(0, "6-6"), D(1), D(1), D(1), X(1)]), 1, 5)
    res = replay(dr_record([P(0, "6-6"), D(1), D(1), D(1), P(1, "6-1", "left")]))
    assert res["next"]["seat"] == 0


def test_draw_pass_only_when_boneyard_empty_and_nothing_fits():
    # cannot pass while the boneyard has tiles
    assert_record_error(dr_record([P(0, "6-6"), X(1)]), 1, 2)
    # blocked game: after 13 draws one tile is left, so passing is still illegal ...
    assert_record_error(blk_record(BLK_PLAYS + [D(0)] * 13 + [X(0)]), 1, 24)
    assert_next(replay(blk_record(BLK_PLAYS + [D(0)] * 13)), 0, [D(0)])
    # ... after the 14th draw the boneyard is empty and nothing fits: pass is the only action
    assert_next(replay(blk_record(BLK_PLAYS + BLK_DRAWS)), 0, [X(0)])
    assert_record_error(blk_record(BLK_PLAYS + BLK_DRAWS + [D(0)]), 1, 25)


# draw: hand end


def test_draw_domino_last_tile_wins_and_scores_all_other_hands():
    # 3 players, 5 each. Everyone plays on the right end; seat 0 lays its 5th tile first.
    hands = [
        ["6-6", "5-4", "3-3", "2-1", "0-0"],
        ["6-5", "4-4", "3-2", "1-1", "6-4"],
        ["5-5", "4-3", "2-2", "1-0", "5-3"],
    ]
    acts = [
        P(0, "6-6"),
        P(1, "6-5", "right"),
        P(2, "5-5"),  # 6|5
        P(0, "5-4"),
        P(1, "4-4"),
        P(2, "4-3"),  # 6|3
        P(0, "3-3"),
        P(1, "3-2"),
        P(2, "2-2"),  # 6|2
        P(0, "2-1"),
        P(1, "1-1"),
        P(2, "1-0"),  # 6|0
        P(0, "0-0"),
    ]  # seat 0 out
    res = replay(record("draw", [rnd(hands, acts)], players=3))
    r = res["rounds"][0]
    # seat 1 keeps 6-4 (10), seat 2 keeps 5-3 (8): 10 + 8 = 18 points
    assert r["end"] == "domino"
    assert r["winner"] == 0
    assert r["team"] is None
    assert r["points"] == 18
    assert r["totals"] == [0, 10, 8]
    assert r["scores"] == [18, 0, 0]
    assert res["match_winner"] is None
    # seat 0 won: it leads round 2 (no round 2 deal in the record yet)


def test_draw_blocked_fewest_pips_wins_and_scores_all_other_hands():
    res = replay(blk_record(BLK_PLAYS + BLK_DRAWS + [X(0), X(1)]))
    r = res["rounds"][0]
    # seat 0: 2-2 + 3-3 + 78 drawn = 4 + 6 + 78 = 88; seat 1: 0-0 + 1-1 = 2.
    # n = 2 consecutive passes: blocked; seat 1 has fewest and scores seat 0's 88.
    assert r["end"] == "blocked"
    assert r["winner"] == 1
    assert r["points"] == 88
    assert r["totals"] == [88, 2]
    assert r["scores"] == [0, 88]


def test_draw_blocked_needs_n_consecutive_passes():
    res = replay(blk_record(BLK_PLAYS + BLK_DRAWS + [X(0)]))
    assert res["rounds"][0]["end"] is None
    assert_next(res, 1, [X(1)])


def test_draw_match_first_to_reach_100_wins():
    # Round 1: seat 1 scores 88. Round 2: seat 1 goes out, seat 0 keeps 6-6 = 12 points.
    # 88 + 12 = 100: seat 1 reaches 100 and wins the match; nothing is pending.
    rec = record(
        "draw",
        [
            rnd([BLK_S0, BLK_S1], BLK_PLAYS + BLK_DRAWS + [X(0), X(1)], stock=BLK_STOCK),
            rnd([R2_S0, R2_S1], R2_ACTIONS),
        ],
        players=2,
    )
    res = replay(rec)
    r = res["rounds"][1]
    assert r["end"] == "domino"
    assert r["winner"] == 1
    assert r["points"] == 12
    assert r["totals"] == [12, 0]
    assert r["scores"] == [0, 100]
    assert res["match_winner"] == 1
    assert res["next"] is None


def test_draw_match_over_no_further_hand():
    rec = record(
        "draw",
        [
            rnd([BLK_S0, BLK_S1], BLK_PLAYS + BLK_DRAWS + [X(0), X(1)], stock=BLK_STOCK),
            rnd([R2_S0, R2_S1], R2_ACTIONS),
            rnd([R2_S0, R2_S1], []),
        ],
        players=2,
    )
    assert_malformed(rec)


def test_draw_match_not_won_below_100():
    rec = record(
        "draw",
        [
            rnd([BLK_S0, BLK_S1], BLK_PLAYS + BLK_DRAWS + [X(0), X(1)], stock=BLK_STOCK),
            rnd([R2_S0, R2_S1], R2_ACTIONS[:-1]),
        ],
        players=2,
    )
    res = replay(rec)
    assert res["rounds"][0]["scores"] == [0, 88]
    assert res["match_winner"] is None
    assert res["next"]["seat"] == 1


# ---------------------------------------------------------------------------------------------
# block


def block(hands, actions, players=2):
    return record("block", [rnd(hands, actions)], players=players)


def test_block_seven_each_and_no_boneyard_pass_when_nothing_fits():
    # 2 players: 7 each, 14 out of play. After 6-6 seat 1 (no 6/0/1) can only pass, never draw.
    assert_next(replay(block([DOM_S0, DOM_S1], [P(0, "6-6")])), 1, [X(1)])
    assert_record_error(block([DOM_S0, DOM_S1], [P(0, "6-6"), D(1)]), 1, 2)


def test_block_deal_seven_each_with_three_players_seven_out():
    hands = [
        ["6-6", "0-0", "0-1", "0-2", "0-3", "0-4", "0-5"],
        ["1-1", "1-2", "1-3", "1-4", "1-5", "2-2", "2-3"],
        ["2-4", "2-5", "3-3", "3-4", "3-5", "4-4", "4-5"],
    ]
    res = replay(block(hands, [P(0, "6-6")], players=3))  # 7 out: 6-5..6-0 and 5-5
    assert_next(res, 1, [X(1)])
    short = [h[:5] for h in hands]
    assert_malformed(block(short, [], players=3))


def test_block_deal_seven_each_with_four_players_all_dealt():
    hands = [
        ["6-6", "6-2", "3-6", "6-4", "6-0", "1-6", "6-5"],
        ["2-5", "4-5", "5-1", "0-0", "0-1", "0-2", "0-3"],
        ["5-5", "0-5", "0-4", "1-1", "1-2", "1-3", "1-4"],
        ["5-3", "2-2", "2-3", "2-4", "3-3", "3-4", "4-4"],
    ]
    res = replay(record("block", [rnd(hands, [], stock=[])], players=4))
    assert_next(res, 0, [P(0, "6-6")])
    # after 6-6 nobody else holds a 6: seat 1 passes
    res = replay(record("block", [rnd(hands, [P(0, "6-6")], stock=[])], players=4))
    assert_next(res, 1, [X(1)])


def test_block_domino_winner_scores_other_hand():
    res = replay(block([DOM_S0, DOM_S1], DOM_ACTIONS))
    r = res["rounds"][0]
    # seat 1 keeps 3-3 4-4 5-5 3-4 3-5 4-5 2-2 = 6+8+10+7+8+9+4 = 52
    assert (r["end"], r["winner"], r["points"]) == ("domino", 0, 52)
    assert r["totals"] == [0, 52]
    assert r["scores"] == [52, 0]


def test_block_later_hand_winner_leads_any_tile():
    # Seat 0 won round 1; in round 2 seat 1 holds 6-6 but seat 0 leads with any tile.
    res = replay(record("block", [rnd([DOM_S0, DOM_S1], DOM_ACTIONS), rnd([DOM_S1, DOM_S0], [])], players=2))
    assert_next(res, 0, [P(0, t) for t in DOM_S1])


def test_block_blocked_fewest_pips_wins_and_scores_other_hands():
    # 6-6 led; every other 6 is out of play: both pass -> blocked.
    hands = [
        ["6-6", "0-0", "0-1", "0-2", "1-1", "1-2", "0-3"],
        ["5-5", "4-4", "5-4", "3-3", "2-2", "5-3", "4-3"],
    ]
    res = replay(block(hands, [P(0, "6-6"), X(1), X(0)]))
    r = res["rounds"][0]
    # seat 0: 0+1+2+2+3+3 = 11; seat 1: 10+8+9+6+4+8+7 = 52 -> seat 0 scores 52
    assert (r["end"], r["winner"], r["points"]) == ("blocked", 0, 52)
    assert r["totals"] == [11, 52]
    assert r["scores"] == [52, 0]


def test_block_blocked_needs_every_player_to_pass():
    # 3 players: 6-6, two passes: not yet blocked; seat 0 must pass too.
    hands = [
        ["6-6", "0-0", "0-1", "0-2", "0-3", "0-4", "0-5"],
        ["1-1", "1-2", "1-3", "1-4", "1-5", "2-2", "2-3"],
        ["2-4", "2-5", "3-3", "3-4", "3-5", "4-4", "4-5"],
    ]
    res = replay(block(hands, [P(0, "6-6"), X(1), X(2)], players=3))
    assert res["rounds"][0]["end"] is None
    assert_next(res, 0, [X(0)])
    res = replay(block(hands, [P(0, "6-6"), X(1), X(2), X(0)], players=3))
    r = res["rounds"][0]
    # seat 0: 0+1+2+3+4+5 = 15; seat 1: 2+3+4+5+6+4+5 = 29; seat 2: 6+7+6+7+8+8+9 = 51
    # seat 0 fewest: scores 29 + 51 = 80
    assert (r["end"], r["winner"], r["points"]) == ("blocked", 0, 80)
    assert r["totals"] == [15, 29, 51]
    assert r["scores"] == [80, 0, 0]


TIE_S0 = ["1-1", "1-2", "1-3", "2-2", "1-4", "2-3", "1-5"]  # 2+3+4+4+5+5+6 = 29
TIE_S1 = ["6-6", "3-5", "4-4", "0-5", "0-4", "0-3", "0-1"]  # after 6-6: 8+8+5+4+3+1 = 29


def test_block_blocked_tie_for_fewest_nobody_scores():
    res = replay(block([TIE_S0, TIE_S1], [P(1, "6-6"), X(0), X(1)]))
    r = res["rounds"][0]
    assert r["end"] == "blocked"
    assert r["winner"] is None
    assert r["points"] == 0
    assert r["totals"] == [29, 29]
    assert r["scores"] == [0, 0]


def test_block_after_blocked_tie_previous_leader_leads_again_any_tile():
    # Round 1: seat 1 led (6-6) and the blocked hand tied. Round 2: seat 1 leads again with any
    # tile, although seat 0 now holds 6-6.
    res = replay(
        record(
            "block", [rnd([TIE_S0, TIE_S1], [P(1, "6-6"), X(0), X(1)]), rnd([DOM_S0, DOM_S1], [])], players=2
        )
    )
    assert_next(res, 1, [P(1, t) for t in DOM_S1])
