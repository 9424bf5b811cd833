"""Strength and speed of the computer levels: `python -m players.bench` (or `scripts/bench ai`).

Strength: duplicate deals. Each deal is played twice with the seats swapped between the two
players compared: 2-player games swap the hands; 4-player games seat A at 0+2 and B at 1+3, then
the other way round (partners in a team game; opponents at alternate seats otherwise). A game is
one round (round 1 of a match) dealt from the project's seeded shuffle. A's score in a game is
1 when the round's winner sits on an A seat, 0 for a B seat, 1/2 when nobody wins; where every
seat scores its pips (no round winner) A wins the game when A's seats keep fewer pips than B's.
The tables are named in `engine.profiles.tables`. The score of a
deal pair is the mean of its two games; the table gives the mean over pairs with a 95% interval
(normal approximation over pairs, which keeps each pair's correlation honest).

Speed: the wall-clock time of each level's decisions (easy, medium, hard) taken on positions of
games between that level and heaviest players, measured one after the other in this process, as
percentiles.

Deterministic: deals come from seeds 1..N, the AI's seeds from the pair number; with --jobs the
pairs are spread over processes but gathered in order, so the table does not depend on --jobs.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from typing import Any

from engine import Match, view_for
from engine.profiles import draws_lot
from engine.profiles.tables import LATENCY, SAME_INFO, STRENGTH, pick

from .computer import LEVELS, choose
from .heaviest import heaviest
from .sameinfo import alternatives, check, positions

TABLES = pick(STRENGTH)  # label -> (profile name, options)
DEAL_OFFSET = 0  # tuning runs use other deals than the reported table
COMPARISONS = (("medium", "heaviest"), ("hard", "heaviest"), ("hard", "medium"))
LATENCY_TABLES = pick(LATENCY)


def _decide(player, view, seed):
    if player == "heaviest":
        return heaviest(view)
    return choose(view, player, seed)[0]


def play_round(profile, options, deal_seed, seats, ai_seed, timings=None, timed="hard"):
    """One round with `seats[i]` playing seat i; returns the final state. With `timings`, the
    decisions of the `timed` player are timed into it."""
    m = Match(profile, dict(options))
    lot = draws_lot(m.state.profile, m.state.options)
    m.start_round(seed=deal_seed, opener=(deal_seed % m.state.players) if lot else None)
    state = m.state
    k = 0
    while state.phase == "play":
        seat = state.turn
        view = view_for(state, seat)
        player = seats[seat]
        if timings is not None and player == timed:
            t0, c0 = time.perf_counter(), time.process_time()
            action = _decide(player, view, ai_seed * 1000 + k)
            timings.append((time.perf_counter() - t0, len(view["legal"]), time.process_time() - c0))
        else:
            action = _decide(player, view, ai_seed * 1000 + k)
        state = m.act(action)
        k += 1
    return state


def game_score(state, a_seats) -> float:
    r = state.result
    if state.profile.score_kind == "pips":  # no round winner: the pips kept decide
        a = sum(t for s, t in enumerate(r["totals"]) if s in a_seats)
        b = sum(t for s, t in enumerate(r["totals"]) if s not in a_seats)
        return 1.0 if a < b else 0.0 if a > b else 0.5
    if r["winner"] is None:
        return 0.5
    return 1.0 if r["winner"] in a_seats else 0.0


def pair_score(args) -> float:
    table, a, b, index = args
    profile, options = TABLES[table]
    n = Match(profile, dict(options)).state.players
    deal_seed = 1 + DEAL_OFFSET + index
    total = 0.0
    for flip in (0, 1):
        if n == 2:
            seats = [a, b] if not flip else [b, a]
        else:
            seats = [a if (s + flip) % 2 == 0 else b for s in range(n)]
        a_seats = {s for s in range(n) if seats[s] == a}
        state = play_round(profile, options, deal_seed, seats, index * 2 + flip)
        total += game_score(state, a_seats)
    return total / 2


def strength(table, a, b, pairs, jobs):
    work = [(table, a, b, i) for i in range(pairs)]
    t0 = time.perf_counter()
    if jobs > 1:
        import multiprocessing as mp

        with mp.get_context("fork").Pool(jobs) as pool:
            scores = list(pool.imap(pair_score, work, chunksize=4))
    else:
        scores = [pair_score(w) for w in work]
    mean = statistics.fmean(scores)
    sd = statistics.pstdev(scores) if len(scores) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(len(scores))
    return {
        "table": table,
        "a": a,
        "b": b,
        "pairs": pairs,
        "win": mean,
        "lo": mean - half,
        "hi": mean + half,
        "seconds": time.perf_counter() - t0,
    }


def latency(table, decisions, seed=0, level="hard"):
    profile, options = LATENCY_TABLES[table]
    n = Match(profile, dict(options)).state.players
    timings: list[tuple[float, int, float]] = []  # (wall clock, legal actions, CPU)
    index = 0
    while len(timings) < decisions:
        seats = [level if (s + index) % 2 == 0 else "heaviest" for s in range(n)]
        play_round(profile, options, 100000 + seed + index, seats, index, timings, timed=level)
        index += 1
    timings = timings[:decisions]
    thinking = sorted(t for t, k, c in timings if k > 1)
    every = sorted(t for t, k, c in timings)
    cpu = sorted(c for t, k, c in timings if k > 1)

    def pct(xs, p):
        if not xs:
            return 0.0
        return xs[min(len(xs) - 1, int(math.ceil(p / 100 * len(xs))) - 1)] * 1000

    return {
        "table": table,
        "level": level,
        "decisions": len(every),
        "choices": len(thinking),
        "p50": pct(thinking, 50),
        "p95": pct(thinking, 95),
        "p99": pct(thinking, 99),
        "max": pct(thinking, 100),
        "p95_all": pct(every, 95),
        "p99_all": pct(every, 99),
        "cpu_p50": pct(cpu, 50),
        "cpu_p95": pct(cpu, 95),
        "cpu_p99": pct(cpu, 99),
    }


SAME_INFO_TABLES = pick(SAME_INFO)


def _same_info_one(args):
    import random

    table, index = args
    profile, options = SAME_INFO_TABLES[table]
    ((state, seat),) = positions(profile, options, 1, seed=10000 + index)
    alts = alternatives(state, seat, 8, random.Random(index))
    return len(alts), len(check(state, seat, alts, seed=index, budget=12))


def same_info(count, jobs, quiet, tables=None):
    if not quiet:
        print(
            f"\nSame information: {count} positions per table, 8 re-deals each; choose() at every "
            f"level and hint() must not change (seed and budget fixed)"
        )
    results = {}
    for table in tables or SAME_INFO_TABLES:
        work = [(table, i) for i in range(count)]
        if jobs > 1:
            import multiprocessing as mp

            with mp.get_context("fork").Pool(jobs) as pool:
                rows = list(pool.imap(_same_info_one, work, chunksize=8))
        else:
            rows = [_same_info_one(w) for w in work]
        alts = sum(a for a, _ in rows)
        bad = sum(1 for _, p in rows if p)
        short = sum(1 for a, _ in rows if a < 8)
        results[table] = {"positions": count, "redeals": alts, "differ": bad, "short": short}
        if not quiet:
            print(
                f"{table:18} positions {count:5d}  re-deals {alts:6d}  fewer than 8: {short:3d}  "
                f"answers differ: {bad}",
                flush=True,
            )
    return results


def main(argv=None):
    p = argparse.ArgumentParser(prog="scripts/bench ai", description=__doc__.split("\n\n")[0])
    p.add_argument("--pairs", type=int, default=1200, help="deal pairs per comparison (1200)")
    p.add_argument("--tables", default=",".join(TABLES), help=f"comma-separated, from: {', '.join(TABLES)}")
    p.add_argument(
        "--compare",
        default=",".join(f"{a}:{b}" for a, b in COMPARISONS),
        help="comma-separated A:B pairs (levels or 'heaviest')",
    )
    p.add_argument(
        "--latency", type=int, default=400, help="decisions timed per latency table and level (0: skip)"
    )
    p.add_argument("--latency-tables", default=",".join(LATENCY_TABLES))
    p.add_argument(
        "--latency-levels", default=",".join(LEVELS), help=f"comma-separated, from: {', '.join(LEVELS)}"
    )
    p.add_argument("--no-strength", action="store_true")
    p.add_argument(
        "--same-info",
        type=int,
        default=0,
        metavar="N",
        help="same-information check on N positions per profile, 8 re-deals each",
    )
    p.add_argument(
        "--same-info-tables",
        default=",".join(SAME_INFO_TABLES),
        help="comma-separated tables for the same-information check",
    )
    p.add_argument("--jobs", type=int, default=1, help="processes for the strength games")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    out: dict[str, Any] = {"strength": [], "latency": []}
    if not args.no_strength and args.pairs > 0:
        if not args.json:
            print(f"Strength: {args.pairs} duplicate deal pairs per comparison, win rate of A (95% interval)")
            print(f"{'table':18} {'A':8} {'B':9} {'win':>7} {'95% interval':>17} {'time':>7}")
        for table in args.tables.split(","):
            for comp in args.compare.split(","):
                a, b = comp.split(":")
                r = strength(table, a, b, args.pairs, args.jobs)
                out["strength"].append(r)
                if not args.json:
                    print(
                        f"{table:18} {a:8} {b:9} {r['win'] * 100:6.1f}% "
                        f"[{r['lo'] * 100:5.1f}%, {r['hi'] * 100:5.1f}%] {r['seconds']:6.0f}s",
                        flush=True,
                    )
    if args.latency > 0:
        if not args.json:
            print(
                "\nLatency of the computers' decisions in ms: wall clock of decisions with a choice, "
                "the same counting forced ones too, and the process's CPU time (what the machine's "
                "other load does not inflate)"
            )
            print(
                f"{'table':18} {'level':7} {'choices':>8} {'p50':>6} {'p95':>6} {'p99':>6} {'max':>7} "
                f"{'p95 all':>8} {'p99 all':>8} {'cpu p50':>8} {'cpu p95':>8} {'cpu p99':>8}"
            )
        for table in args.latency_tables.split(","):
            for level in args.latency_levels.split(","):
                r = latency(table, args.latency, level=level)
                out["latency"].append(r)
                if not args.json:
                    print(
                        f"{table:18} {level:7} {r['choices']:8d} {r['p50']:6.1f} {r['p95']:6.1f} "
                        f"{r['p99']:6.1f} {r['max']:7.1f} {r['p95_all']:8.1f} {r['p99_all']:8.1f} "
                        f"{r['cpu_p50']:8.1f} {r['cpu_p95']:8.1f} {r['cpu_p99']:8.1f}",
                        flush=True,
                    )
    if args.same_info > 0:
        tables = args.same_info_tables.split(",")
        unknown = [t for t in tables if t not in SAME_INFO_TABLES]
        if unknown:
            p.error(f"unknown same-information table {unknown[0]!r} (known: {', '.join(SAME_INFO_TABLES)})")
        out["same_info"] = same_info(args.same_info, args.jobs, args.json, tables)
    if args.json:
        json.dump(out, sys.stdout, indent=2)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
