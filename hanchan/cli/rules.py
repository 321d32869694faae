"""``hanchan rules list | show NAME | diff A B | check FILE | yaku``.

NAME is a preset name (``makura``) or the path of a ruleset file everywhere.
``check`` prints every problem of a file and exits 1 when there is one; the other
sub-commands exit 2 on a ruleset they cannot load, like every command.
"""

from __future__ import annotations

import argparse
import json
import unicodedata
from typing import Any

from hanchan.cli.inputs import load_rules_info
from hanchan.engine.scoring import YakuInfo, yaku_table
from hanchan.rulesets.describe import describe_lines, diff_lines, diff_rulesets
from hanchan.rulesets.loader import RulesetError, dumps_ruleset, list_presets, load_ruleset_info
from hanchan.rulesets.schema import Ruleset
from hanchan.words.yaku_examples import NO_HAND, example, example_text


def _plain(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    return v


def run_list(args: argparse.Namespace) -> int:
    """``rules list``: the presets and their titles."""
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


def run_show(args: argparse.Namespace) -> int:
    """``rules show NAME``: a ruleset in words, as JSON or as TOML."""
    info = load_rules_info(args.name)
    if args.json:
        print(json.dumps(info.ruleset.to_dict(), ensure_ascii=False))
        return 0
    if args.toml:
        print(dumps_ruleset(info.ruleset, title=info.title), end="")
        return 0
    for line in describe_lines(info.ruleset, title=info.title, source=info.source,
                               everything=args.all, notes=info.notes):
        print(line)
    return 0


def run_diff(args: argparse.Namespace) -> int:
    """``rules diff A B``: the options on which two rulesets differ."""
    a, b = load_rules_info(args.a), load_rules_info(args.b)
    if args.json:
        out = {d.name: [_plain(d.a), _plain(d.b)] for d in diff_rulesets(a.ruleset, b.ruleset)}
        print(json.dumps(out, ensure_ascii=False))
        return 0
    la, lb = args.a, args.b
    for line in diff_lines(a.ruleset, b.ruleset, label_a=la, label_b=lb):
        print(line)
    return 0


def run_check(args: argparse.Namespace) -> int:
    """``rules check FILE``: every problem of a ruleset file; exit 1 when there is one."""
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


def _yaku_rows(rules: Ruleset) -> list[YakuInfo]:
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


def run_yaku(args: argparse.Namespace) -> int:
    """``rules yaku``: the yaku and their values under a ruleset."""
    info = load_rules_info(args.rules)
    rows = _yaku_rows(info.ruleset)
    rules = info.ruleset
    if args.json:
        out: list[dict[str, Any]] = [
            {"id": r.id, "ja": r.ja, "en": r.en, "closed_han": r.closed_han,
             "open_han": r.open_han, "yakuman": r.yakuman} for r in rows]
        if args.examples:
            for row in out:
                ex = example(str(row["id"]), rules)
                row["example"] = None if ex is None else {
                    "request": ex.request, "yaku": [[y, h] for y, h in ex.result.yaku],
                    "han": ex.result.han, "fu": ex.result.fu, "limit": ex.result.limit}
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print(f"Yaku under {info.ruleset.name}:")
    wid = max((len(r.id) for r in rows), default=0)
    wja = max((_width(r.ja) for r in rows), default=0)
    wen = max((len(r.en) for r in rows), default=0)
    for r in rows:
        pad_ja = r.ja + " " * (wja - _width(r.ja))
        print(f"  {r.id:<{wid}}  {pad_ja}  {r.en:<{wen}}  "
              f"{_value_text(r.closed_han, r.open_han, r.yakuman)}")
        if args.examples:
            ex = example(r.id, rules)
            words = example_text(ex, rules) if ex is not None else NO_HAND.get(r.id, "")
            print(f"      {words}")
    return 0


def _width(text: str) -> int:
    """Columns a string takes in a terminal (CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
