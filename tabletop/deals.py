"""A deal's seed: drawn at random for each round, its commitment (SHA-256) public from the deal
on, the seed itself once the round is over, so a replay re-checks that it deals those tiles."""

from __future__ import annotations

import hashlib
import secrets


def new_seed() -> int:
    return secrets.randbits(64)


def commitment(seed: int) -> str:
    return hashlib.sha256(str(seed).encode("ascii")).hexdigest()
