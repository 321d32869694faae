"""The player's settings: tile faces, Tenhou-style toggles, help, bot delay.

Kept as a small JSON file (``settings.json``) in the user's config directory,
or in the save directory when one is given; a damaged file is ignored.

The toggles that play for the player last as long as on Tenhou: skip calls and
tsumogiri end with the hand, auto-win with the game, and none is restored at launch,
unless the player keeps them (``keep_toggles``, off by default).

>>> on = Settings(auto_win=True, skip_calls=True, tsumogiri=True)
>>> hand = on.for_new_hand()
>>> hand.auto_win, hand.skip_calls, hand.tsumogiri
(True, False, False)
>>> on.for_new_game().auto_win, replace(on, keep_toggles=True).for_new_game().auto_win
(False, True)
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Literal, TypeVar

from tui.tilefaces import FACE_MODES, FaceMode

Toggle = Literal["auto_win", "skip_calls", "tsumogiri", "show_help", "keep_toggles",
                 "score_call"]
TOGGLES: tuple[Toggle, ...] = ("auto_win", "skip_calls", "tsumogiri", "show_help", "keep_toggles",
                               "score_call")
_T = TypeVar("_T", bool, float)


@dataclass(frozen=True)
class Settings:
    """Everything the player can switch."""

    faces: FaceMode = "letters"
    auto_win: bool = False  # declare tsumo/ron at once when legal
    skip_calls: bool = False  # pass on chi/pon/kan offers without asking
    tsumogiri: bool = False  # discard the drawn tile at once when nothing else is offered
    show_help: bool = True  # shanten, acceptance, waits and furiten under the hand
    bot_delay: float = 0.4  # seconds between bot actions
    keep_toggles: bool = False  # the three toggles above last between hands and games
    score_call: bool = False  # call the score of your wins before the result (always in practice)

    def toggled(self, name: Toggle) -> Settings:
        """A copy with the switch ``name`` flipped.

        >>> Settings().toggled("auto_win").auto_win
        True
        """
        if name == "auto_win":
            return replace(self, auto_win=not self.auto_win)
        if name == "skip_calls":
            return replace(self, skip_calls=not self.skip_calls)
        if name == "tsumogiri":
            return replace(self, tsumogiri=not self.tsumogiri)
        if name == "keep_toggles":
            return replace(self, keep_toggles=not self.keep_toggles)
        if name == "score_call":
            return replace(self, score_call=not self.score_call)
        return replace(self, show_help=not self.show_help)

    def for_new_hand(self) -> Settings:
        """A copy for the next hand: skip calls and tsumogiri off, unless kept."""
        if self.keep_toggles:
            return self
        return replace(self, skip_calls=False, tsumogiri=False)

    def for_new_game(self) -> Settings:
        """A copy for a new (or continued) game: no toggle on, unless kept."""
        if self.keep_toggles:
            return self
        return replace(self, auto_win=False, skip_calls=False, tsumogiri=False)

    def next_faces(self) -> Settings:
        """A copy with the next tile face mode."""
        i = FACE_MODES.index(self.faces)
        return replace(self, faces=FACE_MODES[(i + 1) % len(FACE_MODES)])

    def paced(self, step: int) -> Settings:
        """A copy with the bots slower (``step`` +1) or faster (-1) by 0.2 s, within 0-2 s.

        >>> Settings(bot_delay=0.4).paced(1).bot_delay, Settings(bot_delay=0.0).paced(-1).bot_delay
        (0.6, 0.0)
        """
        delay = round(min(2.0, max(0.0, self.bot_delay + 0.2 * step)), 1)
        return replace(self, bot_delay=delay)

    def banner(self, *, practice: bool = False) -> str:
        """The toggles that play for the player, as the table's banner shows them ("" when
        none is on).  Practice mode never wins by itself (see :mod:`tui.table.autoplay`).

        >>> Settings(tsumogiri=True, skip_calls=True).banner()
        'AUTO: skip calls (s) · tsumogiri (g) · until the hand ends'
        """
        on = [label for label, flag in (("auto-win (a)", self.auto_win and not practice),
                                        ("skip calls (s)", self.skip_calls),
                                        ("tsumogiri (g)", self.tsumogiri)) if flag]
        if not on:
            return ""
        if self.keep_toggles:
            until = "kept (K)"
        elif self.skip_calls or self.tsumogiri:
            until = "until the hand ends"
        else:
            until = "until the game ends"
        return "AUTO: " + " · ".join(on) + f" · {until}"

    def badges(self) -> str:
        """The keys of the toggles, at the edge of the message line when none is on."""
        if self.auto_win or self.skip_calls or self.tsumogiri:
            return ""
        return "toggles: a auto-win  s skip calls  g tsumogiri"


def load_settings(path: Path | None) -> Settings:
    """Settings from ``path``; the defaults when it is missing or unreadable.

    The toggles are read only when the file keeps them (``keep_toggles``): an older
    version saved them always.
    """
    if path is None or not path.is_file():
        return Settings()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    d = Settings()

    def read(key: str, default: _T) -> _T:
        value = data.get(key, default)
        return value if type(value) is type(default) else default

    faces = next((m for m in FACE_MODES if m == data.get("faces")), d.faces)
    keep = read("keep_toggles", d.keep_toggles)
    return Settings(
        faces=faces,
        auto_win=keep and read("auto_win", d.auto_win),
        skip_calls=keep and read("skip_calls", d.skip_calls),
        tsumogiri=keep and read("tsumogiri", d.tsumogiri),
        show_help=read("show_help", d.show_help),
        bot_delay=read("bot_delay", d.bot_delay),
        keep_toggles=keep,
        score_call=read("score_call", d.score_call),
    )


def save_settings(path: Path | None, settings: Settings) -> None:
    """Write settings (the toggles only when kept); a failure to write is not an error
    worth stopping the game for."""
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(asdict(settings.for_new_game()), indent=1),
                        encoding="utf-8")
    except OSError:
        pass
