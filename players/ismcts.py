"""Hard against OpenSpiel's information-set MCTS: `python -m players.ismcts` (or
`scripts/bench ai --ismcts`, which installs open_spiel, a benchmark dependency only).

The games are the engine's own, wrapped as OpenSpiel Python games (`players.openspiel_game`).
OpenSpiel's `ISMCTSBot` plays with random rollouts (one per simulation), UCT constant 2 (the
returns are +1 for the round's winner, -1 split among the others, 0 when nobody wins), the final
move by the most visits, and the wrapper's determinizer (consistent with passes, draws and the
round-one opening). Duplicate deals: each deal (the engine's seeded shuffle, seeds 1..N, the
deals of `scripts/bench ai`) is played twice with the seats swapped; 2 players: hard at seat 0,
then at seat 1; 4 players: hard at seats 0 and 2 against ISMCTS at 1 and 3, then the other way
round (so an even match is 50 %, as in `scripts/bench ai`'s 4-player tables). The tables are
`engine.profiles.tables.OPENSPIEL`: `--sims` for the first, `--draw-sims` for the second. A game
scores 1 when a hard seat wins the round, 0 when an ISMCTS seat does, 1/2 when nobody wins. The
win rate is over games with a Wilson 95 % interval (a tie counts half a win); duplicate deals
make the games of a pair anti-correlated, so the interval over games is if anything too wide.

Deterministic: hard's seeds come from the pair number, ISMCTS's and the determinizer's streams
from the pair number, the side and the simulation count; --jobs does not change the table.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterator

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from engine import Action, new_game, view_for
from engine.profiles import tables

from . import openspiel_game as og
from .computer import choose

TABLES = {label: og.game_name(label) for label in tables.OPENSPIEL}  # label -> OpenSpiel game
UCT_C = 2.0


def play_game(game_name, deal_seed, hard_seats, sims, stream, hard_seed):
    """One round: `hard_seats` played by hard, the others by ISMCTS with `sims` simulations.
    Returns (score for hard, ISMCTS decisions searched)."""
    game = pyspiel.load_game(game_name, {"seed": deal_seed, "sampler_seed": stream})
    state = game.new_initial_state()
    n = game.num_players()
    bots = {}
    for s in range(n):
        if s not in hard_seats:
            rs = np.random.RandomState((stream * 16 + s) % 2**32)
            bots[s] = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), UCT_C, sims, random_state=rs)
    k = searched = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat in hard_seats:
            view = view_for(state._engine, seat)
            action, _ = choose(view, "hard", hard_seed * 1000 + k)
            aid = og.action_id(Action.from_json(action))
        else:
            searched += len(state.legal_actions()) > 1
            aid = bots[seat].step(state)
        state.apply_action(aid)
        k += 1
    winner = state._engine.result["winner"]
    return (0.5 if winner is None else 1.0 if winner in hard_seats else 0.0), searched


def pair(args):
    table, sims, index = args
    name = TABLES[table]
    n = new_game(*tables.TABLES[table]).players
    total, searched = 0.0, 0
    for flip in (0, 1):
        hard = {s for s in range(n) if (s + flip) % 2 == 0}
        stream = (index * 2 + flip) * 10007 + sims
        score, k = play_game(name, 1 + index, hard, sims, stream, index * 2 + flip)
        total += score
        searched += k
    return total, searched


def wilson(wins, n, z=1.96):
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return mid - half, mid + half


def measure(table, sims, pairs, jobs, offset=0, progress=None):
    work = [(table, sims, offset + i) for i in range(pairs)]
    t0 = time.perf_counter()
    wins = 0.0
    searched = 0
    results: Iterator[tuple[float, int]]
    if jobs > 1:
        import multiprocessing as mp

        pool = mp.get_context("fork").Pool(jobs)
        results = pool.imap(pair, work)
    else:
        pool, results = None, map(pair, work)
    for done, (w, k) in enumerate(results, 1):
        wins += w
        searched += k
        if progress and done % progress == 0:
            print(
                f"  {table} {sims} sims: {done}/{pairs} pairs, hard {wins / (2 * done):.3f}, "
                f"{time.perf_counter() - t0:.0f}s",
                file=sys.stderr,
                flush=True,
            )
    if pool is not None:
        pool.close()
    games = 2 * pairs
    lo, hi = wilson(wins, games)
    return {
        "table": table,
        "sims": sims,
        "pairs": pairs,
        "offset": offset,
        "games": games,
        "hard_wins": wins,
        "win": wins / games,
        "lo": lo,
        "hi": hi,
        "ismcts_decisions": searched,
        "seconds": time.perf_counter() - t0,
    }


def main(argv=None):
    p = argparse.ArgumentParser(prog="scripts/bench ai --ismcts", description=__doc__.split("\n\n")[0])
    p.add_argument("--pairs", type=int, default=400, help="duplicate deal pairs per row (400)")
    first, second = tables.OPENSPIEL
    p.add_argument("--sims", default="100,400,1600", help=f"ISMCTS simulations per move, {first} rows")
    p.add_argument("--draw-sims", default="400", help=f"ISMCTS simulations, {second} rows ('' for none)")
    p.add_argument("--offset", type=int, default=0, help="first deal pair (to split a run)")
    p.add_argument("--jobs", type=int, default=1, help="processes")
    p.add_argument("--progress", type=int, default=0, metavar="K", help="report every K pairs on stderr")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    rows = [(first, int(s)) for s in args.sims.split(",") if s]
    rows += [(second, int(s)) for s in args.draw_sims.split(",") if s]
    if not args.json:
        print(f"Hard against OpenSpiel ISMCTS (random rollouts), {args.pairs} duplicate deal pairs per row")
        print(
            f"{'table':10} {'sims':>5} {'games':>6} {'hard wins':>10} {'win':>7} "
            f"{'95% Wilson':>16} {'time':>7}"
        )
    out = []
    for table, sims in rows:
        r = measure(table, sims, args.pairs, args.jobs, args.offset, args.progress)
        out.append(r)
        if not args.json:
            print(
                f"{table:10} {sims:5d} {r['games']:6d} {r['hard_wins']:10.1f} {r['win'] * 100:6.1f}% "
                f"[{r['lo'] * 100:5.1f}%, {r['hi'] * 100:5.1f}%] {r['seconds']:6.0f}s",
                flush=True,
            )
    if args.json:
        json.dump(out, sys.stdout, indent=2)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
