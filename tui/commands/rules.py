"""``hanchan rules list | show NAME | diff A B | check FILE | yaku``.

NAME is a preset name (``makura``) or the path of a ruleset file everywhere.
``check`` prints every problem of a file and exits 1 when there is one.
"""

from __future__ import annotations

import argparse
import json
import unicodedata
from typing import Any

from rulesets.describe import describe_lines, diff_lines, diff_rulesets
from rulesets.loader import (
    RulesetError,
    RulesetInfo,
    dumps_ruleset,
    list_presets,
    load_ruleset_info,
)
from rulesets.schema import Ruleset


def register(subparsers: Any) -> None:
    """Add the ``rules`` command and its sub-commands."""
    p = subparsers.add_parser("rules", help="list, show, compare and check rulesets; list yaku",
                              description="Rulesets: the bundled presets and your own files.")
    sub = p.add_subparsers(dest="rules_command", metavar="SUBCOMMAND")
    p.set_defaults(func=_cmd_list, json=False)

    lp = sub.add_parser("list", help="list the presets")
    lp.add_argument("--json", action="store_true", help="print one JSON object")
    lp.set_defaults(func=_cmd_list)

    sp = sub.add_parser("show", help="explain a ruleset in words")
    sp.add_argument("name", metavar="NAME", help="preset name or ruleset file")
    sp.add_argument("--all", action="store_true",
                    help="also show options that do not matter under the other values")
    sp.add_argument("--json", action="store_true", help="print the options as JSON")
    sp.add_argument("--toml", action="store_true",
                    help="print the ruleset as a TOML file to start your own from")
    sp.set_defaults(func=_cmd_show)

    dp = sub.add_parser("diff", help="list the options on which two rulesets differ")
    dp.add_argument("a", metavar="A", help="preset name or ruleset file")
    dp.add_argument("b", metavar="B", help="preset name or ruleset file")
    dp.add_argument("--json", action="store_true", help="print {option: [A, B]} as JSON")
    dp.set_defaults(func=_cmd_diff)

    cp = sub.add_parser("check", help="validate a ruleset file (exit 1 if it has problems)")
    cp.add_argument("file", metavar="FILE", help="ruleset file (or preset name)")
    cp.set_defaults(func=_cmd_check)

    yp = sub.add_parser("yaku", help="list the yaku and their values under a ruleset")
    yp.add_argument("--rules", default="tenhou", metavar="NAME|FILE",
                    help="preset name or ruleset file (default: tenhou)")
    yp.add_argument("--json", action="store_true", help="print a JSON list")
    yp.set_defaults(func=_cmd_yaku)


def _load(name: str) -> RulesetInfo:
    from tui.cli import UserError

    try:
        return load_ruleset_info(name)
    except RulesetError as exc:
        raise UserError(str(exc), status=1) from None


def _plain(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    return v


def _cmd_list(args: argparse.Namespace) -> int:
    rows = []
    for name in list_presets():
        try:
            info = load_ruleset_info(name)
            rows.append((name, info.title, info.source))
        except RulesetError as exc:  # a broken bundled preset: say so, keep listing
            rows.append((name, f"(cannot be loaded: {exc.problems[0]})", ""))
    if getattr(args, "json", False):
        print(json.dumps({"presets": [{"name": n, "title": t, "source": s}
                                      for n, t, s in rows]}, ensure_ascii=False))
        return 0
    width = max(len(n) for n, _, _ in rows) if rows else 0
    for name, title, _ in rows:
        print(f"{name:<{width}}  {title}")
    return 0


def _cmd_show(args: argparse.Namespace) -> int:
    info = _load(args.name)
    if args.json:
        print(json.dumps(info.ruleset.to_dict(), ensure_ascii=False))
        return 0
    if args.toml:
        print(dumps_ruleset(info.ruleset, title=info.title), end="")
        return 0
    for line in describe_lines(info.ruleset, title=info.title, source=info.source,
                               everything=args.all):
        print(line)
    return 0


def _cmd_diff(args: argparse.Namespace) -> int:
    a, b = _load(args.a), _load(args.b)
    if args.json:
        out = {d.name: [_plain(d.a), _plain(d.b)] for d in diff_rulesets(a.ruleset, b.ruleset)}
        print(json.dumps(out, ensure_ascii=False))
        return 0
    la, lb = args.a, args.b
    for line in diff_lines(a.ruleset, b.ruleset, label_a=la, label_b=lb):
        print(line)
    return 0


def _cmd_check(args: argparse.Namespace) -> int:
    try:
        info = load_ruleset_info(args.file)
    except RulesetError as exc:
        for problem in exc.problems:
            print(f"{exc.source}: {problem}")
        n = len(exc.problems)
        print(f"{exc.source}: {n} problem{'s' if n != 1 else ''}")
        return 1
    base = f", starting from {info.base}" if info.base else ""
    print(f"{args.file}: ok (ruleset '{info.ruleset.name}'{base})")
    return 0


def _yaku_rows(rules: Ruleset) -> list[Any]:
    from engine.scoring import yaku_table

    return list(yaku_table(rules))


def _value_text(closed: int, opened: int | None, yakuman: int) -> str:
    if yakuman:
        return "double yakuman" if yakuman == 2 else (
            "yakuman" if yakuman == 1 else f"{yakuman}x yakuman")
    if opened is None:
        return f"{closed} han (closed only)"
    if opened == closed:
        return f"{closed} han"
    return f"{closed} han ({opened} open)"


def _cmd_yaku(args: argparse.Namespace) -> int:
    info = _load(args.rules)
    rows = _yaku_rows(info.ruleset)
    if args.json:
        print(json.dumps([{"id": r.id, "ja": r.ja, "en": r.en, "closed_han": r.closed_han,
                           "open_han": r.open_han, "yakuman": r.yakuman} for r in rows],
                         ensure_ascii=False))
        return 0
    print(f"Yaku under {info.ruleset.name}:")
    wid = max((len(r.id) for r in rows), default=0)
    wja = max((_width(r.ja) for r in rows), default=0)
    wen = max((len(r.en) for r in rows), default=0)
    for r in rows:
        pad_ja = r.ja + " " * (wja - _width(r.ja))
        print(f"  {r.id:<{wid}}  {pad_ja}  {r.en:<{wen}}  "
              f"{_value_text(r.closed_han, r.open_han, r.yakuman)}")
    return 0


def _width(text: str) -> int:
    """Columns a string takes in a terminal (CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
