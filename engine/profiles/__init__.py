"""The five rule profiles as data. Each profile is one data row here plus its hook module
(`draw_block.py` for draw and block, `gaple.py`, `six_love.py`, `mexican_train.py`) for what
data cannot say: who opens, when a round is blocked, how it is scored. `catalogue()` is the
whole table in JSON form, for screens.
"""

from __future__ import annotations

from dataclasses import dataclass

from .draw_block import HOOKS as DRAW_BLOCK
from .gaple import HOOKS as GAPLE
from .hooks import Hooks
from .mexican_train import HOOKS as MEXICAN_TRAIN
from .six_love import HOOKS as SIX_LOVE

TEAM_SEATS = ((0, 2), (1, 3))  # partners sit across the table: a seat's team is seat % 2


@dataclass(frozen=True)
class Option:
    name: str
    default: object
    choices: tuple  # allowed values


@dataclass(frozen=True)
class Forbidden:
    """A combination of option values the profile refuses, and why."""

    options: tuple  # (name, value) pairs, all of which must hold
    reason: str

    def matches(self, options: dict) -> bool:
        return all(options[name] == value for name, value in self.options)


@dataclass(frozen=True)
class Profile:
    name: str
    family: str  # "line" (line.py) or "train" (train.py): the mechanics
    max_pip: int
    hooks: Hooks  # what the data cannot say (profiles/hooks.py)
    options: tuple = ()
    # The option that decides the deal, and for each of its values (seats, tiles per hand).
    deal_option: str = "players"
    deals: tuple = ()  # ((option value, seats, hand size), ...)
    stuck: str = "pass"  # what a player with nothing fitting does: "draw", "pass", "discard"
    target: int | None = None  # match target (None: no running target)
    direction: str = "clockwise"
    score_kind: str = "points"  # "points" | "team_points" | "round_wins" | "pips"
    rounds: int | None = None  # fixed number of rounds (Mexican Train: 13)
    # Teams (TEAM_SEATS): True always, False never, or the name of the option that turns them on.
    teams: bool | str = False
    # Who opens the first round: the holder of this double (None: the highest double dealt, or in
    # Mexican Train the round's engine), unless `lot` holds: then a seat drawn by lot.
    opening_double: int | None = None
    lot: tuple = ()  # (option name, values): the first player is drawn by lot for those values
    forbidden: tuple = ()  # Forbidden combinations of options
    # RULES.md, conduct of play: one tap plays ("tap"), or a tap previews and a second confirms
    # ("preview"); players may switch
    play_default: str = "tap"
    move_record: bool = False  # the results show the round's moves in order (six-love)
    # The Rules panel's pictures of what only this profile has, beyond those every profile of its
    # family gets (the opening, a match, the stuck move, the scoring): six-love's "hard-ends"
    pictures: tuple = ()
    # The tile the lobby's list shows beside this game (presentation only; () : its highest double)
    icon: tuple = ()

    def option(self, name):
        return next(o for o in self.options if o.name == name)

    def deal_for(self, value) -> tuple[int, int]:
        """(seats, hand size) for this value of the deal option."""
        return next((seats, size) for v, seats, size in self.deals if v == value)


def _deals(option: str, sizes: dict) -> dict:
    """The deal fields of a profile whose deal is decided by its seat count `option`."""
    return {"deal_option": option, "deals": tuple((n, n, size) for n, size in sizes.items())}


PROFILES: dict[str, Profile] = {
    "draw": Profile(
        "draw",
        "line",
        6,
        DRAW_BLOCK,
        (Option("players", 2, (2, 3, 4)),),
        **_deals("players", {2: 7, 3: 5, 4: 5}),
        stuck="draw",
        target=100,
        icon=(6, 4),
    ),
    "block": Profile(
        "block",
        "line",
        6,
        DRAW_BLOCK,
        (Option("players", 2, (2, 3, 4)),),
        **_deals("players", {2: 7, 3: 7, 4: 7}),
        stuck="pass",
        target=100,
        icon=(5, 5),
    ),
    "gaple": Profile(
        "gaple",
        "line",
        6,
        GAPLE,
        (
            Option("deal", "4x7", ("4x7", "4x6", "5x5")),
            Option("discard", True, (True, False)),
            Option("blank25", False, (True, False)),
            Option("partners", False, (True, False)),
        ),
        deal_option="deal",
        deals=(("4x7", 4, 7), ("4x6", 4, 6), ("5x5", 5, 5)),
        stuck="discard",
        score_kind="round_wins",
        teams="partners",
        opening_double=0,
        lot=("deal", ("4x6", "5x5")),
        play_default="preview",
        icon=(0, 0),
        forbidden=(
            Forbidden(
                (("partners", True), ("deal", "5x5")), "gaple partners needs four players (deal 4x7 or 4x6)"
            ),
        ),
    ),
    "six-love": Profile(
        "six-love",
        "line",
        6,
        SIX_LOVE,
        (Option("players", 4, (4,)),),
        **_deals("players", {4: 7}),
        stuck="pass",
        target=6,
        direction="counterclockwise",
        score_kind="team_points",
        teams=True,
        opening_double=6,
        play_default="preview",
        move_record=True,
        pictures=("hard-ends",),
        icon=(6, 6),
    ),
    "mexican-train": Profile(
        "mexican-train",
        "train",
        12,
        MEXICAN_TRAIN,
        (
            Option("players", 4, tuple(range(2, 11))),
            Option("first_run", True, (True, False)),
            Option("blank50", False, (True, False)),
        ),
        **_deals("players", {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10, 9: 8, 10: 8}),
        stuck="draw",
        score_kind="pips",
        rounds=13,
        icon=(12, 12),
    ),
}


def get_profile(name) -> Profile:
    try:
        return PROFILES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown profile {name!r} (known: {', '.join(PROFILES)})") from None


def _choice_text(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def normalize_options(profile_name: str, options: dict | None) -> dict:
    """Every option of the profile with its value (defaults filled in); ValueError when bad."""
    profile = get_profile(profile_name)
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise ValueError("options must be an object")
    known = {o.name for o in profile.options}
    for name in options:
        if name not in known:
            raise ValueError(
                f"{profile.name} has no option {name!r}"
                + (f" (its options: {', '.join(sorted(known))})" if known else "")
            )
    result = {}
    for opt in profile.options:
        value = options.get(opt.name, opt.default)
        if type(value) is not type(opt.default) or value not in opt.choices:
            raise ValueError(
                f"option {opt.name} of {profile.name} must be one of "
                f"{', '.join(_choice_text(c) for c in opt.choices)}, not {value!r}"
            )
        result[opt.name] = value
    for rule in profile.forbidden:
        if rule.matches(result):
            raise ValueError(rule.reason)
    return result


def seat_count(profile: Profile, options: dict) -> int:
    return profile.deal_for(options[profile.deal_option])[0]


def hand_size(profile: Profile, options: dict) -> int:
    return profile.deal_for(options[profile.deal_option])[1]


def has_teams(profile: Profile, options: dict) -> bool:
    teams = profile.teams
    return bool(options[teams]) if isinstance(teams, str) else teams


def draws_lot(profile: Profile, options: dict) -> bool:
    """Whether the first player of the match is drawn by lot (gaple 4x6 and 5x5)."""
    return bool(profile.lot) and options[profile.lot[0]] in profile.lot[1]


def _entry(profile: Profile) -> dict:
    """One profile in JSON form: every fact a screen needs (see docs/PROTOCOL.md)."""
    key = _choice_text
    return {
        "name": profile.name,
        "family": profile.family,
        "max_pip": profile.max_pip,
        "options": [
            {"name": o.name, "default": o.default, "choices": list(o.choices)} for o in profile.options
        ],
        "defaults": normalize_options(profile.name, {}),
        "seats": {"option": profile.deal_option, "counts": {key(v): n for v, n, _ in profile.deals}},
        "hand_size": {"option": profile.deal_option, "sizes": {key(v): k for v, _, k in profile.deals}},
        "teams": None
        if profile.teams is False
        else {
            "seats": [list(pair) for pair in TEAM_SEATS],
            "option": profile.teams if isinstance(profile.teams, str) else None,
        },
        "opening_double": profile.opening_double,
        "lot": None if not profile.lot else {"option": profile.lot[0], "values": list(profile.lot[1])},
        "target": profile.target,
        "rounds": profile.rounds,
        "score_kind": profile.score_kind,
        "direction": profile.direction,
        "stuck": profile.stuck,
        "forbidden": [{"options": dict(rule.options), "reason": rule.reason} for rule in profile.forbidden],
        "play_default": profile.play_default,
        "move_record": profile.move_record,
        "pictures": list(profile.pictures),
        "icon": list(profile.icon or (profile.max_pip, profile.max_pip)),
    }


def catalogue() -> dict:
    """Every profile's facts as JSON-able data, keyed by profile name (a fresh dict each call).
    `order` is the profile's place in lists (JSON objects travel with their keys sorted)."""
    return {name: {**_entry(profile), "order": n} for n, (name, profile) in enumerate(PROFILES.items())}
