"""How long the owner's delete of a regular holds the tables (scripts/bench regulars): the stored
games are N copies of a finished four-seat Mexican Train record, a share of them naming the
regular; the delete's rewrite of the store (`regulars._anonymise_stored`, run while every room
waits) is timed, one committed transaction as the server runs it.

    scripts/bench regulars [GAMES [SHARE]]     (defaults: 20000 games, 1 % theirs)
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import engine  # noqa: E402
from tabletop import names  # noqa: E402
from tabletop.jsontext import text as json_text  # noqa: E402
from tabletop.regulars import _anonymise_stored  # noqa: E402
from tabletop.store import Store  # noqa: E402


def record() -> dict:
    rng = random.Random(1)
    match = engine.Match(
        "mexican-train", {"players": 4}, seats=[{"name": n} for n in ("Ingrid", "Gustav", "Ola", "Kari")]
    )
    for _ in range(4):
        match.start_round(seed=rng.randrange(2**48))
        while match.state.phase == "play":
            match.act(engine.legal_actions(match.state)[0])
        if match.state.phase == "game_over":
            break
    return match.to_record()


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    share = float(sys.argv[2]) if len(sys.argv) > 2 else 0.01
    theirs = json_text(record())
    others = theirs.replace("Ingrid", "Sigrid")
    store = Store(os.path.join(tempfile.mkdtemp(prefix="bench-regulars-"), "t.sqlite3"))
    rows = [(theirs if i < games * share else others,) for i in range(games)]
    store._tx(
        lambda db: db.executemany(
            "INSERT INTO games (room, record, started, updated) VALUES ('ABCDE', ?, 0, 0)", rows
        )
    )
    start = time.perf_counter()
    store._tx(lambda db: _anonymise_stored(db, {names.key("Ingrid")}, 1, ["Ingrid"]))
    took = time.perf_counter() - start
    named = sum(1 for r in rows if r[0] is theirs)
    print(
        f"{games} games of {len(theirs)} bytes, {named} naming the regular:"
        f" the delete's rewrite took {took:.2f} s"
    )
    store.close()


if __name__ == "__main__":
    main()
