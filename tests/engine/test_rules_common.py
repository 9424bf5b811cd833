"""RULES.md "Common to every profile" and RECORD.md conventions, through engine.replay / the CLI."""

import json
import subprocess
import sys
from pathlib import Path

from records import D, P, X, assert_malformed, assert_next, assert_record_error, record, replay, rnd

import engine

ROOT = Path(__file__).resolve().parents[2]

# A 2-player `draw` deal without doubles. Heaviest tiles dealt: 6-3 (seat 1) and 5-4 (seat 0),
# both 9 pips; 6-3 has the larger high half, so seat 1 leads with it.
NODBL = [["5-4", "6-2", "5-3", "4-2", "3-1", "2-0", "1-0"], ["6-3", "6-1", "6-0", "5-2", "5-1", "4-3", "3-2"]]

# A 2-player `block` deal: seat 0 leads 6-6 (highest double). Seat 1 holds 6-5 and 6-3 but
# nothing with a 4 or a 5 besides 6-5.
DBL = [["6-6", "6-4", "0-0", "0-1", "1-1", "0-2", "4-0"], ["6-5", "6-3", "3-3", "2-2", "3-2", "3-1", "2-1"]]


def draw2(actions, hands=NODBL):
    return record("draw", [rnd(hands, actions)], players=2)


def block2(actions, hands=DBL):
    return record("block", [rnd(hands, actions)], players=2)


# ---- The line ------------------------------------------------------------------------------


def test_line_first_tile_written_x_y_shows_x_left_and_y_right():
    # Seat 1 leads the heaviest tile 6-3, written "3-6": left end 3, right end 6.
    # Seat 0's 6-2 then fits the right end only (right end becomes 2): ends 3 | 2.
    res = replay(draw2([P(1, "3-6"), P(0, "6-2", "right")]))
    # Seat 1 (6-1 6-0 5-2 5-1 4-3 3-2): 4-3 on the 3, 5-2 on the 2, 3-2 on either end
    # (left -> ends 2|2, right -> ends 3|3: different lines, so both ends are offered).
    assert_next(res, 1, [P(1, "4-3"), P(1, "5-2"), P(1, "3-2", "left"), P(1, "3-2", "right")])


def test_line_first_tile_orientation_makes_other_end_illegal():
    # "3-6" leaves 3 on the left; 6-2 does not fit the left end.
    assert_record_error(draw2([P(1, "3-6"), P(0, "6-2", "left")]), 1, 2)


def test_line_first_tile_written_other_way_round():
    # "6-3": left 6, right 3; 6-2 now goes left -> ends 2 | 3, same choices for seat 1.
    res = replay(draw2([P(1, "6-3"), P(0, "6-2", "left")]))
    assert_next(res, 1, [P(1, "4-3"), P(1, "5-2"), P(1, "3-2", "left"), P(1, "3-2", "right")])


def test_line_tile_fitting_both_ends_differently_requires_end():
    # ends 3 | 2 and seat 1 plays 3-2 without naming the end: action 3 is rejected.
    assert_record_error(draw2([P(1, "3-6"), P(0, "6-2", "right"), P(1, "3-2")]), 1, 3)


def test_line_matching_half_touches_the_chosen_end():
    # ends 3 | 2. 3-2 on the left end (3 touches 3) leaves ends 2 | 2:
    # seat 0 (5-4 5-3 4-2 3-1 2-0 1-0) can play 4-2 or 2-0 (equal ends: no end choice).
    res = replay(draw2([P(1, "3-6"), P(0, "6-2", "right"), P(1, "3-2", "left")]))
    assert_next(res, 0, [P(0, "4-2"), P(0, "2-0")])
    # 3-2 on the right end (2 touches 2) leaves ends 3 | 3: seat 0 can play 5-3 or 3-1.
    res = replay(draw2([P(1, "3-6"), P(0, "6-2", "right"), P(1, "3-2", "right")]))
    assert_next(res, 0, [P(0, "5-3"), P(0, "3-1")])


def test_line_unnamed_tile_on_equal_ends_goes_right_as_in_the_record_example():
    # RECORD.md's example: 6-6 opens, seat 1 plays 6-5 naming no end (both ends show 6, so the
    # choice only mirrors the line), then seat 0 plays 5-4 on the *right* end: the 5 is there.
    hands = [
        ["6-6", "5-4", "3-1", "0-0", "2-2", "6-1", "4-3"],
        ["6-5", "5-5", "2-0", "1-1", "6-2", "4-4", "3-3"],
    ]
    res = replay(record("draw", [rnd(hands, [P(0, "6-6"), P(1, "6-5"), P(0, "5-4", "right")])], players=2))
    # ends 6 | 4: seat 1 must play 6-2 (left) or 4-4 (right)
    assert_next(res, 1, [P(1, "6-2"), P(1, "4-4")])
    # named left instead, 5-4 does not fit (the left end shows 6)
    assert_record_error(
        record("draw", [rnd(hands, [P(0, "6-6"), P(1, "6-5"), P(0, "5-4", "left")])], players=2), 1, 3
    )
    # the line as the table draws it: 6-6 then 6-5 to its right
    m = engine.Match.from_record(record("draw", [rnd(hands, [P(0, "6-6"), P(1, "6-5")])], players=2))
    assert m.state.line_tiles() == [(6, 6), (6, 5)]


def test_line_end_named_on_the_opening_tile_is_ignored():
    # RECORD.md: `end` is optional where the tile does not fit two ends differently; the first
    # tile has no ends yet, so a named end changes nothing: ends 3 | 6 as written.
    for end in ("left", "right"):
        res = replay(draw2([P(1, "3-6", end)]))
        assert_next(res, 0, [P(0, "6-2"), P(0, "5-3"), P(0, "3-1")])
    m = engine.Match.from_record(draw2([P(1, "3-6", "left")]))
    assert m.state.line_tiles() == [(3, 6)]
    assert m.to_record()["rounds"][0]["actions"] == [{"seat": 1, "play": "3-6", "end": "left"}]


def test_line_tile_must_match_an_end():
    # ends 3 | 6; 5-4 matches neither.
    assert_record_error(draw2([P(1, "3-6"), P(0, "5-4")]), 1, 2)


def test_line_double_laid_in_line_opens_no_extra_ends():
    # block: 6-6 (ends 6|6), 6-5 on the right (6|5), 6-4 on the left (4|5).
    # The double is just part of the line: no third/fourth end shows 6, so seat 1's 6-3 cannot
    # be played and seat 1 (no 4, no 5 left) must pass.
    res = replay(block2([P(0, "6-6"), P(1, "6-5", "right"), P(0, "6-4", "left")]))
    assert_next(res, 1, [X(1)])


def test_line_double_cannot_take_a_second_tile_on_its_side():
    assert_record_error(block2([P(0, "6-6"), P(1, "6-5", "right"), P(0, "6-4", "left"), P(1, "6-3")]), 1, 4)


# ---- Must play -----------------------------------------------------------------------------


def test_must_play_any_fitting_tile_of_choice():
    # ends 6|6 after 6-6: seat 1 may play either of its 6s; passing is not offered.
    res = replay(block2([P(0, "6-6")]))
    assert_next(res, 1, [P(1, "6-5"), P(1, "6-3")])
    replay(block2([P(0, "6-6"), P(1, "6-3")]))  # the other choice is legal too


def test_must_play_pass_while_a_tile_fits_is_illegal():
    assert_record_error(block2([P(0, "6-6"), X(1)]), 1, 2)


def test_must_play_draw_while_a_tile_fits_is_illegal():
    # draw: ends 3|6 after "3-6"; seat 0 holds 5-3 and 6-2, so drawing is illegal.
    assert_record_error(draw2([P(1, "3-6"), D(0)]), 1, 2)


# ---- Record conventions (RECORD.md) -------------------------------------------------------


def test_record_tile_written_b_a_is_the_same_tile():
    flipped = [[f"{t[2]}-{t[0]}" for t in hand] for hand in NODBL]
    res = replay(draw2([P(1, "3-6"), P(0, "2-6", "right")], hands=flipped))
    assert_next(res, 1, [P(1, "4-3"), P(1, "5-2"), P(1, "3-2", "left"), P(1, "3-2", "right")])


def test_record_tile_written_low_half_first_needs_no_end_where_only_one_end_fits():
    # ends 3|6 after "3-6"; "2-6" (= 6-2) fits the right end only, so no end is needed.
    res = replay(draw2([P(1, "3-6"), P(0, "2-6")]))
    assert_next(res, 1, [P(1, "4-3"), P(1, "5-2"), P(1, "3-2", "left"), P(1, "3-2", "right")])


def test_record_may_end_anywhere_unfinished_round_has_null_end():
    res = replay(block2([P(0, "6-6"), P(1, "6-5", "right")]))
    assert len(res["rounds"]) == 1
    assert res["rounds"][0]["end"] is None
    assert res["match_winner"] is None
    assert res["next"]["seat"] == 0


def test_record_with_no_actions_names_the_opener():
    res = replay(block2([]))
    assert_next(res, 0, [P(0, "6-6")])


def test_record_action_by_wrong_seat_is_illegal():
    assert_record_error(block2([P(0, "6-6"), P(0, "6-4")]), 1, 2)


def test_record_tile_not_in_hand_is_illegal():
    # 6-2 is out of play (not in seat 1's hand).
    assert_record_error(block2([P(0, "6-6"), P(1, "6-2")]), 1, 2)


def test_record_action_after_round_end_is_illegal():
    # block: 6-6, both pass -> blocked round over after action 3; a 4th action is illegal.
    hands = [
        ["6-6", "0-0", "0-1", "0-2", "1-1", "1-2", "0-3"],
        ["5-5", "4-4", "5-4", "3-3", "2-2", "5-3", "4-3"],
    ]
    rec = block2([P(0, "6-6"), X(1), X(0), X(1)], hands=hands)
    assert_record_error(rec, 1, 4)


def test_record_error_names_the_round():
    # Round 1: blocked (seat 0 wins). Round 2: seat 1 acts first although seat 0 leads.
    hands = [
        ["6-6", "0-0", "0-1", "0-2", "1-1", "1-2", "0-3"],
        ["5-5", "4-4", "5-4", "3-3", "2-2", "5-3", "4-3"],
    ]
    rec = record("block", [rnd(hands, [P(0, "6-6"), X(1), X(0)]), rnd(hands, [P(1, "5-5")])], players=2)
    assert_record_error(rec, 2, 1)


def test_record_deal_with_duplicate_tile_is_malformed():
    hands = [list(DBL[0]), list(DBL[1])]
    hands[1][6] = "6-6"  # 6-6 twice, 2-1 missing
    rec = record("block", [{"hands": hands, "stock": rnd(DBL)["stock"], "actions": []}], players=2)
    assert_malformed(rec)


def test_record_unknown_tile_is_malformed():
    hands = [list(DBL[0]), list(DBL[1])]
    hands[1][6] = "7-1"
    rec = record("block", [{"hands": hands, "stock": rnd(DBL)["stock"], "actions": []}], players=2)
    assert_malformed(rec)


def test_record_unknown_profile_is_malformed():
    rec = block2([])
    rec["profile"] = "chess"
    assert_malformed(rec)


def test_record_profile_that_is_not_a_name_is_malformed():
    for bad in (["block"], {"name": "block"}, 3, None):
        rec = block2([])
        rec["profile"] = bad
        assert_malformed(rec)


def _gaple_record(**options):
    return {"format": "domino-record/1", "profile": "gaple", "options": options, "rounds": []}


def test_record_options_may_say_on_and_off_as_rules_md_does():
    # RULES.md: "discard: on (default) or off", "blank25: off (default) or on"
    for written, value in (("off", False), ("on", True), ("OFF", False)):
        assert engine.Match.from_record(_gaple_record(discard=written)).options["discard"] is value
    assert_malformed(_gaple_record(blank25="maybe"))


def test_record_gaple_players_must_match_its_deal():
    assert engine.Match.from_record(_gaple_record(players=4)).state.players == 4
    assert engine.Match.from_record(_gaple_record(deal="5x5", players=5)).state.players == 5
    assert_malformed(_gaple_record(players=5))


def test_record_unknown_action_kind_is_illegal():
    assert_record_error(block2([P(0, "6-6"), {"seat": 1, "jump": True}]), 1, 2)


def test_record_action_with_unknown_tile_is_illegal():
    assert_record_error(block2([P(0, "6-6"), P(1, "9-6")]), 1, 2)


def test_record_action_with_bad_end_is_illegal():
    # ends 6|5 after 6-6 and 6-5; seat 0's 6-4 fits the left end; "middle" is no end
    assert_record_error(block2([P(0, "6-6"), P(1, "6-5", "right"), P(0, "6-4", "middle")]), 1, 3)


def test_record_action_by_unknown_seat_is_illegal():
    assert_record_error(block2([P(0, "6-6"), P(2, "6-5")]), 1, 2)


# ---- CLI -----------------------------------------------------------------------------------


def _cli(args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "engine", "replay", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_cli_replay_prints_json_and_exits_0(tmp_path):
    rec = block2([P(0, "6-6"), P(1, "6-5", "right")])
    f = tmp_path / "game.json"
    f.write_text(json.dumps(rec))
    proc = _cli([str(f)])
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out == engine.replay(rec)
    assert out["rounds"][0]["end"] is None
    assert out["next"]["seat"] == 0


def test_cli_replay_reads_standard_input():
    rec = block2([P(0, "6-6")])
    proc = _cli(["-"], stdin=json.dumps(rec))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["next"]["seat"] == 1


def test_cli_replay_unreadable_input_exits_2_with_a_message(tmp_path):
    cases = {
        "latin.json": b"\xff\xfe{}",
        "deep.json": b"[" * 100_000 + b"]" * 100_000,
        "digits.json": b'{"format": "domino-record/1", "profile": "draw", "rounds": [{"seed": '
        + b"9" * 5000
        + b"}]}",
    }
    for name, data in cases.items():
        f = tmp_path / name
        f.write_bytes(data)
        proc = _cli([str(f)])
        assert proc.returncode == 2, (name, proc.stderr)
        assert proc.stdout == ""
        assert proc.stderr.startswith("record: "), (name, proc.stderr)
        assert "Traceback" not in proc.stderr


def test_cli_replay_illegal_record_exits_2_with_message_on_stderr(tmp_path):
    rec = block2([P(0, "6-6"), X(1)])  # seat 1 holds 6-5 and 6-3: cannot pass
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(rec))
    proc = _cli([str(f)])
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "round 1, action 2" in proc.stderr
