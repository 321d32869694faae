"""Reading the other players from the table: threats, how readily they discard, pao.

* :func:`threats` — the seats a style defends against, each deal-in valued through
  the final result when the style plays for it (:class:`ai.standing.Standing`);
* :func:`end_chance` — the chance per go-around that another player ends the hand;
* :class:`WaitEase` — how readily the other seats discard each kind, for the worth
  of a wait (honours and terminals come out easily, the suji of an own discard looks
  safe to them, a kind beside what a seat threw fits no shape it holds, and a seat in
  riichi throws whatever it draws);
* :func:`add_pao_danger` — feeding the last piece of a big yakuman makes the feeder pay.

Who folds against a riichi is read by :class:`ai.opponents.FoldWatch`;
:class:`ai.club.situation.Situation` turns its counts into the shares the choices use.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from hanchan.ai import defence
from hanchan.ai.club.style import Style
from hanchan.ai.standing import Standing
from hanchan.engine.tiles import DRAGONS, WINDS, is_honour, is_terminal, kind_of, number_of
from hanchan.engine.view import PlayerView

_DRAGONS = frozenset(DRAGONS)
_WINDS = frozenset(WINDS)


def threats(view: PlayerView, style: Style, standing: Standing | None = None
            ) -> list[defence.Threat]:
    """The other seats ``style`` defends against, from :func:`ai.defence.threats`.

    Every riichi; the seats without riichi from ``style.threat_min`` chance of tenpai
    when the style reads open hands.  With a ``standing`` a deal-in's value is its
    worth to the final result.
    """
    floor = style.threat_min if style.reads_open_hands else math.inf  # else riichi only
    return defence.threats(view, style.riichi_value, floor,
                           None if standing is None else standing.loss)


def end_chance(style: Style, found: Sequence[defence.Threat]) -> float:
    """Chance per go-around that another player ends the hand, from the threats seen."""
    return style.end_base + min(style.end_max, sum(style.end_per_threat * t.tenpai
                                                    for t in found))


def beside_discards(view: PlayerView) -> list[int]:
    """Per kind, how many other seats not in riichi threw a tile next to it in its suit."""
    out = [0] * 34
    for info in view.seats:
        if info.seat == view.seat or info.riichi:
            continue
        near: set[int] = set()
        for r in info.river:
            k = kind_of(r.tile)
            if not is_honour(k):
                n = number_of(k)
                if n > 1:
                    near.add(k - 1)
                if n < 9:
                    near.add(k + 1)
        for k in near:
            out[k] += 1
    return out


class WaitEase:
    """How readily the other seats discard each kind, read once from a view.

    1 for every kind when the style does not read waits (``style.wait_reading``).
    Otherwise an honour 1.35, a terminal 1.2, a 2 or 8 1.05, a middle kind 0.85; the
    suji of an own discard (a trap: it looks safe) 1.3 times that; a kind beside what
    a seat threw ``1 + style.soba_ease * seats / 3`` times that; and with
    ``style.riichi_ease`` each seat in riichi (a third of the table) throws every
    kind alike, at 1.
    """

    __slots__ = ("_locked", "_on", "_own", "_soba", "_soba_ease")

    def __init__(self, view: PlayerView, style: Style) -> None:
        on = self._on = style.wait_reading
        self._soba_ease = style.soba_ease
        self._own = frozenset(kind_of(r.tile) for r in view.me.river) if on else frozenset()
        self._locked = (sum(1 for s in view.seats if s.seat != view.seat and s.riichi) / 3.0
                        if on and style.riichi_ease else 0.0)
        self._soba = beside_discards(view) if on and style.soba_ease else None

    def of(self, kind: int) -> float:
        """The ease of ``kind`` (1: as readily as an average tile)."""
        if not self._on:
            return 1.0
        if is_honour(kind):
            ease = 1.35
        else:
            n = kind % 9
            ease = 1.2 if is_terminal(kind) else (1.05 if n in (1, 7) else 0.85)
            base = kind - n
            own = self._own
            if (n >= 3 and base + n - 3 in own) or (n <= 5 and base + n + 3 in own):
                ease *= 1.3  # suji trap: the suji of an own discard looks safe
            soba = self._soba
            if soba is not None and soba[kind]:
                # beside what a seat threw: it holds no shape that wants this kind
                ease *= 1.0 + self._soba_ease * soba[kind] / 3.0
        locked = self._locked
        return ease * (1.0 - locked) + locked


def add_pao_danger(view: PlayerView, style: Style, danger: list[float],
                   unseen: Sequence[int]) -> None:
    """Feeding the last dragon or wind set makes the feeder pay (pao): add its danger.

    Only a style that plays for the result reads it (``style.situation``), and only
    under the ruleset's ``pao_yaku``.
    """
    if not style.situation:
        return
    pao = view.ruleset.pao_yaku
    for s in view.seats:
        if s.seat == view.seat:
            continue
        pons = {kind_of(m.tiles[0]) for m in s.melds if m.kind != "chi"}
        if "daisangen" in pao and len(pons & _DRAGONS) == 2:
            for k in _DRAGONS - pons:
                if unseen[k] >= 2:
                    danger[k] += style.pao_danger
        if "daisuushii" in pao and len(pons & _WINDS) == 3:
            for k in _WINDS - pons:
                if unseen[k] >= 2:
                    danger[k] += style.pao_danger
