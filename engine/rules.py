"""The public rules API: start a game, deal a round, list legal actions, apply one.

`legal_actions` is the one legality oracle; `apply` never changes the state it is given.
The profile's family picks the mechanics module (`line` or `train`).
"""

from __future__ import annotations

from . import line, train
from .actions import Action, IllegalAction, action_table
from .deal import Deal, check_deal, seeded_deal
from .profiles import draws_lot, get_profile, hand_size, normalize_options, seat_count
from .state import RoundContext, State, blank_state
from .tiles import tile_set

MECHANICS = {"line": line, "train": train}  # by Profile.family

_NEW_GAMES: dict = {}


def new_game(profile_name: str, options: dict | None = None) -> State:
    """A game before its first deal (phase "new"). States never change, so one is shared."""
    try:
        key = (profile_name, tuple(sorted((options or {}).items())))
        found = _NEW_GAMES.get(key)
    except TypeError:  # unhashable option values: let normalize_options say what is wrong
        return _new_game(profile_name, options)
    if found is None:
        found = _NEW_GAMES[key] = _new_game(profile_name, options)
    return found


def _new_game(profile_name: str, options: dict | None) -> State:
    profile = get_profile(profile_name)
    options = normalize_options(profile_name, options)
    n = seat_count(profile, options)
    zero = (0,) * (2 if profile.score_kind == "team_points" else n)
    hooks = profile.hooks
    ts = tile_set(profile.max_pip)
    ctx = RoundContext(
        profile,
        options,
        ts,
        n,
        0,
        None,
        (),
        zero,
        (),
        hooks=hooks,
        mech=MECHANICS[profile.family],
        acts=action_table(ts),
        hand_size=hand_size(profile, options),
        lot=draws_lot(profile, options),
    )
    return blank_state(ctx)


def start_round(state: State, deal: Deal | None = None, *, seed: int | None = None) -> State:
    """Deal the next round after `state` (a new game or a finished round): `deal`, or the deal
    the project's seeded shuffle makes from `seed` (as `deal_from_seed`)."""
    if state.phase not in ("new", "round_over"):
        raise IllegalAction(
            "round_in_progress", "a round can only be dealt before the first round or after a round has ended"
        )
    prev = state.ctx
    if deal is None:
        if seed.__class__ is not int:
            raise ValueError("a round needs a deal or an integer seed")
        deal = seeded_deal(prev.ts, prev.players, prev.hand_size, prev.lot, seed)
    elif deal.seed is None:  # a seeded deal is whole by construction
        check_deal(prev.profile.name, prev.options, deal)
    outcome, match_no = state.outcome, prev.match_no
    if outcome is None:  # the first round
        carry, scores, results = {}, prev.scores, prev.results
    else:
        carry = dict(outcome.carry_out or {})
        scores, results = outcome.scores, prev.results + (outcome.result,)
    if carry.pop("new_match", False):
        scores, match_no = (0,) * len(scores), match_no + 1
    return _dealt(prev, deal, prev.round_no + 1, scores, results, carry, match_no)


def legal_actions(state: State) -> tuple:
    """Every legal action of the seat whose decision is pending (empty when none is)."""
    if state._legal is None:
        state._legal = state.ctx.mech.legal(state) if state.phase == "play" else ()
    return state._legal


def apply(state: State, action) -> State:
    """The state after `action` (an Action or its record form); raises IllegalAction."""
    if action.__class__ is not Action:
        action = Action.from_json(action)
    legal = state._legal
    if legal is None:
        legal = legal_actions(state)
    mech = state.ctx.mech
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


def step(state: State, action: Action) -> State:
    """The state after `action`, UNCHECKED: `action` must be one of `legal_actions(state)` (an
    Action, not its record form). For searches and playouts that only ever take actions from
    the legal list, where `apply`'s check is the cost of a second lookup; anything else gives
    a meaningless state."""
    new = state.clone()
    state.ctx.mech.do(new, state, action)
    return new


def state_after_deal(
    profile_name: str,
    options: dict | None,
    deal: Deal,
    *,
    round_no: int = 1,
    scores: tuple | None = None,
    results: tuple = (),
    carry: dict | None = None,
) -> State:
    """The state right after `deal` in round `round_no` of a match with these running `scores`
    (default: zeros), finished rounds `results` and the previous round's `carry` (the view's
    public "carry"), as if the match had been played up to there: the profile's own opening
    rules then apply. For hypothetical worlds sampled from a view; the deal is not checked."""
    base = new_game(profile_name, options)
    prev = base.ctx
    carry = {k: v for k, v in (carry or {}).items() if k != "new_match"}
    scores = prev.scores if scores is None else tuple(scores)
    return _dealt(prev, deal, round_no, scores, tuple(results), carry, prev.match_no)


def _dealt(prev: RoundContext, deal: Deal, round_no: int, scores, results, carry, match_no) -> State:
    """The first position of a round: `prev`'s fixed facts with this deal and match standing,
    the profile's opening rules applied."""
    ctx = RoundContext(
        prev.profile,
        prev.options,
        prev.ts,
        prev.players,
        round_no,
        deal,
        deal.stock_indices,
        scores,
        results,
        carry,
        match_no,
        prev.hooks,
        prev.mech,
        prev.acts,
        prev.hand_size,
        prev.lot,
    )
    s = blank_state(ctx)
    s.hands = list(deal.hand_masks)
    s.phase = "play"
    ctx.hooks.opening(s)
    return s
