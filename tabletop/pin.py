"""What a PIN may be, in one place: `tabletop serve --pin` and the `unlock` message use the same
rule. Digits only, because the table's PIN pad is also worked with a TV remote's number keys."""

from __future__ import annotations

import re

MIN_DIGITS = 4
MAX_DIGITS = 12
RULE = f"{MIN_DIGITS} to {MAX_DIGITS} digits (0-9)"
PATTERN = re.compile(rf"[0-9]{{{MIN_DIGITS},{MAX_DIGITS}}}")


def pin_problem(pin: object) -> str | None:
    """None for a PIN that may be used; otherwise why not, in words for a person."""
    if not isinstance(pin, str) or not PATTERN.fullmatch(pin):
        return f"a PIN is {RULE}"
    return None
