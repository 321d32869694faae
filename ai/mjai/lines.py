"""JSON lines from an outside program, read within bounds.

A line from another process may be built to hurt the reader: nested 100,000 deep (the
parser's recursion), a 5,000-digit number (Python refuses to make its int), megabytes
without a newline.  :func:`decode` reads one line as JSON only when it is small, shallow
and its numbers short, far above what any mjai message needs (a reply with Mortal's
``meta`` is about 2 KB, 3 levels deep); a line over a bound is :class:`TooLarge`, any
other undecodable line :class:`NotJson`.

>>> decode(b'{"type":"dahai","pai":"5mr","tsumogiri":true}')
{'type': 'dahai', 'pai': '5mr', 'tsumogiri': True}
>>> decode(b'[' * 1000 + b']' * 1000)
Traceback (most recent call last):
hanchan.ai.mjai.lines.TooLarge: a line nested more than 32 levels deep
>>> decode(b'{"x":' + b'9' * 5000 + b'}')
Traceback (most recent call last):
hanchan.ai.mjai.lines.TooLarge: a number of more than 40 digits
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_LINE = 64 * 1024
"""Bytes of one line (without its newline)."""
MAX_DEPTH = 32
"""Levels of nested arrays and objects."""
MAX_DIGITS = 40
"""Digits of an integer (mjai has none longer than Mortal's 64-bit ``mask_bits``)."""

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKET = re.compile(rb"[\[\]{}]")


class LineError(ValueError):
    """A line that cannot be read; the message ends a sentence."""


class NotJson(LineError):
    """A line that is not JSON."""


class TooLarge(LineError):
    """A line over one of the bounds: long, deep, or with a long number."""


def depth(line: bytes) -> int:
    """How deep a JSON text's arrays and objects nest (brackets inside strings not counted).

    >>> depth(b'[{"a": [1, "]]]"]}]'), depth(b'"[["'), depth(b'5')
    (3, 0, 0)
    """
    level = deepest = 0
    for m in _BRACKET.finditer(_STRING.sub(b'""', line)):
        if m.group() in (b"[", b"{"):
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise TooLarge(f"a number of more than {MAX_DIGITS} digits")
    return int(text)


def decode(line: bytes) -> Any:
    """One line (without its newline) as JSON; :class:`TooLarge` or :class:`NotJson`."""
    if len(line) > MAX_LINE:
        raise TooLarge(f"a line longer than {MAX_LINE // 1024} KiB")
    if depth(line) > MAX_DEPTH:
        raise TooLarge(f"a line nested more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(line.decode("utf-8", errors="replace"), parse_int=_int)
    except TooLarge:
        raise
    except ValueError as exc:  # JSONDecodeError, or a float json cannot make
        raise NotJson(str(exc)) from None
