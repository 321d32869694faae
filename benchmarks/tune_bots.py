"""Try a change to a bot level's style in duplicate games, without editing the code.

Run: ``.venv/bin/python -m benchmarks.tune_bots --against greedy --games 2000 --seed 101
--style '{"call_margin": 0.4}'``

``--style`` and ``--normal`` replace knobs of :class:`ai.club.Style` for ``strong`` and
``normal`` (``"waits"`` names a profile of :mod:`ai.defence`, such as ``"OBSERVED"``);
``--const`` sets constants of the models the bots share
(``{"hanchan.ai.standing.SPREAD_PER_HAND": 5500}``).  The
measured level plays one seat against three of ``--against`` on every wall in all four
rotations (``--against self`` plays four of it, not in duplicate).  Prints one JSON
line: the settings and the measured level's figures.  With the same seed the walls are
the same, so two settings compare on equal luck, but only on those walls: the same
code has ranked 0.06 apart on two seeds of 1,000 to 2,000 games (strong against greedy
bots, 2.107 and 2.180 under makura), and a change that gained 0.08 on one seed lost
0.055 on another; on the walls of seed 2026 its first 1,000 games ranked 2.099 and all
4,000 2.150 (tenhou).  Decide on at least two seeds and 4,000 games.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
from typing import Any

import hanchan.ai.club as club
import hanchan.ai.winprob as winprob
from hanchan.ai import arena, defence
from hanchan.rulesets.loader import load_ruleset

_DEFAULTS: dict[str, Any] = {}


def styled(level: str, fields: dict[str, Any]) -> club.Style:
    """The style of ``level`` with ``fields`` replaced (``"waits"`` may name a profile)."""
    fields = dict(fields)
    if isinstance(fields.get("waits"), str):  # a profile by name: "OBSERVED"
        fields["waits"] = getattr(defence, fields["waits"])
    elif isinstance(fields.get("waits"), dict):  # fields of the level's own profile
        fields["waits"] = dataclasses.replace(club.STYLES[level].waits, **fields["waits"])
    return dataclasses.replace(club.STYLES[level], **fields)


def set_constants(consts: dict[str, Any]) -> None:
    """Set module constants (``{"hanchan.ai.standing.SPREAD_PER_HAND": 5500}``) for this process.

    Constants set by an earlier call and not named now go back to their defaults (a
    worker process plays several configurations in turn), and the win-chance tables
    are rebuilt in case a :mod:`ai.winprob` constant changed.
    """
    for key, value in _DEFAULTS.items():
        if key not in consts:
            _set(key, value)
    for key, value in consts.items():
        mod, name = key.rsplit(".", 1)
        _DEFAULTS.setdefault(key, getattr(importlib.import_module(mod), name))
        _set(key, value)
    winprob._TABLES = winprob._build(winprob.BASE_END)


def _set(key: str, value: Any) -> None:
    mod, name = key.rsplit(".", 1)
    setattr(importlib.import_module(mod), name, value)


def main() -> None:
    """Parse the arguments, apply the overrides, play and print."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="strong", choices=["easy", "normal", "strong"])
    ap.add_argument("--against", default="greedy")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=101)
    ap.add_argument("--rules", default="tenhou")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--style", default="{}", help="JSON: Style fields of strong")
    ap.add_argument("--normal", default="{}", help="JSON: Style fields of normal")
    ap.add_argument("--const", default="{}", help='JSON: {"module.NAME": value}')
    args = ap.parse_args()
    for level, text in (("strong", args.style), ("normal", args.normal)):
        try:
            club.STYLES[level] = styled(level, json.loads(text))
        except (TypeError, ValueError) as e:  # an unknown knob or a value out of range
            ap.error(str(e))
    set_constants(json.loads(args.const))
    me = args.level
    self_play = args.against == "self"
    levels = [me] * 4 if self_play else [me, args.against, args.against, args.against]
    result = arena.run(load_ruleset(args.rules), levels, args.games, args.seed,
                       jobs=args.jobs, duplicate=not self_play)
    fig = result.by_level[me].summary()
    print(json.dumps({"level": me, "against": args.against, "rules": args.rules,
                      "games": args.games, "seed": args.seed, "style": json.loads(args.style),
                      "normal": json.loads(args.normal), "const": json.loads(args.const),
                      "seconds": round(result.seconds), **fig}))


if __name__ == "__main__":
    main()
