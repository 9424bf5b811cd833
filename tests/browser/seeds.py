"""Deterministic deals for browser tests: find a shuffle seed with a wanted position, then make
the server deal with it (the server normally draws seeds from `secrets`)."""

from __future__ import annotations

import contextlib
import secrets
import types

import engine
import tabletop.deals as deals


def first_legal_until(profile, options, seed, pred, max_actions=40):
    """Play the first legal action for every seat; the number of actions played before `pred`
    holds for the legal list (or None)."""
    m = engine.Match(profile, options)
    m.start_round(seed=seed)
    for n in range(max_actions):
        if m.state.phase != "play":
            return None
        legal = [a.to_json() for a in engine.legal_actions(m.state)]
        if pred(legal):
            return n
        m.act(legal[0])
    return None


def both_ends(legal) -> bool:
    tiles = [a["play"] for a in legal if a.get("end")]
    return any(tiles.count(x) > 1 for x in tiles)


def both_ends_seed(profile="draw", options=None, seats=2, max_before=8):
    """A seed where, playing first legal actions, a tile fits both ends within a few moves."""
    options = options or {"players": seats}
    for seed in range(1, 5000):
        n = first_legal_until(profile, options, seed, both_ends, max_before)
        if n is not None and n >= 2:
            return seed
    raise AssertionError("no seed with a both-ends choice")


def draw_seed(players=2, max_before=12):
    """A Draw game seed where, playing first legal actions, someone must draw within a few moves."""
    for seed in range(1, 5000):
        n = first_legal_until(
            "draw", {"players": players}, seed, lambda legal: any("draw" in a for a in legal), max_before
        )
        if n is not None and n >= 1:
            return seed
    raise AssertionError("no seed with an early draw")


@contextlib.contextmanager
def fixed_seed(seed):
    """Every deal of the server uses `seed` while inside."""
    shim = types.SimpleNamespace(**{k: getattr(secrets, k) for k in dir(secrets) if not k.startswith("__")})
    shim.randbits = lambda k: seed
    old = deals.secrets
    deals.secrets = shim
    try:
        yield seed
    finally:
        deals.secrets = old


def engine_dealt_seed(players=2):
    """A Mexican Train deal where somebody holds 12-12, so the round starts without a long
    search through the boneyard (a test plays only a slice of the round)."""
    return next(
        seed
        for seed in range(1, 500)
        if any(
            str(t) == "12-12"
            for h in engine.deal_from_seed("mexican-train", {"players": players}, seed).hands
            for t in h
        )
    )


def long_line_seed(length=16):
    """A two-seat Draw deal in which, both seats playing their first legal action, the line reaches
    `length` tiles before the round ends."""
    for seed in range(1, 500):
        m = engine.Match("draw", {"players": 2})
        m.start_round(seed=seed)
        while m.state.phase == "play" and len(m.state.line_tiles()) < length:
            m.act(engine.legal_actions(m.state)[0].to_json())
        if m.state.phase == "play":
            return seed
    raise AssertionError("no such deal")
