"""Tenhou's yaku numbering and names, mapped to the ``hanchan score`` yaku ids (docs/cli.md)."""

from __future__ import annotations

from hanchan.engine.scoring.points import LIMIT_BASE, base_points, split
from hanchan.engine.scoring.registry import NAMES

# Tenhou's mjlog yaku number -> (our id, Tenhou's Japanese name as tenhou.net/6 writes it).
# The wind yakuhai (10..17) share our ids; the wind itself follows from the seat and round.
TENHOU_YAKU: dict[int, tuple[str, str]] = {
    0: ("menzen_tsumo", "門前清自摸和"),
    1: ("riichi", "立直"),
    2: ("ippatsu", "一発"),
    3: ("chankan", "槍槓"),
    4: ("rinshan", "嶺上開花"),
    5: ("haitei", "海底摸月"),
    6: ("houtei", "河底撈魚"),
    7: ("pinfu", "平和"),
    8: ("tanyao", "断幺九"),
    9: ("iipeikou", "一盃口"),
    10: ("yakuhai_seat_wind", "自風 東"),
    11: ("yakuhai_seat_wind", "自風 南"),
    12: ("yakuhai_seat_wind", "自風 西"),
    13: ("yakuhai_seat_wind", "自風 北"),
    14: ("yakuhai_round_wind", "場風 東"),
    15: ("yakuhai_round_wind", "場風 南"),
    16: ("yakuhai_round_wind", "場風 西"),
    17: ("yakuhai_round_wind", "場風 北"),
    18: ("yakuhai_haku", "役牌 白"),
    19: ("yakuhai_hatsu", "役牌 發"),
    20: ("yakuhai_chun", "役牌 中"),
    21: ("double_riichi", "両立直"),
    22: ("chiitoitsu", "七対子"),
    23: ("chanta", "混全帯幺九"),
    24: ("ittsu", "一気通貫"),
    25: ("sanshoku", "三色同順"),
    26: ("sanshoku_doukou", "三色同刻"),
    27: ("sankantsu", "三槓子"),
    28: ("toitoi", "対々和"),
    29: ("sanankou", "三暗刻"),
    30: ("shousangen", "小三元"),
    31: ("honroutou", "混老頭"),
    32: ("ryanpeikou", "二盃口"),
    33: ("junchan", "純全帯幺九"),
    34: ("honitsu", "混一色"),
    35: ("chinitsu", "清一色"),
    36: ("renhou", "人和"),
    37: ("tenhou", "天和"),
    38: ("chiihou", "地和"),
    39: ("daisangen", "大三元"),
    40: ("suuankou", "四暗刻"),
    41: ("suuankou_tanki", "四暗刻単騎"),
    42: ("tsuuiisou", "字一色"),
    43: ("ryuuiisou", "緑一色"),
    44: ("chinroutou", "清老頭"),
    45: ("chuuren", "九蓮宝燈"),
    46: ("junsei_chuuren", "純正九蓮宝燈"),
    47: ("kokushi", "国士無双"),
    48: ("kokushi_13", "国士無双１３面"),
    49: ("daisuushii", "大四喜"),
    50: ("shousuushii", "小四喜"),
    51: ("suukantsu", "四槓子"),
    52: ("dora", "ドラ"),
    53: ("ura_dora", "裏ドラ"),
    54: ("aka_dora", "赤ドラ"),
}

# Japanese name -> our id (wind yakuhai included under their shared id).
JAPANESE_TO_ID: dict[str, str] = {jp: yid for yid, jp in TENHOU_YAKU.values()}
# Some alternative spellings seen in converters.
JAPANESE_TO_ID.update({"国士無双13面": "kokushi_13", "Ura Dora": "ura_dora"})
# Yaku Tenhou does not have (open riichi, local yaku of a club's ruleset) go by the engine's
# Japanese names, so that our own games' logs read back.
for _yid, (_ja, _en) in NAMES.items():
    JAPANESE_TO_ID.setdefault(_ja, _yid)

KNOWN_IDS = frozenset({yid for yid, _ in TENHOU_YAKU.values()} | set(NAMES))
"""Every yaku id a log may name: Tenhou's and the engine's."""

WIND_KANJI = "東南西北"


def japanese_name(yaku_id: str, seat_wind: int, round_wind: int) -> str:
    """Tenhou's name of one of our yaku ids (for the wind yakuhai, the wind is needed)."""
    if yaku_id == "yakuhai_seat_wind":
        return "自風 " + WIND_KANJI[seat_wind]
    if yaku_id == "yakuhai_round_wind":
        return "場風 " + WIND_KANJI[round_wind]
    for yid, jp in TENHOU_YAKU.values():
        if yid == yaku_id:
            return jp
    return NAMES[yaku_id][0]


ID_TO_TENHOU_NUMBER: dict[str, int] = {}
for _n, (_yid, _jp) in sorted(TENHOU_YAKU.items(), reverse=True):
    ID_TO_TENHOU_NUMBER[_yid] = _n

LIMITS = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman")
LIMIT_JAPANESE = {
    "mangan": "満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
    "yakuman": "役満",
}
def payments(
    han: int, fu: int | None, limit: str | None, yakuman_count: int, dealer: bool, tsumo: bool
) -> tuple[int, int | None, int | None, int | None]:
    """``(points, ron, tsumo_dealer, tsumo_other)`` of a hand, before honba, Tenhou rules
    (no kiriage mangan), from the engine's point table. ``tsumo_dealer`` is what the
    dealer pays on a non-dealer tsumo; a dealer's tsumo gives each payer ``tsumo_other``.

    >>> payments(3, 30, None, 0, dealer=False, tsumo=False)
    (3900, 3900, None, None)
    >>> payments(4, 40, None, 0, dealer=False, tsumo=True)  # over 2,000 base: a mangan
    (8000, None, 4000, 2000)
    >>> payments(13, None, "yakuman", 2, dealer=True, tsumo=True)
    (96000, None, None, 32000)
    """
    if limit is None:
        if fu is None:
            raise ValueError("fu needed for a hand below mangan")
        base = min(base_points(han, fu, None, 0), LIMIT_BASE["mangan"])
    else:
        base = base_points(han, fu or 0, limit, max(yakuman_count, 1) if limit == "yakuman" else 0)
    split_points, total = split(base, dealer=dealer, tsumo=tsumo)
    if not tsumo:
        return total, split_points.ron, None, None
    if dealer:
        return total, None, None, split_points.tsumo_all
    return total, None, split_points.tsumo_dealer, split_points.tsumo_other
