"""The public rules API: start a game, deal a round, list legal actions, apply one.

`legal_actions` is the one legality oracle; `apply` never changes the state it is given.
The profile's family picks the mechanics module (`line` or `profiles.mexican_train`).
"""
from __future__ import annotations

from . import line
from .actions import Action, IllegalAction
from .deal import Deal, check_deal
from .profiles import get_profile, hooks_for, normalize_options, seat_count
from .state import RoundContext, State, blank_state
from .tiles import tile_set


def _mechanics(state):
    if state.ctx.profile.family == "train":
        return hooks_for(state.ctx.profile)
    return line


def new_game(profile_name: str, options: dict | None = None) -> State:
    """A game before its first deal (phase "new")."""
    profile = get_profile(profile_name)
    options = normalize_options(profile_name, options)
    n = seat_count(profile, options)
    zero = (0,) * (2 if profile.score_kind == "team_points" else n)
    ctx = RoundContext(profile, options, tile_set(profile.max_pip), n, 0, None, (), zero, ())
    return blank_state(ctx)


def start_round(state: State, deal: Deal) -> State:
    """Deal the next round after `state` (a new game or a finished round)."""
    if state.phase not in ("new", "round_over"):
        raise IllegalAction("round_in_progress", "a round can only be dealt before the first round "
                                                 "or after a round has ended")
    prev = state.ctx
    check_deal(prev.profile.name, prev.options, deal)
    carry = dict(state.carry_out or {})
    scores, results, match_no = state.scores, prev.results, prev.match_no
    if state.result is not None:
        results = results + (state.result,)
    if carry.pop("new_match", False):
        scores, match_no = (0,) * len(scores), match_no + 1
    ts = prev.ts
    ctx = RoundContext(prev.profile, prev.options, ts, prev.players, prev.round_no + 1, deal,
                       tuple(t.index for t in deal.stock), scores, results, carry, match_no)
    s = blank_state(ctx)
    s.hands = [sum(1 << t.index for t in hand) for hand in deal.hands]
    s.phase = "play"
    hooks_for(ctx.profile).opening(s)
    return s


def legal_actions(state: State) -> tuple:
    """Every legal action of the seat whose decision is pending (empty when none is)."""
    if state._legal is None:
        state._legal = _mechanics(state).legal(state) if state.phase == "play" else ()
    return state._legal


def apply(state: State, action) -> State:
    """The state after `action` (an Action or its record form); raises IllegalAction."""
    if not isinstance(action, Action):
        action = Action.from_json(action)
    legal = state._legal if state._legal is not None else legal_actions(state)
    mech = _mechanics(state)
    if action not in legal:
        if state.phase != "play":
            raise IllegalAction("round_over", "the round is over: no action can be taken")
        if action.seat != state.turn:
            raise IllegalAction("not_your_turn", f"it is seat {state.turn}'s turn, not seat {action.seat}'s")
        if not mech.accepts_variant(state, action):
            raise mech.explain(state, action)
    new = state.clone()
    mech.do(new, state, action)
    return new
