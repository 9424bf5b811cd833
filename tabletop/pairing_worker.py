"""The night's pairing in a process of its own (tabletop/night.py, served on gevent).

Pairing a round is a pure function of the stored tournament (`tournament.paired_data`), so the
process needs the pure tournament package and nothing else: no flask, gevent, engine or rooms
(~10 MB for the process where the computers' worker, whose imports it once shared, takes ~24).
It is started for a round's pairing and ended after it.

    python -m tabletop.pairing_worker NICE   one request per line on stdin, one answer per line
                                             on stdout (tabletop/line_worker.py), at niceness NICE
"""

from __future__ import annotations

import sys

from .line_worker import serve
from .tournament import paired_data

MODULE = "tabletop.pairing_worker"
JOBS = {"paired_data": paired_data}


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    serve(JOBS, int(argv[0]) if argv else 0)


if __name__ == "__main__":
    main()
