"""The flow between hands: results of a hand, who deals next, and when the game ends.

Pure functions of the state: :func:`make_won` and :func:`exhaustive_draw` build the
result events of a hand; :func:`next_step` decides what follows a finished hand
(the next ``HandStarted``, a dealer's choice to stop, or the end of the game);
:func:`game_ended` builds the final ``GameEnded`` with the settlement table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Literal

import msgspec

from hanchan.engine.events import (
    DrawKind,
    GameEnded,
    HandDrawn,
    Meld,
    Payment,
    Penalty,
    WinResult,
    Won,
)
from hanchan.engine.parts import net
from hanchan.engine.scoring import ScoreResult, limit_points, win_payments
from hanchan.engine.seats import four
from hanchan.engine.settlement import final_table
from hanchan.engine.shanten import shanten
from hanchan.engine.state import GameState
from hanchan.engine.tiles import dora_of, is_red, kind_of
from hanchan.engine.waits import is_tenpai, waits
from hanchan.engine.wins import ron_result, score, tsumo_result, win_context
from hanchan.rulesets.schema import Ruleset, last_round_index, regular_rounds

__all__ = [
    "make_won", "exhaustive_draw", "abortive_draw", "show_choice_seats", "next_step",
    "game_ended", "NextHand", "tenpai_of", "wareme_seat", "ron_winners", "nagashi_seats",
    "nagashi_at_last_discard", "nagashi_complete", "is_last_hand", "chombo_sticks_back",
    "standing_after",
]


def wareme_seat(st: GameState) -> int | None:
    """The seat in front of which the wall was broken, when wareme is played."""
    if not st.rules.wareme:
        return None
    return (st.dealer + sum(st.dice) - 1) % 4


def _chips(st: GameState, seat: int, from_seat: int | None,
           yaku: tuple[tuple[str, int], ...], yakuman_count: int,
           pays: tuple[Payment, ...] = ()) -> tuple[int, int, int, int]:
    """Chips of one win (ippatsu, ura dora, red fives, yakuman) when the rules count chips.

    Ippatsu, ura and red-five chips come from each other player on a tsumo and from the
    discarder on a ron; a yakuman's ``chip_yakuman`` is the total, shared equally by the
    seats that pay the hand's points in ``pays`` (with pao: the pao player alone on a
    tsumo, the discarder and the pao player on a split ron).
    """
    r = st.rules
    if not r.chips:
        return (0, 0, 0, 0)
    ys = dict(yaku)
    units = 0
    if "ippatsu" in ys:
        units += r.chip_ippatsu
    units += r.chip_ura * ys.get("ura_dora", 0)
    units += r.chip_red * ys.get("aka_dora", 0)
    out = [0, 0, 0, 0]
    payers = [o for o in range(4) if o != seat] if from_seat is None else [from_seat]
    for o in payers:
        out[o] -= units
        out[seat] += units
    if yakuman_count and r.chip_yakuman:
        point_payers = sorted({p.payer for p in pays
                               if p.payer is not None and p.reason in ("hand", "pao")})
        if not point_payers:
            point_payers = payers
        yk = r.chip_yakuman * yakuman_count // len(point_payers)
        for o in point_payers:
            out[o] -= yk
            out[seat] += yk
    return four(out)


def _chance_rows(hand: tuple[int, ...], melds: tuple[Meld, ...], ura: tuple[int, ...],
                 ippatsu: bool, red_fives: int) -> tuple[tuple[str, int], ...]:
    """The ippatsu, ura-dora and red-five rows of a yakuman, whose yaku list has none.

    A yakuman is valued by its yakuman alone, but ako's chips for ippatsu (8-07-02),
    each ura dora (8-07-13, 8-07-15) and each red five (8-07-16) stand apart from the
    hand's value: only the yakuman chips have a written exception (8-07-11-02).

    >>> _chance_rows((16, 17, 20), (), (12,), True, 2)
    (('ippatsu', 1), ('ura_dora', 2), ('aka_dora', 2))
    """
    tiles = list(hand) + [t for m in melds for t in m.tiles]
    kinds = [kind_of(t) for t in tiles]
    n_ura = sum(kinds.count(dora_of(kind_of(i))) for i in ura)
    n_red = sum(1 for t in tiles if is_red(t, red_fives))
    rows = [("ippatsu", 1)] if ippatsu else []
    rows += [(name, n) for name, n in (("ura_dora", n_ura), ("aka_dora", n_red)) if n]
    return tuple(rows)


def ron_winners(rules: Ruleset, rons: Sequence[int]) -> tuple[int, ...] | None:
    """Who wins when the seats ``rons`` (nearest to the discarder first) all call ron.

    None when ``rules.triple_ron`` aborts the hand on three rons (三家和); with head bump
    (頭ハネ, ``double_ron`` / ``triple_ron``) only the nearest of two or three wins.

    >>> ron_winners(Ruleset(double_ron="head_bump"), [2, 3])
    (2,)
    >>> ron_winners(Ruleset(triple_ron="abort"), [1, 2, 3]) is None
    True
    """
    if len(rons) == 3:
        if rules.triple_ron == "abort":
            return None
        if rules.triple_ron == "head_bump":
            return (rons[0],)
    elif len(rons) == 2 and rules.double_ron == "head_bump":
        return (rons[0],)
    return tuple(rons)


def _scored(st: GameState, seat: int, from_seat: int | None, tile: int, chankan: bool,
            chankan_ankan: bool) -> tuple[ScoreResult, tuple[int, ...]]:
    """The score of ``seat``'s win and its hand (the winning tile included)."""
    s = st.seats[seat]
    if from_seat is None:
        res = tsumo_result(st, seat)
        hand = tuple(s.hand)
    else:
        res = ron_result(st, seat, tile, chankan=chankan, chankan_ankan=chankan_ankan)
        hand = tuple(s.hand) + (tile,)
    if res is None:
        raise ValueError(f"seat {seat} cannot win on this tile")
    # Open riichi: a player not in riichi who had to deal in pays a yakuman.
    if (from_seat is not None and s.open_riichi and s.riichi and not chankan
            and not st.seats[from_seat].riichi and res.yakuman_count == 0):
        pts = limit_points("yakuman", dealer=seat == st.dealer, tsumo=False, rules=st.rules)
        res = msgspec.structs.replace(res, limit="yakuman", yakuman_count=1, points=pts,
                                      total=pts.ron)
    return res, hand


def _sticks_to(st: GameState, winners: Sequence[int], i: int) -> int:
    """The riichi sticks the ``i``-th winner (nearest to the discarder first) takes.

    The nearest takes them all, unless ``multi_ron_sticks`` is ``each_own`` in a multiple
    ron: then each other winner takes back what it put down this hand, and the nearest
    the rest of the table.
    """
    seat = winners[i]
    if st.rules.multi_ron_sticks == "each_own" and len(winners) > 1:
        if i == 0:
            return st.sticks - sum(st.riichi_sticks_this_hand[w] for w in winners[1:])
        return st.riichi_sticks_this_hand[seat]
    return st.sticks if i == 0 else 0


def _one_win(st: GameState, winners: Sequence[int], i: int, from_seat: int | None, tile: int,
             chankan: bool, chankan_ankan: bool) -> WinResult:
    """The result of the ``i``-th of ``winners`` (nearest to the discarder first)."""
    r = st.rules
    seat = winners[i]
    s = st.seats[seat]
    res, hand = _scored(st, seat, from_seat, tile, chankan, chankan_ankan)
    yaku_ids = {y for y, _ in res.yaku}
    pao = tuple(rec for rec in s.pao if rec[1] in yaku_ids)
    n_sticks = _sticks_to(st, winners, i)
    sticks_here = n_sticks > 0 if r.multi_ron_sticks == "each_own" and len(winners) > 1 \
        else i == 0
    pays = win_payments(
        res, winner=seat, from_seat=from_seat, dealer=st.dealer, honba=st.honba,
        sticks=n_sticks if sticks_here else 0, rules=r, pao=pao,
        honba_to_this_winner=i == 0 or r.multi_ron_honba == "each",
        sticks_to_this_winner=sticks_here, wareme_seat=wareme_seat(st),
    )
    ura = st.ura_indicators() if (s.riichi and r.ura_dora) else ()
    chip_yaku = res.yaku
    if res.yakuman_count and r.chips:
        ippatsu = s.ippatsu and s.riichi and r.ippatsu and not (
            chankan and not r.ippatsu_on_chankan)
        chip_yaku = chip_yaku + _chance_rows(hand, tuple(s.melds), ura, ippatsu, r.red_fives)
    return WinResult(
        seat=seat, from_seat=from_seat, tile=tile, hand=hand, melds=tuple(s.melds),
        han=res.han, fu=res.fu, yaku=res.yaku, fu_parts=res.fu_parts, limit=res.limit,
        yakuman_count=res.yakuman_count, points=res.total, ura_indicators=ura,
        pao_seat=pao[0][0] if pao else None, payments=pays,
        chips=_chips(st, seat, from_seat, chip_yaku, res.yakuman_count, pays),
    )


def make_won(
    st: GameState, winners: Sequence[int], from_seat: int | None, tile: int, *,
    chankan: bool = False, chankan_ankan: bool = False,
) -> Won:
    """The ``Won`` event of ``winners`` (nearest to the discarder first)."""
    wins = tuple(_one_win(st, winners, i, from_seat, tile, chankan, chankan_ankan)
                 for i in range(len(winners)))
    taken = sum(n for n in (_sticks_to(st, winners, i) for i in range(len(winners))) if n > 0)
    return Won(wins=wins, deltas=net([p for w in wins for p in w.payments]),
               sticks_taken=taken)


def tenpai_of(st: GameState, seat: int) -> bool:
    """Formal tenpai of a seat's 13-tile hand (``tenpai_own_four_copies`` decides 空聴牌)."""
    s = st.seats[seat]
    n = len(s.melds)
    if len(s.hand) % 3 != 1 or s.dead:
        return False
    if shanten(s.counts, n) > 2:  # (a wait on an own fifth copy is shanten 1 or 2)
        return False
    own = list(s.counts)
    for m in s.melds:
        for t in m.tiles:
            own[kind_of(t)] += 1
    if not is_tenpai(s.counts, n, own_four_copies_count=st.rules.tenpai_own_four_copies,
                     own=own):
        return False
    if st.rules.formal_tenpai or s.riichi:
        return True
    return _can_win_somehow(st, seat, own)


def _can_win_somehow(st: GameState, seat: int, own: list[int]) -> bool:
    """Without formal tenpai: some wait must give a win with a yaku (by ron or tsumo)."""
    s = st.seats[seat]
    for k in waits(s.counts, len(s.melds)):
        if own[k] >= 4:
            continue
        tile = next(k * 4 + c for c in range(4) if k * 4 + c not in s.hand)
        for tsumo in (False, True):
            ctx = win_context(st, seat, tile, tsumo=False, with_dora=False)
            if tsumo:
                ctx = dataclasses.replace(ctx, tsumo=True, houtei=False)
            if score(st, ctx).valid:
                return True
    return False


def chombo_sticks_back(st: GameState, chombo_seat: int) -> tuple[int, int, int, int]:
    """Sticks of a chombo hand that go back to each seat before the next hand.

    ``chombo_sticks_returned``: the riichi sticks put down this hand go back, except the
    chombo player's own with ``chombo_own_stick_stays`` (makura 31, 35), and with
    ``chombo_penalty_sticks_returned`` the false-call sticks too (gpc l.40).
    """
    r = st.rules
    back = [0, 0, 0, 0]
    if r.chombo_sticks_returned:
        for seat in range(4):
            if not (r.chombo_own_stick_stays and seat == chombo_seat):
                back[seat] += st.riichi_sticks_this_hand[seat]
            if r.chombo_penalty_sticks_returned:
                back[seat] += st.penalty_sticks_this_hand[seat]
    return four(back)


def standing_after(st: GameState) -> tuple[tuple[int, int, int, int], int]:
    """The scores and table sticks a finished hand leaves, once a chombo's sticks are back.

    A chombo hand's sticks go back to their owners the moment the chombo is found (makura
    35, yokoyoko (1)), before anything else is decided: the next hand starts from these
    scores, a bust is judged on them and a game that ends settles them.
    """
    scores = list(st.scores)
    sticks = st.sticks
    res = st.result
    if isinstance(res, Penalty) and res.kind == "chombo":
        for seat, back in enumerate(chombo_sticks_back(st, res.seat)):
            scores[seat] += 1000 * back
            sticks -= back
    return four(scores), sticks


def show_choice_seats(st: GameState) -> list[int]:
    """Seats that may choose to declare noten while tenpai at an exhaustive draw."""
    nd = st.rules.noten_declaration
    if nd == "not_allowed":
        return []
    out = []
    for seat in range(4):
        s = st.seats[seat]
        if s.riichi or s.noten_declared or not tenpai_of(st, seat):
            continue
        if nd == "allowed_except_bare_tanki" and len(s.hand) == 1:
            continue
        out.append(seat)
    return out


def _nagashi_limit(st: GameState) -> str:
    return "yakuman" if st.rules.nagashi_mangan == "yakuman" else "mangan"


def _nagashi_own(st: GameState, w: int, first: bool) -> list[Payment]:
    """The payments to one nagashi seat ``w``: a limit tsumo (doubled to and from the
    wareme seat), and with ``nagashi_as_win`` the honba, as on a tsumo (to ``first``,
    the first from the dealer, or to each with ``multi_ron_honba`` ``each``)."""
    r = st.rules
    wseat = wareme_seat(st)
    pts = limit_points(_nagashi_limit(st), dealer=w == st.dealer, tsumo=True, rules=r)
    own: list[Payment] = []
    for o in range(4):
        if o != w:
            amt = pts.tsumo_share(payer_is_dealer=o == st.dealer)
            own.append(Payment(o, w, amt * 2 if wseat is not None and wseat in (o, w) else amt,
                               "nagashi"))
    if (r.nagashi_as_win and st.honba and r.honba_points
            and (first or r.multi_ron_honba == "each")):
        own.extend(Payment(o, w, st.honba * r.honba_points // 3, "honba")
                   for o in range(4) if o != w)
    return own


def _nagashi_payments(st: GameState, nagashi: list[int]) -> tuple[list[Payment], int,
                                                                    tuple[int, int, int, int]]:
    """Payments of the nagashi mangan of ``nagashi`` seats, sticks taken, chips.

    Paid as a limit tsumo; with ``nagashi_as_win`` it is a tsumo win (makura 44 e, ako
    3-17-01-01): the first seat from the dealer takes the riichi sticks, honba are paid as
    on a tsumo (to each such seat when ``multi_ron_honba`` is ``each``), and a
    yakuman-valued nagashi earns the yakuman chips.
    """
    as_win = st.rules.nagashi_as_win
    yakuman = 1 if _nagashi_limit(st) == "yakuman" else 0
    payments: list[Payment] = []
    chips = [0, 0, 0, 0]
    for i, w in enumerate(nagashi):
        own = _nagashi_own(st, w, i == 0)
        if as_win:
            c = _chips(st, w, None, (), yakuman, tuple(own))
            chips = [chips[k] + c[k] for k in range(4)]
        payments.extend(own)
    taken = st.sticks if as_win and nagashi else 0
    if taken:
        payments.append(Payment(None, nagashi[0], 1000 * taken, "sticks"))
    return payments, taken, four(chips)


def nagashi_seats(st: GameState) -> list[int]:
    """Seats whose river makes nagashi mangan now, from the dealer round the table."""
    if st.rules.nagashi_mangan == "none":
        return []
    order = [(st.dealer + k) % 4 for k in range(4)] if st.rules.nagashi_as_win else range(4)
    return [i for i in order if st.seats[i].nagashi and st.seats[i].river]


def nagashi_at_last_discard(st: GameState) -> bool:
    """Whether the discard now open completes a nagashi (``nagashi_at_last_discard``, ako
    3-17-01-06): its player's last discard, passed by every seat, ends the hand with
    :func:`nagashi_complete` (before any show-or-noten choice at an exhaustive draw)."""
    r = st.rules
    return (r.nagashi_as_win and r.nagashi_at_last_discard and st.live_remaining <= 3
            and st.last_discard is not None and st.last_discard[0] in nagashi_seats(st))


def nagashi_complete(st: GameState, seat: int) -> HandDrawn:
    """Nagashi completed by ``seat``'s last discard passing (``nagashi_at_last_discard``)."""
    payments, taken, chips = _nagashi_payments(st, [seat])
    return HandDrawn(kind="exhaustive", nagashi=(seat,), payments=tuple(payments),
                     deltas=net(payments), sticks_taken=taken, chips=chips)


def exhaustive_draw(st: GameState) -> HandDrawn:
    """The exhaustive draw: tenpai, hands shown, nagashi mangan or noten payments."""
    r = st.rules
    tenpai = [(not st.seats[i].noten_declared) and tenpai_of(st, i) for i in range(4)]
    hands = tuple(tuple(sorted(st.seats[i].hand)) if tenpai[i] else () for i in range(4))
    nagashi = nagashi_seats(st)
    payments: list[Payment] = []
    taken = 0
    chips = (0, 0, 0, 0)
    if nagashi:
        payments, taken, chips = _nagashi_payments(st, nagashi)
    elif r.noten_payment:
        n_ten = sum(tenpai)
        wseat = wareme_seat(st)
        if 0 < n_ten < 4:
            each = r.noten_payment // (n_ten * (4 - n_ten))
            for payer in range(4):
                if tenpai[payer]:
                    continue
                for payee in range(4):
                    if tenpai[payee]:
                        # wareme (ako 8-01): the broken-wall seat pays and receives double
                        amount = each * 2 if wseat in (payer, payee) else each
                        payments.append(Payment(payer, payee, amount, "noten"))
    return HandDrawn(
        kind="exhaustive", tenpai=four(tenpai), hands=hands,
        nagashi=tuple(nagashi), payments=tuple(payments), deltas=net(payments),
        sticks_taken=taken, chips=chips,
    )


def abortive_draw(st: GameState, kind: DrawKind, shown: tuple[int, ...] = ()) -> HandDrawn:
    """An abortive draw; ``shown`` seats show their hands.

    With ``renchan_at_abort_tenpai`` the dealer's tenpai is judged (as at an exhaustive
    draw, on its 13 tiles) and recorded in ``tenpai``; a tenpai dealer shows its hand.
    """
    r = st.rules
    tenpai = (False, False, False, False)
    if r.renchan_at_abort and r.renchan_at_abort_tenpai and tenpai_of(st, st.dealer):
        tenpai = tuple(i == st.dealer for i in range(4))  # type: ignore[assignment]
        shown = tuple(sorted({*shown, st.dealer}))
    hands = tuple(tuple(sorted(st.seats[i].hand)) if i in shown else () for i in range(4))
    return HandDrawn(kind=kind, tenpai=tenpai, hands=hands if shown else ())


# ------------------------------------------------------------------ between hands


@dataclasses.dataclass(frozen=True, slots=True)
class NextHand:
    """What follows a finished hand."""

    action: Literal["next", "end", "choice"]
    reason: str = ""
    round_index: int = 0
    dealer: int = 0
    honba: int = 0


def _is_top(st: GameState, seat: int) -> bool:
    best = min(range(4), key=lambda s: (-st.scores[s], s))
    return best == seat


def is_last_hand(st: GameState) -> bool:
    """Whether the hand is a 4th hand after which passing the deal may end the game."""
    return st.hand_number == 3 and st.round_index >= regular_rounds(st.rules) - 1


def _busted(st: GameState) -> bool:
    r = st.rules
    if r.bust != "below_zero":
        return False
    res = st.result
    scores = standing_after(st)[0]
    if not any(x < 0 for x in scores):
        return False
    if not r.noten_payment_can_bust and res is not None:
        # ako 1-09-01 ノー聴罰符で飛ばない: noten payments never bust; a player they left
        # below zero plays on and busts at the end of a hand it pays for (a win, a nagashi,
        # a chombo), not of a hand it takes no part in (there would be no buster)
        if isinstance(res, HandDrawn) and res.kind == "exhaustive" and not res.nagashi:
            return False
        deltas = res.deltas
        return any(scores[i] < 0 and (deltas[i] < 0 or scores[i] - deltas[i] >= 0)
                   for i in range(4))
    return True


@dataclasses.dataclass(frozen=True, slots=True)
class _Course:
    """The facts about a finished hand that :func:`next_step`'s rules read."""

    keeps: bool  # the dealer keeps the deal (連荘)
    honba: int  # the honba of the next hand
    won: bool  # a win, or a nagashi counted as one (not a draw, not a chombo)
    chose_continue: bool  # the dealer chose to play on at its stop
    in_ext: bool  # the hand was in an extension round
    last_regular: bool  # the last hand of the last regular round
    last_possible: bool  # the last hand of the last round an extension may reach
    as_last: bool  # sudden death where the dealer keeping the deal plays a last hand
    sudden: bool  # inside a sudden-death extension round
    top_score: int


def _renchan_at_draw(st: GameState, res: HandDrawn) -> bool:
    """Whether the dealer keeps the deal after an exhaustive draw (``renchan_at_draw``)."""
    rule = st.rules.renchan_at_draw
    ten = res.tenpai[st.dealer]
    return {"tenpai": ten, "always": True,
            "tenpai_or_after_east": ten or st.round_index >= 1}.get(rule, False)


def _deal_after(st: GameState) -> tuple[bool, int, bool]:
    """(the dealer keeps the deal, the next hand's honba, a win) after the hand's result."""
    r = st.rules
    res = st.result
    dealer = st.dealer
    if isinstance(res, Won):
        keeps = any(w.seat == dealer for w in res.wins)
        return keeps, st.honba + 1 if keeps else 0, True
    if isinstance(res, Penalty):
        # a chombo (not replayed: the rule before this one): the hand counts as played
        keeps = not (r.chombo_dealer_passes and res.seat == dealer
                     and not (r.chombo_last_dealer_keeps and is_last_hand(st)))
        return keeps, st.honba + 1 if r.chombo_adds_honba else st.honba, False
    assert isinstance(res, HandDrawn)
    if res.nagashi and r.nagashi_as_win:
        keeps = dealer in res.nagashi  # a tsumo win: the deal and honba go as for a win
        return keeps, st.honba + 1 if keeps else 0, True
    if res.kind == "exhaustive":
        return _renchan_at_draw(st, res), st.honba + 1, False
    keeps = r.renchan_at_abort and (not r.renchan_at_abort_tenpai or res.tenpai[dealer])
    return keeps, st.honba + 1, False


def _course(st: GameState, chose_continue: bool) -> _Course:
    r = st.rules
    keeps, honba, won = _deal_after(st)
    reg = regular_rounds(r)
    in_ext = st.round_index >= reg
    sudden = in_ext and r.extension == "sudden_death"
    return _Course(
        keeps=keeps, honba=honba, won=won, chose_continue=chose_continue, in_ext=in_ext,
        last_regular=st.round_index == reg - 1 and st.hand_number == 3,
        last_possible=st.round_index >= last_round_index(r) and st.hand_number == 3,
        as_last=sudden and r.extension_dealer_keeps == "as_last_hand", sudden=sudden,
        top_score=max(st.scores))


def _stop_mode(st: GameState, c: _Course) -> str:
    """How the dealer may stop the game now (agariyame / tenpaiyame), ``none`` if not."""
    res = st.result
    if (not c.keeps or c.chose_continue or isinstance(res, Penalty)
            or not (c.last_regular or (c.in_ext and (st.hand_number == 3 or c.as_last)))):
        return "none"
    if c.won:
        return st.rules.agariyame
    if not isinstance(res, HandDrawn) or res.kind != "exhaustive" or not res.tenpai[st.dealer]:
        return "none"
    return st.rules.tenpaiyame


def _stop_reason(c: _Course) -> str:
    return "agariyame" if c.won else "tenpaiyame"


def _may_end(st: GameState, c: _Course) -> bool:
    """A stop never ends a game the extension would continue (nobody has the target)."""
    return st.rules.extension == "none" or c.top_score >= st.rules.extension_target


def _bust(st: GameState, c: _Course) -> NextHand | None:
    return NextHand("end", "bust") if _busted(st) else None


def _chombo_replayed(st: GameState, c: _Course) -> NextHand | None:
    res = st.result
    if isinstance(res, Penalty) and res.replay_hand:  # the same dealer and honba
        return NextHand("next", round_index=st.round_index, dealer=st.dealer, honba=st.honba)
    return None


def _sudden_death(st: GameState, c: _Course) -> NextHand | None:
    """Inside a sudden-death extension the game ends once somebody has the target (with
    ``extension_dealer_keeps`` ``as_last_hand``, only when the deal passes)."""
    if c.sudden and c.top_score >= st.rules.extension_target and not (c.keeps and c.as_last):
        return NextHand("end", "extension")
    return None


def _auto_stop(st: GameState, c: _Course) -> NextHand | None:
    r = st.rules
    if (_stop_mode(st, c) == "auto_if_top" and _is_top(st, st.dealer)
            and (r.extension == "none" or st.scores[st.dealer] >= r.extension_target
                 or (c.in_ext and not c.as_last))):
        return NextHand("end", _stop_reason(c))
    return None


def _stop_offered(st: GameState, c: _Course) -> NextHand | None:
    mode = _stop_mode(st, c)
    if ((mode == "always" or (mode == "if_top" and _is_top(st, st.dealer)))
            and _may_end(st, c)):
        return NextHand("choice", _stop_reason(c))
    return None


def _renchan(st: GameState, c: _Course) -> NextHand | None:
    if c.keeps:
        return NextHand("next", round_index=st.round_index, dealer=st.dealer, honba=c.honba)
    return None


def _rounds_over(st: GameState, c: _Course) -> NextHand | None:
    """The deal passes at the end of a round: the last round the game may reach, or the
    last regular round (or a full extension round) once somebody has the target."""
    if st.dealer != 3:
        return None
    ext = st.rules.extension
    if c.last_possible or ((c.last_regular or (c.in_ext and ext == "full_rounds"))
                           and (ext == "none" or c.top_score >= st.rules.extension_target)):
        return NextHand("end", "extension" if c.in_ext else "complete")
    return None


def _deal_passes(st: GameState, c: _Course) -> NextHand | None:
    return NextHand("next", round_index=st.round_index + (1 if st.dealer == 3 else 0),
                    dealer=(st.dealer + 1) % 4, honba=c.honba)


_AFTER_HAND: tuple[Callable[[GameState, _Course], NextHand | None], ...] = (
    _bust, _chombo_replayed, _sudden_death, _auto_stop, _stop_offered, _renchan,
    _rounds_over, _deal_passes)
"""What may follow a finished hand, in order: the first that applies decides."""


def next_step(st: GameState, dealer_chose_continue: bool = False) -> NextHand:
    """Decide what follows the finished hand in ``st`` (phase ``hand_over``): the first
    of the rules ``_AFTER_HAND`` that applies."""
    c = _course(st, dealer_chose_continue)
    for rule in _AFTER_HAND:
        nxt = rule(st, c)
        if nxt is not None:
            return nxt
    raise AssertionError("unreachable: the deal passes when nothing else applies")


def _busters(st: GameState, seat: int) -> tuple[int, ...]:
    """Who busted ``seat`` with the hand's result: the winners it paid, the nagashi winners
    it paid (a nagashi win busts as a win does, ako 3-17-01-01, 1-09-02-01), or with
    ``bust_bonus_by_noten_or_chombo`` whoever it paid at a draw or a chombo."""
    res = st.result
    if isinstance(res, Won):
        return tuple(w.seat for w in res.wins if any(p.payer == seat for p in w.payments))
    if isinstance(res, HandDrawn) and res.nagashi and st.rules.nagashi_as_win:
        return tuple(w for w in res.nagashi
                     if any(p.payer == seat and p.payee == w for p in res.payments))
    if st.rules.bust_bonus_by_noten_or_chombo and isinstance(res, (HandDrawn, Penalty)):
        return tuple(sorted({p.payee for p in res.payments if p.payer == seat}))
    return ()


def game_ended(st: GameState, reason: str) -> GameEnded:
    """The final event: the settlement table from the last scores and sticks."""
    scores, sticks = standing_after(st)
    busted_by: dict[int, int | tuple[int, ...]] = {}
    if reason == "bust" and st.result is not None:
        for seat in range(4):
            by = _busters(st, seat) if scores[seat] < 0 else ()
            if by:
                busted_by[seat] = by if len(by) > 1 else by[0]
    table = final_table(
        scores, sticks, st.rules, busted_by=busted_by or None,
        yakuman_bonuses=tuple(st.yakuman_wins), chips=tuple(st.chips),
        winners=tuple(i for i in range(4) if st.wins_by_seat[i]),
    )
    return GameEnded(reason=reason, table=table, leftover_sticks=sticks)
