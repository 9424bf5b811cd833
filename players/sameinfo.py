"""The same-information check: alternative true positions that one seat cannot tell apart.

`alternatives(match, seat, count, rng)` re-deals the tiles the seat has not seen (other hands,
the boneyard, the tiles left out, other seats' face-down discards) by a random permutation of
those tiles applied to the whole round (deal and discard actions), keeps the permutations under
which the round's actions stay legal and `view_for(state, seat)` is unchanged, and returns those
states. It does not use the computer's own sampler, so it checks the sampler too. `check(...)`
asks `choose` and `hint` on every alternative and reports any difference.
"""

from __future__ import annotations

import random

from engine import Action, Deal, IllegalAction, Match, apply, view_for
from engine.profiles import draws_lot

from .computer import choose, hint
from .heaviest import heaviest
from .world import Knowledge, start_state


def _canon(view):
    view = dict(view)
    view["dealt"] = sorted(view["dealt"] or ())
    return view


def alternatives(state, seat, count, rng, tries=400):
    view = view_for(state, seat)
    deal = state.deal
    ts = state.tile_set
    actions = state.actions()
    played = {a.tile for a in actions if a.kind == "play"}
    if deal.start is not None:
        played.add(deal.stock[0])
    own = set(deal.hands[seat])
    pos = 0
    for a in actions:
        if a.kind == "draw":
            if a.seat == seat:
                own.add(deal.stock[pos])
            pos += 1
    hidden = [t for t in ts.tiles if t not in own and t not in played]
    out: list = []  # the alternative states
    target = _canon(view)
    for _ in range(tries):
        if len(out) >= count:
            break
        perm = hidden[:]
        rng.shuffle(perm)
        sigma = dict(zip(hidden, perm))
        hands = tuple(h if s == seat else tuple(sigma.get(t, t) for t in h) for s, h in enumerate(deal.hands))
        stock = tuple(sigma.get(t, t) for t in deal.stock)
        new_deal = Deal(hands, stock, deal.start, deal.opener)
        s = start_state(
            state.profile.name,
            state.options,
            state.carry,
            state.round_no,
            state.scores,
            new_deal,
            state.results,
        )
        try:
            for a in actions:
                if a.kind == "discard" and a.seat != seat:
                    a = Action.make(a.seat, "discard", sigma.get(a.tile, a.tile))
                s = apply(s, a)
        except IllegalAction:
            continue
        if _canon(view_for(s, seat)) == target:
            out.append(s)
    if len(out) < count:  # heavily constrained: fill up with the sampler's worlds (checked alike)
        K = Knowledge(view)
        for _ in range(4 * count):
            if len(out) >= count:
                break
            w = K.world(rng)
            if w is not None and _canon(view_for(w, seat)) == target:
                out.append(w)
    return out


def positions(profile, options, count, seed=0):
    """`count` positions (state, seat to act) with a choice to make, from rounds of half random,
    half heaviest-tile play, taken at random depths (up to three per round)."""
    rng = random.Random(f"sameinfo:{profile}:{seed}")
    found: list[tuple] = []  # (state, seat to act)
    game = 0
    while len(found) < count:
        m = Match(profile, dict(options))
        lot = draws_lot(m.state.profile, m.state.options)
        m.start_round(seed=seed * 100003 + game, opener=(game % m.state.players) if lot else None)
        game += 1
        st = m.state
        candidates = []
        while st.phase == "play":
            v = view_for(st, st.turn)
            if len(v["legal"]) > 1:
                candidates.append((st, st.turn))
            action = heaviest(v) if rng.random() < 0.5 else rng.choice(v["legal"])
            st = m.act(action)
        # up to three positions of this round, at random depths
        for pick in rng.sample(candidates, min(3, len(candidates), count - len(found))):
            found.append(pick)
    return found


def check(state, seat, alts, seed=7, budget=None, levels=("easy", "medium", "hard")):
    """The differences between the answers on the true position and on its alternatives."""
    problems = []
    base = view_for(state, seat)
    want = {lv: choose(base, lv, seed, budget=budget) for lv in levels}
    want["hint"] = hint(base, seed, budget=budget)
    for alt in alts:
        v = view_for(alt, seat)
        for lv in levels:
            got = choose(v, lv, seed, budget=budget)
            if got != want[lv]:
                problems.append((lv, want[lv], got))
        got = hint(v, seed, budget=budget)
        if got != want["hint"]:
            problems.append(("hint", want["hint"], got))
    return problems
