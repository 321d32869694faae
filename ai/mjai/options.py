"""What a game needs to know about mjai seats without speaking to one: the wire styles,
the reply timeout, a bot's short name and the sentence on the rules.

The bridge itself (:mod:`ai.mjai.seat`'s subprocesses and threads, :mod:`ai.mjai.protocol`
with the log models it reads tiles with) is imported only where an mjai seat is made:
``hanchan play`` needs these names at start-up even when no seat is an mjai bot.

>>> bot_name("node benchmarks/external/majiang_mjai.js --x"), DEFAULT_TIMEOUT
('majiang_mjai.js', 10.0)
"""

from __future__ import annotations

import os
import shlex
from dataclasses import fields
from typing import Any, Literal

from hanchan.rulesets.schema import Ruleset

Style = Literal["wire", "classic"]
STYLES: tuple[Style, ...] = ("wire", "classic")
DEFAULT_TIMEOUT = 10.0
"""Seconds a bot has for one reply (mjai.app allows a few seconds per action)."""
MAX_TIMEOUT = 3600.0
"""The longest reply timeout accepted: an hour (a bot that needs more is hung)."""


def timeout_problem(seconds: float) -> str | None:
    """Why ``seconds`` is no reply timeout (not finite, not above 0, over an hour), or None.

    >>> timeout_problem(2.5), timeout_problem(float("nan"))
    (None, 'must be a number of seconds above 0 and at most 3600')
    """
    if 0 < seconds <= MAX_TIMEOUT:  # (false for nan)
        return None
    return f"must be a number of seconds above 0 and at most {MAX_TIMEOUT:g}"


def bot_name(command: str) -> str:
    """A short name for a command: its program's file name (``mortal.py``, ``node``+script).

    >>> bot_name("node benchmarks/external/majiang_mjai.js --x")
    'majiang_mjai.js'
    >>> bot_name("./mybot"), bot_name("sh -c 'exec python3 bots/mine.py 2>log'")
    ('mybot', 'mine.py')
    >>> bot_name("python -m hanchan.cli mjai-bot"), bot_name("python3 -c 'import x'")
    ('hanchan', 'python3')
    """
    try:
        words = shlex.split(command)
    except ValueError:
        words = command.split()
    if not words:
        return "mjai bot"
    first = os.path.basename(words[0])
    if first in ("sh", "bash") and len(words) > 2 and words[1] == "-c":
        return bot_name(words[2].removeprefix("exec "))
    if first.startswith("python") and len(words) > 1 and words[1] in ("-m", "-c"):
        # a module run by name is named by its package; a program given inline, by python
        return words[2].split(".")[0] if words[1] == "-m" and len(words) > 2 else first
    if first in ("node", "python", "python3", "bash", "sh", "ruby", "uv", "npx") \
            and len(words) > 1:
        return os.path.basename(next((w for w in words[1:] if not w.startswith("-")),
                                     words[1]))
    return first


_PHRASES: dict[str, Any] = {
    "red_fives": lambda v: "no red fives" if v == 0 else f"{v} red fives per suit",
    "open_tanyao": lambda v: "no open tanyao" if not v else "open tanyao",
    "double_ron": lambda v: "head bump (only the nearest winner on a double ron)"
    if v == "head_bump" else f"double ron {v}",
    "min_han": lambda v: f"{v}-han minimum",
    "open_riichi": lambda v: "open riichi (shown to mjai bots as a plain riichi)"
    if v else "no open riichi",
    "initial_dora": lambda v: f"{v} dora indicators at the start",
}
_YAKU_SECTION = "yaku"


def tenhou_differences(rules: Ruleset) -> list[str]:
    """Where ``rules`` differ from the Tenhou-like rules mjai bots assume, in words.

    The reference is :class:`Ruleset`'s defaults (Tenhou's rules); red fives, open
    tanyao, head bump and the minimum han are named, and every yaku option that
    differs (local yaku, other values) is listed by its option name.

    >>> tenhou_differences(Ruleset())
    []
    >>> tenhou_differences(Ruleset().replace(red_fives=0, open_tanyao=False))
    ['no red fives', 'no open tanyao']
    """
    base = Ruleset()
    out: list[str] = []
    for name, phrase in _PHRASES.items():
        if getattr(rules, name) != getattr(base, name):
            out.append(phrase(getattr(rules, name)))
    local = [f.name for f in fields(Ruleset)
             if f.metadata.get("section") == _YAKU_SECTION and f.name not in _PHRASES
             and getattr(rules, f.name) != getattr(base, f.name)]
    if local:
        out.append("yaku rules differ (" + ", ".join(local) + ")")
    return out


def rules_notice(rules: Ruleset) -> str | None:
    """The one sentence said at the start of a game with mjai bots, or None."""
    diffs = tenhou_differences(rules)
    if not diffs:
        return None
    return ("mjai bots assume Tenhou's rules; under these rules (" + rules.name + "): "
            + "; ".join(diffs) + ". The engine rules on every call and win.")
