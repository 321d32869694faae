"""A game is never corrupted by a cut in the wrong place.

A kill, a crash or a full disk can end a game file after any byte.  The writer keeps each
step of the game one record (a riichi declaration goes to disk with its discard), and
Continue resumes a file that ends inside a step (written before, or torn) where the step
began.  The cut test cuts real games after every line and inside every line and checks,
for each cut: (a) loading keeps every whole line, (b) Continue plays on into a file that
``verify`` passes, (c) Continue loses at most the partial line and the lines of the step
it ends inside (``engine.game.unfinished_step``), which the seats are asked again.

A file damaged later keeps its good part (``saves.verify.good_part``): the replay viewer
shows it and Continue goes on from it, in a copy.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import msgspec
import pytest
from hypothesis import settings

from hanchan.engine.actions import Chi, Discard, Pon
from hanchan.engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Event,
    GameEnded,
    GameStarted,
    HandDrawn,
    HandStarted,
    NotenDeclared,
    Penalty,
    RiichiAccepted,
    RiichiDeclared,
    Won,
)
from hanchan.engine.game import Game, is_lead, unfinished_step
from hanchan.rulesets.loader import load_ruleset
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.codec import SeatInfo, decode_event, encode_event, encode_header, parse_json
from hanchan.saves.convert import events_from_recorded
from hanchan.saves.logs.tenhou6 import parse_tenhou6
from hanchan.saves.reader import SaveError, load
from hanchan.saves.verify import check_loaded, load_good_part
from hanchan.saves.writer import POINTER, GameWriter, latest_unfinished, make_header
from tests.kit.real_logs import TENHOU6
from tests.kit.saved_games import played_game, practice_game

SEATS = (SeatInfo("You"), SeatInfo("Bot 1", "easy"), SeatInfo("Bot 2", "easy"),
         SeatInfo("Bot 3", "easy"))


def file_bytes(events: Sequence[Event]) -> bytes:
    """A game file as the writer of every version wrote it: header, one line per event."""
    start = events[0]
    assert isinstance(start, GameStarted)
    # a game without a seed is an import, and says so (saves.verify.header_problem)
    header = make_header(start.ruleset.to_dict(), SEATS, start.seed,
                         source=None if start.seed is not None else "tenhou6:test")
    return encode_header(header) + b"".join(encode_event(e) for e in events)


@functools.lru_cache(maxsize=1)
def real_game() -> tuple[Event, ...]:
    """The real Tenhou game (tests/data/logs) with the most kan dora turned."""
    best: tuple[Event, ...] = ()
    for path in TENHOU6:
        events = tuple(events_from_recorded(parse_tenhou6(path.read_text(encoding="utf-8"))))
        if sum(isinstance(e, DoraRevealed) for e in events) > sum(
                isinstance(e, DoraRevealed) for e in best):
            best = events
    return best


def kan_game() -> tuple[Event, ...]:
    """Bots under rules that turn an open kan's dora once its discard passes (not before a
    ron on it): five kan dora turned while a discard is answered."""
    return played_game(7, "easy", Ruleset().replace(kan_dora_on_discard_ron=False))


GAMES: dict[str, Callable[[], Sequence[Event]]] = {
    "bots": lambda: played_game(2),
    "kans": kan_game,
    "practice": lambda: practice_game(3, load_ruleset("makura")),  # a chombo, a false call
    "tenhou": real_game,
}


@dataclass(frozen=True)
class Cut:
    """What became of one cut: the whole lines it left, the events Continue kept, and
    Continue's refusal or the continued file's first problem."""

    whole: int  # events on whole lines before the cut
    kept: int  # events Continue kept (-1: refused)
    refused: str | None
    problem: str | None


def cut_and_continue(folder: Path, data: bytes, at: int, seed: int) -> Cut:
    """Cut ``data`` after byte ``at``, load it, continue it and play on (random legal
    choices) until the next hand starts; the continued file is then verified."""
    cut = data[:at]
    path = folder / f"cut{at}.jsonl"
    path.write_bytes(cut)
    whole = max(cut.count(b"\n") - 1, 0)
    try:
        loaded = load(path)
    except SaveError:  # no whole header: not a game yet
        assert whole == 0
        return Cut(0, -1, "not a game", None)
    assert loaded.ok, loaded.problems  # (a) a cut is never damage
    assert len(loaded.events) == whole  # (a) every whole line is kept
    assert loaded.recovered_tail == (not cut.endswith(b"\n") and cut.count(b"\n") >= 1)
    try:
        writer, game = GameWriter.resume(path, pointer=False)
    except SaveError as exc:
        return Cut(whole, -1, exc.reason, None)
    with writer:
        played = Game.from_events(game.events, [writer], practice_seats=(0,))
        rng = random.Random(seed)
        hands = played.state.hands_started
        for _ in range(400):
            if played.over or played.state.hands_started > hands:
                break
            seat, actions = next(iter(played.pending().items()))
            played.act(seat, rng.choice(actions))
    verdict = check_loaded(load(path))
    problem = None if verdict.problem is None else str(verdict.problem)
    return Cut(whole, len(game.events), None, problem)


def check_cuts(folder: Path, events: Sequence[Event], points: Sequence[int]) -> dict[str, int]:
    """Cut after each line in ``points`` (0: the header) and inside the line after it;
    assert (a), (b), (c) for each and count tried, kept whole, refused and events lost."""
    data = file_bytes(events)
    ends = [i + 1 for i, b in enumerate(data) if b == ord("\n")]  # after each line
    tally = {"tried": 0, "kept": 0, "refused": 0, "lost": 0}
    for line in points:
        at = ends[line]
        nxt = ends[line + 1] if line + 1 < len(ends) else at
        for where in sorted({at, (at + nxt) // 2}):
            outcome = cut_and_continue(folder, data, where, seed=where)
            tally["tried"] += 1
            if outcome.refused is not None:
                # only a file with no game in it yet (header alone, or not even that), an
                # import (no seed to deal from) with no hand recorded, or a finished game
                start = events[0]
                assert outcome.whole == 0 or isinstance(events[outcome.whole - 1], GameEnded) \
                    or (isinstance(start, GameStarted) and start.seed is None and not any(
                        isinstance(e, HandStarted) for e in events[:outcome.whole])), (
                    line, outcome)
                tally["refused"] += 1
                continue
            assert outcome.problem is None, (line, where, outcome)  # (b)
            lost = outcome.whole - outcome.kept
            # (c) only the lines of the step the cut ends inside, which are asked again
            assert lost == unfinished_step(events[:outcome.whole]), (line, outcome)
            assert all(is_lead(e) or type(e).__name__ == "Note"
                       for e in events[outcome.kept:outcome.whole])
            tally["lost"] += lost
            tally["kept"] += lost == 0
    return tally


def sample_points(events: Sequence[Event], n: int, seed: int) -> list[int]:
    """Line numbers to cut after: the header, GameStarted, the last event, ``n`` lines
    around a riichi, a kan dora, a noten declaration or a penalty, and ``n`` more."""
    interesting: set[int] = set()
    for i, e in enumerate(events):
        if isinstance(e, (RiichiDeclared, DoraRevealed, NotenDeclared, Penalty)):
            interesting.update({i, i + 1})  # (line i + 1 is event i)
    rng = random.Random(seed)
    picked = rng.sample(sorted(interesting), min(len(interesting), n))
    return sorted({0, 1, len(events) - 1, *picked, *rng.sample(range(len(events)), n)})


# ------------------------------------------------------------------ the riichi record


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_step_reaches_the_disk_whole_so_a_kill_never_splits_a_riichi(
        tmp_path: Path, name: str) -> None:
    """What a kill leaves after any event (the file as the writer left it) ends where a
    step ends: never a riichi declaration without its discard, a riichi stick or a kan dora
    without the discard's outcome, a false call's penalty without the claim's."""
    events = GAMES[name]()
    start = events[0]
    assert isinstance(start, GameStarted)
    writer = GameWriter.create(tmp_path, make_header(start.ruleset.to_dict(), SEATS,
                                                     start.seed), name="g", pointer=False)
    held = 0
    with writer.path.open("rb") as reader:
        for i, ev in enumerate(events):
            writer.append(ev)
            reader.seek(0)
            data = reader.read()  # a kill now leaves this file
            assert data.endswith(b"\n")
            last = decode_event(parse_json(data[data.rindex(b"\n", 0, -1) + 1:-1]))
            assert not is_lead(last), (i, last)
            held += last != ev  # (kept back: the line before it is the last)
    writer.close()
    assert held == sum(map(is_lead, events)) > 0
    body = writer.path.read_bytes().split(b"\n", 1)[1]
    assert body == file_bytes(events).split(b"\n", 1)[1]  # the same bytes, line by line


def riichi_index(events: Sequence[Event]) -> int:
    return next(i for i, e in enumerate(events) if isinstance(e, RiichiDeclared))


def test_continue_after_a_dangling_riichi_asks_the_player_again(tmp_path: Path) -> None:
    """A file that ends in a riichi declaration (an older writer, killed between it and its
    discard): Continue drops the declaration and the seat is asked again, riichi or not,
    as before its choice; the continued game verifies."""
    events = played_game(2)
    k = riichi_index(events)
    declared = events[k]
    assert isinstance(declared, RiichiDeclared)
    path = tmp_path / "g.jsonl"
    data = file_bytes(events[:k + 1])
    path.write_bytes(data)
    assert load(path).events[-1] == declared  # loading keeps the declaration
    writer, game = GameWriter.resume(path, pointer=False)
    assert game.events == list(events[:k])
    assert path.read_bytes() == data[:data.rindex(b"\n", 0, -1) + 1]  # where it began
    played = Game.from_events(game.events, [writer])
    asked = played.pending()[declared.seat]
    discard = events[k + 1]
    assert isinstance(discard, Discarded)
    # the same choice as before: riichi with that tile, or any discard without riichi
    assert Discard(discard.tile, riichi=True) in asked and Discard(discard.tile) in asked
    other = next(a for a in asked if isinstance(a, Discard) and not a.riichi
                 and a.tile != discard.tile)
    played.act(declared.seat, other)  # this time no riichi
    for _ in range(60):
        seat, actions = next(iter(played.pending().items()))
        played.act(seat, actions[0])
    writer.close()
    assert check_loaded(load(path)).problem is None


@pytest.mark.parametrize("lead", [RiichiAccepted, DoraRevealed])
def test_continue_inside_a_claim_does_not_lose_a_riichi_stick_or_a_dora(
        tmp_path: Path, lead: type) -> None:
    """A file that ends in a riichi stick or a kan dora turned while the discard is still
    being answered: Continue asks the answers again before it, so that a ron now (or an
    abortive draw) comes out of the engine as the rules make it."""
    events = played_game(2) if lead is RiichiAccepted else kan_game()
    found = [i for i, e in enumerate(events) if isinstance(e, lead)
             and isinstance(events[i - 1], (Discarded, RiichiAccepted))]
    assert found
    for k in found[:6]:
        data = file_bytes(events[:k + 1])
        for seed in range(4):  # the answers asked again differ from the recorded ones
            outcome = cut_and_continue(tmp_path, data, len(data), seed=seed)
            assert outcome.problem is None, outcome
            assert outcome.kept == k + 1 - unfinished_step(events[:k + 1]) < k + 1


def test_continue_after_a_false_call_asks_the_call_again(tmp_path: Path) -> None:
    """A practice file that ends in a false call's penalty while the discard is still being
    answered (makura 38: 空行為は罰符1000点): Continue asks that discard again, and the
    same mistake made again is one penalty in the record, as the rules make it."""
    events = practice_game(3, load_ruleset("makura"))
    k = next(i for i, e in enumerate(events) if isinstance(e, Penalty) and e.kind == "false_call")
    path = tmp_path / "g.jsonl"
    path.write_bytes(file_bytes(events[:k + 1]))
    writer, game = GameWriter.resume(path, pointer=False)
    assert game.events == list(events[:k])
    with writer:
        played = Game.from_events(game.events, [writer], practice_seats=(0,))
        played.act(0, Chi((0, 0)))  # the same false call again
        assert played.events[k] == events[k]
        for _ in range(80):
            seat, actions = next(iter(played.pending().items()))
            played.act(seat, actions[0])
    assert check_loaded(load(path)).problem is None


def test_a_meld_made_wrongly_is_never_written_apart_from_its_penalty(tmp_path: Path) -> None:
    """gpc l.49 (誤フーロ: アガリ放棄のまま続行): the dead hand's penalty and its meld are one
    write; a file cut between them ends inside the step, and Continue asks the discard
    again, so a meld is never kept without the dead hand it makes."""
    rules = load_ruleset("gpc").replace(practice_mode=True)
    g = Game(rules, seed=5, practice_seats=(0,))
    for _ in range(400):
        st = g.state
        if st.phase == "claim" and 0 in g.pending() and st.last_discard is not None:
            d = st.last_discard[1]
            wrong = [t for t in sorted(st.seats[0].hand) if t >> 2 != d >> 2][:2]
            g.act(0, Pon((wrong[0], wrong[1])))
            break
        seat, actions = next(iter(g.pending().items()))
        g.act(seat, actions[0] if seat else next(a for a in actions if type(a) is not Pon))
    events = g.events
    k = next(i for i, e in enumerate(events) if isinstance(e, Penalty))
    pen = events[k]
    assert isinstance(pen, Penalty) and pen.kind == "false_meld"
    assert isinstance(events[k + 1], Called)
    assert is_lead(events[k]) and not is_lead(events[k + 1])
    data = file_bytes(events[:k + 1])  # the penalty alone: a torn write
    outcome = cut_and_continue(tmp_path, data, len(data), seed=0)
    assert outcome.problem is None and outcome.kept == k, outcome


def test_cut_after_game_started_deals_the_first_hand(tmp_path: Path) -> None:
    events = played_game(2)
    path = tmp_path / "g.jsonl"
    path.write_bytes(file_bytes(events[:1]))
    writer, game = GameWriter.resume(path, pointer=False)
    with writer:
        played = Game.from_events(game.events, [writer])
    assert played.events == list(events[:3])  # GameStarted, the seed's first hand, a draw
    assert load(path).events == list(events[:3])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_cuts_sampled(tmp_path: Path, name: str) -> None:
    events = GAMES[name]()
    tally = check_cuts(tmp_path, events, sample_points(events, 6, seed=len(events)))
    assert tally["tried"] > 12 and tally["kept"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_cuts_everywhere(tmp_path: Path, name: str) -> None:
    # every line under the "thorough" profile (the figures in docs/reliability.md: about 25
    # minutes on a busy machine); lines sampled by the hypothesis budget otherwise
    events = GAMES[name]()
    budget = settings().max_examples
    lines = range(len(events) + 1) if budget >= 2000 else sample_points(events, budget // 20,
                                                                        seed=budget)
    tally = check_cuts(tmp_path, events, lines)
    print(name, tally)
    assert tally["tried"] >= len(lines)


# ------------------------------------------------------------------ the good part


def tampered(events: Sequence[Event]) -> tuple[list[Event], int]:
    """The game with its second win's points raised (an illegal line), and its index."""
    evs = list(events)
    i = [i for i, e in enumerate(evs) if isinstance(e, Won)][1]
    won = evs[i]
    assert isinstance(won, Won)
    w = msgspec.structs.replace(won.wins[0], points=won.wins[0].points + 1000)
    evs[i] = msgspec.structs.replace(won, wins=(w,))
    return evs, i


def test_the_good_part_of_a_file_illegal_later_keeps_every_good_hand(tmp_path: Path) -> None:
    events, i = tampered(played_game(2))
    path = tmp_path / "g.jsonl"
    path.write_bytes(file_bytes(events))
    part = load_good_part(path)
    assert part.game.events == events[:i]  # every event before the illegal line
    assert part.problem is not None and part.problem.startswith(("E", "S"))
    assert f"line {i + 2}: " in part.problem and "recorded" in part.problem
    assert [p.line for p in part.game.problems] == [i + 2]
    assert sum(isinstance(e, HandDrawn | Won) for e in part.game.events) >= 1


def test_a_file_illegal_later_continues_from_its_good_part_in_a_copy(tmp_path: Path) -> None:
    events, i = tampered(played_game(2))
    other = tmp_path / "other.jsonl"
    other.write_bytes(file_bytes(played_game(2)[:50]))
    path = tmp_path / "bad.jsonl"
    data = file_bytes(events)
    path.write_bytes(data)
    writer, game = GameWriter.resume(path)
    with writer:
        assert writer.path.name == "bad-continued.jsonl"
        assert game.events == events[:i]
        played = Game.from_events(game.events, [writer])
        while not played.over:
            seat, actions = next(iter(played.pending().items()))
            played.act(seat, actions[-1] if seat != played.state.turn else actions[0])
    assert path.read_bytes() == data  # the damaged file is left as it was
    continued = load(writer.path)
    assert continued.finished and check_loaded(continued).problem is None
    assert latest_unfinished(tmp_path) == other  # the copy is finished: its pointer is gone
    assert not (tmp_path / POINTER).exists()


def test_a_file_with_nothing_to_continue_is_refused_without_a_copy(tmp_path: Path) -> None:
    events = played_game(2)
    data = file_bytes(events[:40])
    lines = data.split(b"\n")
    lines[1] = b'{"type": "GameStarted", "garbage"}'
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(SaveError, match="line 2: .*nothing to continue"):
        GameWriter.resume(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.jsonl"]

