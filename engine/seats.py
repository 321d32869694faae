"""Four seats: one value per seat as a typed 4-tuple.

A field that holds a value for each seat (scores, deltas, tenpai flags) is a
``tuple[T, T, T, T]``, so the type says four.  ``tuple(x for x in ...)`` is only a
``tuple[T, ...]`` to the type checker; :func:`four` builds the 4-tuple from any
iterable and refuses any other count, where a cast would let five through.

>>> four(1000 * s for s in range(4))
(0, 1000, 2000, 3000)
>>> four([1, 2, 3])
Traceback (most recent call last):
...
ValueError: not enough values to unpack (expected 4, got 3)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")


def four(values: Iterable[T]) -> tuple[T, T, T, T]:
    """``values`` as a 4-tuple, one per seat; ValueError unless there are exactly four."""
    a, b, c, d = values
    return (a, b, c, d)
