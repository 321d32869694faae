"""What the table plays for the human without asking: Tenhou's toggles and the obvious cases.

* auto-win (``a``): declare tsumo or ron at once, except in practice mode, where
  spotting a win (and seeing a hand without a yaku is none) is the practice;
* skip calls (``s``): pass on chi, pon and kan offers;
* tsumogiri (``g``): discard the drawn tile when nothing else (no riichi, no kan) is offered;
* always: pass when passing is all there is, and discard the drawn tile in riichi.

Practice mode is the exception to the lone pass: a false ron or call can be tried on
any discard, so the table waits before passing by itself (see :func:`waits_on_pass`).
"""

from __future__ import annotations

from collections.abc import Sequence

from hanchan.engine.actions import Action, Chi, Discard, OpenKan, Pass, Pon, Ron, Tsumo
from hanchan.engine.view import PlayerView
from hanchan.tui.settings import Settings

CALLS = (Chi, Pon, OpenKan)


def waits_on_pass(settings: Settings, legal: Sequence[Action], *, practice: bool) -> bool:
    """Practice mode asks about every discard: a lone pass is made after a pause, not at once.

    Without a bots' delay there is no pause to wait: the pass is made at once.
    """
    return (practice and settings.bot_delay > 0 and bool(legal)
            and all(isinstance(a, Pass) for a in legal))


def auto_action(settings: Settings, view: PlayerView, legal: Sequence[Action], *,
                practice: bool) -> Action | None:
    """The action to play for the human now, or None to ask."""
    wins = [a for a in legal if isinstance(a, (Tsumo, Ron))]
    if settings.auto_win and wins and not practice:
        return wins[0]
    if legal and all(isinstance(a, Pass) for a in legal):
        return None if waits_on_pass(settings, legal, practice=practice) else legal[0]
    if settings.skip_calls and not wins and all(isinstance(a, (Pass, *CALLS)) for a in legal):
        return next(a for a in legal if isinstance(a, Pass))
    return _lone_discard(settings, view, legal)


def _lone_discard(settings: Settings, view: PlayerView,
                  legal: Sequence[Action]) -> Discard | None:
    """The drawn tile's discard, when it is the only sensible one: in riichi, or with
    tsumogiri on and nothing but discards offered."""
    discards = [a for a in legal if isinstance(a, Discard)]
    others = [a for a in legal if not isinstance(a, Discard)]
    if view.drawn is None or others or not discards:
        return None
    plain = [a for a in discards if not a.riichi]
    if view.me.riichi and len(plain) == 1:
        return plain[0]
    if settings.tsumogiri and not any(a.riichi for a in discards):
        return next((a for a in plain if a.tile == view.drawn), None)
    return None
