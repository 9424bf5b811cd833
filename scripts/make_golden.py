"""Regenerate the golden records in tests/golden/ (run: .venv/bin/python scripts/make_golden.py).

Each file holds a record of full games played by a seeded random policy, written with explicit
hands and stock (portable to any implementation of RECORD.md), and the replay output the engine
gave when the file was made, plus perft counts (the number of legal action sequences of each
length from the first deal). Tests replay the record and compare: a change of behaviour shows up
as a diff to look at, never silently. Check a regenerated file against RULES.md before committing.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Match, apply, legal_actions  # noqa: E402

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden"

CASES = {
    "draw-2p": ("draw", {"players": 2}, 40),
    "draw-4p": ("draw", {"players": 4}, 40),
    "block-2p": ("block", {"players": 2}, 40),
    "block-3p": ("block", {"players": 3}, 40),
    "gaple-4x7": ("gaple", {}, 4),
    "gaple-4x6-partners": ("gaple", {"deal": "4x6", "partners": True}, 4),
    "gaple-5x5-blank25-nodiscard": ("gaple", {"deal": "5x5", "blank25": True, "discard": False}, 4),
    "six-love": ("six-love", {}, 30),
    "mexican-train-4p": ("mexican-train", {"players": 4}, 13),
    "mexican-train-9p-norun": ("mexican-train", {"players": 9, "first_run": False, "blank50": True}, 3),
}


def first_decision(state):
    """The first position of the round where the player to act has a real choice."""
    while state.phase == "play" and len(legal_actions(state)) == 1:
        state = apply(state, legal_actions(state)[0])
    return state


def compact_json(data) -> str:
    """Indented JSON with every flat list or object (a hand, an action) kept on one line."""
    import re

    text = json.dumps(data, indent=1)
    one_line = lambda m: json.dumps(json.loads(m.group(0)))  # noqa: E731
    text = re.sub(r"\{[^\[\]{}]*\}", one_line, text)
    return re.sub(r"\[[^\[\]{}]*\]", one_line, text)


def perft(state, depth):
    if depth == 0 or state.phase != "play":
        return 1
    return sum(perft(apply(state, a), depth - 1) for a in legal_actions(state))


def make(name, profile, options, max_rounds, seed=2026):
    rng = random.Random(seed)
    match = Match(profile, options, seats=None)
    first = None
    for _ in range(max_rounds):
        if match.state.phase == "game_over":
            break
        match.start_round(seed=rng.randrange(10**9))
        if first is None:
            first = first_decision(match.state)
        while match.state.phase == "play":
            legal = legal_actions(match.state)
            plays = [a for a in legal if a.kind == "play"]
            match.act(rng.choice(plays if plays and rng.random() < 0.7 else legal))
    record = match.to_record()  # explicit hands and stock: portable
    depths = 3 if profile == "mexican-train" else 4
    return {
        "name": name,
        "record": record,
        "replay": match.results(),
        "perft": [perft(first, d) for d in range(depths + 1)],
    }


def main():
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, (profile, options, rounds) in CASES.items():
        data = make(name, profile, options, rounds)
        (GOLDEN / f"{name}.json").write_text(compact_json(data) + "\n")
        print(name, len(data["record"]["rounds"]), "rounds", data["perft"])


if __name__ == "__main__":
    main()
