"""Game records (shared/RECORD.md): read, write and replay them."""

from __future__ import annotations

from .actions import Action, IllegalAction
from .deal import deal_from_seed, explicit_deal, uses_lot
from .profiles import PROFILES, get_profile, normalize_options
from .rules import legal_actions

FORMAT = "domino-record/1"


class RecordError(Exception):
    """A malformed or illegal record. The message names the round and action (1-based)."""


def match_to_record(match, seeds: bool = False) -> dict:
    """The match as a record. Deals are written out as hands and stock (portable to any
    implementation of RECORD.md) unless `seeds` asks for the seeds of seeded deals."""
    rounds = []
    for index, log in enumerate(match.rounds):
        seeded = seeds and log.deal.seed is not None
        entry = {"seed": log.deal.seed} if seeded else log.deal.to_json_explicit()
        if not seeded and index == 0 and uses_lot(match.profile_name, match.options):
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


def _options_of(record) -> tuple[str, dict]:
    profile_name = record.get("profile")
    if not isinstance(profile_name, str) or profile_name not in PROFILES:
        raise RecordError(f"record: unknown profile {profile_name!r} (one of {', '.join(PROFILES)})")
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


def match_from_record(record):  # noqa: C901
    from .match import Match

    if not isinstance(record, dict):
        raise RecordError("record: a game record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"record: format must be {FORMAT!r}")
    profile_name, options = _options_of(record)
    seats = record.get("seats")
    match = Match(profile_name, options)
    if seats is not None:
        if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
            raise RecordError("record: seats must be a list of objects")
        if len(seats) != match.state.players:
            raise RecordError(f"record: {len(seats)} seats for a {match.state.players}-player game")
        match.seats = [dict(s) for s in seats]
    rounds = record.get("rounds", [])
    if not isinstance(rounds, list):
        raise RecordError("record: rounds must be a list")
    for r, entry in enumerate(rounds, start=1):
        if not isinstance(entry, dict):
            raise RecordError(f"round {r}: a round is an object")
        if match.state.phase == "play":
            raise RecordError(f"round {r}: round {r - 1} has not ended")
        if match.state.phase == "game_over":
            raise RecordError(f"round {r}: the game was already over")
        opener = entry.get("opener")
        lot = uses_lot(profile_name, options) and r == 1
        if opener is not None and not lot:
            raise RecordError(f"round {r}: opener is only given where the first player is drawn by lot")
        try:
            if "seed" in entry:
                if "hands" in entry or "stock" in entry:
                    raise ValueError("give either a seed or hands and stock, not both")
                deal = deal_from_seed(profile_name, options, entry["seed"])
            else:
                if "hands" not in entry or "stock" not in entry:
                    raise ValueError("a round needs hands and stock (or a seed)")
                deal = explicit_deal(profile_name, options, entry["hands"], entry["stock"])
                if lot and opener is None:
                    raise ValueError("the first player is drawn by lot: the round must give its opener")
            if opener is not None and not (
                isinstance(opener, int) and not isinstance(opener, bool) and 0 <= opener < match.state.players
            ):
                raise ValueError(f"opener must be a seat 0..{match.state.players - 1}")
            match.start_round(deal=deal, opener=opener)
        except (ValueError, IllegalAction) as err:
            raise RecordError(f"round {r}: {err}") from None
        actions = entry.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError(f"round {r}: actions must be a list")
        for k, data in enumerate(actions, start=1):
            try:
                match.act(Action.from_json(data))
            except IllegalAction as err:
                raise RecordError(f"round {r}, action {k}: {err.detail}") from None
    return match


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


def replay(record) -> dict:
    """RECORD.md's replay: check every action, return the results (raises RecordError)."""
    return results_of(match_from_record(record).state)
