"""saves.logs: tenhou.net/6, mjlog and mjai readers/writers on the 19 real Tenhou games."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache

import pytest

from hanchan.saves.logs.mjai import format_mjai, parse_mjai
from hanchan.saves.logs.mjlog import parse_mjlog
from hanchan.saves.logs.mjlog_meld import decode_meld, encode_meld
from hanchan.saves.logs.model import (
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
    Ryuukyoku,
    Win,
    tile_to_mpsz,
)
from hanchan.saves.logs.tenhou6 import format_tenhou6, parse_tenhou6
from tests.kit.real_logs import IDS, LOGS

TENHOU6 = LOGS / "tenhou6"
MJLOG = LOGS / "mjlog"


@cache
def t6(gid: str) -> RecordedGame:
    return parse_tenhou6((TENHOU6 / f"{gid}.json").read_text(encoding="utf-8"))


@cache
def xml(gid: str) -> RecordedGame:
    return parse_mjlog((MJLOG / f"{gid}.xml").read_text(encoding="utf-8"), ref=gid)


def _by_id(gid: str) -> tuple[RecordedGame, RecordedGame]:
    return t6(gid), xml(gid)


# ---------------------------------------------------------------- the corpus


def test_corpus_present() -> None:
    assert len(IDS) == 19
    assert sorted(p.stem for p in MJLOG.glob("*.xml")) == IDS


@pytest.mark.parametrize("gid", IDS)
def test_both_forms_agree(gid: str) -> None:
    a, b = _by_id(gid)
    assert len(a.kyokus) == len(b.kyokus)
    for ka, ca, cb in zip(a.kyokus, a.canonical(), b.canonical(), strict=True):
        assert ca == cb, f"{gid} {ka.name} differs"
    assert a.final_scores == b.final_scores
    assert a.final_points == b.final_points
    assert a.rules.display == b.rules.display
    assert a.rules.hanchan == b.rules.hanchan and a.rules.red_fives == b.rules.red_fives


@pytest.mark.parametrize("gid", IDS)
def test_tenhou6_round_trip(gid: str) -> None:
    text = (TENHOU6 / f"{gid}.json").read_text(encoding="utf-8")
    out = json.loads(format_tenhou6(parse_tenhou6(text)))
    src = json.loads(text)
    assert out["log"] == src["log"]
    for key in ("title", "name", "rule", "sc", "ref"):
        assert out[key] == src[key], key


@pytest.mark.parametrize("gid", IDS)
def test_mjai_round_trip(gid: str) -> None:
    a, b = _by_id(gid)
    text = format_mjai(a)
    back = parse_mjai(text)
    assert back == a  # tiles that only name kinds get the same copies both ways
    assert format_mjai(back) == text
    assert parse_mjai(format_mjai(b)).canonical() == b.canonical()
    # every line is one JSON event with the mjai keys
    events = [json.loads(line) for line in text.splitlines()]
    assert events[0]["type"] == "start_game" and events[-1]["type"] == "end_game"
    for e in events:
        if e["type"] in ("chi", "pon", "daiminkan"):
            assert {"actor", "target", "pai", "consumed"} <= e.keys()
        if e["type"] == "start_kyoku":
            assert {
                "bakaze",
                "kyoku",
                "honba",
                "kyotaku",
                "oya",
                "dora_marker",
                "scores",
                "tehais",
            } <= e.keys()


@pytest.mark.parametrize("gid", IDS)
def test_mjlog_to_tenhou6_matches_the_published_conversion(gid: str) -> None:
    """Writing the XML parse as tenhou.net/6 gives the published log, up to the order of a
    red five among plain fives in the starting hands."""
    src = json.loads((TENHOU6 / f"{gid}.json").read_text(encoding="utf-8"))
    out = json.loads(format_tenhou6(xml(gid)))
    for ko, ks in zip(out["log"], src["log"], strict=True):
        assert ko[:4] == ks[:4]
        for s in range(4):
            assert sorted(ko[4 + 3 * s]) == sorted(ks[4 + 3 * s])
            assert ko[5 + 3 * s] == ks[5 + 3 * s]  # takes, call strings included
            assert ko[6 + 3 * s] == ks[6 + 3 * s]  # discards
        assert ko[16] == ks[16]


@pytest.mark.parametrize("gid", IDS)
def test_replay_is_consistent(gid: str) -> None:
    """Tile counts stay right, every draw is followed by that seat's discard or kan or win."""
    for k in t6(gid).kyokus + xml(gid).kyokus:
        hands = [list(h) for h in k.haipai]
        seen = {t for h in hands for t in h} | set(k.dora_indicators)
        assert len(seen) == 52 + len(k.dora_indicators)
        acts = k.actions
        for i, a in enumerate(acts):
            if isinstance(a, Draw):
                assert a.tile not in seen
                seen.add(a.tile)
                hands[a.seat].append(a.tile)
                nxt = next(x for x in acts[i + 1 :] if not isinstance(x, (DoraRevealed, Riichi)))
                assert getattr(nxt, "seat", a.seat) == a.seat
                assert isinstance(nxt, (Discard, Kakan, Ankan, Win, Ryuukyoku))
            elif isinstance(a, Discard):
                hands[a.seat].remove(a.tile)
            elif isinstance(a, (Chi, Pon, Daiminkan)):
                for t in a.consumed:
                    hands[a.seat].remove(t)
                prev = [x for x in acts[:i] if not isinstance(x, RiichiAccepted)][-1]
                assert isinstance(prev, Discard) and prev.seat == a.from_seat
                assert prev.tile == a.called
            elif isinstance(a, Kakan):
                hands[a.seat].remove(a.added)
            elif isinstance(a, Ankan):
                for t in a.tiles:
                    hands[a.seat].remove(t)
        for s in range(4):
            melds = sum(
                1 for a in acts if isinstance(a, (Chi, Pon, Daiminkan, Ankan)) and a.seat == s
            )
            winner_tsumo = any(isinstance(w, Win) and w.tsumo and w.seat == s for w in acts)
            kyuushu = any(isinstance(r, Ryuukyoku) and r.seat == s for r in acts)
            extra = 1 if (winner_tsumo or kyuushu) else 0
            assert len(hands[s]) == 13 - 3 * melds + extra, (gid, k.name, s)


def test_readme_totals() -> None:
    c: Counter[str] = Counter()
    for gid in IDS:
        for k in t6(gid).kyokus:
            c["kyoku"] += 1
            wins = k.wins
            c["win_hands" if wins else "draw_hands"] += 1
            if len(wins) == 2:
                c["double_ron"] += 1
            for w in wins:
                c["wins"] += 1
                c["tsumo" if w.tsumo else "ron"] += 1
                if w.limit:
                    c[w.limit] += 1
                if w.pao_seat is not None:
                    c["pao"] += 1
                if w.yakuman_count:
                    c["yakuman_wins"] += 1
            r = k.ryuukyoku
            if r is not None:
                c[r.kind] += 1
            for a in k.actions:
                c[type(a).__name__] += 1
    assert c["kyoku"] == 194
    assert (c["win_hands"], c["draw_hands"]) == (159, 35)
    assert (c["wins"], c["tsumo"], c["ron"]) == (164, 62, 102)
    assert c["double_ron"] == 5
    calls = (c["Chi"], c["Pon"], c["Daiminkan"], c["Kakan"], c["Ankan"])
    assert calls == (188, 239, 3, 8, 10) and sum(calls) == 448
    assert c["Riichi"] == 124
    assert c["exhaustive"] == 32
    assert c["kyuushu"] == 3
    assert (c["mangan"], c["haneman"], c["baiman"], c["sanbaiman"]) == (37, 9, 2, 0)
    # README.md says 4 yakuman wins; the XML has exactly 2 AGARI with a yakuman (limit code
    # 5): daisangen in 2010012206 E2-1 and daisangen+tsuuiisou in 2019103023 E4-3.
    assert c["yakuman"] == c["yakuman_wins"] == 2
    assert c["pao"] == 2


def test_known_facts_of_the_corpus() -> None:
    # double ron in S4-2 with 2 sticks: honba and sticks both go to the first winner from
    # the discarder's right (seat 2), the second winner (seat 3) gets the bare hand value
    k = next(k for k in t6("2009040322gm-00a9-0000-a911cae1").kyokus if k.name == "S4-2")
    first, second = k.wins
    assert (first.seat, first.from_seat, first.points, first.deltas) == (
        2,
        0,
        1000,
        (-1600, 0, 3600, 0),
    )
    assert (second.seat, second.points, second.deltas) == (3, 5800, (-5800, 0, 0, 5800))
    # pao: daisangen tsumo, the responsible seat pays the whole hand plus honba
    k = next(k for k in t6("2010012206gm-00a9-0000-5414f3c4").kyokus if k.name == "E2-1")
    (w,) = k.wins
    assert (w.seat, w.tsumo, w.pao_seat, w.points, w.deltas) == (
        2,
        True,
        0,
        32000,
        (-32300, 0, 32300, 0),
    )
    # pao with a double yakuman (daisangen + tsuuiisou): the pao seat pays everything
    k = next(k for k in t6("2019103023gm-00a9-0000-f90e0fe9").kyokus if k.name == "E4-3")
    (w,) = k.wins
    assert (w.seat, w.tsumo, w.pao_seat, w.points, w.yakuman_count) == (0, True, 2, 64000, 2)
    assert w.deltas == (64900, 0, -64900, 0)


# ---------------------------------------------------------------- mjlog meld decoding


def test_decode_chi() -> None:
    c = decode_meld(0, 40271)  # 2010012206 E2-0: seat 0 chis 7p with 8p9p (tenhou6 c272829)
    assert c == Chi(seat=0, from_seat=3, called=61, consumed=(66, 70))
    assert [tile_to_mpsz(t) for t in (c.called, *c.consumed)] == ["7p", "8p", "9p"]


def test_decode_pon_with_red_five() -> None:
    c = decode_meld(2, 6218)  # seat 2 pons the red 5m from seat 0
    assert c == Pon(seat=2, from_seat=0, called=16, consumed=(17, 19))
    assert tile_to_mpsz(c.called) == "0m"


def test_decode_kakan() -> None:
    c = decode_meld(0, 47666)  # white dragon added to a pon called from toimen
    assert c == Kakan(seat=0, added=125, pon=(124, 126, 127), from_seat=2)


def test_decode_daiminkan_and_ankan() -> None:
    assert decode_meld(3, 1539) == Daiminkan(seat=3, from_seat=2, called=6, consumed=(4, 5, 7))
    assert decode_meld(1, 27906) == Daiminkan(1, 3, 109, (108, 110, 111))
    assert decode_meld(2, 21504) == Ankan(seat=2, tiles=(84, 85, 86, 87))
    assert decode_meld(0, 1536) == Ankan(0, (4, 5, 6, 7))  # any copy may name an ankan


def test_encode_inverts_decode() -> None:
    for who, m in [(0, 40271), (2, 6218), (0, 47666), (3, 1539), (1, 27906), (2, 21504)]:
        assert encode_meld(decode_meld(who, m)) == m


def test_decode_rejects_nukidora_and_bad_chi() -> None:
    with pytest.raises(LogFormatError, match="nukidora"):
        decode_meld(0, 0x20)
    with pytest.raises(LogFormatError, match="chi not from the left"):
        decode_meld(0, 40271 & ~3 | 1)


# ---------------------------------------------------------------- malformed input

_T6_MIN = {
    "title": ["", ""],
    "name": ["A", "B", "C", "D"],
    "rule": {"disp": "鳳南喰赤", "aka": 1},
    "log": [],
}


def _t6_with(entry: object) -> str:
    return json.dumps({**_T6_MIN, "log": [entry]}, ensure_ascii=False)


def _kyuushu_hand() -> list[object]:
    hand = [11, 12, 13, 19, 21, 29, 31, 39, 41, 42, 43, 44, 45]
    other = [14, 14, 14, 15, 15, 15, 16, 16, 16, 17, 17, 17, 18]
    other2 = [22, 22, 22, 23, 23, 23, 24, 24, 24, 25, 25, 25, 26]
    other3 = [32, 32, 32, 33, 33, 33, 34, 34, 34, 35, 35, 35, 36]
    return [
        [0, 0, 0],
        [25000] * 4,
        [18],
        [],
        hand,
        [46],
        [],
        other,
        [],
        [],
        other2,
        [],
        [],
        other3,
        [],
        [],
        ["九種九牌"],
    ]


def test_minimal_tenhou6_kyuushu() -> None:
    g = parse_tenhou6(_t6_with(_kyuushu_hand()))
    (k,) = g.kyokus
    assert isinstance(k.actions[0], Draw) and k.actions[-1] == Ryuukyoku(
        "kyuushu", (0, 0, 0, 0), None, 0
    )
    assert json.loads(format_tenhou6(g))["log"][0] == _kyuushu_hand()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", r"tenhou6: not JSON \(line 1 column 2"),
        ("[]", "must be a JSON object"),
        (json.dumps({"name": ["a", "b", "c", "d"]}), 'has no "log" field'),
        (_t6_with([[0, 0, 0]]), r"log\[0\] \(kyoku E1-0\): a hand must have 17 entries"),
    ],
)
def test_tenhou6_malformed(text: str, message: str) -> None:
    with pytest.raises(LogFormatError, match=message):
        parse_tenhou6(text)


def test_tenhou6_bad_tile_code() -> None:
    e = _kyuushu_hand()
    haipai = e[4]
    assert isinstance(haipai, list)
    e[4] = [99, *haipai[1:]]
    with pytest.raises(LogFormatError, match=r"kyoku E1-0\): seat 0 haipai: bad tile code 99"):
        parse_tenhou6(_t6_with(e))


def test_tenhou6_fifth_copy() -> None:
    e = _kyuushu_hand()
    haipai = e[7]
    assert isinstance(haipai, list)
    e[7] = [14] * 5 + haipai[5:]
    with pytest.raises(LogFormatError, match="a fifth 4m"):
        parse_tenhou6(_t6_with(e))


def test_tenhou6_columns_that_do_not_interleave() -> None:
    e = _kyuushu_hand()
    e[9] = [60]  # seat 1 discards without ever drawing
    with pytest.raises(LogFormatError, match=r"seat 1: 0 takes and 1 discards left over"):
        parse_tenhou6(_t6_with(e))


def test_tenhou6_unknown_result_and_bad_win_text() -> None:
    e = _kyuushu_hand()
    e[16] = ["流れた"]
    with pytest.raises(LogFormatError, match="unknown result '流れた'"):
        parse_tenhou6(_t6_with(e))
    e[16] = ["和了", [0, 0, 0, 0], [0, 0, 0, "たくさん", "立直(1飜)"]]
    with pytest.raises(LogFormatError, match="win text 'たくさん'"):
        parse_tenhou6(_t6_with(e))


_XML_HEAD = (
    '<mjloggm ver="2.3"><GO type="169"/><UN n0="a" n1="b" n2="c" n3="d"/><TAIKYOKU oya="0"/>'
)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<mjloggm>", "not well-formed XML"),
        ("<foo/>", "root element is <foo>"),
        ('<!DOCTYPE x [<!ENTITY a "b">]><mjloggm/>', "DOCTYPE/ENTITY"),
        (_XML_HEAD + "<WHAT/></mjloggm>", r"element #4 <WHAT>: unexpected element before"),
        (
            _XML_HEAD + '<INIT seed="0,0,0,0,0,1" ten="250,250,250,250" oya="0" hai0="1,2" '
            'hai1="" hai2="" hai3=""/></mjloggm>',
            r"kyoku 1 <INIT>: hai0 has 2 tiles, not 13",
        ),
        ('<mjloggm><GO type="169"/></mjloggm>', "no <UN> element"),
    ],
)
def test_mjlog_malformed(text: str, message: str) -> None:
    with pytest.raises(LogFormatError, match=message):
        parse_mjlog(text)


def test_mjlog_hand_without_result_and_bad_meld() -> None:
    hai = " ".join(
        f'hai{s}="{",".join(str(i) for i in range(13 * s, 13 * s + 13))}"' for s in range(4)
    )
    init = f'<INIT seed="0,0,0,0,0,132" ten="250,250,250,250" oya="0" {hai}/>'
    with pytest.raises(LogFormatError, match="the record ends inside a hand"):
        parse_mjlog(_XML_HEAD + init + "<T60/><D60/></mjloggm>")
    with pytest.raises(LogFormatError, match=r"kyoku 1 element #\d+ <N>: meld m=32"):
        parse_mjlog(_XML_HEAD + init + '<T60/><D60/><N who="1" m="32"/></mjloggm>')
    with pytest.raises(LogFormatError, match=r"<T999>: tile id 999 out of range"):
        parse_mjlog(_XML_HEAD + init + "<T999/></mjloggm>")


_MJAI_START = (
    '{"type":"start_game","names":["a","b","c","d"]}\n'
    '{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,'
    '"oya":0,"scores":[25000,25000,25000,25000],"tehais":['
    + ",".join(
        json.dumps(h)
        for h in (
            ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "2m", "3m"],
            ["4m"] * 3 + ["5m"] * 3 + ["6m"] * 3 + ["7m"] * 3 + ["8m"],
            ["2p"] * 3 + ["3p"] * 3 + ["4p"] * 3 + ["5p"] * 3 + ["6p"],
            ["2s"] * 3 + ["3s"] * 3 + ["4s"] * 3 + ["5s"] * 3 + ["6s"],
        )
    )
    + "]}\n"
)


def test_mjai_minimal_and_round_trip() -> None:
    text = _MJAI_START + (
        '{"type":"tsumo","actor":0,"pai":"F"}\n'
        '{"type":"ryukyoku","reason":"kyushukyuhai","deltas":[0,0,0,0]}\n'
        '{"type":"end_kyoku"}\n{"type":"end_game"}\n'
    )
    g = parse_mjai(text)
    assert g.kyokus[0].actions[-1] == Ryuukyoku("kyuushu", (0, 0, 0, 0), None, 0)
    assert parse_mjai(format_mjai(g)) == g


@pytest.mark.parametrize(
    ("tail", "message"),
    [
        ('{"type":"tsumo","actor":0,"pai":"5z"}\n', r"mjai line 3 \(tsumo\): unknown tile '5z'"),
        (
            '{"type":"dahai","actor":1,"pai":"9s","tsumogiri":false}\n',
            r"mjai line 3 \(dahai\): seat 1 has no 9s in hand",
        ),
        ("not json\n", r"mjai line 3: not JSON"),
        ('{"type":"tsumo","actor":7,"pai":"1m"}\n', r"line 3 \(tsumo\): actor 7 is not a seat"),
        (
            '{"type":"tsumo","actor":0,"pai":"1m"}\n',
            "the stream ends inside the kyoku started on line 2",
        ),
        ('{"type":"end_kyoku"}\n', r"line 3 \(end_kyoku\): the kyoku has no hora or ryukyoku"),
        ('{"type":"fly","actor":0}\n', "unknown event type 'fly'"),
    ],
)
def test_mjai_malformed(tail: str, message: str) -> None:
    with pytest.raises(LogFormatError, match=message):
        parse_mjai(_MJAI_START + tail)


def test_mjai_must_start_with_start_game() -> None:
    with pytest.raises(LogFormatError, match=r"line 1 \(tsumo\): the stream must begin"):
        parse_mjai('{"type":"tsumo","actor":0,"pai":"1m"}\n')


# ---------------------------------------------------------------- Tenhou's payment rules


def _tenhou_deltas(w: Win, k: Kyoku, nearest: bool, sticks: int) -> list[int]:
    """What Tenhou pays for one win, as the corpus shows it (see test_payment_rules)."""
    d = [0, 0, 0, 0]

    def pay(payer: int, amount: int) -> None:
        d[payer] -= amount
        d[w.seat] += amount

    honba = k.honba if nearest else 0  # multiple ron: honba only to the nearest winner
    if w.tsumo and w.pao_seat is not None:
        pay(w.pao_seat, w.points + 300 * honba)  # pao tsumo: the pao seat pays everything
    elif w.tsumo:
        for o in range(4):
            if o != w.seat:
                each = w.tsumo_dealer if (o == k.dealer and w.seat != k.dealer) else w.tsumo_other
                assert each is not None
                pay(o, each + 100 * honba)
    elif w.pao_seat is not None and w.pao_seat != w.from_seat:
        pay(w.pao_seat, w.points // 2 + 300 * honba)
        pay(w.from_seat, w.points - w.points // 2)
    else:
        pay(w.from_seat, w.points + 300 * honba)
    if nearest:
        d[w.seat] += 1000 * sticks  # every stick on the table, this hand's included
    return d


def test_payment_rules() -> None:
    """Every recorded win's deltas follow from its points, the honba and the sticks."""
    checked = 0
    for gid in IDS:
        for k in xml(gid).kyokus:
            sticks = k.riichi_sticks + sum(1 for a in k.actions if isinstance(a, RiichiAccepted))
            for i, w in enumerate(k.wins):
                # wins are listed nearest to the discarder's right first
                assert _tenhou_deltas(w, k, i == 0, sticks) == list(w.deltas), (gid, k.name)
                checked += 1
    assert checked == 164


def test_mjai_without_our_extra_fields() -> None:
    """A plain mjai stream (hora/ryukyoku with deltas only, as mjai-reviewer writes) reads."""
    text = _MJAI_START + (
        '{"type":"tsumo","actor":0,"pai":"C"}\n'
        '{"type":"dahai","actor":0,"pai":"C","tsumogiri":true}\n'
        '{"type":"tsumo","actor":1,"pai":"8m"}\n'
        '{"type":"dahai","actor":1,"pai":"8m","tsumogiri":true}\n'
        '{"type":"pon","actor":3,"target":1,"pai":"8m","consumed":["8m","8m"]}\n'
        '{"type":"dahai","actor":3,"pai":"6s","tsumogiri":false}\n'
        '{"type":"hora","actor":2,"target":3,"deltas":[0,0,1000,-1000],"ura_markers":[]}\n'
        '{"type":"end_kyoku"}\n{"type":"end_game"}\n'
    )
    with pytest.raises(LogFormatError, match="seat 3 has no 8m in hand"):
        parse_mjai(text)
    text = text.replace(
        '"actor":3,"target":1,"pai":"8m","consumed":["8m","8m"]',
        '"actor":2,"target":1,"pai":"8m","consumed":["4m","4m"]',
    )
    with pytest.raises(LogFormatError, match="seat 2 has no 4m in hand"):
        parse_mjai(text)
    plain = _MJAI_START + (
        '{"type":"tsumo","actor":0,"pai":"C"}\n'
        '{"type":"dahai","actor":0,"pai":"C","tsumogiri":true}\n'
        '{"type":"hora","actor":1,"target":0,"deltas":[-1000,1000,0,0]}\n'
        '{"type":"end_kyoku"}\n'
        '{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":2,"honba":0,'
        '"kyotaku":0,"oya":1,"scores":[24000,26000,25000,25000],"tehais":'
        + json.dumps(json.loads(_MJAI_START.splitlines()[1])["tehais"])
        + '}\n{"type":"tsumo","actor":1,"pai":"C"}\n'
        '{"type":"ryukyoku","deltas":[-1000,3000,-1000,-1000]}\n'
        '{"type":"end_kyoku"}\n{"type":"end_game"}\n'
    )
    g = parse_mjai(plain)
    w = g.kyokus[0].wins[0]
    assert (w.seat, w.from_seat, w.deltas, w.yaku) == (1, 0, (-1000, 1000, 0, 0), ())
    r = g.kyokus[1].ryuukyoku
    assert r == Ryuukyoku("exhaustive", (-1000, 3000, -1000, -1000), (False, True, False, False))
