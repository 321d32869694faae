"""The steps of a recorded game: which events end one (what one decision, or one
automatic move, brings about until the game waits again) and which lead to the next.

A record cut inside a step cannot be resumed as it stands; ``Game.from_events`` resumes
it where the step began, without the last :func:`unfinished_step` events.

>>> from hanchan.engine.events import Discarded, Drew
>>> unfinished_step([Drew(2, 40), RiichiDeclared(2, False), Discarded(2, 40, True)])
0
"""

from __future__ import annotations

from collections.abc import Sequence

from hanchan.engine.events import (
    DoraRevealed,
    Event,
    Note,
    NotenDeclared,
    Penalty,
    RiichiAccepted,
    RiichiDeclared,
)

__all__ = ["is_lead", "unfinished_step"]


def is_lead(ev: Event) -> bool:
    """Whether ``ev`` never ends one of the game's steps (what one decision, or one
    automatic move, brings about until the game waits again): a riichi declaration (its
    discard follows), a riichi stick or a kan dora indicator on the way to a decision's
    outcome, a noten declaration or a false call's (or a false ron's taken back) penalty while
    other seats still answer, the penalty of a meld made wrongly (its meld follows).

    A record that ends in one cannot be resumed as it stands: the seats' answers that led
    to it are not in the record (``Game.from_events`` would ask again with the lead
    already applied).  Every other event ends a step: after it the game waits for fresh
    choices or goes on by itself from what the state holds.

    >>> from hanchan.engine.events import Drew
    >>> is_lead(RiichiDeclared(2, False)), is_lead(Drew(2, 40))
    (True, False)
    """
    if isinstance(ev, Penalty):
        # a false call or a false ron taken back: the claim is still being answered
        return ev.kind in ("false_call", "false_ron_withdrawn", "false_meld")
    return isinstance(ev, _LEADS)


_LEADS = (RiichiDeclared, RiichiAccepted, DoraRevealed, NotenDeclared)


def unfinished_step(events: Sequence[Event]) -> int:
    """How many events at the end of ``events`` are a step never finished (0 if none): the
    leads (:func:`is_lead`) after the last event that ends a step, with the notes among
    them.  Dropping them resumes the game where its last step began, and the seats are
    asked again, as they were.

    >>> from hanchan.engine.events import Drew
    >>> unfinished_step([Drew(2, 40), RiichiDeclared(2, False)])
    1
    """
    n = len(events)
    i = n
    lead = False
    while i > 0:
        ev = events[i - 1]
        if is_lead(ev):
            lead = True
        elif not isinstance(ev, Note):
            break
        i -= 1
    return n - i if lead else 0
