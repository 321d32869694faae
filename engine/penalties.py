"""Practice-mode penalties: what a chombo or a false call costs under a ruleset.

Pure functions of the seat, the dealer and the :class:`Ruleset` options
``chombo``, ``chombo_points``, ``chombo_replay``, ``chombo_tenpai_best``, ``wareme``
and ``false_call``; they return an :class:`engine.events.Penalty` that the game
engine records and applies (``deltas``; ``to_table`` for points put on the table,
which the next winner takes; ``replay_hand``; ``dead_hand``).  A false win taken back
before the hand is shown (``false_win_withdrawn``) and a riichi taken back before its
discard (``riichi_withdrawn``) cost less than a chombo, as the clubs grade them; a meld
made with tiles that make no set (``false_meld``) leaves a dead hand.  What
happens to the riichi sticks of the hand (``chombo_sticks_returned``) and to the deal
(``chombo_dealer_passes``) is the engine's part, read from the same ruleset.

The clubs' rules, as the presets set them:

- makura 33): 4,000 to each other player, dealer or not (``each_fixed``);
- teireikai 罰則1: 12,000 to the table (``to_table``);
- gpc l.5/l.38: 12,000 lost to nobody (``to_nobody``);
- ako 7-01 and yokoyoko: a mangan paid as if every other player had won by tsumo
  (``mangan_each``: 4,000 to the dealer and 2,000 to each other player from a
  non-dealer, 4,000 to each from the dealer); ako 7-01 pays a tenpai player the
  best value its hand could have won when that is more, and ako 8-01-01 doubles what the
  wareme player pays or receives.

>>> from hanchan.rulesets.schema import Ruleset
>>> chombo_penalty(1, 0, Ruleset(chombo="each_fixed", chombo_points=4000)).deltas
(4000, -12000, 4000, 4000)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from hanchan.engine.events import Payment, Penalty
from hanchan.engine.parts import net
from hanchan.engine.seats import four
from hanchan.rulesets.schema import Ruleset

MANGAN_DEALER_SHARE = 4000  # a mangan tsumo: the dealer pays 4,000 ...
MANGAN_OTHER_SHARE = 2000  # ... and each non-dealer 2,000; a dealer's tsumo is 4,000 all
FALSE_CALL_POINTS = 1000


def _check_seat(name: str, seat: int) -> None:
    if not 0 <= seat <= 3:
        raise ValueError(f"{name} must be a seat 0-3, not {seat}")


def _deltas(payments: list[Payment], payer: int, lost: int) -> tuple[int, int, int, int]:
    d = list(net(payments))
    d[payer] -= lost
    return four(d)


CLOSED_KAN_CHOMBO = "chombo for a closed kan of unlike tiles"
"""How a chombo's reason begins when it is for a closed kan with wrong hidden tiles
(``Ruleset.false_meld``), not for a false win or a noten riichi."""


def chombo_penalty(seat: int, dealer: int, rules: Ruleset, *,
                   wareme_seat: int | None = None,
                   tenpai_best: Mapping[int, int] | None = None,
                   closed_kan: bool = False) -> Penalty:
    """The chombo (錯和) of ``seat`` while ``dealer`` deals, under ``rules.chombo``.

    ``wareme_seat``: the seat in front of which the wall was broken (used when
    ``rules.wareme``: its payments are doubled).  ``tenpai_best``: for
    ``rules.chombo_tenpai_best``, the best points each tenpai seat's hand could have
    won (chance yaku excluded); such a seat receives that when it is more than its
    mangan share (the clause compensates the tenpai player: it never pays it less).
    ``closed_kan``: the chombo is for a closed kan of unlike tiles (its reason says so).
    """
    _check_seat("seat", seat)
    _check_seat("dealer", dealer)
    others = [s for s in range(4) if s != seat]
    payments: list[Payment] = []
    lost = 0
    to_table = 0
    kind = rules.chombo
    if kind == "each_fixed":
        payments = [Payment(seat, s, rules.chombo_points, "chombo") for s in others]
        reason = f"chombo: {rules.chombo_points:,} to each other player"
    elif kind == "mangan_each":
        for s in others:
            share = MANGAN_DEALER_SHARE if seat == dealer or s == dealer else MANGAN_OTHER_SHARE
            if rules.chombo_tenpai_best and tenpai_best is not None and s in tenpai_best:
                share = max(share, tenpai_best[s])  # ako 7-01: never less than the share
            payments.append(Payment(seat, s, share, "chombo"))
        reason = "chombo: a mangan paid to the others as if each had won by tsumo"
    elif kind == "to_table":
        lost = to_table = rules.chombo_points
        reason = f"chombo: {rules.chombo_points:,} to the table"
    else:  # "to_nobody"
        lost = rules.chombo_points
        reason = f"chombo: {rules.chombo_points:,} lost to nobody"
    if rules.wareme and wareme_seat is not None:
        _check_seat("wareme_seat", wareme_seat)
        payments = [Payment(p.payer, p.payee, p.amount * 2, p.reason)
                    if wareme_seat in (p.payer, p.payee) else p for p in payments]
        if wareme_seat == seat:
            lost *= 2
            to_table *= 2
    if closed_kan:
        reason = CLOSED_KAN_CHOMBO + reason.removeprefix("chombo")
    return Penalty(seat=seat, kind="chombo", reason=reason, payments=tuple(payments),
                   deltas=_deltas(payments, seat, lost), replay_hand=rules.chombo_replay,
                   dead_hand=False, to_table=to_table)


def false_call_penalty(seat: int, rules: Ruleset, *, kan: bool = False) -> Penalty | None:
    """A false call (空ポン, a withdrawn call) by ``seat``; ``kan``: a closed kan on the own
    turn (空カン, kind ``"false_kan"``: it ends no claim); None when unpenalised."""
    if kan:
        return _light(seat, "false_kan", "false kan", rules.false_call)
    return _light(seat, "false_call", "false call", rules.false_call)


_MELD_WORDS = {"chi": "a chi that is no run", "pon": "a pon of unlike tiles",
               "minkan": "an open kan of unlike tiles", "kan": "a closed kan of unlike tiles"}


def false_meld_penalty(seat: int, meld: str) -> Penalty:
    """A ``meld`` (``"chi"``, ``"pon"``, ``"minkan"`` or ``"kan"``) made with tiles that make
    no set (誤フーロ, 錯カン): it stands and the hand is dead (``Ruleset.false_meld``).

    >>> p = false_meld_penalty(1, "pon")
    >>> p.kind, p.dead_hand, p.deltas
    ('false_meld', True, (0, 0, 0, 0))
    >>> p.reason
    'a pon of unlike tiles: the hand may no longer win (dead hand)'
    """
    _check_seat("seat", seat)
    return Penalty(seat=seat, kind="false_meld",
                   reason=f"{_MELD_WORDS[meld]}: the hand may no longer win (dead hand)",
                   dead_hand=True)


def false_win_penalty(seat: int, rules: Ruleset, declared: Literal["tsumo", "ron"]
                      ) -> Penalty | None:
    """A false ``declared`` tsumo or ron that ``seat`` took back before showing the hand, under
    ``rules.false_win_withdrawn`` other than ``"chombo"`` (which is :func:`chombo_penalty`);
    None when unpenalised.

    >>> false_win_penalty(2, Ruleset(false_win_withdrawn="table_1000_dead_hand"), "ron").deltas
    (0, 0, -1000, 0)
    """
    kind = rules.false_win_withdrawn
    if kind == "chombo":
        raise ValueError("false_win_withdrawn = chombo: the penalty is chombo_penalty's")
    return _light(seat, f"false_{declared}_withdrawn", f"a false {declared} taken back", kind)


def riichi_withdrawn_penalty(seat: int, rules: Ruleset) -> Penalty | None:
    """A riichi that ``seat`` took back before its discard, under ``rules.riichi_withdrawn``;
    None when unpenalised."""
    return _light(seat, "riichi_withdrawn", "riichi taken back", rules.riichi_withdrawn)


def _light(seat: int, kind: str, what: str, value: str) -> Penalty | None:
    """A penalty short of a chombo: ``value`` is ``"none"``, ``"table_1000"``,
    ``"dead_hand"`` or both (``"table_1000_dead_hand"``)."""
    _check_seat("seat", seat)
    if value == "none":
        return None
    dead = value.endswith("dead_hand")
    points = FALSE_CALL_POINTS if value.startswith("table_1000") else 0
    said = [f"{points:,} to the table"] if points else []
    if dead:
        said.append("the hand may no longer win (dead hand)")
    return Penalty(seat=seat, kind=kind, reason=f"{what}: {' and '.join(said)}",
                   deltas=_deltas([], seat, points), to_table=points, dead_hand=dead)
