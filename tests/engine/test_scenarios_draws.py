"""Draws: exhaustive draw, noten payments, dealer rotation, abortive draws, nagashi mangan.

Scripted walls; everyone discards the tile drawn (tsumogiri) and passes every claim
unless the test says otherwise, so the dealt hands stay as dealt.
"""

from __future__ import annotations

from hanchan.engine.actions import NineTerminals
from hanchan.engine.events import HandDrawn, HandStarted
from hanchan.engine.game import Game
from hanchan.engine.tiles import is_yaochuu, kind_name, parse_kinds
from tests.kit.game import CLUBS, build_wall, last_result, new_game, run

NOTEN = {
    0: "13579m2468p1357s",
    1: "2468m13579p2468s",
    2: "13579s123456z99p",
    3: "2468m2468p2468s7z",
}
TENPAI_DEALER = {**NOTEN, 0: "123m456m789m12p55s"}  # waits 3p


def play_out(g: Game, hands: int = 1) -> None:
    for _ in range(hands):
        run(g, until_hand_end=True, max_steps=1000)


def starts(g: Game) -> list[HandStarted]:
    return [e for e in g.events if isinstance(e, HandStarted)]


def test_exhaustive_draw_noten_payments_and_the_tenpai_dealer_keeps() -> None:
    g = new_game(CLUBS["tenhou"], build_wall(TENPAI_DEALER))
    play_out(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "exhaustive"
    assert res.tenpai == (True, False, False, False)
    assert res.deltas == (3000, -1000, -1000, -1000)
    assert res.hands[0] and not res.hands[1]
    nxt = starts(g)[1]
    assert (nxt.dealer, nxt.honba, nxt.scores) == (0, 1, (28000, 24000, 24000, 24000))


def test_noten_dealer_passes_the_deal_with_a_honba() -> None:
    g = new_game(CLUBS["tenhou"], build_wall(NOTEN))
    play_out(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.tenpai == (False,) * 4 and res.deltas == (0,) * 4
    nxt = starts(g)[1]
    assert (nxt.dealer, nxt.honba) == (1, 1)


def _rotate(hands: dict[int, str], dealer: int) -> dict[int, str]:
    return {(s + dealer) % 4: h for s, h in hands.items()}


def noten_walls(n: int, dead_wall: int = 14) -> list[tuple[int, ...]]:
    return [build_wall(_rotate(NOTEN, i % 4), dealer=i % 4) for i in range(n)]


def test_ako_noten_dealer_passes_in_east_and_keeps_in_south() -> None:
    # ako 8-15-01-01: at an exhaustive draw noten passes the deal in the East round only.
    g = Game(CLUBS["ako"], walls=noten_walls(6))
    play_out(g, 5)
    seq = [(h.round_wind, h.dealer, h.honba) for h in starts(g)]
    assert seq[:6] == [(0, 0, 0), (0, 1, 1), (0, 2, 2), (0, 3, 3), (1, 0, 4), (1, 0, 5)]


def test_tenhou_noten_dealer_passes_in_south_too() -> None:
    g = Game(CLUBS["tenhou"], walls=noten_walls(6))
    play_out(g, 5)
    seq = [(h.round_wind, h.dealer) for h in starts(g)]
    assert seq[4:6] == [(1, 0), (1, 1)]


def test_ako_sixteen_tile_dead_wall_and_two_dora_indicators() -> None:
    # ako 5-01: two dora indicators at the start; 5-19: the dead wall keeps 16 tiles.
    g = new_game(CLUBS["ako"], build_wall(NOTEN, red_fives=2))
    assert len(g.view(0).dora_indicators) == 2
    assert g.view(0).wall_remaining == 136 - 52 - 16 - 1  # the dealer has drawn
    play_out(g)
    end = next(i for i, e in enumerate(g.events) if isinstance(e, HandDrawn))
    draws = [e for e in g.events[:end] if type(e).__name__ == "Drew"]
    assert len(draws) == 136 - 52 - 16


def test_nine_terminals_dealer_on_the_deal() -> None:
    # makura 6: 九種九牌 (the dealer on the deal); the dealer keeps the deal (renchan at abort).
    hands = {**NOTEN, 0: "19m19p19s1234z246m"}
    g = new_game(CLUBS["makura"], build_wall(hands))
    acts = g.pending()[0]
    assert NineTerminals() in acts
    run(g, (0, "nine"))
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "nine_terminals"
    assert (starts(g)[1].dealer, starts(g)[1].honba) == (0, 1)


def test_nine_terminals_is_gone_after_a_call() -> None:
    # makura 6: the others only on a first draw with no chi, pon or kan before.
    hands = {0: "5z2468m2468p2468s", 1: "19m19p19s1234z246m", 2: "13579s23467z9p19m",
             3: "55z1357s2468m357p"}
    g = new_game(CLUBS["makura"], build_wall(hands, ["5z"]))
    run(g, (0, "d 5z"), (3, "pon"))
    run(g, (3, "d 2m"))
    assert g.state.turn == 0 and NineTerminals() not in g.pending().get(0, ())
    g2 = new_game(CLUBS["makura"], build_wall(hands, ["5z"]))
    run(g2, (0, "d 5z"), (3, "pass"))
    assert NineTerminals() in g2.pending()[1]


def test_teireikai_has_no_nine_terminals() -> None:
    # teireikai 7: 途中流局なし
    hands = {**NOTEN, 0: "19m19p19s1234z246m"}
    g = new_game(CLUBS["teireikai"], build_wall(hands))
    assert NineTerminals() not in g.pending()[0]


FOUR_WINDS_HANDS = {0: "13579m2468p1357s", 1: "2468m13579p2468s", 2: "13579s23456z9p99m",
                    3: "2468m2468p2468s7z"}


def test_four_winds_aborts() -> None:
    # makura 6: 開局時四風子連打
    g = new_game(CLUBS["makura"], build_wall(FOUR_WINDS_HANDS, ["1z", "1z", "1z", "1z"]))
    run(g, until_hand_end=True)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "four_winds"


def test_four_winds_plays_on_without_the_abort() -> None:
    # teireikai 7: no abortive draws
    g = new_game(CLUBS["teireikai"], build_wall(FOUR_WINDS_HANDS, ["1z", "1z", "1z", "1z"]))
    run(g, until_hand_end=True, max_steps=1000)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "exhaustive"


FOUR_RIICHI = {
    0: "123m456m789m123p4p",
    1: "123s456s789s123m5p",
    2: "456p789p123s456m7s",
    3: "789s789p123p789m9s",
}


def test_four_riichi_aborts_and_the_sticks_stay() -> None:
    # makura 6: ４人リーチ
    g = new_game(CLUBS["makura"], build_wall(FOUR_RIICHI, ["5z", "6z", "7z", "5z"]))
    run(g, (0, "riichi 5z"), (1, "riichi 6z"), (2, "riichi 7z"), (3, "riichi 5z"))
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "four_riichi"
    nxt = starts(g)[1]
    assert nxt.sticks == 4 and nxt.dealer == 0 and nxt.honba == 1


def test_ako_four_riichi_does_not_abort() -> None:
    # ako 4-08: 四家立直 is not an abortive draw
    g = new_game(CLUBS["ako"], build_wall(FOUR_RIICHI, ["5z", "6z", "7z", "5z"], red_fives=2))
    run(g, (0, "riichi 5z"), (1, "riichi 6z"), (2, "riichi 7z"), (3, "riichi 5z"))
    assert g.state.phase == "turn" and all(s.riichi for s in g.state.seats)


FOUR_KANS = {0: "1111m2222m9p19s11z", 1: "3333m4444m8p19s22z", 2: "13579s2468p3577z",
             3: "5678m5678p567s66z"}


def _four_kans(club: str) -> Game:
    g = new_game(CLUBS[club], build_wall(FOUR_KANS, ["5z", "6z"], rinshan="4z4z4z3z"))
    run(g, (0, "ankan 1m"), (0, "ankan 2m"), (0, "d 4z"), (1, "ankan 3m"), (1, "ankan 4m"),
        (1, "d 3z"))
    return g


def test_four_kans_by_two_players_abort_after_the_discard() -> None:
    # makura 6: 複数人数による四カン (when the 4th kan's discard is not won on)
    g = _four_kans("makura")
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "four_kans"
    # closed kans reveal their dora at once (makura 11): 4 kan dora
    assert sum(type(e).__name__ == "DoraRevealed" for e in g.events) == 4


def test_four_kans_play_on_without_the_abort_and_no_fifth_kan() -> None:
    # gpc: no abortive draws; makura 15: no fifth kan
    g = _four_kans("gpc")
    assert g.state.hands_started == 1 and g.state.kans_total == 4
    for acts in g.pending().values():
        assert not any(type(a).__name__.endswith("Kan") for a in acts)


def nagashi_wall(seat: int) -> tuple[int, ...]:
    """Noten hands of simples; ``seat`` draws only terminals and honours."""
    hands = {0: "2345m2345p2345s2m", 1: "6782m6783p6784s3m", 2: "2468m2468p34678s", 3:
             "3567m3567p5678s7s"}
    used = "".join(hands.values())

    counts = [4] * 34
    for k in parse_kinds(used):
        counts[k] -= 1
    yao = [k for k in range(34) for _ in range(counts[k]) if is_yaochuu(k)]
    simple = [k for k in range(34) for _ in range(counts[k]) if not is_yaochuu(k)]
    draws: list[str] = []

    red_left = {4, 13, 22}
    for i in range(70):
        pool = yao if i % 4 == seat else (simple if simple else yao)
        k = pool.pop()
        name = kind_name(k)
        if k in red_left:  # the red copy is named 0 in mpsz
            red_left.discard(k)
            name = "0" + name[1]
        draws.append(name)
    return build_wall(hands, draws)


def test_nagashi_mangan_paid_as_a_mangan_tsumo() -> None:
    # makura: nagashi mangan = a mangan tsumo at the exhaustive draw
    g = new_game(CLUBS["makura"], nagashi_wall(2))
    play_out(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "exhaustive" and res.nagashi == (2,)
    assert res.deltas == (-4000, -2000, 8000, -2000)


def test_ako_nagashi_is_a_yakuman() -> None:
    # ako: 流し満貫 is a yakuman; ako 8-01 wareme: the dice 1+1 break the wall in front of
    # seat 1, who pays double.
    g = new_game(CLUBS["ako"], nagashi_wall(2))
    play_out(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.nagashi == (2,)
    assert res.deltas == (-16000, -16000, 40000, -8000)


def test_gpc_has_no_nagashi() -> None:
    g = new_game(CLUBS["gpc"], nagashi_wall(2))
    play_out(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.nagashi == () and res.deltas == (0, 0, 0, 0)
