"""A :class:`RecordedGame` <-> the engine's events (``engine.events``).

:func:`to_events` turns an imported log into the event list of a saved game: the wall of each
hand is rebuilt from what the record shows (the deal, every live draw in order, the
replacement draws, the dora and ura indicators; tiles nobody saw fill the rest, lowest first),
the actions become ``Drew``/``Discarded``/``Called``/``Kan``/... and the results carry the
record's values (han, fu, yaku, points, payments, deltas), so ``verify`` can recompute them.

:func:`from_events` is the inverse, for ``export``.

Two orders differ between Tenhou's record and the engine, and are mapped both ways:

* The new dora of an open or added kan: Tenhou's XML has ``<DORA>`` after the replacement
  draw and before the discard; the engine (``kan_dora_open = "after_discard"``) emits
  ``DoraRevealed`` after the ``Discarded`` (and its ``RiichiAccepted``), before any call or
  win on that discard. Same dora either way.
* Tenhou's ``fu`` of a limit hand is not in tenhou.net/6: it is 0 in the ``WinResult`` then.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from engine import wall as wall_mod
from engine.events import (
    Called,
    Discarded,
    Drew,
    Event,
    FinalRow,
    GameEnded,
    GameStarted,
    HandDrawn,
    HandStarted,
    Kan,
    Meld,
    Payment,
    RiichiDeclared,
    WinResult,
    Won,
)
from engine.events import DoraRevealed as EvDora
from engine.events import RiichiAccepted as EvRiichiAccepted
from rulesets.schema import Ruleset

from .model import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    DoraRevealed,
    Draw,
    Kakan,
    Kyoku,
    LogFormatError,
    Pon,
    RecordedGame,
    Riichi,
    RiichiAccepted,
    Rules,
    Ryuukyoku,
    Win,
    Yaku,
)
from .yaku import payments as hand_payments

_DRAW_KIND = {
    "exhaustive": "exhaustive",
    "nagashi_mangan": "exhaustive",
    "kyuushu": "nine_terminals",
    "four_winds": "four_winds",
    "four_riichi": "four_riichi",
    "four_kans": "four_kans",
    "triple_ron": "triple_ron",
}


def ruleset_for(
    rules: Rules, base: Ruleset | None = None, final_points: Sequence[float] | None = None
) -> Ruleset:
    """The engine ruleset of a recorded game.

    ``base`` defaults to the ``tenhou`` preset (or ``Ruleset()`` if it cannot be loaded). The
    game's length, red fives and open tanyao are taken from the record; for Tenhou's older
    records two more things follow from the corpus: East-only games have uma 5-10, and when
    the recorded final points are whole numbers they were rounded half up to 1000s with the
    top absorbing the difference (checked against the 19 real games)."""
    if base is None:
        try:
            from rulesets import load

            base = load("tenhou")
        except Exception:  # the preset is optional here
            base = Ruleset()
    rs = dataclasses.replace(
        base,
        length="east_south" if rules.hanchan else "east",
        red_fives=1 if rules.red_fives else 0,
        open_tanyao=rules.open_tanyao,
    )
    if rules.lobby_level is not None and not rules.hanchan:
        rs = dataclasses.replace(rs, uma=(10, 5, -5, -10))
    if final_points is not None and all(float(p).is_integer() for p in final_points):
        rs = dataclasses.replace(rs, rounding="half_up", rounding_top_absorbs=True)
    return rs


# ---------------------------------------------------------------- model -> events


def _wall(k: Kyoku, where: str) -> tuple[int, ...]:
    wall: list[int | None] = [None] * 136
    # the deal: 3 x 4 tiles to each seat from the dealer, then one each
    pos = [0, 0, 0, 0]
    for r in range(3):
        for o in range(4):
            seat = (k.dealer + o) % 4
            for i in range(4):
                wall[16 * r + 4 * o + i] = k.haipai[seat][pos[seat]]
                pos[seat] += 1
    for o in range(4):
        seat = (k.dealer + o) % 4
        wall[48 + o] = k.haipai[seat][12]
    live = wall_mod.FIRST_DRAW
    rinshan = 0
    for a in k.actions:
        if isinstance(a, Draw):
            if a.rinshan:
                idx = wall_mod.rinshan_index(rinshan)
                rinshan += 1
            else:
                idx = live
                live += 1
            if wall[idx] is not None:
                raise LogFormatError(f"{where}: too many draws for the wall")
            wall[idx] = a.tile
    for i, t in enumerate(k.dora_indicators):
        idx = wall_mod.dora_index(i)
        if wall[idx] is not None:
            raise LogFormatError(f"{where}: the live wall runs into the dora indicators")
        wall[idx] = t
    for i, t in enumerate(k.ura_indicators):
        idx = wall_mod.ura_index(i)
        if wall[idx] is not None:
            raise LogFormatError(f"{where}: the live wall runs into the ura indicators")
        wall[idx] = t
    used = {t for t in wall if t is not None}
    if len(used) != sum(1 for t in wall if t is not None):
        raise LogFormatError(f"{where}: a tile appears twice in the wall")
    rest = iter(sorted(set(range(136)) - used))
    return tuple(t if t is not None else next(rest) for t in wall)


def _meld(a: Chi | Pon | Daiminkan | Kakan | Ankan) -> Meld:
    if isinstance(a, Chi):
        return Meld("chi", tuple(sorted((a.called, *a.consumed))), a.called, a.from_seat)
    if isinstance(a, Pon):
        return Meld("pon", tuple(sorted((a.called, *a.consumed))), a.called, a.from_seat)
    if isinstance(a, Daiminkan):
        return Meld("minkan", tuple(sorted((a.called, *a.consumed))), a.called, a.from_seat)
    if isinstance(a, Kakan):
        return Meld("kakan", tuple(sorted(a.pon)) + (a.added,), a.pon[0], a.from_seat, a.added)
    return Meld("ankan", tuple(sorted(a.tiles)))


def _win_payments(
    w: Win, k: Kyoku, honba_here: bool, sticks: int, where: str
) -> tuple[Payment, ...]:
    """Tenhou's transfer for one win; checked against the recorded deltas."""
    pays: list[Payment] = []
    honba = k.honba if honba_here else 0
    if w.tsumo:
        if w.pao_seat is not None:
            # Tenhou: on a pao tsumo the responsible seat pays the whole hand and the honba
            pays.append(Payment(w.pao_seat, w.seat, w.points, "pao"))
            if honba:
                pays.append(Payment(w.pao_seat, w.seat, 300 * honba, "honba"))
        else:
            for o in range(4):
                if o == w.seat:
                    continue
                if w.seat == k.dealer or o != k.dealer:
                    amt = w.tsumo_other
                else:
                    amt = w.tsumo_dealer
                if amt is None:
                    raise LogFormatError(f"{where}: a tsumo without its payment split")
                pays.append(Payment(o, w.seat, amt, "hand"))
                if honba:
                    pays.append(Payment(o, w.seat, 100 * honba, "honba"))
    else:
        if w.pao_seat is not None and w.pao_seat != w.from_seat:
            half = w.points // 2
            pays.append(Payment(w.pao_seat, w.seat, half, "pao"))
            pays.append(Payment(w.from_seat, w.seat, w.points - half, "hand"))
            if honba:
                pays.append(Payment(w.pao_seat, w.seat, 300 * honba, "honba"))
        else:
            pays.append(Payment(w.from_seat, w.seat, w.points, "hand"))
            if honba:
                pays.append(Payment(w.from_seat, w.seat, 300 * honba, "honba"))
    if sticks:
        pays.append(Payment(None, w.seat, 1000 * sticks, "sticks"))
    d = [0, 0, 0, 0]
    for p in pays:
        d[p.payee] += p.amount
        if p.payer is not None:
            d[p.payer] -= p.amount
    if tuple(d) != w.deltas:
        raise LogFormatError(
            f"{where}: recorded deltas {list(w.deltas)} but Tenhou's payment rules give {d}"
        )
    return tuple(pays)


def _kyoku_events(k: Kyoku, where: str) -> tuple[list[Event], int]:
    """The hand's events, and the sticks left on the table after it."""
    wall = _wall(k, where)
    if wall_mod.deal(wall, k.dealer) != tuple(tuple(h) for h in k.haipai):
        raise LogFormatError(f"{where}: the rebuilt wall does not deal the recorded hands")
    out: list[Event] = [
        HandStarted(
            round_wind=k.round_wind,
            hand_number=k.hand_number,
            honba=k.honba,
            sticks=k.riichi_sticks,
            dealer=k.dealer,
            scores=k.scores,
            dice=k.dice if k.dice is not None else (1, 1),
            wall=wall,
        )
    ]
    hands = [list(h) for h in k.haipai]
    melds: list[list[Meld]] = [[], [], [], []]
    riichi = [False] * 4
    sticks = k.riichi_sticks
    held_dora: list[EvDora] = []  # open/added kan dora, emitted after the discard
    last_kan_open = False
    wins = [a for a in k.actions if isinstance(a, Win)]
    win_results: list[WinResult] = []
    actions: Sequence[Action] = k.actions
    for i, a in enumerate(actions):
        if isinstance(a, Draw):
            hands[a.seat].append(a.tile)
            out.append(Drew(a.seat, a.tile, a.rinshan))
        elif isinstance(a, Discard):
            hands[a.seat].remove(a.tile)
            out.append(Discarded(a.seat, a.tile, a.tsumogiri))
            nxt = actions[i + 1] if i + 1 < len(actions) else None
            if not isinstance(nxt, RiichiAccepted):
                out.extend(held_dora)
                held_dora = []
            last_kan_open = False
        elif isinstance(a, Riichi):
            riichi[a.seat] = True
            out.append(RiichiDeclared(a.seat))
        elif isinstance(a, RiichiAccepted):
            sticks += 1
            out.append(EvRiichiAccepted(a.seat))
            out.extend(held_dora)
            held_dora = []
        elif isinstance(a, (Chi, Pon, Daiminkan)):
            for t in a.consumed:
                hands[a.seat].remove(t)
            m = _meld(a)
            melds[a.seat].append(m)
            out.append(Called(a.seat, m))
            last_kan_open = isinstance(a, Daiminkan)
        elif isinstance(a, (Kakan, Ankan)):
            out.extend(held_dora)
            held_dora = []
            m = _meld(a)
            if isinstance(a, Kakan):
                hands[a.seat].remove(a.added)
                for j, old in enumerate(melds[a.seat]):
                    if old.kind == "pon" and old.tiles[0] // 4 == a.added // 4:
                        melds[a.seat][j] = m
                        break
            else:
                for t in a.tiles:
                    hands[a.seat].remove(t)
                melds[a.seat].append(m)
            out.append(Kan(a.seat, m))
            last_kan_open = isinstance(a, Kakan)
        elif isinstance(a, DoraRevealed):
            if last_kan_open:
                held_dora.append(EvDora(a.indicator))
            else:
                out.append(EvDora(a.indicator))
        elif isinstance(a, Win):
            out.extend(held_dora)
            held_dora = []
            first = not win_results
            hand = tuple(hands[a.seat]) + (() if a.tsumo or a.tile is None else (a.tile,))
            pays = _win_payments(a, k, first, sticks if first else 0, f"{where} win of {a.seat}")
            yakuman = a.yakuman_count
            limit: str | None = a.limit
            if limit == "yakuman" and yakuman == 0:
                limit = "kazoe_yakuman"
            win_results.append(
                WinResult(
                    seat=a.seat,
                    from_seat=None if a.tsumo else a.from_seat,
                    tile=a.tile if a.tile is not None else hand[-1],
                    hand=hand,
                    melds=tuple(melds[a.seat]),
                    han=a.han,
                    fu=a.fu if a.fu is not None else 0,
                    yaku=tuple((y.id, y.han) for y in a.yaku),
                    fu_parts=(),
                    limit=limit,
                    yakuman_count=yakuman,
                    points=a.points,
                    ura_indicators=k.ura_indicators if riichi[a.seat] else (),
                    pao_seat=a.pao_seat,
                    payments=pays,
                )
            )
        elif isinstance(a, Ryuukyoku):
            out.extend(held_dora)
            held_dora = []
            tenpai = a.tenpai or (False, False, False, False)
            shown: tuple[tuple[int, ...], ...] = ()
            pays_d: list[Payment] = []
            nagashi: tuple[int, ...] = ()
            if a.kind in ("exhaustive", "nagashi_mangan"):
                shown = tuple(tuple(sorted(hands[s])) if tenpai[s] else () for s in range(4))
                if a.kind == "nagashi_mangan":
                    nagashi = tuple(s for s in range(4) if a.deltas[s] > 0)
                for payer in range(4):
                    for payee in range(4):
                        if a.deltas[payer] < 0 < a.deltas[payee] and a.kind == "exhaustive":
                            n_ten = sum(1 for d in a.deltas if d > 0)
                            each = 3000 // (n_ten * (4 - n_ten))
                            pays_d.append(Payment(payer, payee, each, "noten"))
            elif a.kind == "kyuushu" and a.seat is not None:
                shown = tuple(tuple(sorted(hands[s])) if s == a.seat else () for s in range(4))
            out.append(
                HandDrawn(
                    kind=_DRAW_KIND[a.kind],  # type: ignore[arg-type]
                    tenpai=tenpai,
                    hands=shown,
                    nagashi=nagashi,
                    payments=tuple(pays_d),
                    deltas=a.deltas,
                )
            )
    if wins:
        out.append(Won(wins=tuple(win_results), deltas=k.deltas, sticks_taken=sticks))
        sticks = 0
    return out, sticks


def to_events(game: RecordedGame, ruleset: Ruleset | None = None) -> list[Event]:
    """The engine events of a recorded game (``ruleset`` default: :func:`ruleset_for`)."""
    rs = ruleset if ruleset is not None else ruleset_for(game.rules, None, game.final_points)
    events: list[Event] = [GameStarted(rs, game.names, None)]
    sticks = 0
    scores = None
    for n, k in enumerate(game.kyokus):
        where = f"kyoku {n + 1} ({k.name})"
        evs, sticks = _kyoku_events(k, where)
        events.extend(evs)
        scores = tuple(
            k.scores[i]
            + k.deltas[i]
            - 1000 * sum(1 for a in k.actions if isinstance(a, RiichiAccepted) and a.seat == i)
            for i in range(4)
        )
    if game.final_scores is not None and game.final_points is not None and scores is not None:
        order = sorted(range(4), key=lambda s: (-scores[s], (s - game.kyokus[0].dealer) % 4))
        rows = []
        for rank, seat in enumerate(order, start=1):
            uma = (rs.uma[rank - 1]) if isinstance(rs.uma, tuple) else 0
            oka = rs.oka if rank == 1 else 0
            rows.append(
                FinalRow(
                    seat=seat,
                    points=game.final_scores[seat],
                    rank=rank,
                    oka=float(oka),
                    uma=float(uma),
                    bonus=0.0,
                    result=float(game.final_points[seat]),
                )
            )
        reason = "bust" if min(game.final_scores) < 0 else "complete"
        events.append(GameEnded(reason=reason, table=tuple(rows), leftover_sticks=sticks))
    return events


# ---------------------------------------------------------------- events -> model


def from_events(
    events: Sequence[Event], *, title: str = "", ref: str | None = None, date: str | None = None
) -> RecordedGame:
    """A recorded game from the engine events of a saved game (for ``export``)."""
    if not events or not isinstance(events[0], GameStarted):
        raise LogFormatError("events: the first event must be GameStarted")
    gs = events[0]
    rs = gs.ruleset
    rules = Rules(
        red_fives=3 if rs.red_fives else 0,
        hanchan=rs.length != "east",
        open_tanyao=bool(getattr(rs, "open_tanyao", True)),
        display=(
            "般"
            + ("南" if rs.length != "east" else "東")
            + ("喰" if getattr(rs, "open_tanyao", True) else "")
            + ("赤" if rs.red_fives else "")
        ),
    )
    kyokus: list[Kyoku] = []
    cur: HandStarted | None = None
    acts: list[Action] = []
    dora: list[int] = []
    ura: tuple[int, ...] = ()
    final_scores = final_points = None

    def close() -> None:
        nonlocal cur, acts, dora, ura
        if cur is None:
            return
        hands = wall_mod.deal(cur.wall, cur.dealer)
        kyokus.append(
            Kyoku(
                round_wind=cur.round_wind,
                hand_number=cur.hand_number,
                honba=cur.honba,
                riichi_sticks=cur.sticks,
                scores=cur.scores,
                dealer=cur.dealer,
                dora_indicators=tuple(dora),
                ura_indicators=ura,
                haipai=hands,
                actions=tuple(acts),
                dice=cur.dice,
            )
        )
        cur, acts, dora, ura = None, [], [], ()

    pons: list[dict[int, Pon]] = [{}, {}, {}, {}]
    last_discard_index = -1
    for n, ev in enumerate(events[1:], start=2):
        where = f"event {n} ({type(ev).__name__})"
        if isinstance(ev, HandStarted):
            close()
            cur = ev
            dora = [ev.wall[wall_mod.dora_index(0)]]
            pons = [{}, {}, {}, {}]
            last_discard_index = -1
            continue
        if isinstance(ev, GameEnded):
            close()
            by_seat = {r.seat: r for r in ev.table}
            if set(by_seat) == {0, 1, 2, 3}:
                final_scores = tuple(by_seat[s].points for s in range(4))
                final_points = tuple(by_seat[s].result for s in range(4))
            continue
        if cur is None:
            continue
        if isinstance(ev, Drew):
            acts.append(Draw(ev.seat, ev.tile, ev.rinshan))
        elif isinstance(ev, RiichiDeclared):
            acts.append(Riichi(ev.seat))
        elif isinstance(ev, Discarded):
            acts.append(Discard(ev.seat, ev.tile, ev.tsumogiri))
            last_discard_index = len(acts) - 1
        elif isinstance(ev, EvRiichiAccepted):
            acts.append(RiichiAccepted(ev.seat))
        elif isinstance(ev, EvDora):
            dora.append(ev.indicator)
            prev = acts[-1] if acts else None
            if isinstance(prev, RiichiAccepted):
                prev = acts[-2]
            if isinstance(prev, Discard) and _after_open_kan(acts, last_discard_index):
                # back to Tenhou's place: after the replacement draw (and a riichi
                # declaration), just before the discard
                acts.insert(last_discard_index, DoraRevealed(ev.indicator))
                last_discard_index += 1
            else:
                acts.append(DoraRevealed(ev.indicator))
        elif isinstance(ev, Called):
            m = ev.meld
            if m.called is None or m.from_seat is None:
                raise LogFormatError(f"{where}: a call without its called tile")
            consumed = tuple(t for t in m.tiles if t != m.called)
            if m.kind == "chi":
                acts.append(Chi(ev.seat, m.from_seat, m.called, (consumed[0], consumed[1])))
            elif m.kind == "pon":
                p = Pon(ev.seat, m.from_seat, m.called, (consumed[0], consumed[1]))
                pons[ev.seat][m.called // 4] = p
                acts.append(p)
            else:
                acts.append(
                    Daiminkan(
                        ev.seat, m.from_seat, m.called, (consumed[0], consumed[1], consumed[2])
                    )
                )
        elif isinstance(ev, Kan):
            m = ev.meld
            if m.kind == "ankan":
                t = m.tiles
                acts.append(Ankan(ev.seat, (t[0], t[1], t[2], t[3])))
            else:
                if m.added is None:
                    raise LogFormatError(f"{where}: an added kan without its added tile")
                pon = pons[ev.seat].get(m.added // 4)
                if pon is None:
                    raise LogFormatError(f"{where}: an added kan without a pon")
                acts.append(Kakan(ev.seat, m.added, (pon.called, *pon.consumed), pon.from_seat))
        elif isinstance(ev, Won):
            for w in ev.wins:
                ura = ura or w.ura_indicators
                acts.append(_win_from_result(w, ev, cur.dealer))
        elif isinstance(ev, HandDrawn):
            acts.append(_draw_from_event(ev, acts))
    close()
    names = gs.players
    return RecordedGame(
        title=title or rules.display,
        names=(names[0], names[1], names[2], names[3]),
        rules=rules,
        kyokus=tuple(kyokus),
        final_scores=final_scores,  # type: ignore[arg-type]
        final_points=final_points,  # type: ignore[arg-type]
        ref=ref,
        date=date,
    )


def _after_open_kan(acts: list[Action], discard_index: int) -> bool:
    """Whether the discard at ``discard_index`` follows the replacement draw of an open or
    added kan (so its kan dora belongs before it, in Tenhou's order)."""
    j = discard_index - 1
    while j >= 0 and isinstance(acts[j], (Riichi, DoraRevealed)):
        j -= 1
    if j < 1 or not isinstance(acts[j], Draw) or not acts[j].rinshan:  # type: ignore[union-attr]
        return False
    j -= 1
    while j >= 0 and isinstance(acts[j], DoraRevealed):
        j -= 1
    return j >= 0 and isinstance(acts[j], (Daiminkan, Kakan))


def _win_from_result(w: WinResult, won: Won, dealer: int) -> Win:
    tsumo = w.from_seat is None
    from_seat = w.seat if tsumo else w.from_seat
    assert from_seat is not None
    limit = "yakuman" if w.limit == "kazoe_yakuman" else w.limit
    fu: int | None = w.fu if w.fu else None
    _, ron, td, to = hand_payments(
        w.han, fu if fu is not None else 30, limit, w.yakuman_count, w.seat == dealer, tsumo
    )
    if len(won.wins) == 1 or w.payments:
        d = [0, 0, 0, 0]
        for p in w.payments:
            d[p.payee] += p.amount
            if p.payer is not None:
                d[p.payer] -= p.amount
        deltas = (d[0], d[1], d[2], d[3]) if w.payments else won.deltas
    else:
        deltas = won.deltas
    return Win(
        seat=w.seat,
        from_seat=from_seat,
        tile=w.tile,
        han=w.han,
        fu=fu,
        limit=limit,  # type: ignore[arg-type]
        yaku=tuple(Yaku(i, h) for i, h in w.yaku),
        points=w.points,
        ron=ron,
        tsumo_dealer=td,
        tsumo_other=to,
        deltas=deltas,
        pao_seat=w.pao_seat,
        hand=w.hand,
    )


def _draw_from_event(ev: HandDrawn, acts: list[Action]) -> Ryuukyoku:
    inverse = {v: k for k, v in _DRAW_KIND.items() if k != "nagashi_mangan"}
    kind = inverse[ev.kind]
    if ev.kind == "exhaustive" and ev.nagashi:
        kind = "nagashi_mangan"
    seat = None
    if kind == "kyuushu":
        for a in reversed(acts):
            if isinstance(a, Draw):
                seat = a.seat
                break
    tenpai = ev.tenpai if kind in ("exhaustive",) else None
    return Ryuukyoku(kind, ev.deltas, tenpai, seat)  # type: ignore[arg-type]
