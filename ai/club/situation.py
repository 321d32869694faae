"""One decision's reading of the table, built once from the seat's view.

A :class:`Situation` holds what every part of a decision reads: the hand, the unseen
tiles, the own draws left, the value context, the threats and their end chance, the
standing (for a style that plays for the result), the wait ease and the fold reading.
The discard, riichi and call choices take it in place of a dozen values each, and
nothing is computed twice.  Parts that a decision may not need (the threats, the
standing, the wait ease, the fold reading) are computed on first use: a hand in
riichi discards its draw without them.
"""

from __future__ import annotations

from hanchan.ai.club.endgame import is_last_hand
from hanchan.ai.club.reading import WaitEase, end_chance, threats
from hanchan.ai.club.style import Style
from hanchan.ai.defence import Threat
from hanchan.ai.hand import hand_counts, unseen_counts
from hanchan.ai.opponents import FoldWatch
from hanchan.ai.standing import Standing, standing_of
from hanchan.ai.value import ValueContext, context
from hanchan.engine.events import Meld
from hanchan.engine.view import PlayerView


class Situation:
    """What a decision of ``style`` reads from ``view`` (and ``watch``'s fold counts)."""

    __slots__ = ("_ctx", "_ease", "_end", "_pushers", "_renchan", "_standing", "_threats",
                 "_wins", "counts", "draws", "melds", "style", "total", "unseen", "view",
                 "watch")

    def __init__(self, view: PlayerView, style: Style, watch: FoldWatch | None = None) -> None:
        self.view = view
        self.style = style
        self.watch = FoldWatch() if watch is None else watch
        self.counts: list[int] = hand_counts(view)
        """34-counts of the concealed tiles, drawn tile included (restored after each trial)."""
        self.melds: tuple[Meld, ...] = view.me.melds
        self.unseen: list[int] = unseen_counts(view)
        self.total: float = float(sum(self.unseen)) or 1.0
        """Unseen tiles in all (1 when none, so that shares stay defined)."""
        self.draws: int = max(0, view.wall_remaining // 4)
        """Own draws left (a quarter of the live wall)."""
        self._ctx: ValueContext | None = None
        self._standing: Standing | None = None
        self._threats: list[Threat] | None = None
        self._end: float | None = None
        self._ease: WaitEase | None = None
        self._pushers: float | None = None
        self._renchan: bool | None = None
        self._wins: dict[int, float] = {}

    @property
    def ctx(self) -> ValueContext:
        """What the hand's value depends on (:func:`ai.value.context`)."""
        if self._ctx is None:
            self._ctx = context(self.view)
        return self._ctx

    @property
    def standing(self) -> Standing | None:
        """The score situation, when the style plays for the final result."""
        if self._standing is None and self.style.situation:
            self._standing = standing_of(self.view)
        return self._standing

    @property
    def threats(self) -> list[Threat]:
        """The seats the style defends against (:func:`ai.club.reading.threats`)."""
        if self._threats is None:
            self._threats = threats(self.view, self.style, self.standing)
        return self._threats

    @property
    def riichi_on(self) -> bool:
        """Whether another seat is in riichi."""
        return any(t.riichi for t in self.threats)

    @property
    def end(self) -> float:
        """Chance per go-around that another player ends the hand."""
        if self._end is None:
            self._end = end_chance(self.style, self.threats)
        return self._end

    def win_value(self, value: float) -> float:
        """A win of ``value`` points as worth to the final result (:mod:`ai.standing`).

        A dealer's win adds ``style.renchan_value`` (the deal stays: one more hand as
        dealer), except in the game's last hand.  Styles without score-situation play
        take the points at face value.
        """
        if value > 0:
            if self._renchan is None:
                view = self.view
                self._renchan = view.dealer == view.seat and not is_last_hand(view)
            if self._renchan:
                value += self.style.renchan_value
        stand = self.standing
        if stand is None:
            return value
        # one decision values the wins that round to the same points alike, as the
        # first of them (the standing is shared with other decisions: standing_of)
        key = round(value)
        found = self._wins.get(key)
        if found is None:
            found = self._wins[key] = stand.win(value)
        return found

    def ron_ease(self, kind: int) -> float:
        """How readily the other seats discard ``kind`` (:class:`ai.club.reading.WaitEase`)."""
        if self._ease is None:
            self._ease = WaitEase(self.view, self.style)
        return self._ease.of(kind)

    @property
    def pushers(self) -> float:
        """Average share of the other seats that do not fold against a riichi."""
        if self._pushers is None:
            self._pushers = self.watch.pushers(self.view)
        return self._pushers

    def push_share(self) -> float:
        """The others' unsafe discards against a riichi as a share of non-folders' (max 1)."""
        return min(1.0, self.pushers / self.style.pusher_rate)

    def folders(self) -> bool:
        """Whether the others fold against a riichi (``style.folders_below``)."""
        return self.style.reads_folds and self.pushers < self.style.folders_below

    def ron_share(self) -> float:
        """Share of the usual ron chance left while a riichi makes folders fold."""
        if not self.style.folds_cut_rons or not self.riichi_on:
            return 1.0
        return 1.0 if self.pushers >= self.style.folders_below else self.push_share()
