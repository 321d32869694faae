"""The game's end and the exhaustive draw: agari-yame, the noten declaration, draw worth.

* :func:`end_game` — the last dealer may stop the game (agari-yame, tenpai-yame): a
  style that plays for the result stops when the final result now beats one more
  dealer turn;
* :func:`show_hand` — at an exhaustive draw the last dealer may declare noten to end
  the game (:func:`ai.standing.declare_noten_gain`); every other tenpai is shown;
* :func:`draw_tenpai_worth` — what a tenpai is worth now for the noten payments of an
  exhaustive draw (and, for a dealer, for the deal it keeps).
"""

from __future__ import annotations

import math

from hanchan.ai import defence
from hanchan.ai.club.style import Style
from hanchan.ai.decision import Decision
from hanchan.ai.standing import RENCHAN, SPREAD_PER_HAND, declare_noten_gain, equity, last_round
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


def end_game(view: PlayerView, style: Style, ends: list[EndGame]) -> Decision:
    """Agari-yame (or tenpai-yame): stop when the final result now beats playing on.

    A style that plays for the result compares the expected result of the ranks as
    they stand with that of one more dealer turn (every score spread by
    :data:`ai.standing.SPREAD_PER_HAND` over :data:`ai.standing.RENCHAN` hands, its
    mean unchanged, so the dealer's edge is not counted): a top stops, and so does a
    second place whose lead over third is worth more than its chance at first.  The
    other styles always stop.
    """
    scores = [s.score for s in view.seats]
    if style.situation:
        now = equity(view.ruleset, scores, view.seat, 0.0)
        on = equity(view.ruleset, scores, view.seat, SPREAD_PER_HAND * math.sqrt(RENCHAN))
        want = now >= on
    else:
        want = True
    top = all(view.me.score >= s for s in scores)
    reason = ("stop as top" if top else "stop: keep the rank") if want else "play on"
    for a in ends:
        if a.stop == want:
            return Decision(a, reason)
    return Decision(ends[0], "end")


def show_hand(view: PlayerView, style: Style, shows: list[ShowHand]) -> Decision:
    """Show a tenpai hand at an exhaustive draw, or declare noten (where allowed).

    A dealer in the game's last hand ends the game by declaring noten (the deal
    passes): a style that plays for the result does so when the final result now,
    after paying as noten, beats being paid as tenpai and playing on
    (:func:`ai.standing.declare_noten_gain`; a player without riichi is taken as
    tenpai at least ``style.draw_tenpai`` of the time).  Every other tenpai is shown:
    it is paid and, for a dealer, keeps the deal.
    """
    show = next((a for a in shows if a.show), None)
    hide = next((a for a in shows if not a.show), None)
    if show is None or hide is None:
        return Decision(shows[0], "show the hand" if shows[0].show else "noten")
    if style.situation and view.dealer == view.seat and is_last_hand(view):
        chances = [0.0] * 4
        for t in defence.threats(view):
            chances[t.seat] = 1.0 if t.riichi else max(t.tenpai, style.draw_tenpai)
        if declare_noten_gain(view, chances) > 0.0:
            return Decision(hide, "declare noten: the game ends")
    return Decision(show, "show the hand")
