"""The OpenSpiel wrapper of the engine's games (players/openspiel_game.py), which
`scripts/bench ai --ismcts` measures hard against: games played through the wrapper end as the
engine's own, and its determinizer never deals a hand that contradicts a pass, a draw or the
round-one opening. open_spiel is a benchmark dependency only (`scripts/bench ai --ismcts` and
`scripts/bench engine` install it); without it these tests are skipped with that reason."""

import random
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel is not installed (scripts/bench ai --ismcts installs it)"
)

from engine import Action, Match, deal_from_seed, view_for  # noqa: E402
from engine.tiles import bits, tile_set  # noqa: E402
from players import heaviest  # noqa: E402
from players import openspiel_game as og  # noqa: E402

TS = tile_set(6)
GAMES = [("domino_block_2p", "block", {"players": 2}), ("domino_draw_4p", "draw", {"players": 4})]


def to_json(state, aid):
    """The engine's action (RECORD.md form) behind an OpenSpiel action id of `state`."""
    view = view_for(state._engine, state.current_player())
    (a,) = [a for a in view["legal"] if og.action_id(Action.from_json(a)) == aid]
    return a


@pytest.mark.parametrize("name,profile,options", GAMES)
def test_wrapper_games_end_as_the_engine_says(name, profile, options):
    rng = random.Random(5)
    for seed in range(1, 7):
        game = pyspiel.load_game(name, {"seed": seed})
        state = game.new_initial_state()
        match = Match(profile, dict(options))
        match.start_round(seed=seed)
        while not state.is_terminal():
            assert state.current_player() == match.state.turn
            legal = state.legal_actions()
            assert len(legal) == len(view_for(match.state, match.state.turn)["legal"])
            aid = rng.choice(legal)
            match.act(to_json(state, aid))
            state.apply_action(aid)
        assert match.state.phase != "play"
        winner = match.state.result["winner"]
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0)
        if winner is None:
            assert returns == [0.0] * len(returns)
        else:
            assert returns[winner] == 1.0 and max(returns) == 1.0


@pytest.mark.parametrize("name,profile,options", GAMES)
def test_chance_deal_is_the_engines_deal(name, profile, options):
    """Dealing through the chance nodes in the order of a seeded deal gives that deal."""
    deal = deal_from_seed(profile, options, 3)
    order = [t.index for hand in deal.hands for t in hand] + [t.index for t in deal.stock]
    state = pyspiel.load_game(name).new_initial_state()
    for i in order:
        assert state.is_chance_node()
        assert i in dict(state.chance_outcomes())
        state.apply_action(i)
    seeded = pyspiel.load_game(name, {"seed": 3}).new_initial_state()
    assert state._engine.hands == seeded._engine.hands
    assert state.legal_actions() == seeded.legal_actions()


def hands_through(order, spec, log):
    """Every seat's hand before each action of `log`, from the deal `order` alone."""
    n, size = spec.players, spec.size
    hands = [sum(1 << i for i in order[s * size : (s + 1) * size]) for s in range(n)]
    out = []
    for e in log:
        out.append(list(hands))
        if e.tile >= 0:
            hands[e.seat] &= ~(1 << e.tile)
        if e.pos >= 0:
            hands[e.seat] |= 1 << order[n * size + e.pos]
    return out, hands


def check_sample(sample, original, player):
    spec = original._spec
    n, size = spec.players, spec.size
    assert sample.information_state_string(player) == original.information_state_string(player)
    assert sample.legal_actions() == original.legal_actions()
    deal = sample._engine.deal
    order = [t.index for hand in deal.hands for t in hand] + list(deal.stock_indices)
    assert sorted(order) == list(range(28))
    before, now = hands_through(order, spec, sample._log)
    assert now == list(sample._engine.hands)
    for k, e in enumerate(sample._log):
        hand = before[k][e.seat]
        if e.aid in (og.DRAW, og.PASS):  # passed or drew: nothing of either end in hand
            assert not hand & (TS.suit[e.left] | TS.suit[e.right]), (k, e.aid)
        if e.tile >= 0:
            assert hand >> e.tile & 1  # played from the hand
    # round one: the opener led the highest double dealt, or with none the heaviest tile
    dealt = 0
    for s in range(n):
        for i in order[s * size : (s + 1) * size]:
            dealt |= 1 << i
    first = sample._log[0].tile if sample._log else None
    if first is not None:
        doubles = [i for i in bits(dealt & TS.doubles)]
        if doubles:
            assert first == max(doubles, key=lambda i: TS.hi[i])
        else:
            assert first == max(bits(dealt), key=lambda i: (TS.pips[i], TS.hi[i]))


def positions(name, count, seed):
    """States at random depths of rounds of half heaviest, half random play."""
    rng = random.Random(seed)
    out = []
    game_seed = 0
    while len(out) < count:
        game_seed += 1
        state = pyspiel.load_game(name, {"seed": seed * 1000 + game_seed}).new_initial_state()
        seen = []
        while not state.is_terminal():
            if len(state.legal_actions()) > 1:
                seen.append(state.clone())
            if rng.random() < 0.5:
                view = view_for(state._engine, state.current_player())
                aid = og.action_id(Action.from_json(heaviest(view)))
            else:
                aid = rng.choice(state.legal_actions())
            state.apply_action(aid)
        out += rng.sample(seen, min(3, len(seen)))
    return out[:count]


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_determinizer_respects_passes_draws_and_the_opening(name):
    rng = random.Random(11)
    varied = 0
    for state in positions(name, 25, 3):
        player = state.current_player()
        check_sample(state, state, player)  # the checks hold of the true position
        hidden = set()
        for _ in range(8):
            sample = og.Determinizer(state, player).sample(rng)
            check_sample(sample, state, player)
            hidden.add(tuple(sample._engine.hands))
        varied += len(hidden) > 1
    assert varied >= 15  # the hidden tiles really are dealt again


def test_the_product_never_imports_openspiel():
    code = (
        "import sys, players, players.bench, players.hintcheck, tabletop.app\n"
        "assert not any(m.startswith(('pyspiel', 'open_spiel')) for m in sys.modules), 'imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
