"""`python -m players.reviewbench` (`scripts/bench review`): how long the review of a whole
finished round takes, the hard player judging every choice of one seat from its own view.

Rounds of Draw (2 and 4 players by default) are played by the medium level from seeds 1..N; each
seat's choices are judged as the server judges them (`players.review.judge`, the review's seed,
the default budgets) and timed by the wall clock and the process's CPU time. Prints, per table,
the seat reviews' median, 95th percentile and worst time, how many choices they held, and the
worst wall time of reviewing every seat of one round.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from engine import Match, view_for
from engine.round_steps import seat_decisions

from .computer import choose
from .review import judge

REVIEW_SEED = 1  # as tabletop.config.REVIEW_SEED


def finished_round(profile: str, options: dict, seed: int) -> dict:
    m = Match(profile, dict(options))
    m.start_round(seed=seed)
    while m.state.phase == "play":
        view = view_for(m.state, m.state.turn)
        m.act(choose(view, "medium", seed)[0])
    return m.to_record()


def _pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def bench(profile: str, players: int, rounds: int) -> dict:
    walls, cpus, choices, whole = [], [], [], []
    for seed in range(1, rounds + 1):
        record = finished_round(profile, {"players": players}, seed)
        w_round = time.perf_counter()
        for seat in range(players):
            found = seat_decisions(record, 1, seat)
            w0, c0 = time.perf_counter(), time.process_time()
            for d in found:
                judge(d["view"], d["action"], REVIEW_SEED)
            walls.append(time.perf_counter() - w0)
            cpus.append(time.process_time() - c0)
            choices.append(len(found))
        whole.append(time.perf_counter() - w_round)
    return {
        "table": f"{profile}-{players}p",
        "seat_reviews": len(walls),
        "choices_mean": statistics.mean(choices),
        "choices_max": max(choices),
        "wall_p50": _pct(walls, 50),
        "wall_p95": _pct(walls, 95),
        "wall_max": max(walls),
        "cpu_p50": _pct(cpus, 50),
        "cpu_p95": _pct(cpus, 95),
        "cpu_max": max(cpus),
        "every_seat_max": max(whole),
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=20, help="rounds per table (default 20)")
    ap.add_argument("--players", default="2,4", help="Draw seat counts (default 2,4)")
    ap.add_argument(
        "--nice", type=int, default=0, help="run at this niceness, as the server's worker does (19)"
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.nice:
        os.nice(args.nice)
    rows = [bench("draw", int(n), args.rounds) for n in args.players.split(",")]
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    head = f"{'table':10} {'reviews':>7} {'choices':>11} {'wall p50':>9} {'p95':>7} {'max':>7}"
    print(head + f" {'CPU p50':>8} {'p95':>7} {'max':>7} {'all seats max':>14}")
    for r in rows:
        print(
            f"{r['table']:10} {r['seat_reviews']:>7} {r['choices_mean']:>5.1f} ({r['choices_max']:>2}) "
            f"{r['wall_p50']:>8.2f}s {r['wall_p95']:>6.2f}s {r['wall_max']:>6.2f}s "
            f"{r['cpu_p50']:>7.2f}s {r['cpu_p95']:>6.2f}s {r['cpu_max']:>6.2f}s {r['every_seat_max']:>13.2f}s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
