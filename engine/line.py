"""Mechanics shared by the one-line games (draw, block, gaple, six-love): legal plays on two
ends, placing a tile (as `placement.place_on_line` says), what a stuck player may do, and the
turn order. What differs between those profiles (who opens, a choice before play, when a round
is blocked, how it is scored) is in the profile's hooks (`profiles/hooks.py`).
"""

from __future__ import annotations

from .actions import IllegalAction
from .outcome import finish
from .placement import place_on_line
from .tiles import bits


def legal(s) -> tuple:
    seat = s.turn
    ctx = s.ctx
    if s.pending is not None:  # a choice of the profile before play (six-love's opener)
        return ctx.hooks.choice_actions(s)
    acts = ctx.acts
    hand = s.hands[seat]
    left, right = s.left, s.right
    if left < 0:  # the opening tile
        return acts.plays(seat, hand & s.lead_mask)
    suit = ctx.ts.suit
    suit_l, suit_r = suit[left], suit[right]
    fit = hand & (suit_l | suit_r)
    if fit:
        both = fit & suit_l & suit_r if left != right else 0
        if not both:  # the common case: each fitting tile has one place
            rest = fit & (fit - 1)
            if not rest:  # and most often one tile fits, else two
                return acts.single[seat][fit.bit_length() - 1]
            if not rest & (rest - 1):
                play = acts.play[seat]
                return (play[(fit ^ rest).bit_length() - 1], play[rest.bit_length() - 1])
            return acts.plays(seat, fit)
        out = []
        plays = acts.play[seat]
        for i in bits(fit):
            if both >> i & 1:
                out.append(acts.left[seat][i])
                out.append(acts.right[seat][i])
            else:
                out.append(plays[i])
        return tuple(out)
    stuck = ctx.profile.stuck
    if stuck == "draw" and s.stock_pos < len(ctx.stock):
        return acts.draw_only[seat]
    if stuck == "discard" and ctx.options["discard"]:
        return tuple(acts.discard[seat][i] for i in bits(hand))
    return acts.pass_only[seat]


def accepts_variant(s, a) -> bool:
    """Actions outside the canonical legal list that still mean a legal move: an opening tile
    written low half first (which sets the line's orientation), an `end` named where it was
    optional (honoured as given), or an `end` named on the opening tile (there are no ends yet:
    ignored, the tile as written starts the line)."""
    if a.kind != "play" or a.seat != s.turn or s.pending is not None or a.train is not None:
        return False
    if a.flip and s.left >= 0:  # how a tile is written matters only for the opening tile
        a = a.unflipped()
        if a in legal(s):
            return True
    ts = s.ctx.ts
    i = a.tile.index if a.tile.hi <= ts.max_pip else -1
    if i < 0 or not s.hands[a.seat] >> i & 1:
        return False
    if s.left < 0:
        return bool(s.lead_mask >> i & 1)
    if a.end is None:
        return False
    end_value = s.left if a.end == "left" else s.right
    return bool(ts.suit[end_value] >> i & 1)


def do(s, prev, a) -> None:
    """Carry out a legal action `a` on the clone `s` of `prev`."""
    ctx = s.ctx
    seat, kind = a.seat, a.kind
    s.log = (s.log, a)
    if kind == "play":  # the hot path of every playout: place the tile
        i = a.tile.index
        hands = s.hands = s.hands.copy()
        hand = hands[seat] = hands[seat] & ~(1 << i)
        s.played |= 1 << i
        s.passes = 0
        left = s.left
        if left < 0:  # the opening tile, as written
            t = a.tile
            _, _, _, s.left, s.right = place_on_line(left, left, t.hi, t.lo, None, a.flip)
        else:  # place_on_line, precomputed for this action (Action.line_ends)
            s.left, s.right = a.line_ends[left][s.right]
        s.turn = (seat + 1) % ctx.players
        hook = ctx.hooks
        if not hand:
            finish(s, prev, "domino", a)
        elif hook.blocked_by_a_play and hook.blocked(s):
            finish(s, prev, "blocked", a)
        return
    hook = ctx.hooks
    if kind == "pass":
        s.passes += 1
        s.turn = (seat + 1) % ctx.players
        if hook.blocked(s):
            finish(s, prev, "blocked", a)
    elif kind == "draw":
        i = ctx.stock[s.stock_pos]
        s.stock_pos += 1
        hands = s.hands = s.hands.copy()
        hands[seat] |= 1 << i
    elif kind == "opener":
        hook.on_choice(s, a)
    else:  # discard, face down
        i = a.tile.index
        hands = s.hands = s.hands.copy()
        hands[seat] &= ~(1 << i)
        discards = s.discards = s.discards.copy()
        discards[seat] |= 1 << i
        s.turn = (seat + 1) % ctx.players
        if not hands[seat]:
            finish(s, prev, "domino", a)
        elif hook.blocked(s):
            finish(s, prev, "blocked", a)


def explain(s, a) -> IllegalAction:
    """Why `a` is not legal in `s` (a clear sentence for people and a stable code for clients)."""
    ts, seat = s.ctx.ts, a.seat
    about_choice = s.ctx.hooks.explain_choice(s, a)
    if about_choice is not None:
        return about_choice
    if a.train is not None:
        return IllegalAction("malformed_action", "only Mexican Train plays name a train")
    if a.kind in ("play", "discard") and a.tile.hi > ts.max_pip:
        return IllegalAction("malformed_action", f"{a.tile} is not in a double-{ts.max_pip} set")
    if a.kind in ("play", "discard") and not s.hands[seat] >> a.tile.index & 1:
        return IllegalAction("tile_not_in_hand", f"seat {seat} does not hold {a.tile}")
    legal_now = legal(s)
    fitting = [x for x in legal_now if x.kind == "play"]
    if a.kind == "play":
        return _explain_play(s, a, fitting)
    if fitting:
        return _must_play(s, a, fitting[0])
    if a.kind == "draw":
        if s.ctx.profile.stuck != "draw":
            return IllegalAction("illegal_action", f"there is no boneyard in {s.ctx.profile.name}")
        return IllegalAction("boneyard_empty", f"seat {seat} cannot draw: the boneyard is empty")
    if a.kind == "pass":
        if legal_now and legal_now[0].kind == "draw":
            return IllegalAction("must_draw", f"seat {seat} cannot pass while the boneyard has tiles")
        return IllegalAction("must_discard", f"seat {seat} cannot pass: a tile must be discarded")
    if a.kind == "discard":
        return IllegalAction("illegal_action", "discarding is not allowed here")
    return IllegalAction("illegal_action", f"{a.kind} is not an action of {s.ctx.profile.name}")


def _explain_play(s, a, fitting) -> IllegalAction:
    ts, seat = s.ctx.ts, a.seat
    if s.left < 0:
        allowed = ", ".join(sorted({str(x.tile) for x in fitting}))
        return IllegalAction("wrong_opening", f"seat {seat} must open with {allowed}")
    i = a.tile.index
    fits_l, fits_r = ts.suit[s.left] >> i & 1, ts.suit[s.right] >> i & 1
    if not (fits_l or fits_r):
        return IllegalAction("does_not_fit", f"{a.tile} fits neither end ({s.left} left, {s.right} right)")
    if a.end is not None:
        return IllegalAction(
            "does_not_fit",
            f"{a.tile} does not fit the {a.end} end ({s.left if a.end == 'left' else s.right})",
        )
    if fits_l and fits_r:
        return IllegalAction(
            "end_required",
            f"{a.tile} fits both ends: name the end (left shows {s.left}, right shows {s.right})",
        )
    return IllegalAction("illegal_action", f"seat {seat} cannot play {a.tile} now")


def _must_play(s, a, t) -> IllegalAction:
    """`a` (not a play) is refused because the legal play `t` exists."""
    if t.end:
        where = "the " + t.end + " end"
    elif s.left < 0:
        where = "the line"
    else:
        where = "the left end" if s.ctx.ts.suit[s.left] >> t.tile.index & 1 else "the right end"
    verb = {"draw": "draw", "pass": "pass", "discard": "discard", "done": "end the turn"}[a.kind]
    return IllegalAction("must_play", f"seat {a.seat} cannot {verb} while {t.tile} fits {where}")
