"""A tournament to and from plain JSON values, for the server to store and read back."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from .pairing import pair_next_round
from .state import Correction, Entrant, Result, Round, Settings, Table, Tournament, TournamentError


def to_data(t: Tournament) -> dict[str, Any]:
    return {
        "settings": asdict(t.settings),
        "entrants": [{"id": e.id, "names": list(e.names), "withdrawn": e.withdrawn} for e in t.entrants],
        "order": list(t.order),
        "rounds": [
            {
                "number": r.number,
                "tables": [{"number": x.number, "sides": [list(side) for side in x.sides]} for x in r.tables],
                "byes": list(r.byes),
                "results": [{"table": n, **_result(res)} for n, res in sorted(r.results.items())],
            }
            for r in t.rounds
        ],
        "corrections": [
            {
                "round": c.round,
                "table": c.table,
                "before": _result(c.before) if c.before else None,
                "after": _result(c.after),
                "reason": c.reason,
            }
            for c in t.corrections
        ],
    }


def from_data(data: dict[str, Any]) -> Tournament:
    try:
        return Tournament(
            settings=Settings(**data["settings"]),
            entrants=tuple(Entrant(e["id"], tuple(e["names"]), e["withdrawn"]) for e in data["entrants"]),
            order=tuple(data["order"]),
            rounds=tuple(
                Round(
                    r["number"],
                    tuple(Table(x["number"], tuple(tuple(s) for s in x["sides"])) for x in r["tables"]),
                    tuple(r["byes"]),
                    {res["table"]: _read_result(res) for res in r["results"]},
                )
                for r in data["rounds"]
            ),
            corrections=tuple(
                Correction(
                    c["round"],
                    c["table"],
                    _read_result(c["before"]) if c["before"] else None,
                    _read_result(c["after"]),
                    c["reason"],
                )
                for c in data["corrections"]
            ),
        )
    except (KeyError, TypeError) as error:
        raise TournamentError("bad_data", f"not a stored tournament: {error!r}") from error


def paired_data(data: dict[str, Any]) -> dict[str, Any]:
    """The next round paired, a stored tournament in and out: how the server's worker process
    (which takes and gives JSON) pairs a round away from the tables."""
    return to_data(pair_next_round(from_data(data)))


def _result(r: Result) -> dict[str, Any]:
    return {"points": list(r.points), "winner": r.winner}


def _read_result(data: dict[str, Any]) -> Result:
    return Result(tuple(data["points"]), data["winner"])
