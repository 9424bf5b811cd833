"""Named tables: a profile with options under a short label ("block-2p"), the tables the
measurements of the computer players run on (`scripts/bench ai`: `players.bench`,
`players.hintcheck`, `players.ismcts`). They live beside the profiles so that the players name
no profile: a measurement takes its tables from here by label. Options not named take their
defaults.
"""

from __future__ import annotations

TABLES: dict[str, tuple[str, dict]] = {
    "block-2p": ("block", {"players": 2}),
    "block-3p": ("block", {"players": 3}),
    "draw-2p": ("draw", {"players": 2}),
    "draw-4p": ("draw", {"players": 4}),
    "gaple-4x7": ("gaple", {}),
    "gaple-4x6-partners": ("gaple", {"deal": "4x6", "partners": True}),
    "gaple-5x5": ("gaple", {"deal": "5x5"}),
    "six-love": ("six-love", {}),
    "mexican-train-4p": ("mexican-train", {"players": 4}),
    "mexican-train-8p": ("mexican-train", {"players": 8}),
    "mexican-train-9p": ("mexican-train", {"players": 9}),
    "mexican-train-10p": ("mexican-train", {"players": 10}),
}

# What each measurement runs unless told otherwise, in the order of its report.
STRENGTH = ("block-2p", "draw-4p", "gaple-4x7", "six-love", "mexican-train-4p")  # one per profile
LATENCY = STRENGTH + ("draw-2p", "mexican-train-8p", "mexican-train-10p")
SAME_INFO = STRENGTH + ("block-3p", "draw-2p", "gaple-5x5", "mexican-train-9p")
HINTS = ("block-2p", "draw-4p", "gaple-4x7", "gaple-4x6-partners", "six-love", "mexican-train-4p")
# Line games whose stuck player draws or passes, wrapped as OpenSpiel games (the benchmark
# against OpenSpiel's search); the first is the one measured at several simulation counts.
OPENSPIEL = ("block-2p", "draw-4p")


def pick(labels) -> dict[str, tuple[str, dict]]:
    """The named tables of `labels`, in that order: {label: (profile name, options)}."""
    return {label: TABLES[label] for label in labels}
