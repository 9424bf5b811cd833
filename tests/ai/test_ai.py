"""Computer players and hints (the players package): they decide from a seat's view only.

The same-information test re-deals the hidden tiles of many positions eight ways the seat cannot
tell apart and checks that every level and the hint answer identically (fixed seed and budget).
`scripts/bench ai --same-info 1000` runs the same check on 1,000 positions per profile.
"""

import json
import random
from pathlib import Path

import pytest

from engine import Match, legal_actions, view_for
from players import ViewError, choose, hint
from players.sameinfo import alternatives, check, positions
from players.world import Knowledge

ROOT = Path(__file__).resolve().parents[2]
LOCALES = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in (ROOT / "locales").glob("*.json")}

TABLES = [
    ("block", {"players": 2}),
    ("block", {"players": 3}),
    ("draw", {"players": 2}),
    ("draw", {"players": 4}),
    ("gaple", {}),
    ("gaple", {"deal": "5x5"}),
    ("gaple", {"deal": "4x6", "partners": True}),
    ("six-love", {}),
    ("mexican-train", {"players": 4}),
    ("mexican-train", {"players": 9}),
]
IDS = [f"{p}-{'-'.join(f'{k}{v}' for k, v in o.items())}" for p, o in TABLES]


def catalogue_texts(cat, reason):
    """The texts a catalogue may show for a reason: the key itself, or with a `count` its plural
    forms (`key.other` at least, which the client falls back on)."""
    key = reason["key"]
    if "count" in reason["params"]:
        assert f"{key}.other" in cat, (key, reason)
        return [v for k, v in cat.items() if k.rsplit(".", 1)[0] == key]
    assert key in cat, reason
    return [cat[key]]


def test_refuses_anything_but_a_seat_view():
    m = Match("block", {"players": 2})
    m.start_round(seed=1)
    state = m.state
    with pytest.raises(ViewError):
        choose(state, "hard", 1)
    with pytest.raises(ViewError):
        choose(view_for(state, None), "hard", 1)
    with pytest.raises(ViewError):
        choose(view_for(state, 1 - state.turn), "hard", 1)
    with pytest.raises(ValueError):
        choose(view_for(state, state.turn), "grandmaster", 1)


@pytest.mark.parametrize("profile,options", TABLES, ids=IDS)
def test_every_level_plays_legal_moves_with_translatable_reasons(profile, options):
    for game in range(2):
        m = Match(profile, dict(options))
        lot = profile == "gaple" and options.get("deal", "4x7") != "4x7"
        m.start_round(seed=40 + game, opener=0 if lot else None)
        st = m.state
        k = 0
        while st.phase == "play":
            v = view_for(st, st.turn)
            level = ("easy", "medium", "hard")[(st.turn + game) % 3]
            action, reason = choose(v, level, k, budget=12 if level == "hard" else None)
            assert action in v["legal"]
            for cat in LOCALES.values():
                for text in catalogue_texts(cat, reason):
                    text.format(**reason["params"])  # every placeholder is given
            st = m.act(action)
            k += 1


def test_the_ai_stream_is_its_own():
    m = Match("draw", {"players": 2})
    m.start_round(seed=3)
    v = view_for(m.state, m.state.turn)
    random.seed(5)
    before = random.getstate()
    first = choose(v, "hard", 11)
    assert random.getstate() == before  # the global (dealer-side) stream is untouched
    assert choose(v, "hard", 11) == first
    assert hint(v, 11) == first


@pytest.mark.parametrize("profile,options", TABLES, ids=IDS)
def test_sampled_worlds_are_indistinguishable(profile, options):
    for state, seat in positions(profile, options, 25, seed=1):
        view = view_for(state, seat)
        K = Knowledge(view)
        rng = random.Random(0)
        for _ in range(3):
            w = K.world(rng)
            assert w is not None
            got = view_for(w, seat)
            got["dealt"], want_dealt = sorted(got["dealt"]), sorted(view["dealt"])
            assert dict(view, dealt=want_dealt) == got


SAME_INFO = {"mexican-train": 5}


@pytest.mark.parametrize("profile,options", TABLES, ids=IDS)
def test_same_information_same_choice(profile, options):
    count = SAME_INFO.get(profile, 8)
    rng = random.Random(2)
    for state, seat in positions(profile, options, count, seed=2):
        alts = alternatives(state, seat, 8, rng)
        assert len(alts) == 8
        assert check(state, seat, alts, seed=9, budget=12) == []


def endgames(profile, options, rng, deals=40):
    """Real endgames: each of `deals` rounds played at random down to 9 tiles in hands (the
    rounds that ended before are skipped)."""
    from engine import apply, new_game, start_round
    from players.play import hands_left

    for seed in range(deals):
        state = start_round(new_game(profile, options), seed=seed)
        while state.phase == "play" and hands_left(state) > 9:
            state = apply(state, rng.choice(legal_actions(state)))
        if state.phase == "play":
            yield state


def exact_endgames(profile, options, rng):
    """(state, seat, value) for every seat of `endgames` whose plain exact search fits its
    budget: the value the search by points gives that seat."""
    from players.play import _Budget, _exact, team_of

    for state in endgames(profile, options, rng):
        for me in range(state.players):
            try:
                yield state, me, _exact(state, me, team_of(state, me), [200_000])
            except _Budget:
                continue


@pytest.mark.parametrize(
    "profile,options",
    [("block", {"players": 2}), ("draw", {"players": 2}), ("gaple", {}), ("six-love", {})],
    ids=["block-2p", "draw-2p", "gaple-4x7", "six-love"],
)
def test_endgame_search_with_a_table_finds_the_plain_search_value(profile, options):
    """The transposition table only saves work: on real endgames (random play down to a few
    tiles), every seat's exact value is the one the plain alpha-beta search finds."""
    from players.play import _exact, team_of

    compared = 0
    for state, me, plain in exact_endgames(profile, options, random.Random(7)):
        seen = {}
        assert _exact(state, me, team_of(state, me), [200_000], seen) == plain
        assert _exact(state, me, team_of(state, me), [200_000], seen) == plain  # warm
        compared += 1
    assert compared >= 20


@pytest.mark.parametrize(
    "profile,options",
    [("block", {"players": 2}), ("draw", {"players": 2}), ("six-love", {})],
    ids=["block-2p", "draw-2p", "six-love"],
)
def test_search_by_who_wins_finds_who_wins_with_best_play(profile, options):
    """Valuing a finished round only by who wins (1, 1/2, 0) gives the class of the value that
    also counts the points (a win is worth at least 1, a tie 1/2, a loss at most 0): only
    the points are lost, never who wins with best play; with a table too, cold and warm."""
    from players.play import _exact, team_of

    compared = {0.0: 0, 1.0: 0}
    for state, me, points in exact_endgames(profile, options, random.Random(11)):
        who = 1.0 if points >= 1.0 else 0.5 if points == 0.5 else 0.0
        assert _exact(state, me, team_of(state, me), [200_000], outcome=True) == who
        seen = {}
        assert _exact(state, me, team_of(state, me), [200_000], seen, outcome=True) == who
        assert _exact(state, me, team_of(state, me), [200_000], seen, outcome=True) == who
        compared[who] = compared.get(who, 0) + 1
    assert compared[0.0] >= 5 and compared[1.0] >= 5


@pytest.mark.parametrize(
    "profile,options",
    [("draw", {"players": 2}), ("block", {"players": 3}), ("gaple", {"deal": "4x6"}), ("six-love", {})],
    ids=["draw-2p", "block-3p", "gaple-4x6", "six-love"],
)
def test_knowledge_follows_the_line_as_the_engine_lays_it(profile, options):
    """The computer replays the public history to know the open ends: they must be the engine's,
    whichever end an unnamed tile on equal ends went to."""
    rng = random.Random(5)
    for game in range(12):
        m = Match(profile, options)
        m.start_round(seed=game, opener=game % 4 if profile == "gaple" else None)
        state = m.state
        while state.phase == "play":
            K = Knowledge(view_for(state, state.turn))
            assert (K.left, K.right) == (state.left, state.right)
            state = m.act(rng.choice(legal_actions(state)))


def test_reading_the_plays_weighs_worlds_by_how_likely_each_play_was():
    """hard weighs a sampled world by the other seats' plays (players tend to shed weight): the
    odds of the tiles a seat could play sum to one and favour the heavier; a world in which the
    opponent passed over a heavier tile that fitted weighs less than one where it had none."""
    import math

    from engine import apply, new_game, start_round
    from players.world import _play_odds

    rng = random.Random(3)
    checked = 0
    for seed in range(30):
        state = start_round(new_game("block", {"players": 2}), seed=seed)
        while state.phase == "play":
            acts = legal_actions(state)
            tiles = sorted(
                {a.tile.index for a in acts if a.kind == "play"}, key=lambda i: state.ctx.ts.pips[i]
            )
            if len(tiles) > 1 and state.ctx.ts.pips[tiles[0]] < state.ctx.ts.pips[tiles[-1]]:
                odds = [_play_odds(state, i, 0.5) for i in tiles]
                assert math.fsum(math.exp(o) for o in odds) == pytest.approx(1.0)
                assert odds[0] < odds[-1] <= 0.0
                checked += 1
            state = apply(state, rng.choice(acts))
    assert checked >= 20

    # the second seat answers the opening double with its lightest fitting tile; the opener, to act
    # again, weighs each world by that play: 1 where nothing else fitted, less where the
    # opponent passed over other fitting tiles, least where it passed over the heavy one.
    for seed in range(300):
        m = Match("block", {"players": 2})
        m.start_round(seed=seed)
        st = m.act(legal_actions(m.state)[0].to_json())  # the opening double (forced)
        plays = [a for a in legal_actions(st) if a.kind == "play"]
        if not plays:
            continue
        light = min(plays, key=lambda a: a.tile.pips)
        heavy = max(plays, key=lambda a: a.tile.pips)
        if heavy.tile.pips > light.tile.pips:
            break
    else:
        pytest.fail("no deal where the second seat had a choice")
    ts = st.ctx.ts
    fits = ts.suit[st.left] | ts.suit[st.right]
    opponent = st.turn
    st = m.act(light.to_json())
    K = Knowledge(view_for(st, st.turn))
    rng = random.Random(1)
    weights = {True: [], False: []}
    for _ in range(300):
        w = K.world(rng, reading=0.5)
        assert w is not None
        dealt = sum(1 << t.index for t in w.ctx.deal.hands[opponent])
        others = dealt & fits & ~(1 << light.tile.index)
        assert (K.weight == 1.0) == (others == 0)
        weights[bool(dealt >> heavy.tile.index & 1)].append(K.weight)
    assert weights[True] and weights[False]
    assert max(weights[True]) < 1.0
    assert sum(weights[True]) / len(weights[True]) < sum(weights[False]) / len(weights[False])
