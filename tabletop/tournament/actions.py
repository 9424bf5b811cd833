"""The director's and the tables' changes to a tournament: each checks everything first and
returns a new `Tournament`, or raises `TournamentError` having changed nothing."""

from __future__ import annotations

from dataclasses import replace

from .state import FORMATS, PARTNERS, Correction, Entrant, Result, Settings, Tournament, TournamentError

LATEST_JOIN_ROUNDS = 1  # latecomers join while at most round 1 is paired (before round 2)


def new(settings: Settings) -> Tournament:
    if settings.format not in FORMATS:
        raise TournamentError("bad_settings", f"format must be one of {', '.join(FORMATS)}")
    if settings.format == "pairs" and (settings.seats != 4 or settings.partners not in PARTNERS):
        raise TournamentError("bad_settings", "pairs play at four seats, with fixed or rotating partners")
    if settings.seats < 2 or settings.tables < 1 or settings.rounds < 1:
        raise TournamentError("bad_settings", "a tournament needs 2 seats a table, a table and a round")
    if settings.bye_wins not in (0, 1):
        raise TournamentError("bad_settings", "a bye counts as a win (1) or not (0)")
    return Tournament(settings)


def join(t: Tournament, *names: str) -> tuple[Tournament, int]:
    """Enter a player (or, for fixed pairs, two players together); returns the entrant's id."""
    if len(t.rounds) > LATEST_JOIN_ROUNDS:
        raise TournamentError("too_late", "players join before round 2 is paired")
    if len(names) != t.settings.names_per_entry:
        raise TournamentError("bad_entry", f"an entry is {t.settings.names_per_entry} name(s)")
    clean = tuple(" ".join(n.split()) for n in names)
    if not all(clean):
        raise TournamentError("bad_entry", "a name cannot be empty")
    taken = {n.casefold() for e in t.entrants for n in e.names}
    folded = [n.casefold() for n in clean]
    if taken.intersection(folded) or len(set(folded)) != len(folded):
        raise TournamentError("name_taken", "that name is already entered")
    entrant = Entrant(id=len(t.entrants) + 1, names=clean)
    # Before round 1 the draw order is drawn at pairing; a latecomer comes after the drawn ones.
    order = t.order + (entrant.id,) if t.rounds else t.order
    return replace(t, entrants=t.entrants + (entrant,), order=order), entrant.id


def withdraw(t: Tournament, entrant_id: int) -> Tournament:
    """Not paired again; their games so far still count, for them and their opponents."""
    entrant = t.entrant(entrant_id)
    if entrant is None:
        raise TournamentError("no_such_player", f"no entrant {entrant_id}")
    if entrant.withdrawn:
        raise TournamentError("withdrawn", f"{' & '.join(entrant.names)} is already withdrawn")
    entrants = tuple(replace(e, withdrawn=True) if e.id == entrant_id else e for e in t.entrants)
    return replace(t, entrants=entrants)


def report(t: Tournament, round_number: int, table_number: int, result: Result) -> Tournament:
    """A table's game ended: its result, once, for a table of the current round."""
    table = _table_of_current_round(t, round_number, table_number)
    current = t.rounds[-1]
    if table_number in current.results:
        raise TournamentError(
            "already_reported", f"table {table_number} of round {round_number} has a result"
        )
    gone = [e.id for e in t.entrants if e.withdrawn and e.id in table.entrants]
    if gone:
        raise TournamentError(
            "withdrawn", f"entrant {gone[0]} at table {table_number} was withdrawn: the director enters it"
        )
    _check_result(table.sides, result)
    return _with_result(t, round_number, table_number, result)


def correct(t: Tournament, round_number: int, table_number: int, result: Result, reason: str) -> Tournament:
    """The director sets a table's result (of any round so far), with a reason kept in view."""
    reason = " ".join(reason.split())
    if not reason:
        raise TournamentError("no_reason", "a correction needs a reason")
    rnd = t.rounds[round_number - 1] if 1 <= round_number <= len(t.rounds) else None
    table = rnd.table(table_number) if rnd else None
    if rnd is None or table is None:
        raise TournamentError("no_such_table", f"round {round_number} has no table {table_number}")
    _check_result(table.sides, result)
    before = rnd.results.get(table_number)
    if before == result:
        raise TournamentError("unchanged", "that is already the table's result")
    corrected = _with_result(t, round_number, table_number, result)
    note = Correction(round_number, table_number, before, result, reason)
    return replace(corrected, corrections=t.corrections + (note,))


def _table_of_current_round(t: Tournament, round_number: int, table_number: int):
    current = t.current
    if current is None or round_number != current.number:
        raise TournamentError("no_such_round", f"round {round_number} is not the round being played")
    table = current.table(table_number)
    if table is None:
        raise TournamentError("no_such_table", f"round {round_number} has no table {table_number}")
    return table


def _check_result(sides: tuple[tuple[int, ...], ...], result: Result) -> None:
    if len(result.points) != len(sides) or not 0 <= result.winner < len(sides):
        raise TournamentError("bad_result", f"a result gives points to {len(sides)} sides and names a winner")


def _with_result(t: Tournament, round_number: int, table_number: int, result: Result) -> Tournament:
    rnd = t.rounds[round_number - 1]
    updated = replace(rnd, results={**rnd.results, table_number: result})
    rounds = t.rounds[: round_number - 1] + (updated,) + t.rounds[round_number:]
    return replace(t, rounds=rounds)
