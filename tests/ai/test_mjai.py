"""Outside mjai bots in our seats, and our bots as mjai bots (issue 26)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from benchmarks.mjai_strength import kind_of_seat, measure
from hanchan.ai.arena import play_game, run, stats_from_events
from hanchan.ai.base import Bot, BotLevelError, make_bot, make_seat, seat_spec, split_seats
from hanchan.ai.mjai.mirror import MjaiBot
from hanchan.ai.mjai.options import rules_notice, tenhou_differences
from hanchan.ai.mjai.seat import MjaiSeat
from hanchan.cli.mjai_bot import serve
from hanchan.engine.actions import Discard
from hanchan.engine.events import Discarded, Event, GameEnded, HandStarted, Note
from hanchan.rulesets.loader import load_ruleset
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.convert import recorded_from_events
from hanchan.saves.logs.mjai import format_mjai
from hanchan.saves.logs.tenhou6 import parse_tenhou6
from hanchan.saves.reader import load
from hanchan.saves.verify import verify_events
from hanchan.tui.session import NewGame, PlaySession
from tests.kit.mjai import (
    FAKE_BOTS,
    MirrorCheck,
    our_bot_command,
    python_command,
    simple_bot,
)
from tests.kit.real_logs import TENHOU6

PRESETS = ("tenhou", "makura", "teireikai", "ako", "yokoyoko", "gpc", "mahjongsoul")


@pytest.mark.parametrize("preset", PRESETS)
def test_the_mirror_sees_what_the_engine_shows(preset: str) -> None:
    """Folding one seat's mjai events gives the engine's own view and legal actions of that
    seat at every choice of a whole game (tiles compared by look), for every preset:
    the other hands are hidden, yet furiten, kuikae, riichi and kan rules agree.  Open
    riichi is off: mjai has none (tenhou_differences says so)."""
    rules = load_ruleset(preset).replace(open_riichi=False)
    bots = [MirrorCheck(s, rules, 44 + s) for s in range(4)]
    events = play_game(rules, bots, 11)
    assert isinstance(events[-1], GameEnded)
    assert sum(b.choices for b in bots) > 200
    assert [m for b in bots for m in b.mismatches] == []


def test_four_hanchan_mjai_bots_play_a_whole_hanchan() -> None:
    """Four ``hanchan mjai-bot`` processes play a hanchan through the mjai seat (wire style):
    not one reply is illegal, late or unreadable, and the game verifies."""
    rules = Ruleset()
    bots = [MjaiSeat(our_bot_command(seed=s), s, fallback=make_bot("strong"), timeout=30)
            for s in range(4)]
    events = play_game(rules, bots, 5)
    assert isinstance(events[-1], GameEnded)
    assert [e for e in events if isinstance(e, Note)] == []
    assert all(b.gone is None and b.replies > 50 for b in bots)
    assert verify_events(events) == []
    hands = stats_from_events(events)[0].hands
    assert hands >= 8  # a whole East-South game


def test_classic_style_plays_too() -> None:
    """The classic style (one event per line, a reply to each) plays a game as well."""
    seat = MjaiSeat(our_bot_command(seed=1), 0, fallback=make_bot("strong"),
                    style="classic", timeout=30)
    bots: list[Bot] = [seat, *(make_bot("greedy", s) for s in (1, 2, 3))]
    events = play_game(Ruleset().replace(length="east"), bots, 8)
    assert isinstance(events[-1], GameEnded)
    assert [e for e in events if isinstance(e, Note)] == []
    assert seat.replies > 200  # every event is answered in this style


@pytest.mark.parametrize("log", TENHOU6[:3], ids=lambda p: p.stem)
def test_real_games_mjai_export_replays_through_our_bot(log: Path) -> None:
    """A real Tenhou game, exported as mjai by our log writer, is read by our mjai bot from
    each seat in turn: every event is accepted and every reply is a legal move there."""
    game = parse_tenhou6(log.read_text(encoding="utf-8"))
    events = [json.loads(line) for line in format_mjai(game).splitlines()]
    _replay_export(events, Ruleset().replace(length="east_south"))


def test_a_saved_games_mjai_export_replays_through_our_bot() -> None:
    """The same for one of our own saved games (engine events -> export -> mjai)."""
    events = play_game(Ruleset(), [make_bot("strong", s) for s in range(4)], 21)
    mjai = [json.loads(x) for x in format_mjai(recorded_from_events(events)).splitlines()]
    _replay_export(mjai, Ruleset())


def _replay_export(events: list[dict[str, Any]], rules: Ruleset) -> None:
    for seat in range(4):
        out, err = io.StringIO(), io.StringIO()
        lines = [json.dumps({**e, "id": seat} if e["type"] == "start_game" else e)
                 for e in events]
        bot = MjaiBot(make_bot("strong", seat), rules)
        bad = serve(bot, io.BytesIO(("\n".join(lines) + "\n").encode()), out, err)
        assert (bad, err.getvalue()) == (0, "")
        replies = [json.loads(x) for x in out.getvalue().splitlines()]
        assert len(replies) == len(events)
        hand: list[str] = []
        for ev, reply in zip(events, replies, strict=True):
            _track(hand, ev, seat)
            if reply["type"] == "none":
                continue
            assert reply["actor"] == seat
            if reply["type"] == "dahai":  # a discard of a tile the seat holds
                # after its draw, call or reach; or a kan dora turned before its discard
                assert ev["type"] == "dora" or (
                    ev["type"] in ("tsumo", "pon", "chi", "reach") and ev["actor"] == seat)
                assert reply["pai"] in hand
            elif reply["type"] in ("chi", "pon", "daiminkan"):
                assert ev["type"] == "dahai" and ev["actor"] != seat
                assert all(hand.count(t) >= reply["consumed"].count(t) for t in reply["consumed"])
            else:
                assert reply["type"] in ("hora", "reach", "ankan", "kakan", "ryukyoku")


def _track(hand: list[str], ev: dict[str, Any], seat: int) -> None:
    """The seat's concealed tiles, followed from the log alone."""
    t = ev["type"]
    if t == "start_kyoku":
        hand[:] = list(ev["tehais"][seat])
    elif ev.get("actor") != seat:
        return
    elif t == "tsumo":
        hand.append(ev["pai"])
    elif t == "dahai":
        hand.remove(ev["pai"])
    elif t in ("chi", "pon", "daiminkan", "ankan"):
        for x in ev["consumed"]:
            hand.remove(x)
    elif t == "kakan":
        hand.remove(ev["pai"])


# ------------------------------------------------------------------ misbehaving bots


def _one_game(command: str, *, timeout: float = 10.0) -> tuple[list[Event], MjaiSeat]:
    seat = MjaiSeat(command, 2, fallback=make_bot("strong", 2), timeout=timeout,
                    name="fakebot")
    bots = [make_bot("greedy", 0), make_bot("greedy", 1), seat, make_bot("greedy", 3)]
    events = play_game(Ruleset().replace(length="east"), bots, 3)
    assert isinstance(events[-1], GameEnded)  # the game is never lost
    assert verify_events(events) == []  # and its save stays verifiable
    return events, seat


def _notes(events: list[Event]) -> list[str]:
    return [e.text for e in events if isinstance(e, Note) and e.seat == 2]


def test_a_bot_that_writes_garbage_gets_safe_defaults() -> None:
    events, seat = _one_game(python_command(FAKE_BOTS / "garbage.py"))
    notes = _notes(events)
    assert len(notes) > 10 and seat.gone is None
    assert notes[0].startswith("The mjai bot fakebot in seat W wrote 'I am not JSON {', not JSON")
    assert all("it discarded the drawn tile" in n or "it passed" in n for n in notes)


def test_a_bot_with_illegal_replies_gets_safe_defaults() -> None:
    events, _ = _one_game(python_command(FAKE_BOTS / "illegal.py"))
    notes = _notes(events)
    assert any("dahai 1m is not a legal discard" in n for n in notes) or any(
        "pon with" in n for n in notes)
    assert all(n.startswith("The mjai bot fakebot in seat W replied") for n in notes)


def test_a_bot_that_sleeps_is_replaced_by_strong() -> None:
    events, seat = _one_game(python_command(FAKE_BOTS / "sleeper.py", "2"), timeout=0.3)
    notes = _notes(events)
    late = [n for n in notes if "did not answer within 0.3 s" in n]
    assert len(late) == 2  # two late replies, then the third counts as a hang
    assert notes[-1] == ("The mjai bot fakebot in seat W did not answer 3 requests in a row "
                         "within 0.3 s; the seat plays on as the strong bot.")
    assert seat.gone is not None


def test_a_bot_that_exits_is_replaced_by_strong() -> None:
    events, seat = _one_game(python_command(FAKE_BOTS / "quitter.py"))
    notes = _notes(events)
    assert notes[-1] == ("The mjai bot fakebot in seat W exited with status 3 (it said: "
                         "quitter: enough); the seat plays on as the strong bot.")
    assert len(notes) <= 3 and seat.gone is not None  # its two answers ("none") before


def test_a_bot_that_cannot_start_is_replaced_by_strong(tmp_path: Path) -> None:
    events, _ = _one_game(str(tmp_path / "no-such-bot"))
    (note,) = _notes(events)
    assert note.startswith("The mjai bot fakebot in seat W could not be started (No such file")


def test_a_game_with_mjai_bots_says_where_the_rules_differ() -> None:
    """teireikai: no red fives, head bump; said once, at the start (seat None)."""
    rules = load_ruleset("teireikai")
    assert "no red fives" in tenhou_differences(rules)
    assert any(d.startswith("head bump") for d in tenhou_differences(rules))
    assert tenhou_differences(load_ruleset("tenhou")) == []
    bots = [make_seat("mjai:" + simple_bot(), 0, 0)] + [make_bot("greedy", s) for s in (1, 2, 3)]
    events = play_game(rules.replace(length="east"), bots, 4)
    table = [e for e in events if isinstance(e, Note) and e.seat is None]
    assert [e.text for e in table] == [rules_notice(rules)]
    first_discard = next(i for i, e in enumerate(events) if isinstance(e, Discarded))
    assert events.index(table[0]) < first_discard


# ------------------------------------------------------------------ the commands


def test_seat_specs() -> None:
    assert seat_spec("mjai:./bot --x") == "mjai:./bot --x"
    assert split_seats("strong,mjai:node a.js --k=1,2,mjai:b") == [
        "strong", "mjai:node a.js --k=1,2", "mjai:b"]
    with pytest.raises(BotLevelError, match="needs the command"):
        seat_spec("mjai:  ")


def test_simulate_with_an_mjai_seat_in_duplicate_with_jobs() -> None:
    cmd = "mjai:" + our_bot_command(level="greedy")
    out = subprocess.run(
        [sys.executable, "-m", "hanchan.cli", "simulate", "--games", "4", "--duplicate",
         "--jobs", "2", "--rules", "tenhou", "--bots", f"strong,{cmd},greedy,greedy", "--json",
         "--mjai-timeout", "30"], capture_output=True, text=True, timeout=600, check=True)
    data = json.loads(out.stdout)
    assert data["games"] == 4
    assert data["by_level"][cmd]["seat_games"] == 4  # one seat in each rotation
    assert data["by_level"]["greedy"]["seat_games"] == 8
    assert sum(sum(v["ranks"]) for v in data["by_level"].values()) == 16


def test_mjai_bot_answers_a_bad_line_with_none() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "hanchan.cli", "mjai-bot", "--level", "greedy"],
        input='not json\n[{"type":"start_game","id":1}]\n', capture_output=True,
        text=True, timeout=60, check=True)
    assert proc.stdout.splitlines() == ['{"type":"none"}', '{"type":"none"}']
    assert "line 1: not JSON" in proc.stderr


def test_a_table_session_seats_an_mjai_bot(tmp_path: Path) -> None:
    """The new-game spec's mjai seat: named after its program, saved with its command,
    plays its turns, and its process ends when the session closes."""
    cmd = our_bot_command(level="greedy")
    spec = NewGame(Ruleset(), 7, "greedy", 0, tmp_path, mjai=((2, cmd),))
    session = PlaySession.new(spec)
    session.open_save()
    try:
        assert session.names[2] == "Chika (mjai hanchan)"  # python -m hanchan.cli mjai-bot ...
        assert isinstance(session.bots[2], MjaiSeat)
        for _ in range(30):
            session.run_bots()
            legal = session.legal()
            if not legal or session.over:
                break
            session.act(0, legal[-1] if not isinstance(legal[0], Discard) else legal[0])
        assert session.bots[2].replies > 0
    finally:
        session.close()
    assert session.bots[2]._proc is None
    assert session.save_path is not None
    header = json.loads(session.save_path.read_text().splitlines()[0])
    assert header["seats"][2]["bot"] == "mjai:" + cmd


def _play_on(session: PlaySession, stop: Callable[[PlaySession], bool]) -> None:
    """Bots play their seats; ``strong`` plays the human's, until ``stop`` or the end."""
    player = make_bot("strong", 99)
    while not session.over and not stop(session):
        session.run_bots()
        legal = session.legal()
        if legal:
            assert session.act(session.human, player.choose(session.view(), legal)) is None


def test_a_saved_game_with_an_mjai_seat_continues_with_that_bot(tmp_path: Path) -> None:
    """Continue: the save's header names the seat's command and the player gives the same
    command (``trusted``: a file alone never starts one, tests/tui/test_saved_commands.py),
    so the resumed game starts that bot again and tells it the game so far; it then plays
    the game out without one illegal, late or unreadable reply.  Our own mjai bot is the
    outside bot here: it rebuilds the table from what it is told, so a wrong or missing
    history would make its replies illegal (and leave notes in the save)."""
    cmd = our_bot_command(level="strong", seed=4)
    spec = NewGame(Ruleset().replace(length="east"), 9, "greedy", 0, tmp_path,
                   mjai=((2, cmd),))
    first = PlaySession.new(spec)
    first.open_save()

    def second_hand_begun(s: PlaySession) -> bool:
        hands = [i for i, e in enumerate(s.events) if isinstance(e, HandStarted)]
        return len(hands) >= 2 and sum(isinstance(e, Discarded)
                                       for e in s.events[hands[1]:]) >= 6
    try:
        _play_on(first, second_hand_begun)
        assert isinstance(first.bots[2], MjaiSeat)
        assert not first.over and first.bots[2].replies > 0
    finally:
        first.close()
    path = first.save_path
    assert path is not None
    stopped_at = len(first.events)

    second = PlaySession.resume(path, trusted={cmd})
    try:
        bot = second.bots[2]
        assert isinstance(bot, MjaiSeat) and second.names[2] == "Chika (mjai hanchan)"
        _play_on(second, lambda s: False)
        assert bot.gone is None and bot.replies > 0
    finally:
        second.close()
    game = load(path)
    assert len(game.events) > stopped_at and isinstance(game.events[-1], GameEnded)
    assert [e.text for e in game.events if isinstance(e, Note)] == []
    assert verify_events(game.events) == []


def test_strength_is_read_from_the_saved_games_of_whole_walls(tmp_path: Path) -> None:
    """benchmarks.mjai_strength counts only whole walls (four rotations) and reads each
    seat's kind from the save's header, as a run stopped early leaves them."""
    run(Ruleset().replace(length="east"), ["strong", "greedy", "greedy", "greedy"], 8,
        seed=3, duplicate=True, save_dir=str(tmp_path))
    (tmp_path / sorted(p.name for p in tmp_path.glob("sim-*.jsonl"))[-1]).unlink()
    data = measure([tmp_path])
    assert (data["walls"], data["games"], data["left_out"]) == (1, 4, 3)
    assert data["by_kind"]["strong"]["seat_games"] == 4
    assert data["by_kind"]["greedy"]["seat_games"] == 12
    assert kind_of_seat("mjai:node benchmarks/external/majiang_mjai.js") == "mjai:majiang_mjai.js"
