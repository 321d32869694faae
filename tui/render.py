"""Small text pieces shared by the widgets: seat names, winds, melds, actions, hand names.

Nothing here knows a rule: it turns view data and actions into words and styled text.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    EndGame,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Ron,
    ShowHand,
    Tsumo,
)
from engine.events import Meld
from engine.tiles import tile_name
from tui.tilefaces import FaceMode, back, tile_text

WIND_NAMES = ("East", "South", "West", "North")
WIND_KANJI = "東南西北"
WIND_LETTERS = "ESWN"
RELATIVE_NAMES = ("You", "Right", "Across", "Left")
# Arrow pointing at the seat a tile was called from, by its position relative to the caller.
FROM_ARROWS = {1: "→", 2: "↑", 3: "←"}

TURNED = Style(underline=True, bgcolor="#e0c27a")
DIM = Style(dim=True)


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


def points(n: int) -> str:
    """Points with a thousands separator."""
    return f"{n:,}"


def signed(n: int) -> str:
    """Signed points, ``+1,000`` / ``-1,000`` / ``0``."""
    return f"{n:+,}" if n else "0"


def meld_text(meld: Meld, owner: int, mode: FaceMode, red_fives: int) -> Text:
    """One meld: its tiles with the called tile turned (marked) and an arrow to its giver.

    As on a real table the called tile sits on the side of the seat it came from:
    left for the left player, in the middle from across, right for the right player.
    A closed kan shows its two outer tiles face down.
    """
    out = Text()
    tiles = list(meld.tiles)
    if meld.kind == "ankan":
        for i, t in enumerate(sorted(tiles)):
            if i:
                out.append(" ")
            if i in (0, 3):
                out.append(back(mode), style=Style(bgcolor="#d9822b"))
            else:
                out.append_text(tile_text(t, mode, red_fives))
        return out
    called = meld.called
    others = sorted(t for t in tiles if t != called and t != meld.added)
    pos = relative(meld.from_seat, owner) if meld.from_seat is not None else 3
    order: list[int | None] = [*others]
    slot = {3: 0, 2: 1, 1: len(others)}[pos]
    order.insert(slot, None)
    for i, cell in enumerate(order):
        if i:
            out.append(" ")
        if cell is None:
            assert called is not None
            out.append_text(tile_text(called, mode, red_fives, extra=TURNED))
        else:
            out.append_text(tile_text(cell, mode, red_fives))
    if meld.added is not None:
        out.append("+")
        out.append_text(tile_text(meld.added, mode, red_fives, extra=TURNED))
    out.append(FROM_ARROWS.get(pos, ""), style="bold")
    return out


def melds_text(melds: tuple[Meld, ...], owner: int, mode: FaceMode, red_fives: int) -> Text:
    """All of a seat's melds, two spaces apart."""
    out = Text()
    for i, m in enumerate(melds):
        if i:
            out.append("  ")
        out.append_text(meld_text(m, owner, mode, red_fives))
    return out


# Keys of the one-key actions; a chooser opens when several options share a key.
ACTION_KEYS = {
    "chi": "c",
    "pon": "p",
    "kan": "k",
    "riichi": "r",
    "open_riichi": "R",
    "tsumo": "t",
    "ron": "o",
    "nine": "n",
    "pass": "space",
    "show": "y",
    "noten": "x",
    "stop": "y",
    "continue": "x",
}

ACTION_TITLES = {
    "chi": "Chi",
    "pon": "Pon",
    "kan": "Kan",
    "riichi": "Riichi",
    "open_riichi": "Open riichi",
    "tsumo": "Tsumo",
    "ron": "Ron",
    "nine": "Nine terminals",
    "pass": "Pass",
    "show": "Show hand",
    "noten": "Noten",
    "stop": "End the game",
    "continue": "Play on",
}


def action_group(action: Action) -> str | None:
    """The key group of an action (``'chi'``, ``'kan'``, ...); ``None`` for a plain discard."""
    match action:
        case Discard(riichi=True, open=True):
            return "open_riichi"
        case Discard(riichi=True):
            return "riichi"
        case Discard():
            return None
        case Chi():
            return "chi"
        case Pon():
            return "pon"
        case OpenKan() | ClosedKan() | AddedKan():
            return "kan"
        case Tsumo():
            return "tsumo"
        case Ron():
            return "ron"
        case NineTerminals():
            return "nine"
        case Pass():
            return "pass"
        case ShowHand(show=True):
            return "show"
        case ShowHand():
            return "noten"
        case EndGame(stop=True):
            return "stop"
        case EndGame():
            return "continue"
    return None


def action_words(action: Action, red_fives: int) -> str:
    """An action in words, with its tiles in mpsz: ``'Chi 34m'``, ``'Kan 5555p'``."""
    group = action_group(action)
    match action:
        case Chi(tiles=ts) | Pon(tiles=ts) | OpenKan(tiles=ts) | ClosedKan(tiles=ts):
            names = "".join(tile_name(t, red_fives)[0] for t in sorted(ts))
            suit = tile_name(ts[0], red_fives)[1]
            return f"{ACTION_TITLES[group or 'kan']} {names}{suit}"
        case AddedKan(tile=t):
            return f"Kan (add) {tile_name(t, red_fives)}"
        case Discard(tile=t, riichi=r, open=o):
            head = ("Open riichi with " if o else "Riichi with ") if r else "Discard "
            return head + tile_name(t, red_fives)
    return ACTION_TITLES.get(group or "", type(action).__name__)
