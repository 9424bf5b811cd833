"""Hypothetical worlds from one seat's view.

`Knowledge(view)` reads only the view: what the seat holds, what is public, and for every hidden
tile a *slot* (another seat's hand, a face-down discard, a tile another seat drew, the rest of
the boneyard, the tiles left out) with the tiles that slot cannot hold: a seat that drew, passed
or discarded held nothing that fitted then (markers and uncovered doubles included in a train
game), and the round's opening says what a seat was not dealt (the profile's `opening_tells`).
`sample(rng)` deals the unseen tiles to the slots, consistent with all of that, and
`build(assignment)` turns one assignment into a full engine state by replaying the round's
public history on that deal.

Nothing here ever receives a `State`: the only input is the view (a plain dict), so a computer
seat cannot look at a hand it may not see.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from engine import PROFILES, Action, Deal, IllegalAction, apply, legal_actions, state_after_deal
from engine.placement import far_half, place_on_line
from engine.profiles import Profile, draws_lot
from engine.tiles import bits, tile_set

from .view import SeatView, seat_view, trains


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


def counted_when_blocked(rules: Profile, boneyard: int) -> bool:
    """Whether a seat plays for the count as the line closes: a blocked round goes to the lowest
    count (the profile's hooks say so), a block can come now (a stuck seat does not draw, or the
    boneyard is empty), and the score is not a team race to a target (`team_points`, where the
    strategy has never played for the count)."""
    return (
        rules.hooks.block_by_count
        and rules.score_kind != "team_points"
        and (rules.stuck != "draw" or boneyard == 0)
    )


class Slot:
    __slots__ = ("seat", "kind", "forbid", "ref")

    def __init__(self, seat, kind, forbid=0, ref=None):
        self.seat = seat  # None for the boneyard / tiles left out
        self.kind = kind  # "hand" (dealt, still held), "drawn" (drawn, still held), "discard",
        self.forbid = forbid  # "bone" (boneyard after the draws so far), "out" (never in play)
        self.ref = ref  # history index of a discard, stock position of a draw


class Knowledge:
    """Everything the seat knows, in bitmasks, plus the slots of the unseen tiles."""

    # Where the round stands now, read from the view once the history is followed (`_track`).
    left: int  # a line game's open ends (-1 before the first tile)
    right: int
    ends: list[int]  # a train game's open ends: one per seat, then the public train
    markers: int  # a train game's markers, a bit per seat
    uncovered: tuple[int, int] | None  # a train game's double to cover: (train, number)
    weight: float  # how likely the others' plays made the last world built (`build`)

    def __init__(self, view: Mapping[str, Any]):
        if type(view) is not dict:
            raise ViewError("the computer decides from a seat's view (a plain dict), never a state")
        seat = view.get("seat")
        if not isinstance(seat, int) or view.get("hand") is None:
            raise ViewError("a seat's view is needed (the table's view has no hand)")
        self.view: SeatView = seat_view(view)
        view = self.view
        self.profile = view["profile"]
        self.options = dict(view["options"])
        self.n = view["players"]
        self.me = seat
        self.rules = rules = PROFILES[self.profile]  # the profile's data row and hooks
        self.train = rules.family == "train"
        self.turned_up = draws_lot(rules, self.options)  # a deal by lot: a leftover starts the line
        self.ts = ts = tile_set(view["max_pip"])
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
        'held nothing that fits' moments, who drew which stock position. Where a tile goes is
        the engine's `placement`; where the round stands now (ends, markers, an uncovered
        double) is then read from the view."""
        n = self.n
        # per seat: (history index, mask it lacked)
        self.stuck: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.draws: list[tuple[int, int]] = []  # stock position -> (seat, history index)
        self.drawn_played: dict[int, int] = {}  # stock position -> tile index (played at once)
        # per seat: (history index, tile) played from the hand
        self.played_later: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        # per seat: the history indices of its discards
        self.discard_events: list[list[int]] = [[] for _ in range(n)]
        self.void = [0] * n  # numbers each seat is known to lack (now)
        self.void_how: list[dict[int, str]] = [dict() for _ in range(n)]
        # a seat's voids before its latest draw
        self._saved: list[tuple[int, dict[int, str]] | None] = [None] * n
        # stock position of a seat's latest draw this turn
        self._pending_draw: list[int | None] = [None] * n
        self.played = 0
        self.first: tuple[int, int] | None = None
        course = _TrainCourse(self) if self.train else _LineCourse(self)
        for k, entry in enumerate(self.history):
            course.turn(entry)
            if "play" in entry:
                self._on_play(k, entry)
                course.play(k, entry)
            elif "opener" in entry or "done" in entry:
                course.run = None
            else:  # draw, pass or discard: the seat held nothing that fitted
                course.run = None
                self._on_stuck(k, entry, course.fit(entry["seat"]))
                course.stuck(entry)
        course.now()

    def _on_play(self, k, entry):
        s, i = entry["seat"], _idx(entry["play"])
        pos = self._pending_draw[s]
        if pos is not None:  # the tile just drawn, played at once: the draw said nothing more
            self.drawn_played[pos] = i
            self.void[s], self.void_how[s] = self._saved[s]
            for v in range(self.ts.max_pip + 1):
                if self.void[s] >> v & 1 and v not in self.void_how[s]:
                    self.void_how[s][v] = "drew"
        else:
            self.played_later[s].append((k, i))
        self._pending_draw[s] = None
        self.played |= 1 << i
        if self.first is None:
            self.first = (s, i)

    def _on_stuck(self, k, entry, fit):
        """Seat `entry["seat"]` drew, passed or discarded at history index k, lacking `fit`."""
        ts, s = self.ts, entry["seat"]
        self.stuck[s].append((k, fit))
        nums = 0
        for v in range(ts.max_pip + 1):
            if fit >> ts.double[v] & 1:
                nums |= 1 << v
        drew = "draw" in entry
        if drew:
            self._saved[s] = (self.void[s] | nums, dict(self.void_how[s]))
            self.void[s] = nums
            self.void_how[s] = {}
        else:
            self.void[s] |= nums
        for v in range(ts.max_pip + 1):
            if nums >> v & 1:
                self.void_how[s][v] = "drew" if drew else "passed"
        if drew:
            self._pending_draw[s] = len(self.draws)
            self.draws.append((s, k))
        else:
            self._pending_draw[s] = None
            if "discard" in entry:
                self.discard_events[s].append(k)

    def _start_tile(self):
        """A deal by lot: the turned-up leftover that starts the line (index, left, right)."""
        if not self.turned_up:
            return None
        in_history = {_idx(e["play"]) for e in self.history if "play" in e}
        for entry in self.view["line"]:
            i = _idx(entry["tile"])
            if i not in in_history:
                return (i, entry["left"], entry["right"])
        return None

    # -- the hidden slots ---------------------------------------------------------------------
    def _slots(self):
        """Per other seat: its acquisitions (dealt places, draws it kept) and what fills them:
        tiles it later played from its hand (public, but dealt or drawn is unknown), its
        face-down discards and its current hand (both hidden)."""
        n, me = self.n, self.me
        self.deal_size = len(self.view.get("dealt") or ())
        opening = self._opening_forbid()
        self.seat_info = []
        fixed = []  # hidden slots that need no per-sample choice
        hidden = 0
        for s in range(n):
            if s == me:
                continue
            events = self.stuck[s]
            held_draws = [
                pos for pos, (seat, _) in enumerate(self.draws) if seat == s and pos not in self.drawn_played
            ]
            info: dict[str, Any] = {
                "seat": s,
                "draws": [(pos, self.draws[pos][1]) for pos in held_draws],
                "later": self.played_later[s],
                "events": events,
                "opening": opening[s],
            }
            self.seat_info.append(info)
            hidden += self.counts[s] + len(self.discard_events[s])
            every = 0
            for _, fit in events:
                every |= fit
            info["every"] = every
            for k in self.discard_events[s]:
                f = opening[s]
                for t, fit in events:
                    if t <= k:
                        f |= fit
                fixed.append(Slot(s, "discard", f, k))
        total = self.unseen.bit_count()
        rest = total - hidden
        bone = self.boneyard
        if rest < bone:
            raise ViewError(
                f"the view's counts do not add up: {total} unseen, {hidden} held, {bone} in the boneyard"
            )
        for _ in range(bone):
            fixed.append(Slot(None, "bone"))
        for _ in range(rest - bone):
            fixed.append(Slot(None, "out"))
        self.fixed_slots = fixed

    def _lacks(self, events, after, before):
        """What the seat lacked at its stuck moments strictly between two history indices."""
        f = 0
        for t, fit in events:
            if after < t < before:
                f |= fit
        return f

    def _hand_slots(self, rng):
        """For each other seat, which acquisitions hold the tiles it played later (a random valid
        choice), and the hidden slots of its current hand that remain."""
        slots, placed = [], []
        now = len(self.history) + 1
        for info in self.seat_info:
            s, events = info["seat"], info["events"]
            acq = [(-1, None)] * self.deal_size + [(k, pos) for pos, k in info["draws"]]
            later = info["later"]
            if info["draws"] and later:
                choice = self._place_later(rng, acq, later, events, info["opening"])
            else:
                choice = list(range(len(later)))  # all of them from the deal
            used = set(choice)
            for (_r, tile), j in zip(later, choice):
                placed.append((s, acq[j][1], tile))
            free = [j for j in range(len(acq)) if j not in used]
            ndisc = len(self.discard_events[s])
            # the first free dealt places hold the discards (fixed slots), the rest the hand
            dealt_free = [j for j in free if acq[j][1] is None]
            draw_free = [j for j in free if acq[j][1] is not None]
            for _ in dealt_free[ndisc:]:
                slots.append(Slot(s, "hand", info["every"] | info["opening"]))
            for j in draw_free:
                k, pos = acq[j]
                slots.append(Slot(s, "drawn", self._lacks(events, k, now), pos))
        return slots, placed

    def _place_later(self, rng, acq, later, events, opening):
        """Tiles a seat played from its hand: each came from the deal or from a draw it kept,
        and was not held at any stuck moment it would have fitted."""

        def ok(j, r, tile):
            k, pos = acq[j]
            if k >= r:
                return False
            lacked = self._lacks(events, k, r)
            if pos is None:
                lacked |= opening
            return not lacked >> tile & 1

        m = len(acq)
        options = [[j for j in range(m) if ok(j, r, tile)] for r, tile in later]
        for _ in range(20):
            used, out = set(), []
            for opts in options:
                free = [j for j in opts if j not in used]
                if not free:
                    break
                j = free[rng.randrange(len(free))]
                used.add(j)
                out.append(j)
            else:
                return out
        owner: dict[int, int] = {}

        def augment(x, seen):
            for j in options[x]:
                if j in seen:
                    continue
                seen.add(j)
                if j not in owner or augment(owner[j], seen):
                    owner[j] = x
                    return True
            return False

        for x in range(len(later)):
            if not augment(x, set()):
                raise ViewError("no deal fits the tiles this seat played")
        out = [0] * len(later)
        for j, x in owner.items():
            out[x] = j
        return out

    def _opening_forbid(self) -> list[int]:
        """What the round's opening says a seat was not dealt (the profile's `opening_tells`
        hook), per seat: once the first tile is down, or when this seat must open with one tile."""
        carry = self.view.get("carry") or {}
        first = self.first
        if first is None:
            tiles = {_idx(a["play"]) for a in self.view.get("legal") or () if "play" in a}
            if len(tiles) != 1:
                return [0] * self.n
            first = (self.me, tiles.pop())
        opener, tile = first
        return self.rules.hooks.opening_tells(self.ts, self.n, self.options, carry, opener, tile)

    # -- sampling -----------------------------------------------------------------------------
    def sample(self, rng) -> tuple:
        """One assignment of the unseen tiles to the slots (a list of tile indices, slot order),
        consistent with every constraint; uniform by rejection when that is cheap, else a valid
        assignment mixed by random swaps (a symmetric walk whose stationary law is uniform)."""
        for attempt in range(30):
            hand_slots, placed = self._hand_slots(rng)
            slots = hand_slots + self.fixed_slots
            try:
                return (slots, placed, self._assign(rng, slots))
            except ViewError:
                if attempt == 29:
                    raise
        raise AssertionError("not reached: the last attempt returns or raises")

    def _assign(self, rng, slots):
        tiles = list(bits(self.unseen))
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
        owner: dict[int, int] = {}  # tile -> slot

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

    def world(self, rng, tries: int = 40, reading: float = 0.0):
        """A consistent hypothetical state (the seat to act is this seat, with the same legal
        actions), or None when `tries` samples all break a constraint the slots cannot express
        (a `done` proves a tile still fitted; where a play can block the round, somebody still
        holds a fitting tile while it goes on).
        `self.weight` is how likely the other seats' plays were in that world (1 without
        `reading`)."""
        want = self.view["legal"]
        for _ in range(tries):
            try:
                state = self.build(self.sample(rng), reading)
            except (IllegalAction, ViewError):
                continue
            if (
                state.phase == "play"
                and state.turn == self.me
                and [a.to_json() for a in legal_actions(state)] == want
            ):
                return state
        return None

    # -- building a state ---------------------------------------------------------------------
    def build(self, sample, reading: float = 0.0):
        """The engine state of the world where the unseen tiles lie as `sample` says. With
        `reading` (> 0), also weigh the world by the other seats' plays: players tend to shed
        weight, so a play is taken as chosen with odds exp(reading * pips) among the tiles that
        seat could play then; `self.weight` is the product of those probabilities (1 where no
        other seat ever had a choice)."""
        ts, n, me, view = self.ts, self.n, self.me, self.view
        slots, placed, assignment = sample
        dealt = [0] * n
        dealt[me] = self.dealt
        stock: list = [None] * len(self.draws)  # the drawn tiles in draw order, once all are known
        for s, pos, tile in placed:
            if pos is None:
                dealt[s] |= 1 << tile
            else:
                stock[pos] = tile
        own = iter(self.own_draws)
        for pos, (seat, _) in enumerate(self.draws):
            if seat == me:
                stock[pos] = next(own)
            elif pos in self.drawn_played:
                stock[pos] = self.drawn_played[pos]
        discards = {}
        tail_bone, tail_out = [], []
        for sl, t in zip(slots, assignment):
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
        if self.turned_up:
            st = self._start_tile()
            start = (st[1], st[2])
            stock_idx = [st[0]] + stock_idx
        tiles = ts.tiles
        deal = Deal(
            tuple(tuple(tiles[i] for i in bits(h)) for h in dealt),
            tuple(tiles[i] for i in stock_idx),
            start,
            view.get("lot_opener"),
        )
        state = start_state(
            self.profile,
            self.options,
            view.get("carry") or {},
            view["round"],
            tuple(view["scores"]),
            deal,
            tuple(view.get("rounds") or ()),
        )
        log_weight = 0.0
        for k, entry in enumerate(self.history):
            if "discard" in entry and entry["discard"] is None:
                entry = {"seat": entry["seat"], "discard": str(tiles[discards[k]])}
            if reading and "play" in entry and entry["seat"] != me:
                log_weight += _play_odds(state, _idx(entry["play"]), reading)
            state = apply(state, Action.from_json(entry))
        self.weight = math.exp(log_weight)
        return state


def _play_odds(state, played, reading):
    """The log of the probability that the seat to act in `state` chose `played` among the
    tiles it could play, each with odds exp(reading * pips) (0 when it had no other)."""
    pips = state.tile_set.pips
    best = pips[played]
    seen = set()
    for a in legal_actions(state):
        if a.kind == "play" and a.tile.index not in seen:
            seen.add(a.tile.index)
            if pips[a.tile.index] > best:
                best = pips[a.tile.index]
    if len(seen) < 2:
        return 0.0
    total = sum(math.exp(reading * (pips[i] - best)) for i in seen)
    return reading * (pips[played] - best) - math.log(total)


def start_state(
    profile: str, options: dict, carry: dict, round_no: int, scores: tuple, deal: Deal, results: tuple = ()
):
    """The state right after `deal` in round `round_no` of a match with these scores and the
    previous round's public carry-over (the engine's own opening rules then apply)."""
    return state_after_deal(
        profile, options, deal, round_no=round_no, scores=scores, results=results, carry=carry
    )


class _LineCourse:
    """The line's ends through the history (a one-line game)."""

    def __init__(self, K: Knowledge):
        self.K = K
        self.run = None
        self.left = self.right = -1
        start = K._start_tile()
        if start is not None:
            self.left, self.right = start[1], start[2]
            K.played |= 1 << start[0]

    def turn(self, entry):
        pass

    def play(self, k, entry):
        x, y = _pair(entry["play"])
        _, _, _, self.left, self.right = place_on_line(self.left, self.right, x, y, entry.get("end"))

    def fit(self, seat) -> int:
        suit = self.K.ts.suit
        return suit[self.left] | suit[self.right] if self.left >= 0 else 0

    def stuck(self, entry):
        pass

    def now(self):
        """Where the line stands now: the view's ends."""
        ends = self.K.view["ends"]
        self.K.left, self.K.right = (-1, -1) if ends is None else (ends["left"], ends["right"])


class _TrainCourse:
    """The trains through the history (a train game): their open ends, markers, an uncovered
    double, first turns and first-turn runs, as the moments of the history need them."""

    def __init__(self, K: Knowledge):
        self.K = K
        n = K.n
        self.ends = [K.ts.max_pip + 1 - K.view["round"]] * (n + 1)  # every train starts at the engine
        self.markers = 0
        self.uncovered: tuple[int, int] | None = None  # (train, number) of a double to cover
        self.run: int | None = None  # the seat laying a first-turn run
        self.had_turn: set[int] = set()
        self.prev_seat: int | None = None
        self.new_turn = self.in_first = False
        self.first_run = K.options.get("first_run", False)

    def turn(self, entry):
        s = entry["seat"]
        self.new_turn = s != self.prev_seat
        self.prev_seat = None if "done" in entry else s
        if self.new_turn:
            self.in_first = s not in self.had_turn and self.K.first is not None
            self.had_turn.add(s)
            self.run = None

    def play(self, k, entry):
        K, s = self.K, entry["seat"]
        train = entry.get("train")
        if train is None:  # the engine: every seat's first turn starts after it
            self.had_turn, self.prev_seat = set(), None
            return
        x, y = _pair(entry["play"])
        t = K.n if train == "mexican" else train
        hist = K.history
        after_draw = k > 0 and hist[k - 1]["seat"] == s and "draw" in hist[k - 1]
        if (
            self.run is None
            and self.in_first
            and self.new_turn
            and t == s
            and self.first_run
            and not after_draw
        ):
            self.run = s
        self.ends[t] = far_half(x, y, self.ends[t])
        if t == s:
            self.markers &= ~(1 << s)
        self.uncovered = (t, x) if x == y else None
        nxt = hist[k + 1]["seat"] if k + 1 < len(hist) else K.view.get("turn")
        if self.run == s and x != y and nxt != s:
            # the run ended by itself: nothing of theirs fitted their own train
            K.stuck[s].append((k, K.ts.suit[self.ends[s]]))

    def fit(self, seat) -> int:
        K = self.K
        suit, n = K.ts.suit, K.n
        if K.view.get("pending") == "engine" or not K.played:
            return 0  # looking for the engine (it is public once placed)
        if self.uncovered is not None:
            return suit[self.uncovered[1]]
        fit = suit[self.ends[seat]] | suit[self.ends[n]]
        for o in range(n):
            if o != seat and self.markers >> o & 1:
                fit |= suit[self.ends[o]]
        return fit

    def stuck(self, entry):
        if "pass" in entry:
            self.markers |= 1 << entry["seat"]

    def now(self):
        """Where the trains stand now: the view's open ends, markers and uncovered double."""
        K, t = self.K, trains(self.K.view)
        K.ends = [p["end"] for p in t["personal"]] + [t["mexican"]["end"]]
        K.markers = sum(1 << seat for seat, p in enumerate(t["personal"]) if p["marker"])
        u = t["uncovered"]
        K.uncovered = (
            None if u is None else (K.n if u["train"] == "mexican" else int(u["train"]), _pair(u["tile"])[0])
        )
