"""Speed benchmark: random playouts per second through the engine's public API.

Run as ``python -m engine bench`` (or ``scripts/bench``). One game is one round/hand through the
rules API (what the computer players' playouts use): ``start_round(new_game(profile, options),
seed=i)`` deals it with the project's seeded shuffle, then random legal actions through
``legal_actions`` / ``apply`` until ``state.phase != "play"`` (the round scored). ``Match``, the
log on top of these that undo and records need, is not part of a playout.

Every case gets the same wall-clock budget (``--seconds``), split into ``--rounds`` timed
segments; the reported rate is the median of the segments. With ``--openspiel`` the engine's
2-player block game and OpenSpiel's ``python_block_dominoes`` (one deal played to the end,
chance deal included) are measured in alternating segments (A B A B ...) so that machine
noise hits both alike, and their ratio is printed.

This module only measures; it imports nothing from the engine but the public API, and it is
the only place in ``engine/`` that reads the clock.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from engine import apply, legal_actions, new_game, start_round

# A playout runner plays one game and returns the number of decisions (actions) it took.
Runner = Callable[[int], int]

MAX_ACTIONS_PER_GAME = 100_000  # a round that never ends is an engine bug, not a slow round

OPENSPIEL_GAME = "python_block_dominoes"
OPENSPIEL_LABEL = "openspiel:" + OPENSPIEL_GAME


@dataclass(frozen=True)
class Case:
    label: str
    profile: str
    options: dict = field(default_factory=dict)


# The typical tables of each profile. Options not named take their defaults.
CASES: tuple[Case, ...] = (
    Case("block-2p", "block", {"players": 2}),
    Case("block-3p", "block", {"players": 3}),
    Case("block-4p", "block", {"players": 4}),
    Case("draw-2p", "draw", {"players": 2}),
    Case("draw-3p", "draw", {"players": 3}),
    Case("draw-4p", "draw", {"players": 4}),
    Case("gaple-4x7", "gaple", {}),
    Case("gaple-5x5", "gaple", {"deal": "5x5"}),
    Case("six-love", "six-love", {}),
    Case("mexican-train-4p", "mexican-train", {"players": 4}),
    Case("mexican-train-8p", "mexican-train", {"players": 8}),
)
BASELINE_LABEL = "block-2p"  # the case compared with OpenSpiel


class BenchError(Exception):
    """The engine misbehaved during a playout (stuck, or a round that never ends)."""


# --------------------------------------------------------------------------- runners


def uniform_pick(rng: random.Random) -> Callable:
    """A uniformly random item of a list: both runners use it, and it costs a fraction of
    random.choice, whose own overhead would otherwise weigh on the faster runner's figure."""
    real = rng.random

    def pick(items):
        return items[int(real() * len(items))]

    return pick


def engine_runner(case: Case, rng: random.Random) -> Runner:
    """A runner playing one random round of ``case`` from a seed, via the public API only."""
    game = new_game(case.profile, dict(case.options))
    choice = uniform_pick(rng)

    def play(seed: int) -> int:
        state = start_round(game, seed=seed)
        n = 0
        while state.phase == "play":
            acts = legal_actions(state)
            if not acts:
                raise BenchError(
                    f"{case.label}, seed {seed}: no legal action after {n} actions "
                    f"while phase is 'play' (turn={state.turn!r})"
                )
            state = apply(state, choice(acts))
            n += 1
            if n > MAX_ACTIONS_PER_GAME:
                raise BenchError(f"{case.label}, seed {seed}: round not over after {n} actions")
        return n

    return play


def openspiel_available() -> tuple[bool, str]:
    """(True, version) when OpenSpiel and its Python games import, else (False, why)."""
    try:
        import open_spiel.python.games  # noqa: F401  (registers the python_* games)
        import pyspiel  # noqa: F401
    except Exception as err:  # ImportError, or a broken binary wheel
        return False, f"{type(err).__name__}: {err}"
    if OPENSPIEL_GAME not in pyspiel.registered_names():
        return False, f"pyspiel does not register {OPENSPIEL_GAME!r}"
    try:
        from importlib.metadata import version

        return True, version("open_spiel")
    except Exception:
        return True, "unknown version"


def openspiel_runner(rng: random.Random) -> Runner:
    """A runner playing one random game of OpenSpiel's python_block_dominoes, deal included."""
    import open_spiel.python.games  # noqa: F401
    import pyspiel

    game = pyspiel.load_game(OPENSPIEL_GAME)
    choice, choices = uniform_pick(rng), rng.choices

    def play(_seed: int) -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(choices(outcomes, probs)[0])
            else:
                state.apply_action(choice(state.legal_actions()))
                n += 1
        return n

    return play


# --------------------------------------------------------------------------- measuring


@dataclass
class Meter:
    """Timed segments of one runner; seeds keep counting up across segments."""

    runner: Runner
    next_seed: int = 0
    rates: list[float] = field(default_factory=list)
    games: int = 0
    actions: int = 0

    def warm_up(self, games: int = 3) -> None:
        for _ in range(games):
            self.runner(self.next_seed)
            self.next_seed += 1

    def segment(self, seconds: float) -> None:
        runner, seed, games, actions = self.runner, self.next_seed, 0, 0
        clock = time.perf_counter
        start = clock()
        deadline = start + seconds
        while True:
            actions += runner(seed)
            seed += 1
            games += 1
            now = clock()
            if now >= deadline:
                break
        self.rates.append(games / (now - start))
        self.next_seed, self.games, self.actions = seed, self.games + games, self.actions + actions

    @property
    def games_per_s(self) -> float:
        return statistics.median(self.rates)

    @property
    def actions_per_game(self) -> float:
        return self.actions / self.games if self.games else 0.0


def measure_alone(meter: Meter, seconds: float, rounds: int) -> None:
    meter.warm_up()
    for _ in range(rounds):
        meter.segment(seconds / rounds)


def measure_alternating(a: Meter, b: Meter, seconds: float, rounds: int) -> None:
    """A B A B ...: each gets ``seconds`` in total, split into ``rounds`` segments."""
    a.warm_up()
    b.warm_up()
    for _ in range(rounds):
        a.segment(seconds / rounds)
        b.segment(seconds / rounds)


# --------------------------------------------------------------------------- output


class Report:
    def __init__(self, as_json: bool, out=None):
        self.as_json = as_json
        self.out = out or sys.stdout
        self.header_done = False

    def _print(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def _header(self) -> None:
        if not self.as_json and not self.header_done:
            self._print(
                f"{'case':<34} {'options':<22} {'games/s':>10} {'actions/game':>13} {'µs/action':>10}"
            )
            self._print("-" * 93)
            self.header_done = True

    def row(self, label: str, profile: str, options: dict | None, meter: Meter) -> None:
        rate, apg = meter.games_per_s, meter.actions_per_game
        if self.as_json:
            obj: dict[str, object] = {"profile": profile}
            if options is not None:
                obj["options"] = options
            obj.update(
                games_per_s=round(rate, 1),
                case=label,
                games=meter.games,
                actions_per_game=round(apg, 2),
            )
            self._print(json.dumps(obj))
            return
        self._header()
        us = 1e6 / (rate * apg) if rate and apg else float("nan")
        opts = (
            json.dumps(options, separators=(",", ":")) if options else ("{}" if options is not None else "-")
        )
        self._print(f"{label:<34} {opts:<22} {rate:>10.1f} {apg:>13.1f} {us:>10.1f}")

    def ratio(self, engine: Meter, other: Meter) -> None:
        ratio = engine.games_per_s / other.games_per_s
        if self.as_json:
            self._print(json.dumps({"ratio_block_2p_vs_openspiel": round(ratio, 3)}))
        else:
            self._print("")
            self._print(
                f"engine {BASELINE_LABEL} vs OpenSpiel {OPENSPIEL_GAME}: {ratio:.2f}x "
                f"({engine.games_per_s:.1f} / {other.games_per_s:.1f} games/s, "
                f"median of {len(engine.rates)} alternating segments each)"
            )


# --------------------------------------------------------------------------- CLI


def select_cases(names: list[str] | None) -> list[Case]:
    if not names:
        return list(CASES)
    chosen = []
    for name in names:
        hits = [c for c in CASES if name in (c.label, c.profile)]
        if not hits:
            known = ", ".join(sorted({c.profile for c in CASES} | {c.label for c in CASES}))
            raise ValueError(f"unknown profile or case {name!r} (known: {known})")
        chosen += [c for c in hits if c not in chosen]
    return chosen


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m engine bench",
        description="Random playouts per second (one game = one round dealt from a seed) "
        "for each profile, through new_game/start_round/legal_actions/apply.",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=2.0,
        help="time budget per case, split into --rounds segments (default: 2.0)",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="timed segments per case; the median rate is reported (default: 3)",
    )
    parser.add_argument(
        "--profile",
        action="append",
        metavar="NAME",
        help="a profile (block, draw, gaple, six-love, mexican-train) or a case "
        "(e.g. block-2p, gaple-5x5); repeatable; default: all cases",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument(
        "--openspiel",
        action="store_true",
        help=f"also measure OpenSpiel's {OPENSPIEL_GAME}, alternating with {BASELINE_LABEL}, "
        "and print the ratio (fails if open_spiel is not importable)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the random players (default: 0)")
    parser.add_argument("--list", action="store_true", help="list the cases and exit")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be > 0 and --rounds >= 1")
    try:
        cases = select_cases(args.profile)
    except ValueError as err:
        parser.error(str(err))

    if args.list:
        for c in CASES:
            print(f"{c.label:<20} {c.profile:<14} {json.dumps(c.options)}")
        return 0

    if args.openspiel:
        ok, info = openspiel_available()
        if not ok:
            print(
                f"engine bench: --openspiel given but open_spiel is not importable ({info}).\n"
                "Install it with `.venv/bin/pip install open_spiel` (or `pip install -e .[bench]`), "
                "or run without --openspiel.",
                file=sys.stderr,
            )
            return 1
        if not args.json:
            print(f"OpenSpiel {info}: {OPENSPIEL_GAME}", flush=True)

    report = Report(args.json)
    baseline = next(c for c in CASES if c.label == BASELINE_LABEL)
    if args.openspiel and baseline not in cases:
        cases.insert(0, baseline)  # the ratio needs it
    compared = None
    try:
        for i, case in enumerate(cases):
            meter = Meter(engine_runner(case, random.Random(args.seed * 1000 + i)))
            if args.openspiel and case == baseline:
                theirs = Meter(openspiel_runner(random.Random(args.seed * 1000 + 999)))
                measure_alternating(meter, theirs, args.seconds, args.rounds)
                report.row(case.label, case.profile, case.options, meter)
                report.row(OPENSPIEL_LABEL, OPENSPIEL_LABEL, None, theirs)
                compared = (meter, theirs)
            else:
                measure_alone(meter, args.seconds, args.rounds)
                report.row(case.label, case.profile, case.options, meter)
    except BenchError as err:
        print(f"engine bench: {err}", file=sys.stderr)
        return 1
    if compared:
        report.ratio(*compared)
    return 0


if __name__ == "__main__":  # python -m engine.bench
    sys.exit(main(sys.argv[1:]))
