"""Every win of the 19 real Tenhou games, rescored under ``Ruleset()`` (Tenhou's rules).

The winner's hand is rebuilt from the tenhou.net/6 ``log`` arrays (deal, draws,
calls, discards); the circumstances that tiles cannot show (riichi, ippatsu,
haitei, rinshan, chankan ...) are read from the recorded yaku, as the engine
would know them.  Han, fu, yaku, the limit and the points must match Tenhou's
record, and so must the point deltas of the hand (honba, sticks, pao, double ron).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from hanchan.engine.events import Meld, MeldKind
from hanchan.engine.scoring import ScoreResult, WinContext, score_win, win_payments
from hanchan.rulesets.schema import Ruleset
from tests.kit.real_logs import TENHOU6

RULES = Ruleset()

YAKU_IDS = {
    "立直": "riichi", "両立直": "double_riichi", "一発": "ippatsu",
    "門前清自摸和": "menzen_tsumo", "平和": "pinfu", "断幺九": "tanyao", "一盃口": "iipeikou",
    "役牌 白": "yakuhai_haku", "役牌 發": "yakuhai_hatsu", "役牌 中": "yakuhai_chun",
    "海底摸月": "haitei", "河底撈魚": "houtei", "嶺上開花": "rinshan", "槍槓": "chankan",
    "七対子": "chiitoitsu", "三色同順": "sanshoku", "一気通貫": "ittsu",
    "混全帯幺九": "chanta", "対々和": "toitoi", "三暗刻": "sanankou", "三槓子": "sankantsu",
    "三色同刻": "sanshoku_doukou", "混老頭": "honroutou", "小三元": "shousangen",
    "二盃口": "ryanpeikou", "混一色": "honitsu", "純全帯幺九": "junchan", "清一色": "chinitsu",
    "ドラ": "dora", "赤ドラ": "aka_dora", "裏ドラ": "ura_dora",
    "大三元": "daisangen", "字一色": "tsuuiisou", "国士無双": "kokushi",
    "国士無双１３面": "kokushi_13", "四暗刻": "suuankou", "四暗刻単騎": "suuankou_tanki",
    "九蓮宝燈": "chuuren", "純正九蓮宝燈": "junsei_chuuren", "小四喜": "shousuushii",
    "大四喜": "daisuushii", "清老頭": "chinroutou", "緑一色": "ryuuiisou", "四槓子": "suukantsu",
    "天和": "tenhou", "地和": "chiihou",
}
FLAG_OF = {
    "riichi": "riichi", "double_riichi": "double_riichi", "ippatsu": "ippatsu",
    "haitei": "haitei", "houtei": "houtei", "rinshan": "rinshan", "chankan": "chankan",
    "tenhou": "tenhou", "chiihou": "chiihou",
}


def kind_of_code(code: int) -> int:
    """tenhou.net/6 tile code (11..47, 51..53 red) to a kind."""
    if code >= 51:
        return (code - 51) * 9 + 4
    return (code // 10 - 1) * 9 + code % 10 - 1


class Alloc:
    """Gives each tile code a distinct physical tile (red fives get copy 0)."""

    def __init__(self) -> None:
        self.next: Counter[int] = Counter()

    def __call__(self, code: int) -> int:
        k = kind_of_code(code)
        if code >= 51:
            return k * 4
        start = 1 if k in (4, 13, 22) else 0
        c = start + self.next[k]
        self.next[k] += 1
        return k * 4 + c


CALL_KINDS: dict[str, MeldKind] = {"c": "chi", "p": "pon", "m": "minkan"}  # a call's letter


def codes_in(call: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d\d", call)]


def replay_winner(kyoku: list[Any], who: int,
                  from_seat: int) -> tuple[list[int], list[tuple[MeldKind, list[int]]], int, bool]:
    """The winner's concealed codes (with the winning tile), melds, winning tile code, tsumo."""
    hand = list(kyoku[4 + 3 * who])
    draws = kyoku[5 + 3 * who]
    discards = kyoku[6 + 3 * who]
    melds: list[tuple[MeldKind, list[int]]] = []
    last = None
    di = 0
    for d in draws:
        if isinstance(d, str):
            call = re.search(r"[cpm]", d)
            assert call is not None  # a call's code holds its letter
            letter = call.group(0)
            tiles = codes_in(d)
            called = int(d[d.index(letter) + 1: d.index(letter) + 3])
            rest = list(tiles)
            rest.remove(called)
            for t in rest:
                hand.remove(t)
            melds.append((CALL_KINDS[letter], tiles))
            last = None
        else:
            hand.append(d)
            last = d
        if di >= len(discards):
            break
        x = discards[di]
        di += 1
        if isinstance(x, str) and ("a" in x or "k" in x):
            tiles = codes_in(x)
            if "a" in x:
                for t in tiles:
                    hand.remove(t)
                melds.append(("ankan", tiles))
            else:
                added = int(x[x.index("k") + 1: x.index("k") + 3])
                hand.remove(added)
                for j, (kind, mt) in enumerate(melds):
                    if kind == "pon" and kind_of_code(mt[0]) == kind_of_code(added):
                        melds[j] = ("kakan", mt + [added])
                        break
            continue
        if x == 0:
            continue
        if isinstance(x, str):
            x = int(x[1:])
        if x == 60:
            assert last is not None
            x = last
        hand.remove(x)
    tsumo = from_seat == who
    if tsumo:
        win = hand[-1] if last is None else last
    else:
        fd = kyoku[6 + 3 * from_seat]
        lx = fd[-1]
        if isinstance(lx, str) and "k" in lx:
            win = int(lx[lx.index("k") + 1: lx.index("k") + 3])
        else:
            if isinstance(lx, str):
                lx = int(lx[1:])
            if lx == 60:
                lx = [d for d in kyoku[5 + 3 * from_seat] if isinstance(d, int)][-1]
            win = lx
        hand.append(win)
    return hand, melds, win, tsumo


def parse_recorded(info: list[Any]) -> dict[str, Any]:
    head: str = info[3]
    out: dict[str, Any] = {"fu": None, "han": None}
    m = re.match(r"(\d+)符(\d+)飜", head)
    if m:
        out["fu"], out["han"] = int(m.group(1)), int(m.group(2))
    nums = [int(x) for x in re.findall(r"\d+", re.sub(r"^.*?飜|^[^\d]+", "", head))]
    if "∀" in head:
        out["points"] = {"tsumo_all": nums[0]}
    elif len(nums) == 2:
        out["points"] = {"tsumo_other": nums[0], "tsumo_dealer": nums[1]}
    else:
        out["points"] = {"ron": nums[0]}
    yaku = []
    for y in info[4:]:
        named = re.match(r"(.+)\((.+)\)", y)
        assert named is not None  # every yaku reads "name(value)"
        name, val = named.groups()
        if name.startswith("自風"):
            yid = "yakuhai_seat_wind"
        elif name.startswith("場風"):
            yid = "yakuhai_round_wind"
        else:
            yid = YAKU_IDS[name]
        han = 13 if val == "役満" else 26 if val == "ダブル役満" else int(val.rstrip("飜"))
        yaku.append((yid, han))
    out["yaku"] = yaku
    return out


def wins_of(path: Path) -> list[tuple[str, list[Any], list[Any], list[int]]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for n, kyoku in enumerate(data["log"]):
        res = kyoku[-1]
        if res[0] != "和了":
            continue
        for i in range(1, len(res), 2):
            out.append((f"{path.stem} hand {n} win {i // 2}", kyoku, res[i + 1], res[i]))
    return out


def rescore(kyoku: list[Any], info: list[Any],
            recorded: dict[str, Any]) -> tuple[WinContext, ScoreResult]:
    who, frm = info[0], info[1]
    hand, melds, win, tsumo = replay_winner(kyoku, who, frm)
    alloc = Alloc()
    meld_objs = tuple(Meld(kind, tuple(alloc(c) for c in tiles)) for kind, tiles in melds)
    phys = [alloc(c) for c in hand]
    win_phys = phys[len(hand) - 1 - hand[::-1].index(win)]
    kyoku_no = kyoku[0][0]
    dealer = kyoku_no % 4
    ids = {y for y, _ in recorded["yaku"]}
    flags = {FLAG_OF[y]: True for y in ids if y in FLAG_OF}
    dora = tuple(kind_of_code(c) * 4 for c in kyoku[2])
    ura = tuple(kind_of_code(c) * 4 for c in kyoku[3])
    ctx = WinContext(
        concealed=tuple(phys), melds=meld_objs, win_tile=win_phys, tsumo=tsumo,
        seat_wind=(who - dealer) % 4, round_wind=kyoku_no // 4,
        dora_indicators=dora, ura_indicators=ura,
        honba=kyoku[0][1], sticks=kyoku[0][2], **flags,
    )
    return ctx, score_win(ctx, RULES)


def all_wins() -> list[tuple[str, list[Any], list[Any], list[int]]]:
    out = []
    for path in TENHOU6:
        out.extend(wins_of(path))
    return out


def test_every_recorded_win_scores_as_tenhou_did() -> None:
    wins = all_wins()
    assert len(wins) == 164  # logs/README.md: 164 wins
    problems = []
    for name, kyoku, info, _ in wins:
        recorded = parse_recorded(info)
        _, res = rescore(kyoku, info, recorded)
        got = {
            "valid": res.valid,
            "yaku": sorted(res.yaku),
            "points": res.points.to_dict(),
        }
        want = {"valid": True, "yaku": sorted(recorded["yaku"]), "points": recorded["points"]}
        if recorded["fu"] is not None:
            got["fu"], got["han"] = res.fu, res.han
            want["fu"], want["han"] = recorded["fu"], recorded["han"]
        if got != want:
            problems.append(f"{name}: {info[3:]} -> {res}")
    assert not problems, "\n".join(problems)


def test_recorded_deltas_match_the_payments() -> None:
    """Hand deltas (honba, sticks, pao, double ron) from win_payments equal Tenhou's."""
    checked = 0
    problems = []
    for path in TENHOU6:
        data = json.loads(path.read_text(encoding="utf-8"))
        for n, kyoku in enumerate(data["log"]):
            res = kyoku[-1]
            if res[0] != "和了":
                continue
            dealer = kyoku[0][0] % 4
            honba, sticks = kyoku[0][1], kyoku[0][2]
            # Tenhou's deltas leave out the sticks put down this hand, and the winner
            # takes them too (a riichi whose declaration tile was won on pays none).
            first_info = res[2]
            for s in range(4):
                disc = kyoku[6 + 3 * s]
                if any(isinstance(x, str) and x.startswith("r") for x in disc):
                    dealt_in = s == first_info[1] != first_info[0] and str(disc[-1]).startswith("r")
                    sticks += 0 if dealt_in else 1
            for i in range(1, len(res), 2):
                total = [0, 0, 0, 0]
                info = res[i + 1]
                recorded = parse_recorded(info)
                _, score = rescore(kyoku, info, recorded)
                who, frm, pao = info[0], info[1], info[2]
                first = i == 1  # Tenhou: honba and sticks only to the nearest winner
                lines = win_payments(
                    score, winner=who, from_seat=None if frm == who else frm, dealer=dealer,
                    honba=honba, sticks=sticks, rules=RULES,
                    pao_seat=None if pao == who else pao,
                    honba_to_this_winner=first, sticks_to_this_winner=first)
                for p in lines:
                    if p.payer is not None:
                        total[p.payer] -= p.amount
                    total[p.payee] += p.amount
                checked += 1
                if total != res[i]:  # a double ron records each winner's deltas apart
                    problems.append(f"{path.stem} hand {n}: recorded {res[i]}, computed {total}")
    assert checked >= 150
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("yaku", ["yakuhai_seat_wind", "yakuhai_round_wind"])
def test_logs_hold_wind_yaku(yaku: str) -> None:
    """The corpus really exercises seat and round winds (guards the tests above)."""
    assert any(
        yaku in {y for y, _ in parse_recorded(info)["yaku"]}
        for _, _, info, _ in all_wins()
    )
