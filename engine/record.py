"""Game records (shared/RECORD.md): their form, written from a match and read back to its
parts (options, seats, each round's deal). `match.py` builds a Match from them and replays."""

from __future__ import annotations

from .deal import Deal, deal_from_seed, explicit_deal
from .profiles import PROFILES, draws_lot, get_profile, normalize_options
from .rules import legal_actions

FORMAT = "domino-record/1"


class RecordError(Exception):
    """A malformed or illegal record. The message names the round and action (1-based); so do
    `round` and `action` (None where the fault is not in one), and `code` says what is wrong
    for a client to translate: `bad_record` (not well formed), `unknown_profile`, `bad_deal`
    (a round's deal), `seed_mismatch` (its seed deals other tiles than it lists), or the rules'
    `IllegalAction` code of the refused action (`round_over` for one after the round ended)."""

    def __init__(
        self, message: str, round: int | None = None, action: int | None = None, code: str = "bad_record"
    ):
        super().__init__(message)
        self.round = round
        self.action = action
        self.code = code


def match_to_record(match, seeds: bool = False) -> dict:
    """The match as a record. Deals are written out as hands and stock (portable to any
    implementation of RECORD.md) unless `seeds` asks for the seeds of seeded deals."""
    rounds = []
    for index, log in enumerate(match.rounds):
        seeded = seeds and log.deal.seed is not None
        entry = {"seed": log.deal.seed} if seeded else log.deal.to_json_explicit()
        if not seeded and index == 0 and draws_lot(get_profile(match.profile_name), match.options):
            entry["opener"] = log.deal.opener
        entry["actions"] = [a.to_json() for a in log.actions]
        rounds.append(entry)
    return {
        "format": FORMAT,
        "profile": match.profile_name,
        "options": dict(match.options),
        "seats": [dict(s) for s in match.seats],
        "rounds": rounds,
    }


def options_of(record) -> tuple[str, dict]:
    profile_name = record.get("profile")
    if not isinstance(profile_name, str) or profile_name not in PROFILES:
        raise RecordError(
            f"record: unknown profile {profile_name!r} (one of {', '.join(PROFILES)})", code="unknown_profile"
        )
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("record: options must be an object")
    options = dict(options)
    profile = get_profile(profile_name)
    for opt in profile.options:  # RULES.md names these options "on" and "off"
        value = options.get(opt.name)
        if isinstance(opt.default, bool) and isinstance(value, str) and value.lower() in ("on", "off"):
            options[opt.name] = value.lower() == "on"
    deal_option = profile.deal_option
    if deal_option != "players" and "players" in options:  # the seats come from the deal option
        value = options.get(deal_option, profile.option(deal_option).default)
        seats = next((n for v, n, _ in profile.deals if v == value), None)
        if seats is not None and options["players"] != seats:
            raise RecordError(
                f"record: {profile_name} {deal_option} {value} seats {seats} "
                f"players, not {options['players']!r}"
            )
        del options["players"]
    # An omitted seat count is read from the record itself (its seats or first deal).
    if "players" not in options and any(o.name == "players" for o in profile.options):
        rounds = record.get("rounds")
        first = rounds[0] if isinstance(rounds, list) and rounds and isinstance(rounds[0], dict) else {}
        if isinstance(first.get("hands"), list):
            options["players"] = len(first["hands"])
        elif isinstance(record.get("seats"), list) and record["seats"]:
            options["players"] = len(record["seats"])
    try:
        return profile_name, normalize_options(profile_name, options)
    except ValueError as err:
        raise RecordError(f"record: {err}") from None


def results_of(state) -> dict:
    rounds = list(state.ctx.results)
    if state.result is not None:
        rounds.append(state.result)
    elif state.phase == "play":
        rounds.append(
            {
                "end": None,
                "winner": None,
                "team": None,
                "points": None,
                "totals": None,
                "scores": list(state.scores),
            }
        )
    nxt = None
    if state.phase == "play":
        nxt = {"seat": state.turn, "legal": [a.to_json() for a in legal_actions(state)]}
    return {"rounds": rounds, "match_winner": state.match_winner, "next": nxt}


def seats_of(record, players: int) -> list | None:
    """The record's seats (a list of objects, one per seat), or None when it gives none."""
    seats = record.get("seats")
    if seats is None:
        return None
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise RecordError("record: seats must be a list of objects")
    if len(seats) != players:
        raise RecordError(f"record: {len(seats)} seats for a {players}-player game")
    return [dict(s) for s in seats]


def rounds_of(record) -> list:
    rounds = record.get("rounds", [])
    if not isinstance(rounds, list):
        raise RecordError("record: rounds must be a list")
    return rounds


def check_header(record) -> None:
    if not isinstance(record, dict):
        raise RecordError("record: a game record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"record: format must be {FORMAT!r}")


def round_deal(
    profile_name: str, options: dict, entry: dict, r: int, players: int
) -> tuple[Deal, int | None]:
    """Round `r`'s deal and opener drawn by lot (None when not drawn), as the record gives them
    (ValueError when they are not well formed)."""
    opener = entry.get("opener")
    lot = draws_lot(get_profile(profile_name), options) and r == 1
    if opener is not None and not lot:
        raise ValueError("opener is only given where the first player is drawn by lot")
    if "seed" in entry:
        deal = deal_from_seed(profile_name, options, entry["seed"])
        if "hands" in entry or "stock" in entry:  # a revealed seed beside its deal: re-checked
            given = explicit_deal(profile_name, options, entry.get("hands"), entry.get("stock"))
            same_hands = [sorted(h) for h in given.hands] == [sorted(h) for h in deal.hands]
            if not same_hands or given.stock != deal.stock:  # a hand's order is not play
                raise SeedMismatch("the seed deals other tiles than the hands and stock given")
    else:
        if "hands" not in entry or "stock" not in entry:
            raise ValueError("a round needs hands and stock (or a seed)")
        deal = explicit_deal(profile_name, options, entry["hands"], entry["stock"])
        if lot and opener is None:
            raise ValueError("the first player is drawn by lot: the round must give its opener")
    if opener is not None and not (
        isinstance(opener, int) and not isinstance(opener, bool) and 0 <= opener < players
    ):
        raise ValueError(f"opener must be a seat 0..{players - 1}")
    return deal, opener


class SeedMismatch(ValueError):
    """A round's seed deals other tiles than the hands and stock it gives."""


def round_actions(entry: dict, r: int) -> list:
    actions = entry.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(f"round {r}: actions must be a list", round=r)
    return actions
