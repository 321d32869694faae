"""The game's end and the exhaustive draw: agari-yame, the noten declaration, draw worth.

* :func:`end_game` — the last dealer may stop the game (agari-yame, tenpai-yame): a
  style that plays for the result stops when the final result now beats one more
  dealer turn;
* :func:`show_hand` — at an exhaustive draw the last dealer may declare noten to end
  the game (:func:`ai.standing.declare_noten_gain`); every other tenpai is shown;
* :func:`end_rows`, :func:`show_rows` — the two choices measured by the numbers the
  decisions take (:func:`stop_gain`, :func:`show_gain`), for :meth:`ai.club.ClubBot.judge`;
* :func:`draw_tenpai_worth` — what a tenpai is worth now for the noten payments of an
  exhaustive draw (and, for a dealer, for the deal it keeps).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from hanchan.ai import defence
from hanchan.ai.club.style import Style
from hanchan.ai.decision import Decision, Judged
from hanchan.ai.standing import (
    RENCHAN,
    SPREAD_PER_HAND,
    declare_noten_gain,
    equity,
    last_round,
    show_payment_gain,
)
from hanchan.engine.actions import EndGame, ShowHand
from hanchan.engine.view import PlayerView


def is_last_hand(view: PlayerView) -> bool:
    """Whether this is the game's last regular hand (South 4 of a hanchan)."""
    return view.round_wind >= last_round(view.ruleset) and view.hand_number == 3


def tenpai_keeps_deal(view: PlayerView) -> bool:
    """Whether the dealer keeps the deal by a tenpai that noten would pass."""
    rule = view.ruleset.renchan_at_draw
    return rule == "tenpai" or (rule == "tenpai_or_after_east" and view.round_wind == 0)


def draw_tenpai_worth(view: PlayerView, style: Style, share: float) -> float:
    """What a tenpai is worth now for the noten payments of an exhaustive draw.

    ``share`` of the payments at the last draw, from nothing at ``style.draw_from``
    live tiles left (earlier the hand is more likely won than drawn, and tenpai comes
    later).  A dealer whose tenpai keeps the deal (``renchan_at_draw``) counts
    ``style.renchan_value`` more at the last draw, on the same ramp: one more hand as
    dealer, but not in the game's last hand.
    """
    left = 1.0 - view.wall_remaining / style.draw_from
    if left <= 0.0:
        return 0.0
    worth = view.ruleset.noten_payment * share
    renchan = style.renchan_value
    if renchan and view.dealer == view.seat and tenpai_keeps_deal(view) \
            and not is_last_hand(view):
        worth += renchan
    return worth * left


def stop_gain(view: PlayerView) -> float:
    """What the last dealer's stopping the game now gains over one more dealer turn: the
    expected final result of the ranks as they stand less that of every score spread by
    :data:`ai.standing.SPREAD_PER_HAND` over :data:`ai.standing.RENCHAN` hands, its mean
    unchanged (so the dealer's edge is not counted), in points."""
    scores = [s.score for s in view.seats]
    now = equity(view.ruleset, scores, view.seat, 0.0)
    on = equity(view.ruleset, scores, view.seat, SPREAD_PER_HAND * math.sqrt(RENCHAN))
    return now - on


def end_game(view: PlayerView, style: Style, ends: list[EndGame]) -> Decision:
    """Agari-yame (or tenpai-yame): stop when the final result now beats playing on.

    A style that plays for the result stops when :func:`stop_gain` is not negative: a
    top stops, and so does a second place whose lead over third is worth more than its
    chance at first.  The other styles always stop.
    """
    want = stop_gain(view) >= 0.0 if style.situation else True
    top = all(view.me.score >= s.score for s in view.seats)
    reason = ("stop as top" if top else "stop: keep the rank") if want else "play on"
    for a in ends:
        if a.stop == want:
            return Decision(a, reason)
    return Decision(ends[0], "end")


def show_gain(view: PlayerView, style: Style) -> float:
    """What showing the tenpai hand at an exhaustive draw gains over declaring noten, in
    points (negative: declare noten).

    A dealer in the game's last hand ends the game by declaring noten (the deal
    passes): for a style that plays for the result, the gain is less
    :func:`ai.standing.declare_noten_gain` (the final result now, after paying as
    noten, against being paid as tenpai and playing on; a player without riichi is
    taken as tenpai at least ``style.draw_tenpai`` of the time).  Any other tenpai
    gains the noten payments (:func:`ai.standing.show_payment_gain`) and, for a dealer
    whose tenpai keeps the deal, ``style.renchan_value`` (not in the game's last hand).
    """
    chances = [0.0] * 4
    for t in defence.threats(view):
        chances[t.seat] = 1.0 if t.riichi else max(t.tenpai, style.draw_tenpai)
    dealer = view.dealer == view.seat
    if style.situation and dealer and is_last_hand(view):
        return -declare_noten_gain(view, chances)
    gain = show_payment_gain(view.ruleset, view.seat, chances)
    if dealer and tenpai_keeps_deal(view) and not is_last_hand(view):
        gain += style.renchan_value
    return gain


def show_hand(view: PlayerView, style: Style, shows: list[ShowHand]) -> Decision:
    """Show a tenpai hand at an exhaustive draw, or declare noten (where allowed): noten
    when :func:`show_gain` is negative, which only a dealer's declaration that ends the
    game can be; every other tenpai is shown: it is paid and, for a dealer, keeps the
    deal.
    """
    show = next((a for a in shows if a.show), None)
    hide = next((a for a in shows if not a.show), None)
    if show is None or hide is None:
        return Decision(shows[0], "show the hand" if shows[0].show else "noten")
    if show_gain(view, style) < 0.0:
        return Decision(hide, "declare noten: the game ends")
    return Decision(show, "show the hand")


def end_rows(view: PlayerView, ends: Sequence[EndGame]) -> list[Judged]:
    """Stopping and playing on, measured: stopping scores :func:`stop_gain`, playing on
    nothing (the measure of :meth:`ai.club.ClubBot.judge`)."""
    gain = stop_gain(view)
    return [Judged(a, score=gain if a.stop else 0.0) for a in ends]


def show_rows(view: PlayerView, style: Style, shows: Sequence[ShowHand]) -> list[Judged]:
    """Showing the hand and declaring noten, measured: showing scores :func:`show_gain`,
    declaring noten nothing."""
    gain = show_gain(view, style)
    return [Judged(a, score=gain if a.show else 0.0) for a in shows]
