"""Write the SYNTHETIC tenhou.net/6 logs of this folder (run: python make_synthetic.py).

Every hand is written by hand: the deals, the draws and the discards below are chosen
so that the rare situation happens, and the result line (deltas, win texts, yaku) is the
one Tenhou writes, worked out by hand from Tenhou's rules (see README.md), not by our
engine.  Draws that do not matter ("filler") are taken from the tiles not yet used, in a
fixed order, so the files are reproducible; each seat then throws the drawn tile away
(tsumogiri, code 60) unless the script says otherwise.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from hanchan.saves.logs import model as m
from hanchan.saves.logs.mjlog_meld import encode_meld
from hanchan.saves.logs.tenhou6 import parse_tenhou6
from hanchan.saves.logs.yaku import LIMITS, TENHOU_YAKU

HERE = Path(__file__).resolve().parent
RULE = {"disp": "鳳南喰赤", "aka": 1, "aka51": 1, "aka52": 1, "aka53": 1}
RULE_EAST = {"disp": "鳳東喰赤", "aka": 1, "aka51": 1, "aka52": 1, "aka53": 1}
NAMES = ["Aさん", "Bさん", "Cさん", "Dさん"]


def codes(s: str) -> list[int]:
    """'123m0p77z' -> [11, 12, 13, 52, 47, 47] (0 = red five)."""
    out: list[int] = []
    digits: list[str] = []
    for ch in s.replace(" ", ""):
        if ch.isdigit():
            digits.append(ch)
            continue
        base = {"m": 10, "p": 20, "s": 30, "z": 40}[ch]
        for d in digits:
            out.append(50 + base // 10 if d == "0" else base + int(d))
        digits = []
    assert not digits, s
    return out


def yaochuu(code: int) -> bool:
    return code >= 41 or (code < 50 and code % 10 in (1, 9))


class Pool:
    """The 136 tiles; taking one more copy than exists fails at once."""

    def __init__(self) -> None:
        self.left: Counter[int] = Counter()
        for base in (10, 20, 30):
            for n in range(1, 10):
                self.left[base + n] = 3 if n == 5 else 4
        for n in range(1, 8):
            self.left[40 + n] = 4
        for red in (51, 52, 53):
            self.left[red] = 1

    def take(self, code: int) -> int:
        assert self.left[code] > 0, f"no {code} left"
        self.left[code] -= 1
        return code

    def take_all(self, cs: list[int]) -> list[int]:
        return [self.take(c) for c in cs]

    def filler(self, only_yaochuu: bool) -> int:
        """The next unused tile: a terminal or honour if ``only_yaochuu``, else a simple
        if any is left (red fives last)."""
        order = sorted(self.left, key=lambda c: (yaochuu(c), c in (51, 52, 53), c))
        for c in order:
            if self.left[c] and (yaochuu(c) or not only_yaochuu):
                return self.take(c)
        raise AssertionError("pool empty")


def exhaustive_hand(
    header: list[int], scores: list[int], haipai: list[str], dora: str, result: list[object],
    *, nagashi: tuple[int, ...] = (), special: dict[int, tuple[str, object]] | None = None,
    draws: dict[int, str] | None = None, n_draws: int = 70, ura: str = "",
    extra: list[str] | None = None,
) -> list[object]:
    """A hand played to the last tile: the dealer draws first, each draw is thrown away
    (tsumogiri) unless ``special[i]`` says otherwise (draw number i, from 0): ("riichi", _)
    declares riichi with the drawn tile, ("keep", code) keeps the draw and throws ``code``.
    ``draws[i]`` fixes the tile of draw i; seats in ``nagashi`` draw only terminals and
    honours, the other seats only simples, so that nobody else qualifies for nagashi."""
    pool = Pool()
    special = special or {}
    draws = draws or {}
    dealer = header[0] % 4
    hands = [pool.take_all(codes(h)) for h in haipai]
    dora_codes = pool.take_all(codes(dora))
    ura_codes = pool.take_all(codes(ura))
    for h in extra or []:  # tiles out of play (dead wall), kept out of the filler
        pool.take_all(codes(h))
    fixed = {i: pool.take(codes(t)[0]) for i, t in draws.items()}
    takes: list[list[object]] = [[], [], [], []]
    discards: list[list[object]] = [[], [], [], []]
    for i in range(n_draws):
        seat = (dealer + i) % 4
        tile = fixed[i] if i in fixed else pool.filler(seat in nagashi)
        takes[seat].append(tile)
        what, arg = special.get(i, ("tsumogiri", None))
        if what == "tsumogiri":
            discards[seat].append(60)
        elif what == "riichi":
            discards[seat].append("r60")
        elif what == "keep":
            discards[seat].append(arg)
        elif what == "end":
            pass  # the hand ends on this draw (a tsumo)
        else:
            raise AssertionError(what)
    entry: list[object] = [header, scores, dora_codes, ura_codes]
    for s in range(4):
        entry += [sorted(hands[s]), takes[s], discards[s]]
    entry.append(result)
    return entry


def game(log: list[list[object]], *, east: bool = False, sc: list[float] | None = None,
         ref: str = "synthetic") -> dict[str, object]:
    out: dict[str, object] = {
        "title": ["SYNTHETIC hand-made log (hanchan tests/data/rare_logs)", ""],
        "name": NAMES, "rule": RULE_EAST if east else RULE, "ref": ref, "log": log,
    }
    if sc is not None:
        out["sc"] = sc
    return out


def write(name: str, data: dict[str, object]) -> None:
    (HERE / f"{name}.json").write_text(json.dumps(data, ensure_ascii=False) + "\n",
                                      encoding="utf-8")


NOTEN = ["1357m1357p1357s1z", "2468m2468p2468s2z", "1357m1357p1357s3z", "2468m2468p2468s4z"]


def all_noten(r: int, honba: int, scores: list[int]) -> list[object]:
    """Nobody tenpai at the last tile (全員不聴: no payments, no deltas written)."""
    return exhaustive_hand([r, honba, 0], scores, NOTEN, "1z", ["全員不聴"])


def four_winds(r: int, honba: int, sticks: int, scores: list[int]) -> list[object]:
    """Each seat throws an East on its first turn (四風連打)."""
    pool = Pool()
    hands = ["1z1357m1357p1357s", "1z2468m2468p2468s", "1z1357m1357p1357s", "1z2468m2468p2468s"]
    cs = [pool.take_all(codes(h)) for h in hands]
    dora = pool.take_all(codes("2z"))
    entry: list[object] = [[r, honba, sticks], scores, dora, []]
    dealer = r % 4
    for s in range(4):
        entry += [sorted(cs[s]), [pool.filler(False)], [41]]
    entry.append(["四風連打"])
    del dealer
    return entry


TENPAI_2345S = "123m456p789s2345s"  # waits 2s 5s


def build() -> None:
    start = [25000] * 4
    # --- 全員不聴 through South 4, into West (sudden death ends it at once)
    log = [all_noten(r, r, start) for r in range(8)]
    pool = Pool()
    s0 = pool.take_all(codes("1357m1357p1357s1z"))
    s1 = pool.take_all(codes("234m567m678s44p56p"))
    s2 = pool.take_all(codes("1357m1357p1357s2z"))
    s3 = pool.take_all(codes("2468m2468p2468s4z"))
    dora = pool.take_all(codes("3p"))
    draw = pool.take(27)
    log.append([[8, 8, 0], start, dora, [], sorted(s0), [draw], [60], sorted(s1), [], [],
                sorted(s2), [], [], sorted(s3), [], [],
                ["和了", [-10100, 10100, 0, 0],
                 [1, 0, 1, "30符4飜7700点", "平和(1飜)", "断幺九(1飜)", "ドラ(2飜)"]]])
    write("synthetic_all_noten_west", game(
        log, sc=[14900, -35, 35100, 45, 25000, 5, 25000, -15]))

    # --- nagashi mangan by a non-dealer; dealer (in riichi) and seat 3 tenpai: no noten
    # payments, and the riichi stick stays on the table (Tenhou's <RYUUKYOKU type="nm"
    # ba="0,2" sc="245,-40,247,120,237,-40,251,-40"/>: the deltas add up to zero)
    nagashi = exhaustive_hand(
        [0, 0, 0], start,
        [TENPAI_2345S, "2468m2468p2468s4z", "1357m1357p1357s1z", "234m567m345p678p5s"],
        "2z", ["流し満貫", [-4000, -2000, 8000, -2000]], nagashi=(2,),
        special={0: ("riichi", None)})
    write("synthetic_nagashi_mangan", game(
        [nagashi, four_winds(0, 1, 1, [20000, 23000, 33000, 23000])]))

    # --- nagashi mangan by the dealer, nobody tenpai: the dealer still passes on (only the
    # dealer's tenpai keeps the seat, as at any exhaustive draw)
    nagashi_d = exhaustive_hand(
        [0, 0, 0], start, NOTEN, "2z", ["流し満貫", [12000, -4000, -4000, -4000]],
        nagashi=(0,))
    write("synthetic_nagashi_mangan_dealer", game(
        [nagashi_d, four_winds(1, 1, 0, [37000, 21000, 21000, 21000])]))

    # --- four riichi on the first go-around (四家立直): the fourth stick is paid
    four_riichi = exhaustive_hand(
        [0, 0, 0], start,
        ["123456789m2345p", "123678p1134567s", "234789s1122233z", "345678m34566p77z"],
        "4z", ["四家立直"], special={i: ("riichi", None) for i in range(4)}, n_draws=4)
    write("synthetic_four_riichi", game(
        [four_riichi, four_winds(0, 1, 4, [24000] * 4)]))

    # --- all-noten draw also kept by itself (E1: the dealer passes on)
    write("synthetic_four_winds", game([four_winds(0, 0, 0, start),
                                        four_winds(0, 1, 0, start)]))

    # --- triple ron on the dealer's first discard (三家和了: abortive, dealer keeps)
    pool = Pool()
    hs = [pool.take_all(codes(h)) for h in
          ("1357m1357p1357s1z", "234567m678s23p66s", "345m456s888m56p22s", "234s345s678m35p22m")]
    dora = pool.take_all(codes("1z"))
    d = pool.take(24)
    triple = [[0, 0, 0], start, dora, [], sorted(hs[0]), [d], [60],
              sorted(hs[1]), [], [], sorted(hs[2]), [], [], sorted(hs[3]), [], [], ["三家和了"]]
    write("synthetic_triple_ron", game([triple, four_winds(0, 1, 0, start)]))

    # --- four kans by two players (四槓散了 after the discard that follows the fourth)
    pool = Pool()
    hs = [pool.take_all(codes(h)) for h in
          ("1111m2222m345p67s", "3333m4444m678p45s", "1357p1357s13567z", "2468p2468s24677z")]
    dora = pool.take_all(codes("5z6z7z5z6z"))
    t0 = [pool.filler(False) for _ in range(3)]
    t1 = [pool.filler(False) for _ in range(3)]
    kans = [[0, 0, 0], start, dora, [],
            sorted(hs[0]), t0, ["111111a11", "121212a12", 60],
            sorted(hs[1]), t1, ["131313a13", "141414a14", 60],
            sorted(hs[2]), [], [], sorted(hs[3]), [], [], ["四槓散了"]]
    write("synthetic_four_kans", game([kans, four_winds(0, 1, 0, start)]))

    # --- chankan: seat 2 pons the dealer's 3p, later adds the fourth; seat 3 robs it
    pool = Pool()
    hs = [pool.take_all(codes(h)) for h in
          ("1357m1579p1357s1z", "2468m2468p2468s4z", "33p234m678m456s11z", "234m567m678s24p99s")]
    dora = pool.take_all(codes("1z"))
    p3a, p3b = pool.take(23), pool.take(23)
    f = [pool.filler(False) for _ in range(4)]
    chankan = [[0, 0, 0], start, dora, [],
               sorted(hs[0]), [p3a, f[1]], [60, 60],
               sorted(hs[1]), [f[2]], [60],
               sorted(hs[2]), ["23p2323", p3b], [41, "23k232323"],
               sorted(hs[3]), [f[0]], [60],
               ["和了", [0, 0, -1300, 1300], [3, 2, 3, "40符1飜1300点", "槍槓(1飜)"]]]
    write("synthetic_chankan", game([chankan]))

    # --- rinshan kaihou on a daiminkan (no new kan dora: the replacement tile wins)
    pool = Pool()
    hs = [pool.take_all(codes(h)) for h in
          ("1357m1357p1357s1z", "666m234p678s345s9p", "1357m1357p1357s2z", "2478m2468p2468s4z")]
    dora = pool.take_all(codes("1z"))
    six, nine = pool.take(16), pool.take(29)
    rinshan = [[0, 0, 0], start, dora, [],
               sorted(hs[0]), [six], [60],
               sorted(hs[1]), ["m16161616", nine], [0],
               sorted(hs[2]), [], [], sorted(hs[3]), [], [],
               ["和了", [-700, 1500, -400, -400], [1, 1, 1, "40符1飜400-700点", "嶺上開花(1飜)"]]]
    write("synthetic_rinshan_daiminkan", game([rinshan]))

    # --- haitei: seat 1 (not dealer) wins on the very last tile of the wall
    haitei = exhaustive_hand(
        [0, 0, 0], start,
        ["1357m1357p1357s1z", "123m456p789s234s9p", "1357m1357p1357s2z", "2468m2468p246s99p"],
        "1z", ["和了", [-1000, 2000, -500, -500],
               [1, 1, 1, "30符2飜500-1000点", "門前清自摸和(1飜)", "海底摸月(1飜)"]],
        draws={69: "9p"}, special={69: ("end", None)})
    write("synthetic_haitei", game([haitei]))

    # --- houtei: seat 1 throws the last tile, seat 2 wins on it
    houtei = exhaustive_hand(
        [0, 0, 0], start,
        ["1357m1357p1357s1z", "2468m2468p2468s4z", "123m456p789s234s9p", "1357m135p1357s99p"],
        "1z", ["和了", [0, -1300, 1300, 0], [2, 1, 2, "40符1飜1300点", "河底撈魚(1飜)"]],
        draws={69: "9p"})
    write("synthetic_houtei", game([houtei]))

    # --- riichi with exactly 4 tiles left (the last turn it is allowed), then a draw
    last_riichi = exhaustive_hand(
        [0, 0, 0], start,
        ["1357m1357p1357s1z", "123m456p789s234s9p", "1357m1357p1357s2z", "2468m2468p246s99p"],
        "1z", ["流局", [-1000, 3000, -1000, -1000]],
        draws={65: "8p"}, special={65: ("riichi", None)}, extra=["9p"])
    write("synthetic_riichi_last_turn", game([last_riichi]))

    # --- double riichi + ippatsu + tsumo by the dealer (4 han 30 fu: 3900 all)
    double = exhaustive_hand(
        [0, 0, 0], start,
        ["123m456m789p2345s", "1357m1357p1357s1z", "2468m2468p2468s4z", "1357m1357p1347s2z"],
        "1z", ["和了", [12700, -3900, -3900, -3900],
               [0, 0, 0, "30符4飜3900点∀", "門前清自摸和(1飜)", "一発(1飜)", "両立直(2飜)"]],
        ura="1z", draws={0: "8m", 4: "5s"}, special={0: ("riichi", None), 4: ("end", None)},
        n_draws=5)
    write("synthetic_double_riichi", game([double]))

    # --- kazoe yakuman: double riichi, ippatsu, tsumo, pinfu, tanyao, iipeikou, chinitsu
    kazoe = exhaustive_hand(
        [0, 0, 0], start,
        ["223344m678m88m67m", "1357p1357s1z2z3z4z5z", "2468p2468s1z2z3z4z5z",
         "9p9s6z7z6z7z6z7z1m9m9m1s1p"],
        "9s", ["和了", [49000, -16000, -16000, -16000],
               [0, 0, 0, "役満16000点∀", "門前清自摸和(1飜)", "一発(1飜)", "両立直(2飜)",
                "平和(1飜)", "断幺九(1飜)", "一盃口(1飜)", "清一色(6飜)"]],
        ura="9s", draws={0: "4p", 4: "5m"}, special={0: ("riichi", None), 4: ("end", None)},
        n_draws=5)
    write("synthetic_kazoe_yakuman", game([kazoe]))

    # --- the dealer discards a dragon into a closed daisangen: 32000, the dealer busts
    pool = Pool()
    hs = [pool.take_all(codes(h)) for h in
          ("1357m1357p1357s7z", "2468m2468p2468s4z", "555z666z77z123m99p", "1357m1357p135s9s2z")]
    dora = pool.take_all(codes("1z"))
    bust = [[0, 0, 0], start, dora, [], sorted(hs[0]), [pool.filler(False)], [47],
            sorted(hs[1]), [], [], sorted(hs[2]), [], [], sorted(hs[3]), [], [],
            ["和了", [-32000, 0, 32000, 0], [2, 0, 2, "役満32000点", "大三元(役満)"]]]
    write("synthetic_bust", game([bust], sc=[-7000, -57, 25000, 5, 57000, 67, 25000, -15]))

    # --- East-only game: three all-noten draws, then the last dealer wins into first place
    # and the game stops (agari-yame, automatic on Tenhou)
    log = [all_noten(r, r, start) for r in range(3)]
    pool = Pool()
    hs = [pool.take_all(codes(h)) for h in
          ("1357m1357p137s0m1z", "2468m2468p2468s4z", "1357m1357p1357s2z", "22m234p567p678s34m")]
    dora = pool.take_all(codes("1m"))
    f3, f0 = pool.take(28), pool.filler(False)  # seat 3 throws 8p: no furiten
    log.append([[3, 3, 0], start, dora, [], sorted(hs[0]), [f0], [51],
                sorted(hs[1]), [], [], sorted(hs[2]), [], [], sorted(hs[3]), [f3], [60],
                ["和了", [-12900, 0, 0, 12900],
                 [3, 0, 3, "満貫12000点", "平和(1飜)", "断幺九(1飜)", "ドラ(2飜)", "赤ドラ(1飜)"]]])
    write("synthetic_agariyame", game(
        log, east=True, sc=[12100, -28, 25000, 0, 25000, -10, 37900, 38]))

    build_pao()
    build_sticks_and_tenpai()


def build_sticks_and_tenpai() -> None:
    start = [25000] * 4
    # --- 全員聴牌: everybody tenpai at the last tile (no payment), the dealer keeps the seat
    all_tenpai = exhaustive_hand(
        [0, 0, 0], start,
        ["123456789m2345p", "123678p1134567s", "234789s1122233z", "345678m34566p77z"],
        "4z", ["全員聴牌"])
    write("synthetic_all_tenpai", game([all_tenpai, four_winds(0, 1, 0, start)]))

    # --- East game ending on a draw with a riichi stick on the table: the stick goes to
    # the player in first place (Tenhou: 供託は終局時トップ取り)
    pool = Pool()
    hs = [pool.take_all(codes(h)) for h in
          ("1357m1357p1357s1z", "234m567m678s44p56p", "1357m1357p1357s2z", "2468m2468p2468s4z")]
    dora = pool.take_all(codes("3p"))
    d0 = pool.take(27)
    e1 = [[0, 0, 0], start, dora, [], sorted(hs[0]), [d0], [60], sorted(hs[1]), [], [],
          sorted(hs[2]), [], [], sorted(hs[3]), [], [],
          ["和了", [-7700, 7700, 0, 0],
           [1, 0, 1, "30符4飜7700点", "平和(1飜)", "断幺九(1飜)", "ドラ(2飜)"]]]
    mid = [17300, 32700, 25000, 25000]
    e2 = exhaustive_hand([1, 0, 0], mid, NOTEN, "1z", ["全員不聴"])
    e3 = exhaustive_hand([2, 1, 0], mid, NOTEN, "1z", ["全員不聴"])
    e4 = exhaustive_hand(
        [3, 2, 0], mid,
        ["1357m1357p1357s1z", "2468m2468p2468s4z", "123m456p789s234s9p", "1357m1357p1357s2z"],
        "3z", ["流局", [-1000, -1000, 3000, -1000]],
        special={3: ("riichi", None)}, extra=["9p9p9p"])
    write("synthetic_sticks_to_top", game(
        [e1, e2, e3, e4], east=True, sc=[16300, -34, 32700, 43, 27000, 7, 24000, -16]))


def build_pao() -> None:
    """Daisangen with pao (責任払い), as a hand cut out of a game at E1-1 (honba 1)."""
    start = [25000] * 4
    # --- ron: seat 2 pons haku (seat 0), hatsu and chun (seat 1: pao), rons seat 3's 9s.
    # The discarder and the pao player pay half each; the pao player also pays the honba
    # (as in Tenhou's <AGARI ba="1,0" ... paoWho="1" sc="...,323,...,-163,...,-160,..."/>).
    pool = Pool()
    hs = [pool.take_all(codes(h)) for h in
          ("1357m1357p1357s5z", "2468m2468p246s67z", "1m1p2s456p9s55z66z77z", "1357m1357p1357s9s")]
    dora = pool.take_all(codes("1z"))
    f = [pool.filler(False) for _ in range(8)]
    ron = [[0, 1, 0], start, dora, [],
           sorted(hs[0]), [f[0], f[2], f[5]], [45, 60, 60],
           sorted(hs[1]), [f[3], f[6]], [46, 47],
           sorted(hs[2]), ["45p4545", "p464646", "p474747"], [11, 21, 32],
           sorted(hs[3]), [f[1], f[4], f[7]], [60, 60, 39],
           ["和了", [0, -16300, 32300, -16000], [2, 3, 1, "役満32000点", "大三元(役満)"]]]
    write("synthetic_pao_ron", game([ron]))

    # --- dealer tsumo: seat 0 pons all three dragons from seat 1 (pao for the last one)
    # and draws its 9s: the pao player pays the whole 48000 and the honba.
    pool = Pool()
    hs = [pool.take_all(codes(h)) for h in
          ("1m1p2s456p9s55z66z77z", "2468m2468p24s567z", "1357m1357p1357s6z", "1357m1357p135s7z2z")]
    dora = pool.take_all(codes("1z"))
    nine = pool.take(39)
    f = [pool.filler(False) for _ in range(7)]
    tsumo = [[0, 1, 0], start, dora, [],
             sorted(hs[0]), [f[0], "4545p45", "4646p46", "4747p47", nine], [60, 11, 21, 32],
             sorted(hs[1]), [f[1], f[2], f[3], f[4]], [45, 46, 47, 60],
             sorted(hs[2]), [f[5]], [60], sorted(hs[3]), [f[6]], [60],
             ["和了", [48300, -48300, 0, 0], [0, 0, 1, "役満16000点∀", "大三元(役満)"]]]
    write("synthetic_pao_dealer_tsumo", game([tsumo]))


# ------------------------------------------------------------------ mjlog copies

MJLOG_TYPES = {"kyuushu": "yao9", "four_winds": "kaze4", "four_riichi": "reach4",
               "triple_ron": "ron3", "four_kans": "kan4", "nagashi_mangan": "nm"}


def to_mjlog(name: str, shown: dict[int, tuple[int, ...]] | None = None) -> None:
    """The mjlog XML of a synthetic game whose hands all end in draws (``shown[i]``: the
    seats whose hands the i-th hand's <RYUUKYOKU> shows: tenpai hands, the three ron
    hands of 三家和了, the four of 四家立直).  Tile ids come from our tenhou.net/6 reader;
    the results (sc deltas, types) are the hand-written ones of the JSON file."""
    number = {yid: n for n, (yid, _jp) in TENHOU_YAKU.items() if not 10 <= n <= 17}
    shown = shown or {}

    game_ = parse_tenhou6((HERE / f"{name}.json").read_text(encoding="utf-8"))
    out = ['<mjloggm ver="2.3">', f'<SHUFFLE seed="synthetic" ref="{name}"/>',
           f'<GO type="{169 if game_.rules.hanchan else 161}" lobby="0"/>',
           '<UN n0="A" n1="B" n2="C" n3="D" dan="16,16,16,16" rate="2000,2000,2000,2000" '
           'sx="M,M,M,M"/>', '<TAIKYOKU oya="0"/>']
    last = len(game_.kyokus) - 1
    for ki, k in enumerate(game_.kyokus):
        show = shown.get(ki, ())
        owari = ""
        if ki == last and game_.final_scores is not None and game_.final_points is not None:
            owari = ' owari="' + ",".join(
                f"{game_.final_scores[i] // 100},{game_.final_points[i]:.1f}"
                for i in range(4)) + '"'
        hands = [list(h) for h in k.haipai]
        melds: list[list[int]] = [[], [], [], []]
        sc = list(k.scores)
        sticks = k.riichi_sticks
        out.append(
            f'<INIT seed="{k.round_wind * 4 + k.hand_number},{k.honba},{sticks},0,0,'
            f'{k.dora_indicators[0]}" ten="{",".join(str(x // 100) for x in sc)}" '
            f'oya="{k.dealer}" '
            + " ".join(f'hai{i}="{",".join(map(str, hands[i]))}"' for i in range(4)) + "/>")
        for a in k.actions:
            if isinstance(a, m.Draw):
                hands[a.seat].append(a.tile)
                out.append(f"<{'TUVW'[a.seat]}{a.tile}/>")
            elif isinstance(a, m.Discard):
                hands[a.seat].remove(a.tile)
                out.append(f"<{'DEFG'[a.seat]}{a.tile}/>")
            elif isinstance(a, m.Riichi):
                out.append(f'<REACH who="{a.seat}" step="1"/>')
            elif isinstance(a, m.RiichiAccepted):
                sc[a.seat] -= 1000
                sticks += 1
                out.append(f'<REACH who="{a.seat}" ten="{",".join(str(x // 100) for x in sc)}"'
                           ' step="2"/>')
            elif isinstance(a, (m.Chi, m.Pon, m.Daiminkan, m.Ankan, m.Kakan)):
                used = (list(a.tiles) if isinstance(a, m.Ankan) else [a.added]
                        if isinstance(a, m.Kakan) else list(a.consumed))
                for t in used:
                    hands[a.seat].remove(t)
                code = encode_meld(a)
                if isinstance(a, m.Kakan):
                    melds[a.seat] = [x for x in melds[a.seat] if x >> 9 != code >> 9]
                melds[a.seat].append(code)
                out.append(f'<N who="{a.seat}" m="{code}"/>')
            elif isinstance(a, m.DoraRevealed):
                out.append(f'<DORA hai="{a.indicator}"/>')
            elif isinstance(a, m.Ryuukyoku):
                type_ = f' type="{MJLOG_TYPES[a.kind]}"' if a.kind in MJLOG_TYPES else ""
                scs = ",".join(f"{sc[i] // 100},{a.deltas[i] // 100}" for i in range(4))
                hai = "".join(f' hai{i}="{",".join(map(str, sorted(hands[i])))}"'
                              for i in show)
                out.append(f'<RYUUKYOKU{type_} ba="{k.honba},{sticks}" sc="{scs}"{hai}'
                           f'{owari}/>')
            elif isinstance(a, m.Win):
                assert a.tile is not None  # the synthetic logs give every winning tile
                hand = sorted(hands[a.seat] + ([] if a.tsumo else [a.tile]))
                normal = [y for y in a.yaku if y.han < 13]
                yakuman = [y for y in a.yaku if y.han >= 13]
                attrs = [f'ba="{k.honba},{sticks}"', f'hai="{",".join(map(str, hand))}"']
                if melds[a.seat]:
                    attrs.append(f'm="{",".join(map(str, melds[a.seat]))}"')
                limit = LIMITS.index(a.limit) + 1 if a.limit else 0
                attrs += [f'machi="{a.tile}"', f'ten="{a.fu or 0},{a.points},{limit}"']
                if normal:
                    attrs.append('yaku="' + ",".join(f"{number[y.id]},{y.han}"
                                                     for y in normal) + '"')
                if yakuman:
                    attrs.append('yakuman="' + ",".join(str(number[y.id])
                                                         for y in yakuman) + '"')
                attrs.append(f'doraHai="{",".join(map(str, k.dora_indicators))}"')
                if k.ura_indicators:
                    attrs.append(f'doraHaiUra="{",".join(map(str, k.ura_indicators))}"')
                attrs += [f'who="{a.seat}"', f'fromWho="{a.from_seat}"']
                if a.pao_seat is not None:
                    attrs.append(f'paoWho="{a.pao_seat}"')
                scs = ",".join(f"{sc[i] // 100},{a.deltas[i] // 100}" for i in range(4))
                attrs.append(f'sc="{scs}"')
                out.append("<AGARI " + " ".join(attrs) + owari + "/>")
            else:
                raise AssertionError(f"{name}: only draws are written as mjlog ({a})")
    out.append("</mjloggm>")
    (HERE / f"{name}.xml").write_text("\n".join(out) + "\n", encoding="utf-8")


def build_mjlog() -> None:
    """mjlog copies of every synthetic game (hands shown at draws: tenpai hands, the three
    winners of 三家和了, the four riichi hands of 四家立直)."""
    shown: dict[str, dict[int, tuple[int, ...]]] = {
        "synthetic_nagashi_mangan": {0: (0, 3)}, "synthetic_four_riichi": {0: (0, 1, 2, 3)},
        "synthetic_triple_ron": {0: (1, 2, 3)}, "synthetic_riichi_last_turn": {0: (1,)},
        "synthetic_all_tenpai": {0: (0, 1, 2, 3)}, "synthetic_sticks_to_top": {3: (2,)}}
    for path in sorted(HERE.glob("synthetic_*.json")):
        to_mjlog(path.stem, shown.get(path.stem))


if __name__ == "__main__":
    build()
    build_mjlog()
