"""`python -m engine replay FILE|-`, `python -m engine deal --profile P --seed N [--option k=v]`,
`python -m engine bench ...`."""

from __future__ import annotations

import argparse
import json
import sys

from .bench import main as bench_main
from .deal import deal_from_seed
from .match import replay
from .record import RecordError


def _option_value(text: str):
    low = text.lower()
    if low in ("true", "on", "yes"):
        return True
    if low in ("false", "off", "no"):
        return False
    return int(text) if text.isdigit() else text


def cmd_replay(args) -> int:
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as err:
        print(f"cannot read {args.file}: {err.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print("record: not UTF-8 text", file=sys.stderr)
        return 2
    try:
        record = json.loads(text)
    except json.JSONDecodeError as err:
        print(f"record: not valid JSON ({err.msg} at line {err.lineno}, column {err.colno})", file=sys.stderr)
        return 2
    except RecursionError:
        print("record: not valid JSON (nested too deeply)", file=sys.stderr)
        return 2
    except ValueError as err:  # e.g. an integer with more digits than Python converts
        print(f"record: not valid JSON ({err})", file=sys.stderr)
        return 2
    try:
        result = replay(record)
    except RecordError as err:
        print(str(err), file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0


def cmd_deal(args) -> int:
    options = {}
    for item in args.option or []:
        if "=" not in item:
            print(f"--option takes name=value, not {item!r}", file=sys.stderr)
            return 2
        name, value = item.split("=", 1)
        options[name] = _option_value(value)
    if args.players is not None:
        options["players"] = args.players
    try:
        deal = deal_from_seed(args.profile, options, args.seed)
    except ValueError as err:
        print(str(err), file=sys.stderr)
        return 2
    out = {
        "profile": args.profile,
        "seed": args.seed,
        "hands": [[str(t) for t in h] for h in deal.hands],
        "stock": [str(t) for t in deal.stock],
    }
    if deal.opener is not None:
        out["opener"] = deal.opener
    print(json.dumps(out))
    return 0


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "bench":
        return bench_main(argv[1:]) or 0
    parser = argparse.ArgumentParser(prog="python -m engine", description="Domino rules engine tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="check a game record and print its results as JSON")
    p.add_argument("file", help="the record file, or - for standard input")
    p.set_defaults(func=cmd_replay)
    d = sub.add_parser("deal", help="print the deal a seed produces")
    d.add_argument("--profile", required=True)
    d.add_argument("--seed", required=True, type=int)
    d.add_argument("--players", type=int)
    d.add_argument(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="a profile option, e.g. --option deal=5x5 (repeatable)",
    )
    d.set_defaults(func=cmd_deal)
    sub.add_parser("bench", help="random-playout speed of every profile (see --help of it)")
    args = parser.parse_args(argv)
    return args.func(args)
