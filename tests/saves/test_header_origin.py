"""Where a game comes from is checked: the header's seed must be GameStarted's, and only
an imported game may lack a seed (docs/save-format.md, "What verify checks").  Without a
seed a game may start at any hand with any scores and walls, so an own game whose seed
was set to null must not become such an "excerpt"."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import msgspec
import pytest

from hanchan.cli.main import main
from hanchan.engine.events import Event, GameStarted, HandStarted
from hanchan.engine.game import Game
from hanchan.saves.codec import SeatInfo, encode_event, encode_header
from hanchan.saves.convert import events_from_recorded
from hanchan.saves.logs.tenhou6 import parse_tenhou6
from hanchan.saves.reader import loads
from hanchan.saves.verify import check_loaded
from hanchan.saves.writer import GameWriter, make_header
from tests.kit.saved_games import played_game

EVENTS = played_game(1)
SEATS = [SeatInfo("You"), SeatInfo("Bot 1", "easy"), SeatInfo("Bot 2", "easy"),
         SeatInfo("Bot 3", "easy")]
REAL = Path(__file__).resolve().parents[1] / "data" / "rare_logs" / \
    "real_mjai-reviewer_suukantsu_1.json"


def _file(events: Sequence[Event], seed: int | None, source: str | None = None) -> bytes:
    first = events[0]
    assert isinstance(first, GameStarted)
    header = make_header(first.ruleset.to_dict(), SEATS, seed, source=source)
    return encode_header(header) + b"".join(encode_event(e) for e in events)


def _problem(data: bytes) -> str | None:
    problem = check_loaded(loads(data)).problem
    return None if problem is None else str(problem)


def _without_seed(events: Sequence[Event]) -> list[Event]:
    first = events[0]
    assert isinstance(first, GameStarted)
    return [msgspec.structs.replace(first, seed=None), *events[1:]]


def _from_second_hand(events: Sequence[Event]) -> list[Event]:
    """GameStarted, then everything from the second hand on: an excerpt."""
    second = [i for i, e in enumerate(events) if isinstance(e, HandStarted)][1]
    return [events[0], *events[second:]]


def test_own_games_verify() -> None:
    first = EVENTS[0]
    assert isinstance(first, GameStarted) and first.seed is not None
    assert _problem(_file(EVENTS, first.seed)) is None
    assert _problem(_file(EVENTS, first.seed, source="simulate")) is None


def test_an_own_game_with_its_seed_set_to_null_is_refused() -> None:
    problem = _problem(_file(_without_seed(EVENTS), None))
    assert problem is not None and "no seed" in problem and "line 2" in problem


def test_an_own_game_made_an_excerpt_is_refused() -> None:
    """The seed nulled and the first hand dropped: walls and scores become free."""
    data = _file(_from_second_hand(_without_seed(EVENTS)), None)
    problem = _problem(data)
    assert problem is not None and "no seed" in problem


def test_a_header_seed_unlike_the_games_is_refused(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    first = EVENTS[0]
    assert isinstance(first, GameStarted) and first.seed is not None
    path = tmp_path / "g.jsonl"
    path.write_bytes(_file(EVENTS, first.seed + 1))
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert "the header's seed" in out and "line 2" in out and not out.startswith("ok")


def test_an_import_without_a_seed_still_verifies() -> None:
    game = parse_tenhou6(REAL.read_text("utf-8"))
    events = events_from_recorded(game)
    assert _problem(_file(events, None, source="tenhou6:x")) is None
    # the same game claimed as played here is refused: it has no seed
    assert "no seed" in (_problem(_file(events, None)) or "")


def test_a_game_cut_before_its_first_hand_continues_with_it(tmp_path: Path) -> None:
    """A kill between GameStarted and the first HandStarted: Continue deals East 1 from the
    seed, as the game would have (it raised "stuck in phase new")."""
    first = EVENTS[0]
    assert isinstance(first, GameStarted)
    path = tmp_path / "cut.jsonl"
    path.write_bytes(_file(EVENTS[:1], first.seed))
    writer, loaded = GameWriter.resume(path, pointer=False)
    with writer:
        game = Game.from_events(loaded.events, [writer])
    assert game.events[1] == EVENTS[1]
    assert _problem(path.read_bytes()) is None
