"""Actions in words: the title of each kind of action and one action with its tiles.

>>> from hanchan.engine.actions import Discard, Pon
>>> action_words(Pon((16, 17)), 1), action_words(Discard(20, riichi=True), 0)  # 16: red 5m
('Pon 05m', 'Riichi with 6m')
"""

from __future__ import annotations

from hanchan.engine.actions import (
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
    TakeBack,
    Tsumo,
)
from hanchan.engine.tiles import tile_name

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
            words = [tile_name(t, red_fives) for t in sorted(ts)]
            if len({w[1] for w in words}) > 1:  # a practice-mode false call: any tiles
                return f"{ACTION_TITLES[group or 'kan']} {' '.join(words)}"
            return f"{ACTION_TITLES[group or 'kan']} {''.join(w[0] for w in words)}{words[0][1]}"
        case AddedKan(tile=t):
            return f"Kan (add) {tile_name(t, red_fives)}"
        case TakeBack(declared="riichi"):
            return "Take the riichi back"
        case TakeBack(declared=d):
            return f"Take the {d} back, hand not shown"
        case Discard(tile=t, riichi=r, open=o):
            head = ("Open riichi with " if o else "Riichi with ") if r else "Discard "
            return head + tile_name(t, red_fives)
    return ACTION_TITLES.get(group or "", type(action).__name__)
