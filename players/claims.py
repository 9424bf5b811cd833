"""Every hint reason is a claim about the position; this module checks each kind of claim.

    holds(view, action, reason, search)   # True when what the reason says is true

`CHECKS` maps every reason key to a checker `check(facts, action, params) -> bool`. `Facts` is
read from the view alone, by its own replay of the public history (it shares no reading with
`world.Knowledge`, so a mistake there cannot hide one here), plus `search`: what the search
found, `Search(values, best)` with the value of every candidate it compared (claims such as "the
plays are close" are about that). Plural keys have no `.one`/`.other` suffix here: the
catalogue picks the form from `count`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import PROFILES
from engine.placement import far_half, place_on_line
from engine.tiles import tile_set

from .view import SeatView, seat_view
from .view import trains as trains_of
from .world import _idx, _mask, _pair, counted_when_blocked

CLOSE = 0.05  # playout value difference (five points of winning chance) under which plays are close
FEW_LEFT = 3  # a double "may die" when at most this many other tiles of its number are unplayed
CLOSING = 3  # the line is closing when at most this many unseen tiles fit its ends


class Search:
    """What the search found: candidate index -> the value it was chosen by, and its mean
    playout value (None: no search was made); `best` is the chosen index."""

    def __init__(self, values=None, best=None, playouts=None):
        self.values = values
        self.best = best
        self.playouts = playouts

    def runner_up(self):
        """The candidate with the best value after the chosen one (the first on a tie)."""
        if not self.values:
            return None
        rest = [j for j in self.values if j != self.best]
        return max(rest, key=self.values.__getitem__) if rest else None


class Facts:
    """What the seat to act can see, in bitmasks, and what public passes and draws prove."""

    def __init__(self, view: Mapping[str, Any], search: Search | None = None):
        self.view: SeatView = seat_view(view)
        view = self.view
        self.search = search or Search()
        self.me = view["seat"]
        self.n = view["players"]
        self.profile = view["profile"]
        self.rules = PROFILES[self.profile]  # the profile's data row and hooks
        self.train = self.rules.family == "train"
        self.ts = ts = tile_set(view["max_pip"])
        self.legal = view["legal"]
        self.hand = _mask(view["hand"])
        if self.train:
            trains = trains_of(view)
            on = [e["tile"] for p in trains["personal"] for e in p["tiles"]]
            on += [e["tile"] for e in trains["mexican"]["tiles"]]
            self.played = _mask(on) | (_mask([trains["engine"]]) if trains["engine"] else 0)
        else:
            self.played = _mask(e["tile"] for e in view["line"])
        self.unseen = ts.full & ~(self.hand | self.played | _mask(view.get("own_discards")))
        ends = view.get("ends")
        self.ends = None if ends is None else (ends["left"], ends["right"])
        self.lacks = self._lacks() if not self.train else {}

    # -- counting ---------------------------------------------------------------------------
    def count(self, mask: int, number: int) -> int:
        return (mask & self.ts.suit[number]).bit_count()

    def fit(self, mask: int, ends) -> int:
        """How many tiles of `mask` fit one of `ends`."""
        suit = self.ts.suit
        m = 0
        for e in set(ends):
            m |= suit[e]
        return (mask & m).bit_count()

    def pips(self, tile: str) -> int:
        a, b = _pair(tile)
        return a + b

    def after(self, action) -> int:
        """The hand after `action` (a play or a discard)."""
        return self.hand & ~(1 << _idx(action.get("play") or action["discard"]))

    def new_ends(self, action):
        a, b = _pair(action["play"])
        left, right = self.ends if self.ends else (-1, -1)
        if left < 0:
            return (a, b)
        _, _, _, nl, nr = place_on_line(left, right, a, b, action.get("end"))
        return (nl, nr)

    def plays(self):
        return [a for a in self.legal if "play" in a]

    # -- what passes and draws prove --------------------------------------------------------
    def _lacks(self) -> dict:
        """(seat, number) -> "passed" or "drew" for every other seat that certainly holds no tile
        of that number now: it was stuck (passed, drew, discarded) while the number was open, and
        every tile it drew and kept since was drawn while the number was open too (a kept tile
        did not fit what was open then)."""
        history = self.view["history"]
        played = {_idx(e["play"]) for e in history if "play" in e}
        left = right = -1
        for entry in self.view["line"]:
            if _idx(entry["tile"]) not in played:  # a turned-up leftover starting the line
                left, right = entry["left"], entry["right"]
        lacks: dict[tuple[int, int], str] = {}
        for k, e in enumerate(history):
            s = e["seat"]
            if "play" in e:
                a, b = _pair(e["play"])
                if left < 0:
                    left, right = a, b
                else:
                    _, _, _, left, right = place_on_line(left, right, a, b, e.get("end"))
                continue
            if "opener" in e or left < 0:
                continue
            open_now = {left, right}
            kept = "draw" in e and not (k + 1 < len(history) and "play" in history[k + 1])
            for v in range(self.ts.max_pip + 1):
                if v in open_now:
                    lacks.setdefault((s, v), "drew" if "draw" in e else "passed")
                elif kept:
                    lacks.pop((s, v), None)
        return lacks

    def opponents(self):
        teams = self.view.get("teams")
        return [s for s in range(self.n) if (s % 2 != self.me % 2 if teams else s != self.me)]

    def partner(self):
        return (self.me + 2) % 4 if self.view.get("teams") else None

    # -- train games ------------------------------------------------------------------------
    def own_end(self) -> int:
        return trains_of(self.view)["personal"][self.me]["end"]

    def marker(self, seat) -> bool:
        return bool(trains_of(self.view)["personal"][seat]["marker"])

    def first_turn(self) -> bool:
        """A first turn that may lay a run: the option is on, the engine is down and the seat has
        not acted since (a draw this turn would show)."""
        if not self.view["options"].get("first_run"):
            return False
        history = self.view["history"]
        engine = next((k for k, e in enumerate(history) if "play" in e and e.get("train") is None), None)
        return engine is not None and all(e["seat"] != self.me for e in history[engine + 1 :])

    def chain(self, hand: int, start: int, want: int | None = None, cap: int = 20000) -> int:
        """The length of the longest chain of `hand` from `start` found in `cap` steps (or as
        soon as one of `want` tiles is found): a lower bound of the longest (see `longest`)."""
        return self._chain(hand, start, want, cap)[0][0]

    def longest(self, hand: int, start: int, cap: int = 20000):
        """(length, pips) of the longest, then heaviest, chain of `hand` from `start`, or None
        when the search would take more than `cap` steps."""
        best, complete = self._chain(hand, start, None, cap)
        return best if complete else None

    def _chain(self, hand, start, want, cap):
        ts = self.ts
        best = [(0, 0), cap]

        def dfs(end, used, length, weight):
            best[0] = max(best[0], (length, weight))
            best[1] -= 1
            rest = hand & ts.suit[end] & ~used
            while rest and best[1] > 0 and (want is None or best[0][0] < want):
                low = rest & -rest
                i = low.bit_length() - 1
                dfs(far_half(ts.hi[i], ts.lo[i], end), used | low, length + 1, weight + ts.pips[i])
                rest ^= low

        dfs(start, 0, 0, 0)
        return best[0], best[1] > 0


# -- the checkers ----------------------------------------------------------------------------
def _is_play(F, a, p, train=False):
    return "play" in a and a in F.legal and _tile(a["play"]) == p.get("tile") and (not train or F.train)


def _tile(text):
    a, b = _pair(text)
    return f"{max(a, b)}-{min(a, b)}"


def _other_action(F, p):
    """The runner-up named by `other` (a tile) among the legal actions."""
    return [a for a in F.legal if "play" in a and _tile(a["play"]) == p.get("other")] or [
        a for a in F.legal if "discard" in a and _tile(a["discard"]) == p.get("other")
    ]


def only_fit(F, a, p):
    return _is_play(F, a, p) and len(F.legal) == 1


def go_out(F, a, p):
    return _is_play(F, a, p) and F.hand == 1 << _idx(a["play"])


def hard_ends(F, a, p):
    if not go_out(F, a, p) or not F.rules.hooks.bonus_for_hard_ends or not F.ends:
        return False
    x, y = _pair(a["play"])
    if x == y or set(F.ends) != {x, y}:
        return False

    def faces(v):  # faces of v on the line (a double shows two)
        on = F.played & F.ts.suit[v]
        return on.bit_count() + (on >> F.ts.double[v] & 1)

    return faces(x) == 7 and faces(y) == 7


def nothing_fits(kind):
    def check(F, a, p):
        return kind in a and not F.plays() and a in F.legal

    return check


def engine(F, a, p):
    return _is_play(F, a, p) and F.train and a.get("train") is None


def cover_double(F, a, p):
    u = F.view["trains"]["uncovered"] if F.train else None
    if u is None or "play" not in a or a not in F.legal:
        return False
    d = _pair(u["tile"])[0]
    return p.get("tile") == f"{d}-{d}" and a.get("train") == u["train"] and d in _pair(a["play"])


def opponent_void(how):
    def check(F, a, p):
        s, n = p.get("seat"), p.get("n")
        if not _is_play(F, a, p) or F.train or s not in F.opponents() or n not in F.new_ends(a):
            return False
        return F.lacks.get((s, n)) == how

    return check


def heaviest(F, a, p):
    return _is_play(F, a, p) and F.pips(a["play"]) == max(F.pips(x["play"]) for x in F.plays())


def low_count(F, a, p):
    """Heaviest, and the line is closing (few unseen tiles fit the ends after it) in a game that
    is decided by the count when it blocks."""
    counted = counted_when_blocked(F.rules, F.view["boneyard"])
    return heaviest(F, a, p) and counted and not F.train and F.fit(F.unseen, F.new_ends(a)) <= CLOSING


def heavier(F, a, p):
    others = _other_action(F, p)
    return (
        _is_play(F, a, p)
        and bool(others)
        and F.pips(a["play"]) - F.pips(others[0]["play"]) == p.get("count")
        and p["count"] > 0
    )


def double(F, a, p):
    x, y = _pair(a["play"]) if "play" in a else (0, 1)
    return _is_play(F, a, p) and x == y and not F.train


def double_dies(F, a, p):
    """A double, and at most FEW_LEFT other tiles of its number are still unplayed."""
    if not double(F, a, p):
        return False
    n = _pair(a["play"])[0]
    left = ((F.unseen | F.hand) & F.ts.suit[n] & ~(1 << _idx(a["play"]))).bit_count()
    return p.get("n") == n and p.get("count") == left and 1 <= left <= FEW_LEFT


def control(F, a, p):
    if not _is_play(F, a, p) or F.train:
        return False
    rest = F.after(a)
    nl, nr = F.new_ends(a)
    return nl != nr and F.count(rest, nl) > 0 and F.count(rest, nr) > 0


def follow(F, a, p):
    n = p.get("n")
    return _is_play(F, a, p) and not F.train and n in F.new_ends(a) and F.count(F.after(a), n) > 0


def fewer(F, a, p):
    """`count` unseen tiles fit the ends after this play, fewer than after `other`."""
    if not _is_play(F, a, p) or F.train:
        return False
    count = F.fit(F.unseen, F.new_ends(a))
    others = _other_action(F, p)
    return (
        count == p.get("count")
        and bool(others)
        and all(F.fit(F.unseen, F.new_ends(o)) > count for o in others)
    )


def partner(F, a, p):
    s, n = p.get("seat"), p.get("n")
    if not _is_play(F, a, p) or F.train or s != F.partner() or n not in F.new_ends(a):
        return False
    return (s, n) not in F.lacks and F.count(F.unseen, n) > 0


def _both_ends(F, a, p):
    """An end decision: the tile fits both ends; it goes on end `at` and leaves `n` at both."""
    if not _is_play(F, a, p) or F.train or not F.ends or a.get("end") is None:
        return False
    ends = F.new_ends(a)
    at = F.ends[0] if a["end"] == "left" else F.ends[1]
    return ends == (p.get("n"), p.get("n")) and at == p.get("at")


def end_void(F, a, p):
    s = p.get("seat")
    return _both_ends(F, a, p) and s in F.opponents() and (s, p["n"]) in F.lacks


def end_mine(F, a, p):
    if not _both_ends(F, a, p):
        return False
    n, m = p["n"], p["at"]  # the other choice leaves the tile's other number, `at`, at both ends
    rest = F.after(a)
    return F.count(rest, n) == p.get("count") and F.count(rest, n) > F.count(rest, m)


def end_fewer(F, a, p):
    if not _both_ends(F, a, p):
        return False
    n, m = p["n"], p["at"]
    return F.count(F.unseen, n) == p.get("count") and F.count(F.unseen, n) < F.count(F.unseen, m)


def end_partner(F, a, p):
    s, n = p.get("seat"), p.get("n")
    return (
        _both_ends(F, a, p)
        and s == F.partner()
        and (s, n) not in F.lacks
        and (s, p["at"]) in F.lacks
        and F.count(F.unseen, n) > 0
    )


def none_fit(F, a, p):
    return fewer(F, a, dict(p, count=0))


def end_none(F, a, p):
    return end_fewer(F, a, dict(p, count=0))


def discard_dead_none(F, a, p):
    return discard_dead(F, a, dict(p, count=0))


def opener_partner_none(F, a, p):
    return opener_partner(F, a, dict(p, count=0))


def discard_dead(F, a, p):
    """The discard with the fewest unseen tiles that match it (of all tiles in hand)."""
    if "discard" not in a or a not in F.legal or _tile(a["discard"]) != p.get("tile"):
        return False

    def matches(text):
        x, y = _pair(text)
        return (F.unseen & (F.ts.suit[x] | F.ts.suit[y])).bit_count()

    mine = matches(a["discard"])
    return mine == p.get("count") and all(mine <= matches(x["discard"]) for x in F.legal)


def discard_light(F, a, p):
    others = _other_action(F, p)
    return (
        "discard" in a
        and a in F.legal
        and _tile(a["discard"]) == p.get("tile")
        and bool(others)
        and F.pips(a["discard"]) < F.pips(others[0]["discard"])
    )


def _doubles(F):
    return (F.hand & F.ts.doubles).bit_count()


def opener_self(F, a, p):
    return a.get("opener") == F.me and a in F.legal and _doubles(F) == p.get("count") and p["count"] >= 2


def average_pips(F) -> int:
    """The pips of an average hand of this size (all tiles of the set weigh the same on average)."""
    ts = F.ts
    return round(ts.mask_pips(ts.full) * F.hand.bit_count() / ts.full.bit_count())


def opener_heavy(F, a, p):
    """Leading oneself with a hand heavier than average (`count` pips against `n`): in a block
    one's own pips decide, and the leader sheds first."""
    pips = F.ts.mask_pips(F.hand)
    return (
        a.get("opener") == F.me
        and a in F.legal
        and pips == p.get("count")
        and average_pips(F) == p.get("n")
        and pips > p["n"]
    )


def opener_partner(F, a, p):
    o = p.get("seat")
    return (
        a.get("opener") == o
        and o == F.partner()
        and a in F.legal
        and _doubles(F) == p.get("count")
        and p["count"] <= 1
    )


def end_run(F, a, p):
    return "done" in a and a in F.legal and F.view.get("pending") == "run"


def long_run(F, a, p, first_turn=True):
    """A first-turn run on one's own train that can lay `count` tiles, this one first."""
    if not _is_play(F, a, p, train=True) or a.get("train") != F.me or p.get("count", 0) < 2:
        return False
    if first_turn and F.view.get("pending") != "run" and not F.first_turn():
        return False
    end = F.own_end()
    x, y = _pair(a["play"])
    return 1 + F.chain(F.after(a), far_half(x, y, end), want=p["count"] - 1) >= p["count"]


def own_train(F, a, p):
    return _is_play(F, a, p, train=True) and a.get("train") == F.me and F.marker(F.me)


def mexican_train(F, a, p):
    return (
        _is_play(F, a, p, train=True)
        and a.get("train") == "mexican"
        and not F.view["trains"]["mexican"]["tiles"]
    )


def keep_own(F, a, p):
    """Not on one's own train, and the rest of the hand still has a tile for it."""
    t = a.get("train")
    if not _is_play(F, a, p, train=True) or t in (None, F.me):
        return False
    if t != "mexican" and (t != p.get("seat") or not F.marker(t)):
        return False
    return F.count(F.after(a), F.own_end()) > 0


def _from(F, a):
    """(length, pips) of the longest, then heaviest, chain on one's own train that starts with
    the tile of `a` (None when too long to search)."""
    x, y = _pair(a["play"])
    rest = F.longest(F.after(a), far_half(x, y, F.own_end()))
    return None if rest is None else (1 + rest[0], F.pips(a["play"]) + rest[1])


def chain(heaviest):
    """On one's own train, the first tile of the longest chain the hand can lay there (with
    `heaviest`: of the longest chains, the heaviest)."""

    def check(F, a, p):
        if not _is_play(F, a, p, train=True) or a.get("train") != F.me or p.get("count", 0) < 2:
            return False
        if F.own_end() not in _pair(a["play"]):
            return False
        mine, best = _from(F, a), F.longest(F.hand, F.own_end())
        if mine is None or best is None or mine[0] != p["count"]:
            return False
        return mine == best if heaviest else mine[0] == best[0]

    return check


def chain_from(F, a, p):
    """On one's own train, the first tile of a chain of at least `count` tiles of the hand."""
    return long_run(F, a, p, first_turn=False)


def own_only(F, a, p):
    """On one's own train, the only tile of the hand that fits it."""
    return _is_play(F, a, p, train=True) and a.get("train") == F.me and F.count(F.hand, F.own_end()) == 1


def spare(F, a, p):
    """Not on one's own train, and the longest chain for it is as long without this tile."""
    if not _is_play(F, a, p, train=True) or a.get("train") in (None, F.me):
        return False
    with_it, without = F.longest(F.hand, F.own_end()), F.longest(F.after(a), F.own_end())
    return with_it is not None and without is not None and with_it[0] == without[0]


def double_cover(F, a, p):
    if not _is_play(F, a, p, train=True) or a.get("train") is None:
        return False
    x, y = _pair(a["play"])
    return x == y and F.count(F.after(a), x) > 0


def _runner(F, a):
    """(how much better the playouts found `a` than the runner-up, the runner-up action) when the
    search chose `a`, else None."""
    s = F.search
    j = s.runner_up()
    if j is None or s.playouts is None or a not in F.legal or a != F.legal[s.best]:
        return None
    if s.best not in s.playouts or j not in s.playouts or s.best not in s.values:
        return None
    return s.playouts[s.best] - s.playouts[j], F.legal[j]


def _text(a):
    return a.get("play") or a.get("discard")


def _named(F, a, o, p, kind):
    """Whether chosen `a` and runner-up `o` are what a reason of `kind` names: `tile` (another
    tile, `other`), `place` (the same tile elsewhere), `stop` (ending the run), `opener` (the
    other opener; `opener_self` / `opener_partner`: which one was chosen, `seat` the partner)."""
    if kind.startswith("opener"):
        if "opener" not in a or "opener" not in o:
            return False
        if kind == "opener_self":
            return a["opener"] == F.me and o["opener"] == p.get("seat")
        if kind == "opener_partner":
            return a["opener"] == p.get("seat") != F.me and o["opener"] == F.me
        return True
    if _text(a) is None or _tile(_text(a)) != p.get("tile"):
        return False
    if kind == "stop":
        return "play" in a and "done" in o
    if _text(o) is None:
        return False
    if kind == "place":
        return "play" in a and "play" in o and _tile(o["play"]) == p["tile"]
    return _tile(_text(o)) == p.get("other") != p["tile"]


def _margin(F, a, p, kind):
    found = _runner(F, a)
    if found is None or not _named(F, a, found[1], p, kind):
        return None
    return found[0]


def close(kind):
    """The playouts found the runner-up about as good."""

    def check(F, a, p):
        m = _margin(F, a, p, kind)
        return m is not None and abs(m) < CLOSE

    return check


def tried(kind):
    """The playouts found this action clearly better than the runner-up."""

    def check(F, a, p):
        m = _margin(F, a, p, kind)
        return m is not None and m >= CLOSE

    return check


def ruled(kind):
    """The playouts found the runner-up better, and the search chose this action by the rest of
    its value (the strategy's ranking) outweighing that. Together with `close` and `tried` this
    covers every searched choice: the chosen action's value is the highest, so when its playouts
    are worse, the rest of its value is higher."""

    def check(F, a, p):
        m = _margin(F, a, p, kind)
        if m is None or m >= 0:
            return False
        s = F.search
        j = s.runner_up()
        return s.values[s.best] - s.playouts[s.best] > s.values[j] - s.playouts[j]

    return check


def generic(F, a, p):
    """Only when no search compared the actions (a heuristic choice): nothing more is claimed
    than that the tile named is the one chosen."""
    text = _text(a)
    return a in F.legal and F.search.runner_up() is None and text is not None and _tile(text) == p.get("tile")


def generic_choice(F, a, p):
    """The same for a choice that lays no tile (which opener, ending a run)."""
    return a in F.legal and F.search.runner_up() is None and _text(a) is None


CHECKS = {
    "hint.only_fit": only_fit,
    "hint.go_out": go_out,
    "hint.hard_ends": hard_ends,
    "hint.draw": nothing_fits("draw"),
    "hint.pass": nothing_fits("pass"),
    "hint.engine": engine,
    "hint.cover_double": cover_double,
    "hint.opponent_passed": opponent_void("passed"),
    "hint.opponent_drew": opponent_void("drew"),
    "hint.heaviest": heaviest,
    "hint.low_count": low_count,
    "hint.heavier": heavier,
    "hint.double": double,
    "hint.double_dies": double_dies,
    "hint.control": control,
    "hint.follow": follow,
    "hint.fewer": fewer,
    "hint.partner": partner,
    "hint.none_fit": none_fit,
    "hint.end_none": end_none,
    "hint.opener_partner_none": opener_partner_none,
    "hint.end_void": end_void,
    "hint.end_mine": end_mine,
    "hint.end_fewer": end_fewer,
    "hint.end_partner": end_partner,
    "hint.discard_dead": discard_dead,
    "hint.discard_dead_none": discard_dead_none,
    "hint.discard_light": discard_light,
    "hint.opener_self": opener_self,
    "hint.opener_partner": opener_partner,
    "hint.end_run": end_run,
    "hint.long_run": long_run,
    "hint.own_train": own_train,
    "hint.mexican_train": mexican_train,
    "hint.keep_own_mexican": keep_own,
    "hint.keep_own_seat": keep_own,
    "hint.double_cover": double_cover,
    "hint.chain": chain(False),
    "hint.chain_heaviest": chain(True),
    "hint.spare": spare,
    "hint.own_only": own_only,
    "hint.chain_from": chain_from,
    "hint.opener_heavy": opener_heavy,
    "hint.close": close("tile"),
    "hint.close_place": close("place"),
    "hint.close_stop": close("stop"),
    "hint.close_opener": close("opener"),
    "hint.tried": tried("tile"),
    "hint.tried_place": tried("place"),
    "hint.tried_stop": tried("stop"),
    "hint.tried_opener_self": tried("opener_self"),
    "hint.tried_opener_partner": tried("opener_partner"),
    "hint.ruled": ruled("tile"),
    "hint.ruled_place": ruled("place"),
    "hint.ruled_stop": ruled("stop"),
    "hint.ruled_opener_self": ruled("opener_self"),
    "hint.ruled_opener_partner": ruled("opener_partner"),
    "hint.generic": generic,
    "hint.generic_choice": generic_choice,
}


def holds(view: dict, action: dict, reason: dict, search: Search | None = None, facts=None) -> bool:
    """Whether the reason's claim is true in this view (unknown keys never hold)."""
    check = CHECKS.get(reason["key"])
    if check is None:
        return False
    F = facts or Facts(view, search)
    return bool(check(F, {k: v for k, v in action.items()}, reason["params"]))
