"""The project's own line games of `engine.profiles.tables.OPENSPIEL` (2 players passing, 4
players drawing) as OpenSpiel Python games, for measuring the computer players against
OpenSpiel's search (`players.ismcts`). A benchmark dependency only: nothing of the product
imports this module (it imports `pyspiel`). A table's game is `domino_<label>` ("-" as "_").

    import players.openspiel_game as og
    name = og.game_name(OPENSPIEL[0])              # the 2-player table's game
    game = pyspiel.load_game(name, {"seed": 7})    # dealt by the engine's seeded shuffle
    game = pyspiel.load_game(name)                 # seed -1: the deal as chance nodes

Every rule is the engine's (public API only): a state wraps an `engine.State` (immutable, so a
clone shares it), legal actions are `engine.legal_actions`, moves are `engine.step` of one of
them, returns come from the round's result. Actions are numbered `tile * 3 + end` (end: 0 none,
1 left, 2 right), then draw and pass. With seed -1 the deal is 28 chance outcomes (the tiles in
shuffled order: hands, then the boneyard's draw order or the tiles left out).

The information state of a seat is its dealt hand, the tiles it drew itself and the public
sequence of actions: what `engine.view_for` shows it. `resample_from_infostate` (the
determinizer of ISMCTS) deals the tiles that seat has not seen again, consistent with what the
history says (see `Determinizer`), and replays the history on that deal through the engine; a
deal under which any action of the history is illegal is refused, so a sample never contradicts
a pass, a draw or the round-one opening.
"""

from __future__ import annotations

import random

import numpy as np
import pyspiel

from engine import Deal, deal_from_seed, legal_actions, new_game, state_after_deal, step
from engine.profiles.tables import OPENSPIEL, TABLES
from engine.tiles import bits, tile_set


def game_name(label: str) -> str:
    """The OpenSpiel game of a named table."""
    return "domino_" + label.replace("-", "_")


GAMES = {game_name(label): TABLES[label] for label in OPENSPIEL}  # game -> (profile name, options)
ENDS = {None: 0, "left": 1, "right": 2}
TILES = 28
DRAW = TILES * 3
PASS = DRAW + 1


def action_id(a) -> int:
    if a.kind == "play":
        return a.tile.index * 3 + ENDS[a.end]
    return DRAW if a.kind == "draw" else PASS


class Entry:
    """One action of the history, with what a replay and a determinizer need."""

    __slots__ = ("seat", "aid", "tile", "drawn", "left", "right", "pos")

    def __init__(self, seat, aid, tile, drawn, left, right, pos):
        self.seat = seat
        self.aid = aid
        self.tile = tile  # the tile played, else -1
        self.drawn = drawn  # the tile drawn (hidden from the others), else -1
        self.left, self.right = left, right  # the line's ends before the action
        self.pos = pos  # the stock position drawn from, else -1


class DominoState(pyspiel.State):
    def __init__(self, game, order=None, engine_state=None, log=None):
        super().__init__(game)
        self._game = game  # the Python game object (its determinizer stream)
        self._spec = game.spec
        self._order = list(order or ())  # the deal so far (chance nodes)
        self._engine = engine_state
        self._log = list(log or ())
        self._keys = {}
        if engine_state is None and game.seed >= 0:
            self._begin(deal_from_seed(game.profile, game.options, game.seed))

    def _begin(self, deal):
        self._engine = state_after_deal(self._spec.profile, self._spec.options, deal)

    # -- the OpenSpiel state API ------------------------------------------------------------
    def current_player(self):
        if self._engine is None:
            return pyspiel.PlayerId.CHANCE
        if self._engine.phase != "play":
            return pyspiel.PlayerId.TERMINAL
        return self._engine.turn

    def _legal_actions(self, player):
        acts = self._acts()
        return sorted(acts)

    def _acts(self):
        """The engine's legal actions by their ids (kept until the state moves on)."""
        acts = self._keys.get("acts")
        if acts is None:
            acts = self._keys["acts"] = {action_id(a): a for a in legal_actions(self._engine)}
        return acts

    def chance_outcomes(self):
        left = [i for i in range(TILES) if i not in self._order]
        p = 1.0 / len(left)
        return [(i, p) for i in left]

    def _apply_action(self, action):
        if self._engine is None:
            self._keys = {}
            self._order.append(action)
            if len(self._order) == TILES:
                spec = self._spec
                self._begin(Deal.from_order(self._order, spec.players, spec.size, 6))
            return
        s = self._engine
        a = self._acts().get(action)
        if a is None:
            raise pyspiel.SpielError(f"action {action} is not legal here")
        self._keys = {}
        drawn = s.deal.stock_indices[s.stock_pos] if a.kind == "draw" else -1
        pos = s.stock_pos if a.kind == "draw" else -1
        tile = a.tile.index if a.kind == "play" else -1
        self._log.append(Entry(a.seat, action, tile, drawn, s.left, s.right, pos))
        self._engine = step(s, a)

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {tile_set(6).tiles[action]}"
        if action == DRAW:
            return "draw"
        if action == PASS:
            return "pass"
        end = {0: "", 1: " left", 2: " right"}[action % 3]
        return f"{tile_set(6).tiles[action // 3]}{end}"

    def is_terminal(self):
        return self._engine is not None and self._engine.phase != "play"

    def returns(self):
        n = self._spec.players
        if not self.is_terminal():
            return [0.0] * n
        winner = self._engine.result["winner"]
        if winner is None:
            return [0.0] * n
        return [1.0 if s == winner else -1.0 / (n - 1) for s in range(n)]

    def __str__(self):
        if self._engine is None:
            return f"dealing {self._order}"
        hands = [[str(tile_set(6).tiles[i]) for i in bits(h)] for h in self._engine.hands]
        return f"hands {hands} ends {self._engine.left},{self._engine.right} log {len(self._log)}"

    def __deepcopy__(self, memo):
        # the engine state is immutable and log entries are never changed: share them
        return DominoState(self._game, self._order, self._engine, self._log)

    def clone(self):
        return self.__deepcopy__(None)

    # -- what a seat knows ------------------------------------------------------------------
    def info_key(self, player, recall=True):
        key = self._keys.get((player, recall))
        if key is None:
            key = self._keys[(player, recall)] = self._info(player, recall)
        return key

    def _info(self, player, recall):
        if self._engine is None:
            size = self._spec.size
            mine = self._order[player * size : (player + 1) * size]
            return f"p{player} dealing {len(self._order)} mine {sorted(mine)}"
        s = self._engine
        if not recall:
            counts = ",".join(str(h.bit_count()) for h in s.hands)
            ends = f"{s.left},{s.right}"
            return f"p{player} hand {s.hands[player]:x} ends {ends} counts {counts} bone {s.boneyard}"
        dealt = s.deal.hand_masks[player]
        seen = " ".join(
            f"{e.seat}:{e.aid}" + (f"={e.drawn}" if e.drawn >= 0 and e.seat == player else "")
            for e in self._log
        )
        return f"p{player} dealt {dealt:x} | {seen}"

    def resample_from_infostate(self, player, sampler=None):
        """A state `player` cannot tell from this one, the unseen tiles dealt at random."""
        if self._engine is None:
            raise pyspiel.SpielError("resampling during the deal is not supported")
        det = self._keys.get(("det", player))
        if det is None:  # the state does not change: ISMCTS resamples the same root many times
            det = self._keys[("det", player)] = Determinizer(self, player)
        return det.sample(self._game.rng)


class Observer:
    """Strings only (no tensors): the information state (perfect recall) or the observation."""

    def __init__(self, iig_obs_type, params):
        self.recall = iig_obs_type is None or iig_obs_type.perfect_recall
        self.tensor = np.zeros(0, np.float32)
        self.dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        return state.info_key(player, self.recall)


class Spec:
    def __init__(self, profile, options):
        self.profile, self.options = profile, options
        self.players = new_game(profile, options).players
        self.size = len(deal_from_seed(profile, options, 0).hands[0])


class DominoGame(pyspiel.Game):
    short_name = ""

    def __init__(self, params=None):
        params = params or {}
        profile, options = GAMES[self.short_name]
        self.spec = Spec(profile, options)
        self.profile, self.options = profile, options
        self.seed = int(params.get("seed", -1))
        # the determinizer's random stream: one per game object, seeded by the benchmark
        self.rng = random.Random(int(params.get("sampler_seed", 0)))
        super().__init__(_game_type(self.short_name, self.spec.players), _game_info(self.spec), params)

    def new_initial_state(self):
        return DominoState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return Observer(iig_obs_type, params)


def _game_type(name, players):
    return pyspiel.GameType(
        short_name=name,
        long_name=f"domino table {name[7:]}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"seed": -1, "sampler_seed": 0},
    )


def _game_info(spec):
    return pyspiel.GameInfo(
        num_distinct_actions=PASS + 1,
        max_chance_outcomes=TILES,
        num_players=spec.players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=200,
    )


def _register():
    for name, (_profile, _options) in GAMES.items():
        cls = type(f"Game_{name}", (DominoGame,), {"short_name": name})
        spec = Spec(*GAMES[name])
        pyspiel.register_game(_game_type(name, spec.players), cls)


_register()


# -- the determinizer -------------------------------------------------------------------------
class Determinizer:
    """Deals the tiles `player` has not seen to the places it has not seen, consistent with the
    history, and replays the history on that deal.

    What the history says about a seat's hidden tiles, read from the log alone (the ends before
    each action and who drew from which stock position): a seat that passed or drew held no tile
    of either end then (the tile a seat drew and did not play at once fitted neither); a tile a
    seat played came from its deal or from a draw before that play; in round one the opener led
    the highest double dealt (nobody held a higher one), or, with no double dealt, the heaviest
    tile (nobody held a double or a heavier tile). A candidate deal is drawn uniformly among those
    the masks allow (2 players without draws: the only constraint is on one hand, sampled exactly; with
    draws, a random allowed tile slot by slot, retried), then the history is replayed through the
    engine and the deal is refused unless every action is legal again."""

    def __init__(self, state, player):
        self.state, self.player = state, player
        spec = state._spec
        self.spec = spec
        self.ts = ts = tile_set(6)
        engine = state._engine
        deal = engine.deal
        n, size = spec.players, spec.size
        log = state._log
        self.log = log
        mine = deal.hand_masks[player]
        known = mine
        own_pos = {}
        for e in log:
            if e.tile >= 0:
                known |= 1 << e.tile
            if e.drawn >= 0 and e.seat == player:
                known |= 1 << e.drawn
                own_pos[e.pos] = e.drawn
        self.own_pos = own_pos
        self.pool = [i for i in range(TILES) if not known >> i & 1]
        # each stuck moment (pass or draw) per seat, and which draws were played at once
        stuck: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        immediate: dict[int, int] = {}
        for k, e in enumerate(log):
            if e.aid in (DRAW, PASS):
                fit = ts.suit[e.left] | ts.suit[e.right] if e.left >= 0 else 0
                stuck[e.seat].append((k, fit))
            if e.tile >= 0 and k > 0 and log[k - 1].aid == DRAW and log[k - 1].seat == e.seat:
                immediate[log[k - 1].pos] = e.tile
        self.immediate = immediate
        opening = self._opening(log)
        # per other seat: its acquisitions (dealt places, kept draws) and the tiles it played
        self.seats = []
        for s in range(n):
            if s == player:
                continue
            acq: list[tuple[int, tuple]] = [(-1, ("hand", s, j)) for j in range(size)]
            acq += [
                (k, ("stock", e.pos))
                for k, e in enumerate(log)
                if e.seat == s and e.pos >= 0 and e.pos not in immediate
            ]
            later = [
                (k, e.tile)
                for k, e in enumerate(log)
                if e.seat == s
                and e.tile >= 0
                and not (k > 0 and log[k - 1].aid == DRAW and log[k - 1].seat == s)
            ]
            self.seats.append((s, acq, later, stuck[s], opening))
        drawn_positions = {e.pos for e in log if e.pos >= 0}
        self.free_stock = [p for p in range(TILES - n * size) if p not in drawn_positions]
        self.order, self.fixed, self.dynamic = self._template()

    def _opening(self, log):
        """Round one: what nobody was dealt, from the first tile led."""
        ts = self.ts
        if not log:
            return 0
        e = log[0]
        hi, lo = ts.hi[e.tile], ts.lo[e.tile]
        if hi == lo:
            return sum(1 << ts.double[d] for d in range(hi + 1, 7))
        f = ts.doubles
        for i in range(ts.size):
            if (ts.pips[i], ts.hi[i]) > (hi + lo, hi):
                f |= 1 << i
        return f

    def _lacked(self, stuck, after, before):
        f = 0
        for k, fit in stuck:
            if after < k < before:
                f |= fit
        return f

    def _template(self):
        """The places every sample shares (the seat's own tiles, tiles drawn and played at once,
        tiles played by seats that kept no draw: from their deal) and the fixed slot masks."""
        spec = self.spec
        n, size = spec.players, spec.size
        base = n * size
        order = [None] * TILES
        deal = self.state._engine.deal
        order[self.player * size : (self.player + 1) * size] = list(bits(deal.hand_masks[self.player]))
        for pos, tile in list(self.own_pos.items()) + list(self.immediate.items()):
            order[base + pos] = tile
        now = len(self.log)
        fixed: list[tuple[tuple, int]] = []  # (place, the tiles it cannot hold)
        dynamic = []
        for seat in self.seats:
            s, acq, later, stuck, opening = seat
            if len(acq) > size:  # kept draws: which acquisition held each played tile varies
                dynamic.append(seat)
                continue
            for j, (_k, tile) in enumerate(later):
                order[s * size + j] = tile
            mask = self._lacked(stuck, -1, now + 1) | opening
            fixed += [(("hand", s, j), mask) for j in range(len(later), size)]
        fixed += [(("stock", pos), 0) for pos in self.free_stock if order[base + pos] is None]
        return order, fixed, dynamic

    def _propose(self, rng):
        """One candidate deal (the tile order) or None."""
        order = self.order[:]
        slots = list(self.fixed)
        now = len(self.log)
        for _seat, acq, later, stuck, opening in self.dynamic:
            places = list(range(len(acq)))
            rng.shuffle(places)
            taken = set()
            for k, tile in later:  # each played tile: a random acquisition before it that it fits
                for j in places:
                    t, _ = acq[j]
                    if j in taken or t >= k:
                        continue
                    bad = self._lacked(stuck, t, k) | (opening if t < 0 else 0)
                    if not bad >> tile & 1:
                        taken.add(j)
                        self._put(order, acq[j][1], tile)
                        break
                else:
                    return None
            for j, (t, place) in enumerate(acq):
                if j not in taken:
                    slots.append((place, self._lacked(stuck, t, now + 1) | (opening if t < 0 else 0)))
        # slots that forbid the same tiles form a group; the most constrained group first, each
        # a uniform choice among the allowed tiles left (exactly uniform with one constrained group)
        groups: dict[int, list] = {}
        for place, forbid in slots:
            groups.setdefault(forbid, []).append(place)
        left = set(self.pool)
        for forbid in sorted(groups, key=lambda f: -f.bit_count()):
            places = groups[forbid]
            allowed = sorted(t for t in left if not forbid >> t & 1)
            if len(allowed) < len(places):
                return None
            chosen = rng.sample(allowed, len(places))
            for place, tile in zip(places, chosen):
                self._put(order, place, tile)
            left.difference_update(chosen)
        return order

    def _put(self, order, place, tile):
        size = self.spec.size
        if place[0] == "hand":
            order[place[1] * size + place[2]] = tile
        else:
            order[self.spec.players * size + place[1]] = tile

    def replay(self, order):
        """The state after the history on the deal `order`, or None when an action is illegal."""
        spec = self.spec
        s = state_after_deal(spec.profile, spec.options, Deal.from_order(order, spec.players, spec.size, 6))
        for e in self.log:
            for a in legal_actions(s):
                if action_id(a) == e.aid and a.seat == e.seat:
                    break
            else:
                return None
            s = step(s, a)
        return s

    def sample(self, rng, tries=2000):
        for _ in range(tries):
            order = self._propose(rng)
            if order is None:
                continue
            engine = self.replay(order)
            if engine is None:
                continue
            base = self.spec.players * self.spec.size
            log = [
                Entry(
                    e.seat, e.aid, e.tile, order[base + e.pos] if e.pos >= 0 else -1, e.left, e.right, e.pos
                )
                for e in self.log
            ]
            return DominoState(self.state._game, order, engine, log)
        raise pyspiel.SpielError("no deal consistent with the history was found")
