"""Names of seats, winds and hands, ordinals, and points as the table writes them.

>>> hand_label(1, 2, 3), hand_name(0, 0), signed(-1000), RELATIVE_NAMES[relative(3, 0)]
('S3-3', 'East 1', '-1,000', 'Left')
>>> shanten_words(2), shanten_words(0), shanten_words(-1)
('2-shanten', 'tenpai', 'win')
"""

from __future__ import annotations

from hanchan.engine.tiles import WIND_LETTERS

WIND_NAMES = ("East", "South", "West", "North")
WIND_KANJI = "東南西北"
RELATIVE_NAMES = ("You", "Right", "Across", "Left")


def wind_mark(wind: int, mode: str) -> str:
    """A seat wind as one letter (E S W N), or its kanji in the kanji face mode."""
    return WIND_KANJI[wind] if mode == "kanji" else WIND_LETTERS[wind]


def relative(seat: int, me: int) -> int:
    """Position of ``seat`` seen from ``me``: 0 self, 1 right (shimocha), 2 across, 3 left."""
    return (seat - me) % 4


def hand_name(round_wind: int, hand_number: int) -> str:
    """``'East 1'`` for the first hand."""
    return f"{WIND_NAMES[round_wind]} {hand_number + 1}"


def hand_label(round_wind: int, hand_number: int, honba: int) -> str:
    """Short name of a hand with its honba: ``'E1-0'``."""
    return f"{WIND_LETTERS[round_wind]}{hand_number + 1}-{honba}"


def shanten_words(n: int) -> str:
    """How far a hand is from winning: ``'2-shanten'``, ``'tenpai'``, or ``'win'`` when whole."""
    return "win" if n < 0 else "tenpai" if n == 0 else f"{n}-shanten"


def nth(n: int) -> str:
    """A count as an ordinal, as verify, import, the save pickers and the review say it.

    >>> [nth(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 102, 111)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '102nd', '111th']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def points(n: int) -> str:
    """Points with a thousands separator."""
    return f"{n:,}"


def signed(n: int) -> str:
    """Signed points, ``+1,000`` / ``-1,000`` / ``0``."""
    return f"{n:+,}" if n else "0"
