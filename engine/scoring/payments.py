"""``win_payments``: the full transfer of one win, as ``Payment`` lines.

Hand value (split by dealer/non-dealer and ron/tsumo), honba, riichi sticks, pao
(責任払い) and the wareme (割れ目) doubling.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from hanchan.engine.parts import Payment
from hanchan.engine.scoring.types import ScoreResult
from hanchan.rulesets.schema import Ruleset

Pao = Sequence[tuple[int, str]]
"""Pao records of a win: (liable seat, the pao yaku that seat fixed by feeding a call)."""


def _pao_weights(result: ScoreResult, rules: Ruleset, winner: int,
                 pao: Pao) -> dict[int, Fraction]:
    """The share of the hand's value each pao player answers for.

    ``pao_scope`` ``pao_yaku`` (ako 8-08-07, 8-08-06: 役満毎に計算する): each player the
    units of the yakuman it fixed, shared equally when several fixed the same one;
    ``whole_hand``: the whole value, shared equally among the pao players (8-08-06:
    包者の支払分を包者同士で均等に分割する).
    """
    units = result.yakuman_count
    records = [(seat, y) for seat, y in pao if seat != winner]
    if not units or not records:
        return {}
    han = dict(result.yaku)
    by_yaku: dict[str, list[int]] = {}
    for seat, y in records:
        if han.get(y, 0) >= 13 and seat not in by_yaku.setdefault(y, []):
            by_yaku[y].append(seat)
    if not by_yaku:
        return {}
    weights: dict[int, Fraction] = {}
    if rules.pao_scope == "whole_hand":
        seats = list(dict.fromkeys(seat for seats in by_yaku.values() for seat in seats))
        return {seat: Fraction(1, len(seats)) for seat in seats}
    for y, seats in by_yaku.items():
        for seat in seats:
            share = Fraction(han[y] // 13, units * len(seats))
            weights[seat] = weights.get(seat, Fraction(0)) + share
    return weights


def win_payments(
    result: ScoreResult,
    *,
    winner: int,
    from_seat: int | None,
    dealer: int,
    honba: int,
    sticks: int,
    rules: Ruleset,
    pao_seat: int | None = None,
    pao: Pao = (),
    honba_to_this_winner: bool = True,
    sticks_to_this_winner: bool = True,
    wareme_seat: int | None = None,
) -> tuple[Payment, ...]:
    """Every payment line of one win, honba and sticks included.

    ``from_seat`` is the discarder (None for tsumo).  ``pao`` lists who fixed which pao
    yaku of the result (``pao_seat`` alone: that seat for every pao yaku of the result);
    pao covers the whole hand or only the pao yakuman's share (``rules.pao_scope``; the
    rest is paid as usual), shared out when two players are pao (ako 8-08-06).  On
    tsumo the pao players pay their shares alone; on ron ``rules.pao_ron`` says
    whether each share is split with the discarder or all theirs, and ``rules.pao_honba``
    who pays the honba (the first pao player).  With ``wareme_seat`` that seat's hand
    payments (paid or received) are doubled; honba and sticks are not.  A pao payment is
    the pao player's own: doubled only when the pao player or the winner is the wareme
    seat.  In a multiple ron the caller says which winner takes the honba and the sticks.
    """
    if not result.valid:
        raise ValueError("win_payments needs a valid result")
    if pao_seat is not None and not pao:
        pao = [(pao_seat, y) for y, _ in result.yaku if y in rules.pao_yaku]
    weights = _pao_weights(result, rules, winner, pao)
    win = _Win(winner, dealer, rules, wareme_seat)
    honba_total = honba * rules.honba_points if honba_to_this_winner else 0
    if from_seat is None:
        lines = _tsumo_lines(result, win, weights, honba_total)
    else:
        lines = _ron_lines(result, win, from_seat, weights, honba_total)
    if sticks and sticks_to_this_winner:
        lines.append(Payment(None, winner, 1000 * sticks, "sticks"))
    return tuple(lines)


@dataclass(frozen=True, slots=True)
class _Win:
    """Who wins, who deals, under which rules, and the wareme seat."""

    winner: int
    dealer: int
    rules: Ruleset
    wareme_seat: int | None

    def factor(self, payer: int) -> int:
        """The wareme doubling of a hand payment ``payer`` makes to the winner."""
        ws = self.wareme_seat
        return 2 if ws is not None and ws in (payer, self.winner) else 1


def _tsumo_lines(result: ScoreResult, win: _Win, weights: dict[int, Fraction],
                 honba_total: int) -> list[Payment]:
    """A tsumo: each other seat's share, the pao players paying theirs as their own
    payments (the wareme doubling follows the seat that pays, or the winner)."""
    winner = win.winner
    others = [s for s in range(4) if s != winner]
    shares = {s: result.points.tsumo_share(payer_is_dealer=s == win.dealer) for s in others}
    lines: list[Payment] = []
    honba_payer: int | None = None
    if weights:
        pao_amount = dict.fromkeys(weights, 0)
        for s in others:
            rest = shares[s]
            for p, w in weights.items():
                part = int(shares[s] * w)
                pao_amount[p] += part
                rest -= part
            if rest:
                lines.append(Payment(s, winner, rest * win.factor(s), "hand"))
        for p, amount in pao_amount.items():
            lines.append(Payment(p, winner, amount * win.factor(p), "pao"))
        if len(weights) == 1 and sum(weights.values()) == 1:
            honba_payer = next(iter(weights))
    else:
        for s in others:
            lines.append(Payment(s, winner, shares[s] * win.factor(s), "hand"))
    if honba_total:
        if honba_payer is not None:
            lines.append(Payment(honba_payer, winner, honba_total, "honba"))
        else:
            for s in others:
                lines.append(Payment(s, winner, honba_total // 3, "honba"))
    return lines


def _ron_lines(result: ScoreResult, win: _Win, from_seat: int, weights: dict[int, Fraction],
               honba_total: int) -> list[Payment]:
    """A ron: the discarder pays, each pao player its share (``pao_ron``: all of it or
    half, the discarder the rest); ``pao_honba`` says who pays the honba."""
    winner = win.winner
    rules = win.rules
    value = result.points.ron
    pao_pays: dict[int, int] = {}
    for p, w in weights.items():
        if p != from_seat:  # a pao player who dealt in pays as the discarder
            part = int(value * w)
            pao_pays[p] = part if rules.pao_ron == "all" else part // 2
    lines: list[Payment] = []
    if pao_pays:
        disc_pays = value - sum(pao_pays.values())
        lines.append(Payment(from_seat, winner, disc_pays * win.factor(from_seat), "hand"))
        for p, amount in pao_pays.items():
            lines.append(Payment(p, winner, amount * win.factor(p), "pao"))
        honba_payer = next(iter(pao_pays)) if rules.pao_honba == "pao" else from_seat
    else:
        lines.append(Payment(from_seat, winner, value * win.factor(from_seat), "hand"))
        honba_payer = from_seat
    if honba_total:
        lines.append(Payment(honba_payer, winner, honba_total, "honba"))
    return lines
