"""Playing: what a finished round is worth to a seat, a fast playout policy on hypothetical
states, the seed's strategy as a scoring of the legal actions from the view (medium), its noisy
version (easy), the planner of the train games, and the search of `hard`.

Everything that decides for the seat to act reads the view (through `Knowledge`); only the
sampled hypothetical states from `world.py` are engine states, and those were built from the view.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, NamedTuple

from engine import legal_actions, step
from engine.placement import far_half, place_on_line
from engine.tiles import bits

from .view import trains
from .world import Knowledge, _idx, counted_when_blocked


# -- values ---------------------------------------------------------------------------------
def values(state) -> list:
    """What a finished round is worth to each seat (higher is better, about 0..1), by what the
    profile scores (its `score_kind`)."""
    r = state.result
    return VALUES[state.profile.score_kind](state, state.players, r["winner"], r["points"] or 0, r["totals"])


def _pips_value(state, n, winner, points, totals) -> list:
    """Every seat scores the pips it holds (lower is better); going out is worth a little more."""
    return [-t / 60.0 + (0.5 if s == winner else 0.0) for s, t in enumerate(totals)]


def _team_points_value(state, n, winner, points, totals) -> list:
    """The winner's team scores points towards a target: the round's points, a little."""
    if winner is None:
        return [0.5] * n
    team = winner % 2
    return [(1.0 + 0.3 * (points - 1) if s % 2 == team else 0.0) for s in range(n)]


def _round_wins_value(state, n, winner, points, totals) -> list:
    """Winning the round is what counts (with partners, for both), then a low count."""
    partners = state.teams
    out = []
    for s in range(n):
        won = winner is not None and (s == winner or (partners and s % 2 == winner % 2))
        out.append((1.0 if won else 0.0) - 0.004 * totals[s])
    return out


def _points_value(state, n, winner, points, totals) -> list:
    """The winner scores the others' pips: winning, then by how much."""
    if winner is None:
        return [0.5] * n
    out = []
    for s in range(n):
        if s == winner:
            out.append(1.0 + 0.001 * points)
        else:
            out.append(-0.001 * points / (n - 1))
    return out


VALUES = {  # by the profile's `score_kind`
    "pips": _pips_value,
    "team_points": _team_points_value,
    "round_wins": _round_wins_value,
    "points": _points_value,
}


def team_of(state, seat):
    if state.teams:
        return seat % 2
    return seat


# -- fast playouts on hypothetical states ---------------------------------------------------
def _discard_key(state, i):
    """Lower = better to discard: pips times how playable the tile still is."""
    ts = state.tile_set
    unplayed = ~state.played
    live = (ts.suit[ts.hi[i]] & unplayed).bit_count() + (ts.suit[ts.lo[i]] & unplayed).bit_count()
    return ts.pips[i] * live


def rollout_action(state, acts, rng):
    """The playout policy: heaviest fitting tile, doubles first; a discard gives up the tile
    least worth keeping; in a train game keep laying tiles while one may and follow a chain."""
    a0 = acts[0]
    if len(acts) == 1:
        return a0
    kind = a0.kind
    ts = state.tile_set
    if kind == "discard":
        return min(acts, key=lambda a: (_discard_key(state, a.tile.index), rng.random()))
    if kind == "opener":
        return acts[0]
    if state.profile.family == "line" and state.left >= 0:
        return _line_rollout(state, acts, rng, ts)
    if state.profile.family == "train":
        return _train_rollout(state, acts, rng, ts)
    best, best_key = None, None
    for a in acts:
        if a.kind != "play":
            continue
        t = a.tile
        key = t.hi + t.lo + (6 if t.hi == t.lo else 0) + rng.random() * 2.5
        if best_key is None or key > best_key:
            best, best_key = a, key
    return best if best is not None else a0


def _line_rollout(state, acts, rng, ts):
    """Heaviest, doubles first, and keep numbers of one's own at the ends."""
    suit = ts.suit
    left, right = state.left, state.right
    hand = state.hands[state.turn]
    best, best_key = None, None
    for a in acts:
        t = a.tile
        i = t.index
        rest = hand & ~(1 << i)
        _, _, _, nl, nr = place_on_line(left, right, t.hi, t.lo, a.end)
        follow = (rest & (suit[nl] | suit[nr])).bit_count()
        key = t.hi + t.lo + (6 if t.hi == t.lo else 0) + ROLL_FOLLOW * follow + rng.random() * 2.5
        if best_key is None or key > best_key:
            best, best_key = a, key
    return best


def _train_rollout(state, acts, rng, ts):
    """Heaviest, doubles first, and follow a chain of one's own: on one's own train the tile whose
    far end the hand can go on from; elsewhere not a tile that fits one's own train."""
    seat = state.turn
    hand = state.hands[seat]
    own_end = state.ends[seat]
    suit = ts.suit
    best, best_key = acts[0], None
    for a in acts:
        if a.kind != "play":
            continue
        t = a.tile
        key = t.hi + t.lo + (6 if t.hi == t.lo else 0) + rng.random() * 2.5
        if a.train == seat:
            far = far_half(t.hi, t.lo, own_end)
            key += ROLL_FOLLOW * (hand & ~(1 << t.index) & suit[far]).bit_count()
        elif t.hi == own_end or t.lo == own_end:
            key -= ROLL_KEEP
        if best_key is None or key > best_key:
            best, best_key = a, key
    return best


ROLL_FOLLOW = 2.0
ROLL_KEEP = 4.0  # train games: what laying a tile that fits one's own train elsewhere costs


def playout(state, rng, limit=2000):
    n = 0
    while state.phase == "play":
        acts = legal_actions(state)
        state = step(state, rollout_action(state, acts, rng))
        n += 1
        if n > limit:
            break
    return state


# -- exact search near the end of a round ---------------------------------------------------
class _Budget(Exception):
    pass


def hands_left(state) -> int:
    return sum(h.bit_count() for h in state.hands)


def tiles_to_play(state) -> int:
    """Tiles that may still be played: the hands and the boneyard (a search must go through both)."""
    return hands_left(state) + state.boneyard


# -- the seed's strategy, scored from the view -----------------------------------------------
def opponents(K):
    if K.teams:
        return [s for s in range(K.n) if s % 2 != K.me % 2]
    return [s for s in range(K.n) if s != K.me]


def line_features(K: Knowledge, action: dict):
    """Facts about one line-game play, from the view only."""
    ts = K.ts
    suit = ts.suit
    text = action["play"]
    a, b = (int(x) for x in text.split("-"))
    i = _idx(text)
    hand = K.hand & ~(1 << i)
    left, right = K.left, K.right
    _, _, _, nl, nr = place_on_line(left, right, a, b, action.get("end"))  # as written: a-b
    others = K.unseen  # tiles that may be in other hands (or out of play)
    avail = (
        (others & suit[nl]).bit_count() + (others & suit[nr]).bit_count()
        if nl != nr
        else (others & suit[nl]).bit_count()
    )
    mine = (hand & suit[nl]).bit_count() + ((hand & suit[nr]).bit_count() if nl != nr else 0)
    return i, hand, nl, nr, avail, mine


W_DOUBLE, W_DOUBLE_LATE, W_MINE, W_AVAIL, W_VOID, CLOSING, W_COUNT = 4.0, 3.0, 1.6, 1.5, 3.0, 3, 1.0


def score_line(K: Knowledge, action: dict) -> float:
    ts = K.ts
    if "opener" in action:
        doubles = (K.hand & ts.doubles).bit_count()
        me = action["opener"] == K.me
        return (1.0 if me else 0.0) * (doubles >= 2 or K.hand.bit_count() and ts.mask_pips(K.hand) > 40)
    if "discard" in action:
        i = _idx(action["discard"])
        unplayed = ~K.played
        live = (ts.suit[ts.hi[i]] & unplayed).bit_count() + (ts.suit[ts.lo[i]] & unplayed).bit_count()
        return -ts.pips[i] * live
    if "play" not in action:
        return 0.0
    i, hand, nl, nr, avail, mine = line_features(K, action)
    pips = ts.pips[i]
    s = pips
    if ts.hi[i] == ts.lo[i]:
        left_of_suit = (K.unseen & ts.suit[ts.hi[i]]).bit_count()
        s += W_DOUBLE + (W_DOUBLE_LATE if left_of_suit <= 2 else 0)  # don't sit on doubles
    s += W_MINE * mine  # keep numbers you hold
    s -= W_AVAIL * avail  # count suits: close what others need
    others = opponents(K)
    for o in others:  # read passes and draws
        v = K.void[o]
        if v >> nl & 1 or v >> nr & 1:
            s += W_VOID / len(others)
    if K.teams:
        partner = (K.me + 2) % 4
        v = K.void[partner]
        if v >> nl & 1 and v >> nr & 1:
            s -= 2.0
    if counted_when_blocked(K.rules, K.boneyard):
        if avail <= CLOSING:  # the line is closing: play for the count
            s += W_COUNT * pips
    if hand == 0:
        s += 100  # go out
    return s


# -- train games: the planner -----------------------------------------------------------------
def plan_train(ts, hand: int, start: int, cap: int = 4000):
    """The longest (then heaviest) chain of hand tiles from `start`: (tiles in order, pips)."""
    suit, hi, lo, pips = ts.suit, ts.hi, ts.lo, ts.pips
    best: list[Any] = [(), 0]  # the chain so far (tile indices) and its pips
    count = [cap]

    def dfs(end, used, path, weight):
        count[0] -= 1
        if (len(path), weight) > (len(best[0]), best[1]):
            best[0], best[1] = tuple(path), weight
        if count[0] < 0:
            return
        for i in bits(hand & suit[end] & ~used):
            path.append(i)
            dfs(far_half(hi[i], lo[i], end), used | (1 << i), path, weight + pips[i])
            path.pop()

    dfs(start, 0, [], 0)
    return best[0], best[1]


def score_train(K: Knowledge, action: dict, plan) -> float:
    ts = K.ts
    if "play" not in action:
        return -50.0 if "done" in action else 0.0
    i = _idx(action["play"])
    train = action.get("train")
    if train is None:
        return 100.0  # the engine
    pips = ts.pips[i]
    me = K.me
    own = train == me
    in_plan = i in plan
    s = pips * 0.5
    hand = K.hand & ~(1 << i)
    if ts.hi[i] == ts.lo[i]:
        d = ts.hi[i]
        s += 6 if hand & ts.suit[d] else -4  # a double you can cover
    if own:
        if plan and i == plan[0]:
            s += 6
            if K.markers >> me & 1:
                s += 6  # take the marker off
        elif in_plan:
            s -= 4
    else:
        s += -8 if in_plan else 5  # shed tiles the plan does not need
        if train == "mexican" and not trains(K.view)["mexican"]["tiles"]:
            s += 1
    if not hand:
        s += 100
    return s


# -- choosing --------------------------------------------------------------------------------
class Decision:
    def __init__(self, index, scores=None, plan=None, worlds=0, values=None, playouts=None):
        self.index = index
        self.scores = scores
        self.plan = plan
        self.worlds = worlds
        self.values = values  # candidate index -> the value it was chosen by (after a search)
        self.playouts = playouts  # candidate index -> its mean playout value (the search's part)


def heuristic_scores(K: Knowledge):
    legal = K.view["legal"]
    if K.train:
        start = K.ends[K.me]
        plan = plan_train(K.ts, K.hand, start)[0]
        return [score_train(K, a, plan) for a in legal], plan
    return [score_line(K, a) for a in legal], None


def choose_easy(K: Knowledge, rng) -> Decision:
    legal = K.view["legal"]
    scores, plan = heuristic_scores(K)
    if rng.random() < 0.3:
        return Decision(rng.randrange(len(legal)), scores, plan)
    noisy = [s + rng.gauss(0, 6) for s in scores]
    return Decision(max(range(len(legal)), key=lambda j: noisy[j]), scores, plan)


def evaluate(
    K: Knowledge,
    rng,
    candidates,
    worlds,
    exact_at=0,
    nodes=0,
    table=False,
    left=hands_left,
    reading=0.0,
    outcome=False,
):
    """Mean playout value of each candidate index over sampled worlds (same worlds for all).
    Exact search once `left(state)` is at most `exact_at`. With `table`, the exact search of a
    world shares one transposition table between candidates. With `reading`, each world counts
    as much as the other seats' plays make it likely (`Knowledge.build`): the sampling stays
    uniform over what is certain, the plays only weigh."""
    totals = {j: 0.0 for j in candidates}
    used = 0
    mass = 0.0
    exact_budget = [nodes * 6]  # nodes for the whole decision; then playouts only
    me = K.me
    for _ in range(worlds):
        w = K.world(rng, tries=12, reading=reading)
        if w is None:
            continue
        used += 1
        weight = K.weight  # how likely the others' plays make this world (1: not read)
        mass += weight
        acts = legal_actions(w)
        me_team = team_of(w, me)
        crn = rng.getrandbits(64)  # the same playout noise for every candidate in this world
        seen: dict | None = {} if table else None
        for j in candidates:
            s1 = step(w, acts[j])
            v = None
            if exact_at and exact_budget[0] > 0 and left(s1) <= exact_at:
                box = [min(nodes, exact_budget[0])]
                try:
                    v = _exact(s1, me, me_team, box, seen, outcome)
                except _Budget:
                    v = None
                exact_budget[0] -= min(nodes, exact_budget[0]) - max(box[0], 0)
            if v is None:
                end = playout(s1, random.Random(crn))
                v = values(end)[me] if end.phase != "play" else 0.0
            totals[j] += weight * v
    if not used or not mass:
        return None, 0
    return {j: totals[j] / mass for j in candidates}, used


EXACT, LOWER, UPPER = 0, 1, 2  # kinds of a transposition table entry


def _position_key(s) -> tuple:
    """What decides the rest of a round: the same tiles played in another order reach it too."""
    return (
        s.turn,
        s.left,
        s.right,
        s.passes,
        s.stock_pos,
        s.pending,
        s.played,
        tuple(s.hands),
        tuple(s.discards),
    )


def _known(hit, alpha, beta):
    """The stored value when the entry settles this search window, else None."""
    if hit is None:
        return None
    v, kind = hit
    if kind == EXACT or (kind == LOWER and v >= beta) or (kind == UPPER and v <= alpha):
        return v
    return None


def _exact(state, me, me_team, box, seen=None, outcome=False):
    """The value to `me` of `state` with everything known: alpha-beta to the end of the round,
    `box[0]` nodes at most (_Budget beyond). With `seen` (a dict kept per world), a transposition
    table: positions reached by playing the same tiles in another order are searched once, and
    heavier tiles are tried first (more cut-offs). Entries are (value, kind): exact, or a lower or
    upper bound where alpha-beta cut the search short. With `outcome`, a finished round is worth
    only who won it (1, 1/2 when nobody did, 0): three values in [0, 1], so a line that wins
    ends the search of a node at once (far fewer nodes than `values`, whose points split them)."""
    if outcome:
        return _Search(me, me_team, state.teams, box, seen, _outcome).search(state, 0.0, 1.0)
    return _Search(me, me_team, state.teams, box, seen).search(state, -1e9, 1e9)


def _outcome(state, me):
    winner = state.result["winner"]
    if winner is None:
        return 0.5
    return 1.0 if team_of(state, winner) == team_of(state, me) else 0.0


def _points(state, me):
    return values(state)[me]


class _Search:
    def __init__(self, me, me_team, teams, box, seen, leaf=_points):
        self.me, self.me_team, self.teams, self.box, self.seen = me, me_team, teams, box, seen
        self.leaf = leaf

    def search(self, s, alpha, beta):
        if s.phase != "play":
            return self.leaf(s, self.me)
        seen = self.seen
        key = None
        if seen is not None:
            key = _position_key(s)
            v = _known(seen.get(key), alpha, beta)
            if v is not None:
                return v
        box = self.box
        box[0] -= 1
        if box[0] < 0:
            raise _Budget
        acts = legal_actions(s)
        if seen is not None:
            acts = acts[::-1]
        mine = (s.turn % 2 if self.teams else s.turn) == self.me_team
        best = self.maximise(s, acts, alpha, beta) if mine else self.minimise(s, acts, alpha, beta)
        if key is not None:
            seen[key] = (best, LOWER if best >= beta else UPPER if best <= alpha else EXACT)
        return best

    def maximise(self, s, acts, alpha, beta):
        best = -1e9
        for a in acts:
            v = self.search(step(s, a), alpha, beta)
            if v > best:
                best = v
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        return best

    def minimise(self, s, acts, alpha, beta):
        best = 1e9
        for a in acts:
            v = self.search(step(s, a), alpha, beta)
            if v < best:
                best = v
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
        return best


# budgets: (worlds for medium, worlds for hard) in playouts per candidate
MEDIUM_WORLDS = 8
MEDIUM_TOP = 4
MEDIUM_EXACT = 8  # tiles left in hands from which medium searches exactly (0: never)
MEDIUM_NODES = 300
MEDIUM_WEIGHT = 0.35
HARD_TRAIN_ROLLOUTS = 36  # train games: full playouts per decision
HARD_TOP = 8  # candidates the playouts compare (the strategy's best)
HARD_WEIGHT = 0.05  # how much the strategy's ranking counts next to the playouts
HARD_TRAIN_TOP = 3  # train games: candidates the playouts compare (the planner's best)
HARD_TRAIN_WEIGHT = 0.3  # train games: the planner's ranking next to the playouts


class HardSearch(NamedTuple):
    """hard's search in the line games, for one number of seats."""

    rollouts: int  # playouts per decision, spread over the candidates
    worlds: int  # at most this many sampled worlds
    exact_at: int  # exact search once `left` of the position is at most this
    left: Callable  # how tiles are counted for `exact_at`
    nodes: int  # search nodes per world (six times that per decision)
    table: bool  # a transposition table per world, shared by the candidates
    reading: float  # how strongly the others' plays are read as shedding weight (0: not read)
    outcome: bool  # the exact search values only who wins (else also the points)


# hard's search, by seats (3: three or more). Two hands: exact from 14 tiles still to play
# (hands and boneyard; all of a 2-player game without a boneyard to draw from) in up to 120
# worlds, with a table, valuing only who wins (which prunes enough to afford it), plays read.
# Each further seat widens the tree, so exact from 6 in hands; and reading three others' plays
# showed no clear gain on the reported deals (figures in docs/AI.md).
HARD_SEARCH = {
    2: HardSearch(480, 120, 14, tiles_to_play, 4000, True, 0.5, True),
    3: HardSearch(240, 60, 6, hands_left, 1500, False, 0.0, False),
}
# No wall-clock cap: every decision is a pure function of (view, level, seed, budget), so the
# same information gives the same choice however loaded the machine is; the work is bounded by
# the budgets above (worlds x candidates playouts, search nodes), measured by `scripts/bench ai`.


def choose_medium(K: Knowledge, rng, budget=None) -> Decision:
    legal = K.view["legal"]
    scores, plan = heuristic_scores(K)
    order = sorted(range(len(legal)), key=lambda j: -scores[j])
    if K.train or len(legal) == 1:
        return Decision(order[0], scores, plan)
    top = order[:MEDIUM_TOP]
    worlds = MEDIUM_WORLDS if budget is None else max(1, min(MEDIUM_WORLDS, budget // len(top)))
    est, used = evaluate(K, rng, top, worlds, exact_at=MEDIUM_EXACT, nodes=MEDIUM_NODES)
    if est is None:
        return Decision(order[0], scores, plan)
    # the strategy's ranking, corrected by a few sampled playouts
    lo, hi = min(scores[j] for j in top), max(scores[j] for j in top)
    spread = (hi - lo) or 1.0
    value = {j: est[j] + MEDIUM_WEIGHT * (scores[j] - lo) / spread for j in top}
    best = max(top, key=value.__getitem__)
    return Decision(best, scores, plan, used, value, est)


def choose_hard(K: Knowledge, rng, budget=None, include: int | None = None) -> Decision:
    """hard's choice. `include` (a review: the action a player took) is compared too, in the
    same worlds, when it is not among the candidates already; the number of worlds stays the
    one the candidates alone get."""
    legal = K.view["legal"]
    scores, plan = heuristic_scores(K)
    order = sorted(range(len(legal)), key=lambda j: -scores[j])
    if len(legal) == 1:
        return Decision(0, scores, plan)

    def also(top):
        return top + [include] if include is not None and include not in top else top

    if K.train:
        top = order[:HARD_TRAIN_TOP]
        worlds = max(2, (budget or HARD_TRAIN_ROLLOUTS) // len(top))
        top = also(top)
        est, used = evaluate(K, rng, top, worlds)
    else:
        cands = order[:HARD_TOP]
        h = HARD_SEARCH[min(K.n, 3)]
        worlds = max(2 if budget else 6, min(h.worlds, (budget or h.rollouts) // len(cands)))
        cands = also(cands)
        est, used = evaluate(
            K,
            rng,
            cands,
            worlds,
            exact_at=h.exact_at,
            nodes=h.nodes,
            table=h.table,
            left=h.left,
            reading=h.reading,
            outcome=h.outcome,
        )
        top = cands
    if est is None:
        return Decision(order[0], scores, plan)
    lo, hi = min(scores[j] for j in top), max(scores[j] for j in top)
    spread = (hi - lo) or 1.0
    # train games: the planner leads, the playouts overrule it by a margin
    weight = HARD_TRAIN_WEIGHT if K.train else HARD_WEIGHT
    value = {j: est[j] + weight * (scores[j] - lo) / spread for j in top}
    best = max(top, key=value.__getitem__)
    return Decision(best, scores, plan, used, value, est)
