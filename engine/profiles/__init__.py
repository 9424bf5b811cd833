"""The five rule profiles as data. What data cannot say lives in each profile's hook module
(`line_rules.py` for the four one-line games, `train_rules.py` for Mexican Train), selected by
`Profile.family`.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Option:
    name: str
    default: object
    choices: tuple  # allowed values


@dataclass(frozen=True)
class Profile:
    name: str
    family: str  # "line" or "train"
    max_pip: int
    options: tuple = ()
    stuck: str = "pass"  # what a player with nothing fitting does: "draw", "pass", "discard"
    target: int | None = None  # match target (None: no running target)
    direction: str = "clockwise"
    score_kind: str = "points"  # "points" | "team_points" | "round_wins" | "pips"
    rounds: int | None = None  # fixed number of rounds (Mexican Train: 13)
    extra: dict = field(default_factory=dict)

    def option(self, name):
        return next(o for o in self.options if o.name == name)


PLAYERS_2_4 = Option("players", 2, (2, 3, 4))

PROFILES: dict[str, Profile] = {
    "draw": Profile("draw", "line", 6, (PLAYERS_2_4,), stuck="draw", target=100),
    "block": Profile("block", "line", 6, (PLAYERS_2_4,), stuck="pass", target=100),
    "gaple": Profile(
        "gaple",
        "line",
        6,
        (
            Option("deal", "4x7", ("4x7", "4x6", "5x5")),
            Option("discard", True, (True, False)),
            Option("blank25", False, (True, False)),
            Option("partners", False, (True, False)),
        ),
        stuck="discard",
        score_kind="round_wins",
    ),
    "six-love": Profile(
        "six-love",
        "line",
        6,
        (Option("players", 4, (4,)),),
        stuck="pass",
        target=6,
        direction="counterclockwise",
        score_kind="team_points",
    ),
    "mexican-train": Profile(
        "mexican-train",
        "train",
        12,
        (
            Option("players", 4, tuple(range(2, 11))),
            Option("first_run", True, (True, False)),
            Option("blank50", False, (True, False)),
        ),
        stuck="draw",
        score_kind="pips",
        rounds=13,
    ),
}


def get_profile(name) -> Profile:
    try:
        return PROFILES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown profile {name!r} (known: {', '.join(PROFILES)})") from None


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
                f"{', '.join(str(c).lower() if isinstance(c, bool) else str(c) for c in opt.choices)}"
                f", not {value!r}"
            )
        result[opt.name] = value
    if profile.name == "gaple" and result["partners"] and result["deal"] == "5x5":
        raise ValueError("gaple partners needs four players (deal 4x7 or 4x6)")
    return result


def seat_count(profile: Profile, options: dict) -> int:
    if profile.name == "gaple":
        return int(options["deal"][0])
    return options["players"]


def hand_size(profile: Profile, options: dict) -> int:
    n = seat_count(profile, options)
    if profile.name == "draw":
        return 7 if n == 2 else 5
    if profile.name == "gaple":
        return int(options["deal"][2])
    if profile.name == "mexican-train":
        return 15 if n <= 4 else 12 if n <= 6 else 10 if n <= 8 else 8
    return 7  # block, six-love


def has_teams(profile: Profile, options: dict) -> bool:
    return profile.name == "six-love" or (profile.name == "gaple" and options["partners"])


_HOOKS: dict = {}


def hooks_for(profile: Profile):
    """The module holding what the profile's data cannot say (opening, blocking, scoring)."""
    if not _HOOKS:
        from . import draw_block, gaple, mexican_train, six_love

        _HOOKS.update(
            {
                "draw": draw_block,
                "block": draw_block,
                "gaple": gaple,
                "six-love": six_love,
                "mexican-train": mexican_train,
            }
        )
    return _HOOKS[profile.name]


def round_result(end, winner, team, points, totals, scores) -> dict:
    """One finished round, in the form of RECORD.md's replay output."""
    return {
        "end": end,
        "winner": winner,
        "team": team,
        "points": points,
        "totals": list(totals),
        "scores": list(scores),
    }
