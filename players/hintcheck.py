"""Hints that tell the truth: how often the claim of a hint's reason holds, and which reasons
are shown, per table. `python -m players.hintcheck --per-table 5000` (or
`scripts/bench ai --hints 5000`).

Positions come from matches of up to three rounds (so that later-round choices, such as naming
the opener, appear) played half by the heaviest-tile player and half at random; up to four
positions with a choice are taken from each round at random depths. Each position gets the hint
(`players.hint`, the hard level; `--budget` lowers its playouts for quick runs, the code path is
the same) and its reason is checked by `claims.holds` against the view and what the search
found. Deterministic for a given seed; `--jobs` spreads the tables over processes. The tables
are named in `engine.profiles.tables`; `main(argv, tables)` checks others (a profile a test
registers, say).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter

from engine import Match, view_for
from engine.profiles import draws_lot
from engine.profiles.tables import HINTS, pick

from .claims import holds
from .computer import decide
from .heaviest import heaviest
from .reasons import search_of

TABLES = pick(HINTS)  # label -> (profile name, options)
ROUNDS = 3  # rounds per match before a new match


def positions(profile, options, count, seed=0):
    """`count` (state, seat to act) with a choice to make, from rounds 1..ROUNDS of matches."""
    rng = random.Random(f"hintcheck:{profile}:{options}:{seed}")
    found: list[tuple] = []  # (state, seat to act)
    game = 0
    while len(found) < count:
        m = Match(profile, dict(options))
        lot = draws_lot(m.state.profile, m.state.options)
        for rnd in range(ROUNDS):
            if m.state.phase not in ("new", "round_over") or len(found) >= count:
                break
            deal_seed = seed * 100003 + game * 7 + rnd
            m.start_round(seed=deal_seed, opener=(deal_seed % m.state.players) if lot else None)
            st = m.state
            choices = []
            while st.phase == "play":
                v = view_for(st, st.turn)
                if len(v["legal"]) > 1:
                    choices.append((st, st.turn))
                st = m.act(heaviest(v) if rng.random() < 0.5 else rng.choice(v["legal"]))
            found += rng.sample(choices, min(4, len(choices), count - len(found)))
        game += 1
    return found


def hint_seed_of(seed, k):
    """The hint's seed for position `k` of a run with `seed` (to ask the same hint again)."""
    return seed * 1000003 + k


def check_table(profile, options, count, seed=0, budget=None):
    """Over `count` positions: (hints, claims that hold, Counter of reason keys, failures)."""
    kinds: Counter[str] = Counter()
    failures: list[dict] = []
    held = 0
    for k, (state, seat) in enumerate(positions(profile, options, count, seed)):
        view = view_for(state, seat)
        hint_seed = hint_seed_of(seed, k)
        action, reason, decision = decide(view, "hard", hint_seed, budget)
        kinds[reason["key"]] += 1
        if holds(view, action, reason, search_of(decision)):
            held += 1
        else:
            failures.append(
                {
                    "position": k,
                    "hint_seed": hint_seed,
                    "budget": budget,
                    "view": view,
                    "action": action,
                    "reason": reason,
                }
            )
    return count, held, kinds, failures


def _run(job):
    name, (profile, options), count, seed, budget = job
    t0 = time.process_time()
    n, held, kinds, failures = check_table(profile, options, count, seed, budget)
    return name, n, held, dict(kinds), failures, time.process_time() - t0


def main(argv=None, tables: dict | None = None) -> int:
    """The command line; `tables` ({label: (profile name, options)}) replaces the named tables."""
    tables = TABLES if tables is None else tables
    ap = argparse.ArgumentParser(prog="python -m players.hintcheck", description=__doc__.split("\n\n")[0])
    ap.add_argument("--per-table", type=int, default=200, help="hints per table (default 200)")
    ap.add_argument("--tables", default=",".join(tables), help="comma-separated, of: " + ", ".join(tables))
    ap.add_argument("--budget", type=int, default=None, help="playouts per hint (default: the hint's own)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument(
        "--dump",
        metavar="FILE",
        help="write every failing position to FILE, one JSON object a line: table, position, hint_seed, "
        "budget, the view, the action and the reason (decide(view, 'hard', hint_seed, budget) asks it again)",
    )
    args = ap.parse_args(argv)
    names = [t for t in args.tables.split(",") if t]
    for t in names:
        if t not in tables:
            ap.error(f"unknown table {t!r}")
    jobs = [(t, tables[t], args.per_table, args.seed, args.budget) for t in names]
    if args.jobs > 1:
        from multiprocessing import Pool

        with Pool(args.jobs) as pool:
            rows = pool.map(_run, jobs)
    else:
        rows = [_run(j) for j in jobs]
    if args.dump:
        with open(args.dump, "w", encoding="utf-8") as f:
            for row in rows:
                for failure in row[4]:
                    f.write(json.dumps(dict(failure, table=row[0])) + "\n")
    if args.json:
        out = [
            {"table": r[0], "hints": r[1], "hold": r[2], "kinds": r[3], "failures": r[4][:5]} for r in rows
        ]
        print(json.dumps(out, indent=1))
    else:
        budget = "the hint's own" if args.budget is None else args.budget
        print(f"hint claims, {args.per_table} hints per table, seed {args.seed}, playouts: {budget}")
        for name, n, held, kinds, failures, cpu in rows:
            print(f"\n{name}: {held}/{n} claims hold ({100 * held / n:.2f}%), {cpu:.0f} s CPU")
            for key, c in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0])):
                print(f"  {key:<28} {100 * c / n:6.2f}%  ({c})")
            for f in failures[:5]:
                print(
                    f"  FAILS at position {f['position']} (hint seed {f['hint_seed']}):",
                    f["reason"],
                    f["action"],
                )
    return 0 if all(r[1] == r[2] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
