"""mjai seats on scripted walls: red fives, kan after kan, a riichi ronned on its
declaration tile, chankan, double ron (the protocol's edge cases, issue 26)."""

from __future__ import annotations

from pathlib import Path

from hanchan.ai.mjai.protocol import action_for
from hanchan.engine.actions import Pon
from hanchan.engine.events import Event, Kan, Note, RiichiAccepted, Won
from hanchan.engine.visibility import view
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.verify import verify_events
from tests.kit.game import build_wall, new_game, run, tiles
from tests.kit.mjai import drive, our_bot_command, read_log, scripted, simple_bot

RULES = Ruleset()


def _won(events: list[Event]) -> Won:
    return next(e for e in events if isinstance(e, Won))


def test_chankan_through_an_mjai_seat(tmp_path: Path) -> None:
    """Seat 1 (an mjai bot waiting on 3p) robs seat 0's added kan of 3p (槍槓)."""
    wall = build_wall({0: "33p19m19s1234567z", 1: "123m456m789s24p99s"},
                      ["5s", "6s", "3p", "7s", "8s", "2s", "3p"])
    log = tmp_path / "s1.jsonl"
    g, outside = scripted(RULES, wall, {1: simple_bot(log, ron_on="3p")})
    try:
        notes = drive(g, outside, (0, "pon"), (0, "kakan 3p"))
    finally:
        outside[1].close()
    assert notes == []
    won = _won(g.events)
    assert [(w.seat, w.from_seat) for w in won.wins] == [(1, 0)]
    assert "chankan" in dict(won.wins[0].yaku)
    seen = read_log(log)
    kakan = next(e for e in seen if e["type"] == "kakan")
    assert kakan == {"type": "kakan", "actor": 0, "pai": "3p", "consumed": ["3p", "3p", "3p"]}
    assert seen[-1] is kakan or seen[seen.index(kakan) + 1]["type"] != "tsumo"
    assert verify_events(g.events) == []


def test_double_ron_by_two_mjai_seats(tmp_path: Path) -> None:
    """Seats 1 and 2 both win on seat 0's 3p (double ron allowed under Tenhou's rules)."""
    wall = build_wall({0: "3p19m19s1234567z9p", 1: "234m567m234s55s24p",
                       2: "345m678m456s88s24p"}, ["6s"])
    g, outside = scripted(RULES, wall, {1: simple_bot(ron_on="3p"),
                                        2: simple_bot(ron_on="3p")})
    try:
        notes = drive(g, outside, (0, "d 3p"))
    finally:
        for b in outside.values():
            b.close()
    assert notes == []
    won = _won(g.events)
    assert sorted(w.seat for w in won.wins) == [1, 2]
    assert all(w.from_seat == 0 and "tanyao" in dict(w.yaku) for w in won.wins)
    assert verify_events(g.events) == []


def test_riichi_ronned_on_its_declaration_tile(tmp_path: Path) -> None:
    """Seat 0 declares riichi with 3p and seat 1 wins on it: the riichi stick is never
    put down (no reach_accepted), and the bot was told reach, then the dahai."""
    wall = build_wall({0: "123m456m789m11s46p", 1: "234m567m234s55s24p"}, ["3p"])
    log = tmp_path / "s1.jsonl"
    g, outside = scripted(RULES, wall, {1: simple_bot(log, ron_on="3p")})
    try:
        notes = drive(g, outside, (0, "riichi 3p"))
    finally:
        outside[1].close()
    assert notes == []
    won = _won(g.events)
    assert [(w.seat, w.from_seat) for w in won.wins] == [(1, 0)]
    assert not any(isinstance(e, RiichiAccepted) for e in g.events)
    assert won.deltas[0] == -won.wins[0].points  # no stick lost besides the payment
    kinds = [e["type"] for e in read_log(log)]
    i = kinds.index("reach")
    assert kinds[i:i + 2] == ["reach", "dahai"] and "reach_accepted" not in kinds
    assert verify_events(g.events) == []


def test_kan_after_kan_reaches_every_seat(tmp_path: Path) -> None:
    """Seat 0 declares a closed kan, draws the fourth tile of another from the dead wall and
    declares that too: the others are told ankan, dora, (tsumo ?) twice, in order, and our
    own mjai bot in seat 1 follows the hand to its end without a wrong reply."""
    wall = build_wall({0: "1111z222z123m45p9s"}, ["7z"], rinshan="2z8s")
    log = tmp_path / "s2.jsonl"
    g, outside = scripted(RULES, wall, {1: our_bot_command(), 2: simple_bot(log)})
    try:
        notes = drive(g, outside, (0, "ankan 1z"), (0, "ankan 2z"))
    finally:
        for b in outside.values():
            b.close()
    assert notes == []
    assert [e.meld.kind for e in g.events if isinstance(e, Kan)] == ["ankan", "ankan"]
    seen = [e for e in read_log(log) if e["type"] in ("ankan", "dora", "tsumo")
            and e.get("actor", 0) == 0][:6]
    assert [e["type"] for e in seen] == ["tsumo", "ankan", "dora", "tsumo", "ankan", "dora"]
    assert seen[1]["consumed"] == ["E", "E", "E", "E"]
    assert seen[3]["pai"] == "?"  # another seat's replacement draw is hidden
    assert outside[1].replies > 0 and outside[1].gone is None
    assert verify_events(g.events) == []


def test_red_fives_are_named_and_called_by_look(tmp_path: Path) -> None:
    """A red five is 5mr in a seat's deal and 5pr when discarded; a pon reply naming the
    red five takes the red copy (ids differ for the same look)."""
    wall = build_wall({0: "0p19m19s1234567z5s", 2: "0m234m55p678s1199p"}, ["6s"])
    log = tmp_path / "s2.jsonl"
    g, outside = scripted(RULES, wall, {2: simple_bot(log)})
    try:
        drive(g, outside, (0, "d 0p"), until_hand_end=False)
    finally:
        outside[2].close()
    seen = read_log(log)
    start = next(e for e in seen if e["type"] == "start_kyoku")
    assert "5mr" in start["tehais"][2] and start["tehais"][0] == ["?"] * 13
    assert {"type": "dahai", "actor": 0, "pai": "5pr", "tsumogiri": False} in seen
    # the pon offered to seat 2 on the red 5p: with two plain 5p, named by look
    g2 = new_game(RULES, wall)
    run(g2, (0, "d 0p"))
    legal = g2.pending()[2]
    pon = action_for({"type": "pon", "actor": 2, "target": 0, "pai": "5pr",
                      "consumed": ["5p", "5p"]}, legal, view(g2.state, 2))
    assert isinstance(pon, Pon) and sorted(pon.tiles) == tiles("55p")
    assert not any(isinstance(e, Note) for e in g.events)
