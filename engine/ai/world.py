"""Hypothetical worlds from one seat's view.

`Knowledge(view)` reads only the view: what the seat holds, what is public, and for every hidden
tile a *slot* (another seat's hand, a face-down discard, a tile another seat drew, the rest of
the boneyard, the tiles left out) with the tiles that slot cannot hold: a seat that drew, passed
or discarded held nothing that fitted then (markers and uncovered doubles included in Mexican
Train), and round-one openings say who was not dealt a higher double. `sample(rng)` deals the
unseen tiles to the slots, consistent with all of that, and `build(assignment)` turns one
assignment into a full engine state by replaying the round's public history on that deal.

Nothing here ever receives a `State`: the only input is the view (a plain dict), so a computer
seat cannot look at a hand it may not see.
"""
from __future__ import annotations

from ..actions import Action
from ..deal import Deal
from ..rules import apply, new_game
from ..state import RoundContext, blank_state
from ..tiles import Tile, bits, tile_set


class ViewError(ValueError):
    """The view is not a seat's view with a decision to make."""


def _pair(text):
    a, b = text.split("-")
    return int(a), int(b)


def _idx(text):
    a, b = _pair(text)
    hi, lo = (a, b) if a >= b else (b, a)
    return hi * (hi + 1) // 2 + lo


def _mask(tiles):
    m = 0
    for t in tiles or ():
        m |= 1 << _idx(t)
    return m


class Slot:
    __slots__ = ("seat", "kind", "forbid", "ref")

    def __init__(self, seat, kind, forbid=0, ref=None):
        self.seat = seat      # None for the boneyard / tiles left out
        self.kind = kind      # "hand" (dealt, still held), "drawn" (drawn, still held), "discard",
        self.forbid = forbid  # "bone" (boneyard after the draws so far), "out" (never in play)
        self.ref = ref        # history index of a discard, stock position of a draw


class Knowledge:
    """Everything the seat knows, in bitmasks, plus the slots of the unseen tiles."""

    def __init__(self, view: dict):
        if type(view) is not dict:
            raise ViewError("the computer decides from a seat's view (a plain dict), never a state")
        seat = view.get("seat")
        if not isinstance(seat, int) or view.get("hand") is None:
            raise ViewError("a seat's view is needed (the table's view has no hand)")
        self.view = view
        self.profile = view["profile"]
        self.options = dict(view["options"])
        self.n = view["players"]
        self.me = seat
        self.train = self.profile == "mexican-train"
        self.ts = ts = tile_set(12 if self.train else 6)
        self.teams = view.get("teams")
        self.hand = _mask(view["hand"])
        self.own_discards = _mask(view.get("own_discards"))
        self.dealt = _mask(view.get("dealt"))
        self.own_draws = [_idx(t) for t in view.get("own_draws") or ()]
        self.history = view["history"]
        self.counts = [s["count"] for s in view["seats"]]
        self.boneyard = view["boneyard"]
        self._track()
        known = self.hand | self.own_discards | self.dealt | self.played
        for i in self.own_draws:
            known |= 1 << i
        self.unseen = ts.full & ~known
        self._slots()

    # -- the public course of the round -------------------------------------------------------
    def _track(self):
        """Replay the public history: what was played, the ends at every moment, every seat's
        'held nothing that fits' moments, who drew which stock position."""
        ts, n, view = self.ts, self.n, self.view
        suit = ts.suit
        self.stuck = [[] for _ in range(n)]        # per seat: (history index, mask it lacked)
        self.draws = []                            # stock position -> (seat, history index)
        self.drawn_played = {}                     # stock position -> tile index (played at once)
        self.played_from_deal = [0] * n            # tiles each seat played out of its dealt hand
        self.discard_events = [[] for _ in range(n)]  # history indices of each seat's discards
        self.void = [0] * n                        # numbers each seat is known to lack (now)
        self.void_how = [dict() for _ in range(n)]
        played = 0
        first = None
        saved = [None] * n
        pending_draw = [None] * n                  # stock position of a seat's latest draw this turn
        if self.train:
            e = ts.max_pip + 1 - view["round"]
            ends = [e] * (n + 1)
            markers = 0
            uncovered = None
        else:
            start = self._start_tile()
            left = right = -1
            if start is not None:
                left, right = start[1], start[2]
                played |= 1 << start[0]
        for k, entry in enumerate(self.history):
            s = entry["seat"]
            if "play" in entry:
                x, y = _pair(entry["play"])
                i = _idx(entry["play"])
                if pending_draw[s] is not None:
                    self.drawn_played[pending_draw[s]] = i
                    self.void[s], self.void_how[s] = saved[s]
                    for v in range(ts.max_pip + 1):
                        if self.void[s] >> v & 1 and v not in self.void_how[s]:
                            self.void_how[s][v] = "drew"
                else:
                    self.played_from_deal[s] |= 1 << i
                pending_draw[s] = None
                played |= 1 << i
                if first is None:
                    first = (s, i)
                if self.train:
                    train = entry.get("train")
                    if train is None:  # the engine
                        continue
                    t = n if train == "mexican" else train
                    ends[t] = y if x == ends[t] else x
                    if t == s:
                        markers &= ~(1 << s)
                    uncovered = (t, x) if x == y else None
                else:
                    if left < 0:
                        left, right = x, y
                    elif entry.get("end") == "left" or (entry.get("end") is None and suit[left] >> i & 1):
                        left = y if x == left else x
                    else:
                        right = y if x == right else x
                continue
            if "opener" in entry or "done" in entry:
                continue
            # draw, pass or discard: the seat held nothing that fitted
            if self.train:
                if view.get("pending") == "engine" or not played:
                    fit = 0  # looking for the engine (it is public once placed)
                elif uncovered is not None:
                    fit = suit[uncovered[1]]
                else:
                    fit = suit[ends[s]] | suit[ends[n]]
                    for o in range(n):
                        if o != s and markers >> o & 1:
                            fit |= suit[ends[o]]
            else:
                fit = suit[left] | suit[right] if left >= 0 else 0
            self.stuck[s].append((k, fit))
            nums = 0
            for v in range(ts.max_pip + 1):
                if fit >> ts.double[v] & 1:
                    nums |= 1 << v
            how = "drew" if "draw" in entry else "passed"
            if "draw" in entry:
                saved[s] = (self.void[s] | nums, dict(self.void_how[s]))
                self.void[s] = nums
                self.void_how[s] = {}
            else:
                self.void[s] |= nums
            for v in range(ts.max_pip + 1):
                if nums >> v & 1:
                    self.void_how[s][v] = how
            if "draw" in entry:
                pos = len(self.draws)
                self.draws.append((s, k))
                pending_draw[s] = pos
            else:
                pending_draw[s] = None
                if "discard" in entry:
                    self.discard_events[s].append(k)
                if self.train and "pass" in entry:
                    markers |= 1 << s
        self.played = played
        self.first = first
        if self.train:
            self.ends, self.markers, self.uncovered = ends, markers, uncovered
        else:
            self.left, self.right = left, right

    def _start_tile(self):
        """gaple 4x6/5x5: the turned-up leftover (index, left, right), from the line."""
        if self.profile != "gaple" or self.options.get("deal") == "4x7":
            return None
        in_history = {_idx(e["play"]) for e in self.history if "play" in e}
        for entry in self.view["line"]:
            i = _idx(entry["tile"])
            if i not in in_history:
                return (i, entry["left"], entry["right"])
        return None

    # -- the hidden slots ---------------------------------------------------------------------
    def _slots(self):
        ts, n, me = self.ts, self.n, self.me
        slots = []
        opening = self._opening_forbid()
        for s in range(n):
            if s == me:
                continue
            events = self.stuck[s]
            every = 0
            for _, fit in events:
                every |= fit
            held_draws = [pos for pos, (seat, _) in enumerate(self.draws)
                          if seat == s and pos not in self.drawn_played]
            discards = self.discard_events[s]
            dealt_held = self.counts[s] - len(held_draws)
            for _ in range(dealt_held):
                slots.append(Slot(s, "hand", every | opening[s]))
            for pos in held_draws:
                k = self.draws[pos][1]
                f = 0
                for t, fit in events:
                    if t > k:
                        f |= fit
                slots.append(Slot(s, "drawn", f, pos))
            for k in discards:
                f = 0
                for t, fit in events:
                    if t <= k:
                        f |= fit
                slots.append(Slot(s, "discard", f | opening[s], k))
        total = self.unseen.bit_count()
        rest = total - len(slots)
        bone = self.boneyard
        for _ in range(bone):
            slots.append(Slot(None, "bone"))
        for _ in range(rest - bone):
            slots.append(Slot(None, "out"))
        if rest < bone:
            raise ViewError(f"the view's counts do not add up: {total} unseen, {len(slots)} held, {bone} in the boneyard")
        self.slots = slots

    def _opening_forbid(self):
        """Round-one openings that say what a seat was not dealt."""
        ts, n = self.ts, self.n
        out = [0] * n
        carry = self.view.get("carry") or {}
        if self.first is None:
            return out
        opener, tile = self.first
        if self.profile in ("draw", "block") and carry.get("leader") is None:
            hi, lo = ts.hi[tile], ts.lo[tile]
            if hi == lo:
                f = 0
                for d in range(hi + 1, ts.max_pip + 1):
                    f |= 1 << ts.double[d]
            else:
                f = ts.doubles
                for i in range(ts.size):
                    if (ts.pips[i], ts.hi[i]) > (hi + lo, hi):
                        f |= 1 << i
            for s in range(n):
                if s != opener:
                    out[s] = f
        elif self.profile == "gaple" and self.options.get("deal") == "4x7" and carry.get("winner") is not None:
            s = carry["winner"]
            while s != opener:
                out[s] = ts.doubles
                s = (s + 1) % n
        return out

    # -- sampling -----------------------------------------------------------------------------
    def sample(self, rng) -> list:
        """One assignment of the unseen tiles to the slots (a list of tile indices, slot order),
        consistent with every constraint; uniform by rejection when that is cheap, else a valid
        assignment mixed by random swaps (a symmetric walk whose stationary law is uniform)."""
        tiles = list(bits(self.unseen))
        slots = self.slots
        forbid = [sl.forbid for sl in slots]
        m = len(tiles)
        constrained = [j for j in range(m) if forbid[j]]
        if not constrained:
            rng.shuffle(tiles)
            return tiles
        for _ in range(12):
            rng.shuffle(tiles)
            if all(not forbid[j] >> tiles[j] & 1 for j in constrained):
                return tiles
        tiles = self._matching(rng, tiles, forbid)
        rand = rng.randrange
        for _ in range(6 * m):
            a, b = rand(m), rand(m)
            ta, tb = tiles[a], tiles[b]
            if not forbid[a] >> tb & 1 and not forbid[b] >> ta & 1:
                tiles[a], tiles[b] = tb, ta
        return tiles

    def _matching(self, rng, tiles, forbid):
        """A valid assignment by augmenting paths (a true world exists, so one always does)."""
        m = len(tiles)
        order = sorted(range(m), key=lambda j: -forbid[j].bit_count())
        owner = {}  # tile -> slot

        def augment(j, seen):
            for t in tiles:
                if forbid[j] >> t & 1 or t in seen:
                    continue
                seen.add(t)
                if t not in owner or augment(owner[t], seen):
                    owner[t] = j
                    return True
            return False

        for j in order:
            rng.shuffle(tiles)
            if not augment(j, set()):
                raise ViewError("no deal of the unseen tiles fits this history")
        out = [0] * m
        for t, j in owner.items():
            out[j] = t
        return out

    # -- building a state ---------------------------------------------------------------------
    def build(self, assignment):
        """The engine state of the world where the unseen tiles lie as `assignment` says."""
        ts, n, me, view = self.ts, self.n, self.me, self.view
        dealt = [0] * n
        dealt[me] = self.dealt
        for s in range(n):
            if s != me:
                dealt[s] = self.played_from_deal[s]
        stock = [None] * len(self.draws)
        own = iter(self.own_draws)
        for pos, (seat, _) in enumerate(self.draws):
            if seat == me:
                stock[pos] = next(own)
            elif pos in self.drawn_played:
                stock[pos] = self.drawn_played[pos]
        discards = {}
        tail_bone, tail_out = [], []
        for sl, t in zip(self.slots, assignment):
            kind = sl.kind
            if kind == "hand":
                dealt[sl.seat] |= 1 << t
            elif kind == "discard":
                dealt[sl.seat] |= 1 << t
                discards[sl.ref] = t
            elif kind == "drawn":
                stock[sl.ref] = t
            elif kind == "bone":
                tail_bone.append(t)
            else:
                tail_out.append(t)
        stock_idx = stock + tail_bone + tail_out
        start = None
        if self.profile == "gaple" and self.options.get("deal") != "4x7":
            st = self._start_tile()
            start = (st[1], st[2])
            stock_idx = [st[0]] + stock_idx
        tiles = ts.tiles
        deal = Deal(tuple(tuple(tiles[i] for i in bits(h)) for h in dealt),
                    tuple(tiles[i] for i in stock_idx), start, view.get("lot_opener"))
        state = start_state(self.profile, self.options, view.get("carry") or {}, view["round"],
                            tuple(view["scores"]), deal, tuple(view.get("rounds") or ()))
        for k, entry in enumerate(self.history):
            if "discard" in entry and entry["discard"] is None:
                entry = {"seat": entry["seat"], "discard": str(tiles[discards[k]])}
            state = apply(state, Action.from_json(entry))
        return state


def start_state(profile: str, options: dict, carry: dict, round_no: int, scores: tuple, deal: Deal,
                results: tuple = ()):
    """The state right after `deal` in round `round_no` of a match with these scores and the
    previous round's public carry-over (the engine's own opening rules then apply)."""
    base = new_game(profile, options).ctx
    carry = {k: v for k, v in carry.items() if k != "new_match"}
    ctx = RoundContext(base.profile, base.options, base.ts, base.players, round_no, deal,
                       tuple(t.index for t in deal.stock), tuple(scores), tuple(results), carry, 1,
                       base.hooks, base.mech, base.acts)
    s = blank_state(ctx)
    s.hands = [sum(1 << t.index for t in hand) for hand in deal.hands]
    s.phase = "play"
    ctx.hooks.opening(s)
    return s
