"""RULES.md `six-love` profile, through engine.replay.

Scores are per team ([team 0 (seats 0+2), team 1 (seats 1+3)]); totals per seat.
"""

from records import OP, D, P, X, assert_malformed, assert_next, assert_record_error, record, replay


def rnd(hands, actions):
    return {"hands": [list(h) for h in hands], "stock": [], "actions": list(actions)}


def sl(*rounds):
    return record("six-love", list(rounds))


def rot(hands, actions, k):
    """The same round with every seat moved k places on (seat s -> s+k mod 4)."""
    hands = [hands[(s - k) % 4] for s in range(4)]
    out = []
    for a in actions:
        a = dict(a)
        a["seat"] = (a["seat"] + k) % 4
        if "opener" in a:
            a["opener"] = (a["opener"] + k) % 4
        out.append(a)
    return hands, out


def legal_tiles(seat, hand):
    return [P(seat, t) for t in hand]


# ---------------------------------------------------------------------------------------------
# GO2: seat 0 holds every 6 and goes out with 6-5 onto ends 5|6 when all other 5s and 6s are on
# the line (both ends hard): 2 points for team 0.
GO_H = [
    ["6-6", "6-2", "3-6", "6-4", "6-0", "1-6", "6-5"],
    ["2-5", "4-5", "5-1", "0-0", "0-1", "0-2", "0-3"],  # left: 0-0 0-1 0-2 0-3 = 0+1+2+3 = 6
    ["5-5", "0-5", "0-4", "1-1", "1-2", "1-3", "1-4"],  # left: 0-4 1-1 1-2 1-3 1-4 = 4+2+3+4+5 = 18
    ["5-3", "2-2", "2-3", "2-4", "3-3", "3-4", "4-4"],
]  # left: 4+5+6+6+7+8 = 36
GO_BODY = [  # from ends 6|6 after 6-6
    X(1),
    X(2),
    X(3),  # nobody else holds a 6
    P(0, "6-2", "right"),
    P(1, "5-2"),
    P(2, "5-5"),
    P(3, "5-3"),  # 6|2 6|5 6|5 6|3
    P(0, "6-3", "right"),
    X(1),
    X(2),
    X(3),  # 6|6
    P(0, "6-4", "right"),
    P(1, "5-4"),
    P(2, "5-0"),
    X(3),  # 6|4 6|5 6|0
    P(0, "6-0", "right"),
    X(1),
    X(2),
    X(3),  # 6|6
    P(0, "6-1", "left"),
    P(1, "5-1"),
    X(2),
    X(3),  # 1|6 5|6
]
GO2 = [P(0, "6-6")] + GO_BODY + [P(0, "6-5", "left")]  # 6-5 onto 5|6: out, 25 actions
# After a credited round seat 0 may lead any tile: it leads 6-2 and keeps 6-6 for last.
GO_DBL_BODY = [
    P(0, "6-2"),
    P(1, "5-2"),
    P(2, "5-5"),
    P(3, "5-3"),  # 6|2 6|5 6|5 6|3
    P(0, "6-3", "right"),
    X(1),
    X(2),
    X(3),  # 6|6
    P(0, "6-4", "right"),
    P(1, "5-4"),
    P(2, "5-0"),
    X(3),  # 6|4 6|5 6|0
    P(0, "6-0", "right"),
    X(1),
    X(2),
    X(3),  # 6|6
    P(0, "6-1", "left"),
    P(1, "5-1"),
    X(2),
    X(3),  # 1|6 5|6
    P(0, "6-5", "left"),
    X(1),
    X(2),
    X(3),  # 6|6
    P(0, "6-6"),  # out with a double
]

# Blocked rounds (6-6 with seat 0), four passes at the end.
# DRAW: left in hand s0 4-2 3-2 4-0 3-0 = 18; s1 5-3 1-0 1-1 4-3 = 18; s2 2-1 4-4 2-2 5-4 = 24;
#       s3 5-0 5-5 5-2 0-0 3-3 = 28 -> fewest 18 shared by seat 0 and seat 1: a draw.
DRAW_H = [
    ["4-2", "6-6", "3-2", "3-1", "6-3", "4-0", "3-0"],
    ["5-3", "2-0", "5-1", "1-0", "1-1", "4-3", "6-4"],
    ["6-1", "6-0", "2-1", "4-1", "4-4", "2-2", "5-4"],
    ["6-2", "5-0", "5-5", "5-2", "6-5", "0-0", "3-3"],
]
DRAW_A = [
    P(0, "6-6"),
    P(1, "6-4", "left"),
    P(2, "4-1"),
    P(3, "6-2"),  # 6|6 4|6 1|6 1|2
    P(0, "3-1"),
    P(1, "2-0"),
    P(2, "6-0"),
    P(3, "6-5"),  # 3|2 3|0 3|6 3|5
    P(0, "6-3"),
    P(1, "5-1"),
    P(2, "6-1", "right"),
    X(3),  # 6|5 6|1 6|6
    X(0),
    X(1),
    X(2),  # blocked
]
# TIE13: s0 5-5 1-1 6-1 5-4 = 28; s1 2-0 4-0 5-1 2-2 = 16; s2 5-2 4-4 1-0 6-2 = 24;
#        s3 0-0 4-2 4-1 5-0 = 16 -> seats 1 and 3 (team 1) share the fewest: team 1 wins,
#        representative seat 1 (lower seat number).
TIE13_H = [
    ["6-5", "6-3", "5-5", "6-6", "1-1", "6-1", "5-4"],
    ["2-0", "4-0", "4-3", "5-1", "5-3", "6-0", "2-2"],
    ["3-3", "3-1", "6-4", "5-2", "4-4", "1-0", "6-2"],
    ["3-0", "0-0", "2-1", "4-2", "4-1", "5-0", "3-2"],
]
TIE13_A = [
    P(0, "6-6"),
    P(1, "6-0", "left"),
    P(2, "6-4"),
    P(3, "3-0"),  # 6|6 0|6 0|4 3|4
    P(0, "6-3"),
    P(1, "4-3"),
    P(2, "3-1"),
    P(3, "2-1"),  # 6|4 6|3 6|1 6|2
    P(0, "6-5"),
    P(1, "5-3"),
    P(2, "3-3"),
    P(3, "3-2", "right"),  # 5|2 3|2 3|2 3|3
    X(0),
    X(1),
    X(2),
    X(3),  # blocked
]
# WIN3: s0 2-2 3-1 3-2 5-2 = 20; s1 4-4 5-3 5-1 4-0 = 26; s2 0-0 4-1 5-5 5-4 4-2 = 30;
#       s3 3-3 1-1 1-0 3-0 2-0 = 14 -> seat 3 alone has the fewest: team 1 wins, rep seat 3.
WIN3_H = [
    ["2-2", "3-1", "3-2", "6-6", "4-3", "6-5", "5-2"],
    ["5-0", "6-3", "4-4", "5-3", "6-2", "5-1", "4-0"],
    ["0-0", "4-1", "5-5", "2-1", "6-0", "5-4", "4-2"],
    ["3-3", "1-1", "6-4", "1-0", "3-0", "6-1", "2-0"],
]
WIN3_A = [
    P(0, "6-6"),
    P(1, "6-2", "left"),
    P(2, "2-1"),
    P(3, "6-1", "left"),  # 6|6 2|6 1|6 6|6
    P(0, "6-5", "left"),
    P(1, "5-0"),
    P(2, "6-0", "left"),
    P(3, "6-4", "left"),  # 5|6 0|6 6|6 4|6
    P(0, "4-3"),
    P(1, "6-3", "left"),
    X(2),
    X(3),  # 3|6 6|6
    X(0),
    X(1),  # blocked
]


def go2_round():
    return rnd(GO_H, GO2)


# ---------------------------------------------------------------------------------------------
# set and seats


def test_six_love_four_players_seven_each_all_dealt():
    res = replay(sl(rnd(GO_H, [P(0, "6-6")])))
    assert res["next"]["seat"] == 1
    bad = [h[:6] for h in GO_H]
    assert_malformed(record("six-love", [{"hands": bad, "stock": [h[6] for h in GO_H], "actions": []}]))


def test_six_love_no_drawing():
    assert_record_error(sl(rnd(GO_H, [P(0, "6-6"), D(1)])), 1, 2)


def test_six_love_play_passes_to_next_seat():
    # 6-6 holder seat 2 (GO rotated by 2): after its 6-6 seat 3 decides.
    h, a = rot(GO_H, [P(0, "6-6")], 2)
    res = replay(sl(rnd(h, a)))
    assert res["next"]["seat"] == 3


# opening


def test_six_love_first_round_double_six_holder_opens_with_it():
    h, _ = rot(GO_H, [], 2)
    res = replay(sl(rnd(h, [])))
    assert_next(res, 2, [P(2, "6-6")])
    assert_record_error(sl(rnd(h, [P(2, "6-2")])), 1, 1)
    assert_record_error(sl(rnd(h, [OP(2, 2)])), 1, 1)


def test_six_love_after_credited_round_representative_names_either_partner():
    # Round 1: seat 2 (GO rotated by 2) goes out: it is the representative and chooses 2 or 0.
    h, a = rot(GO_H, GO2, 2)
    res = replay(sl(rnd(h, a), rnd(GO_H, [])))
    assert res["rounds"][0]["winner"] == 2 and res["rounds"][0]["team"] == 0
    assert_next(res, 2, [OP(2, 2), OP(2, 0)])


def test_six_love_representative_cannot_name_an_opponent_and_partner_cannot_choose():
    h, a = rot(GO_H, GO2, 2)
    assert_record_error(sl(rnd(h, a), rnd(GO_H, [OP(2, 1)])), 2, 1)
    assert_record_error(sl(rnd(h, a), rnd(GO_H, [OP(0, 0)])), 2, 1)
    assert_record_error(sl(rnd(h, a), rnd(GO_H, [P(0, "6-6")])), 2, 1)


def test_six_love_named_opener_may_lead_any_tile():
    h, a = rot(GO_H, GO2, 2)
    # seat 2 names its partner seat 0, who leads with any of its tiles
    res = replay(sl(rnd(h, a), rnd(GO_H, [OP(2, 0)])))
    assert_next(res, 0, legal_tiles(0, GO_H[0]))
    # seat 2 names itself; in round 2's deal seat 2 holds 5-5 0-5 0-4 1-1 1-2 1-3 1-4
    res = replay(sl(rnd(h, a), rnd(GO_H, [OP(2, 2)])))
    assert_next(res, 2, legal_tiles(2, GO_H[2]))


def test_six_love_representative_after_block_is_winning_player_with_fewest_pips():
    # WIN3: seat 3 has the fewest pips (14): team 1 wins, seat 3 chooses.
    res = replay(sl(rnd(WIN3_H, WIN3_A), rnd(GO_H, [])))
    r = res["rounds"][0]
    assert (r["end"], r["team"], r["points"]) == ("blocked", 1, 1)
    assert_next(res, 3, [OP(3, 3), OP(3, 1)])


def test_six_love_representative_partners_tied_lower_seat_chooses():
    # TIE13: seats 1 and 3 both have 16: team 1 wins, seat 1 chooses.
    res = replay(sl(rnd(TIE13_H, TIE13_A), rnd(GO_H, [])))
    r = res["rounds"][0]
    assert (r["end"], r["team"], r["points"]) == ("blocked", 1, 1)
    assert r["totals"] == [28, 16, 24, 16]
    assert_next(res, 1, [OP(1, 1), OP(1, 3)])


def test_six_love_after_draw_round_double_six_opens():
    h, _ = rot(GO_H, [], 1)  # 6-6 with seat 1 in round 2
    res = replay(sl(rnd(DRAW_H, DRAW_A), rnd(h, [])))
    assert_next(res, 1, [P(1, "6-6")])


# turn


def test_six_love_play_if_possible_otherwise_pass():
    res = replay(sl(rnd(GO_H, [P(0, "6-6")])))
    assert_next(res, 1, [X(1)])  # seat 1 has no 6
    res = replay(sl(rnd(GO_H, [P(0, "6-6"), X(1), X(2), X(3), P(0, "6-2", "right")])))
    assert_next(res, 1, [P(1, "5-2"), P(1, "2-0")])  # ends 6|2
    assert_record_error(sl(rnd(GO_H, [P(0, "6-6"), X(1), X(2), X(3), P(0, "6-2", "right"), X(1)])), 1, 6)


# round end and points


def test_six_love_going_out_team_wins():
    res = replay(sl(go2_round()))
    r = res["rounds"][0]
    assert r["end"] == "domino"
    assert r["winner"] == 0
    assert r["team"] == 0
    assert r["totals"] == [0, 6, 18, 36]


def test_six_love_going_out_with_both_ends_hard_scores_two():
    # Last tile 6-5 onto ends 5|6. On the line: 6-6 6-2 6-3 6-4 6-0 6-1 = 7 faces of 6 and
    # 5-2 5-5 5-3 5-4 5-0 5-1 = 7 faces of 5: both ends hard -> 2 points.
    r = replay(sl(go2_round()))["rounds"][0]
    assert r["points"] == 2
    assert r["scores"] == [2, 0]


def test_six_love_going_out_with_a_double_scores_one():
    # Round 2: seat 0 names itself, leads 6-2 and goes out with 6-6 (a double never earns 2).
    res = replay(sl(go2_round(), rnd(GO_H, [OP(0, 0)] + GO_DBL_BODY)))
    r = res["rounds"][1]
    assert (r["end"], r["winner"], r["team"], r["points"]) == ("domino", 0, 0, 1)
    assert r["totals"] == [0, 6, 18, 36]


def test_six_love_points_added_while_opponents_have_zero():
    res = replay(sl(go2_round(), rnd(GO_H, [OP(0, 0)] + GO_DBL_BODY)))
    assert res["rounds"][0]["scores"] == [2, 0]
    assert res["rounds"][1]["scores"] == [3, 0]  # 2 + 1


def test_six_love_blocked_fewest_pips_in_own_hand_wins_one_point():
    r = replay(sl(rnd(WIN3_H, WIN3_A)))["rounds"][0]
    assert r["end"] == "blocked"
    assert r["winner"] == 3
    assert r["team"] == 1
    assert r["points"] == 1
    assert r["totals"] == [20, 26, 30, 14]
    assert r["scores"] == [0, 1]


def test_six_love_blocked_needs_four_consecutive_passes():
    res = replay(sl(rnd(WIN3_H, WIN3_A[:-1])))
    assert res["rounds"][0]["end"] is None
    assert_next(res, 1, [X(1)])


def test_six_love_blocked_fewest_shared_by_both_teams_is_a_draw():
    res = replay(sl(rnd(DRAW_H, DRAW_A)))
    r = res["rounds"][0]
    assert r["end"] == "blocked"
    assert r["winner"] is None
    assert r["team"] is None
    assert r["points"] == 0
    assert r["totals"] == [18, 18, 24, 28]
    assert r["scores"] == [0, 0]


def test_six_love_draw_keeps_the_scores():
    # Round 1: team 0 scores 2 (seat 0 went out and names seat 2, who leads 6-6 by choice).
    h, a = rot(DRAW_H, DRAW_A, 2)  # round 2: the DRAW block moved two seats on
    res = replay(sl(go2_round(), rnd(h, [OP(0, 2)] + a)))
    assert res["rounds"][1]["winner"] is None
    assert res["rounds"][1]["scores"] == [2, 0]


def test_six_love_knock_back_resets_both_scores():
    # Round 1: team 0 scores 2. Round 2: seat 0 names itself, leads 6-6 and the WIN3 block
    # follows: team 1 wins while team 0 has 2 -> both scores back to 0, not credited.
    res = replay(sl(go2_round(), rnd(WIN3_H, [OP(0, 0)] + WIN3_A)))
    r = res["rounds"][1]
    assert r["end"] == "blocked"
    assert r["team"] == 1
    assert r["scores"] == [0, 0]


def test_six_love_after_knock_back_next_round_opens_with_double_six():
    h, _ = rot(GO_H, [], 3)  # 6-6 with seat 3 in round 3
    res = replay(sl(go2_round(), rnd(WIN3_H, [OP(0, 0)] + WIN3_A), rnd(h, [])))
    assert_next(res, 3, [P(3, "6-6")])


def test_six_love_reaching_six_wins_the_match():
    # Team 0 scores 2 three times: 2, 4, 6 -> team 0 wins the match.
    again_ = rnd(GO_H, [OP(0, 0)] + GO2)
    res = replay(sl(go2_round(), again_, again_))
    assert [r["scores"] for r in res["rounds"]] == [[2, 0], [4, 0], [6, 0]]
    assert res["rounds"][2]["points"] == 2
    assert res["match_winner"] == 0


def test_six_love_next_match_starts_at_zero_and_winning_team_names_opener():
    again_ = rnd(GO_H, [OP(0, 0)] + GO2)
    res = replay(sl(go2_round(), again_, again_, rnd(GO_H, [])))
    assert_next(res, 0, [OP(0, 0), OP(0, 2)])
    res = replay(sl(go2_round(), again_, again_, again_))
    assert res["rounds"][3]["scores"] == [2, 0]  # fresh match: 0 + 2


# ONEHARD: seat 0 goes out with 3-0 onto ends 0|3. The 3 end is hard (4-3 5-3 3-2 3-1 6-3 3-3
# = 7 faces of 3 on the line) but the 0 end is not (1-0 2-0 5-0 0-0 = 5 faces; 4-0 and 6-0 are
# still in hands): 1 point. Left: s1 4-0 = 4; s2 6-4 4-4 = 18; s3 6-0 = 6.
ONEHARD_H = [
    ["6-2", "3-0", "3-3", "1-0", "4-1", "6-6", "3-2"],
    ["6-5", "2-1", "6-3", "3-1", "4-0", "2-2", "5-0"],
    ["6-4", "5-4", "4-3", "5-2", "5-1", "4-4", "2-0"],
    ["6-0", "5-5", "4-2", "1-1", "6-1", "5-3", "0-0"],
]
ONEHARD_A = [
    P(0, "6-6"),
    P(1, "6-5", "left"),
    P(2, "5-2"),
    P(3, "6-1"),  # 6|6 5|6 2|6 2|1
    P(0, "4-1"),
    P(1, "2-2"),
    P(2, "4-3"),
    P(3, "5-3"),  # 2|4 2|4 2|3 2|5
    P(0, "3-2"),
    P(1, "3-1"),
    P(2, "5-1", "right"),
    P(3, "1-1", "left"),  # 3|5 1|5 1|1 1|1
    P(0, "1-0", "left"),
    P(1, "2-1"),
    P(2, "2-0", "left"),
    P(3, "4-2", "left"),  # 0|1 0|2 2|2 4|2
    P(0, "6-2"),
    P(1, "6-3"),
    P(2, "5-4"),
    P(3, "5-5"),  # 4|6 4|3 5|3 5|3
    P(0, "3-3"),
    P(1, "5-0"),
    X(2),
    P(3, "0-0"),  # 5|3 0|3 0|3 0|3
    P(0, "3-0", "right"),  # out
]

# MINE: seat 0 has the fewest pips in its own hand (1-1 4-2 2-2 2-1 = 15) although its team's
# combined pips are higher (15 + 41 = 56 against 17 + 17 = 34): team 0 wins.
MINE_H = [
    ["6-0", "1-1", "6-1", "4-2", "6-6", "2-2", "2-1"],
    ["6-5", "4-0", "6-4", "6-3", "4-4", "2-0", "3-0"],
    ["5-4", "5-2", "4-1", "4-3", "5-3", "5-5", "5-0"],
    ["0-0", "3-2", "1-0", "3-3", "5-1", "6-2", "3-1"],
]
MINE_A = [
    P(0, "6-6"),
    P(1, "6-4", "left"),
    P(2, "4-1"),
    P(3, "6-2"),  # 6|6 4|6 1|6 1|2
    P(0, "6-1"),
    P(1, "6-5"),
    P(2, "5-0"),
    P(3, "3-2"),  # 6|2 5|2 0|2 0|3
    P(0, "6-0"),
    P(1, "6-3", "right"),
    X(2),
    X(3),  # 6|3 6|6
    X(0),
    X(1),  # blocked
]


def test_six_love_going_out_with_only_one_hard_end_scores_one():
    r = replay(sl(rnd(ONEHARD_H, ONEHARD_A)))["rounds"][0]
    assert (r["end"], r["winner"], r["team"]) == ("domino", 0, 0)
    assert r["totals"] == [0, 4, 18, 6]
    assert r["points"] == 1
    assert r["scores"] == [1, 0]


def test_six_love_blocked_partner_pips_do_not_count():
    r = replay(sl(rnd(MINE_H, MINE_A)))["rounds"][0]
    assert r["end"] == "blocked"
    assert r["totals"] == [15, 17, 41, 17]
    assert (r["winner"], r["team"], r["points"]) == (0, 0, 1)
    assert r["scores"] == [1, 0]


def test_six_love_no_escalating_bonus_after_repeated_draws():
    # two drawn rounds (each reopened with 6-6), then the WIN3 block: still worth 1
    h, a = rot(DRAW_H, DRAW_A, 2)
    res = replay(sl(rnd(DRAW_H, DRAW_A), rnd(h, a), rnd(WIN3_H, WIN3_A)))
    assert [r["winner"] for r in res["rounds"]] == [None, None, 3]
    assert res["rounds"][2]["points"] == 1
    assert res["rounds"][2]["scores"] == [0, 1]
