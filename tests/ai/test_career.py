"""``ai.career``: a player's record over the save folder equals simulate's figures, is read
through signed caches, and skips damaged files (issue 38, "your games add up")."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import settings

import hanchan.ai.career as career
import hanchan.saves.folder as folder_mod
from hanchan.ai.arena import SeatStats, run, stats_from_events
from hanchan.ai.career import CACHE, ReviewFigures, record, review_games, summary
from hanchan.coach.career import notes
from hanchan.engine.events import GameEnded, HandDrawn, Won
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.codec import SeatInfo
from hanchan.saves.reader import load
from hanchan.saves.writer import GameWriter, make_header
from tests.kit.saved_games import played_game

REVIEW_KEYS = {"reviewed_games", "agreement", "mistakes_per_game"}


def _simulate_and_compare(folder: Path, levels: list[str], games: int, seed: int) -> None:
    result = run(Ruleset(), levels, games, seed, save_dir=str(folder))
    for level, stats in result.by_level.items():
        rec = record(folder, player=f"{level} bot")
        mine = summary(rec.games)
        assert {k: v for k, v in mine.items() if k not in REVIEW_KEYS} == stats.summary()
        assert mine["seat_games"] == games * levels.count(level)
        assert rec.unreadable == [] and rec.unfinished == 0


def test_a_seat_over_simulated_games_has_simulates_figures(tmp_path: Path) -> None:
    # two seats of one level: simulate sums both, and so does --player
    _simulate_and_compare(tmp_path, ["greedy", "random", "easy", "greedy"], 6, seed=3)


@pytest.mark.slow
def test_two_hundred_simulated_games_give_simulates_figures(tmp_path: Path) -> None:
    # 200 games under the "thorough" profile (issue 38's check); a fifth of the hypothesis
    # budget of games otherwise (ci: 60), to keep CI within its time
    budget = settings().max_examples
    games = 200 if budget >= 2000 else max(12, budget // 5)
    _simulate_and_compare(tmp_path, ["easy", "normal", "strong", "greedy"], games, seed=7)


def _save(folder: Path, name: str, seed: int, seats: list[SeatInfo],
          source: str | None = None, rules: Ruleset | None = None) -> Path:
    events = list(played_game(seed, "greedy", rules))
    start = events[0]
    header = make_header(start.ruleset.to_dict(), seats, seed,  # type: ignore[union-attr]
                         source=source)
    with GameWriter.create(folder, header, name=name, pointer=False) as w:
        w.extend(events)
    return w.path


def _own(folder: Path, name: str, seed: int, human: int = 0,
         rules: Ruleset | None = None) -> Path:
    seats = [SeatInfo("You") if s == human else SeatInfo(f"Bot {s}", "greedy")
             for s in range(4)]
    return _save(folder, name, seed, seats, rules=rules)


def _figures(path: Path, seat: int) -> SeatStats:
    return stats_from_events(load(path).events)[seat]


def test_own_games_count_the_human_seat_and_skip_imports_and_bots(tmp_path: Path) -> None:
    a = _own(tmp_path, "a", 1, human=0)
    b = _own(tmp_path, "b", 2, human=2)
    bots = [SeatInfo(f"Bot {s}", "greedy") for s in range(4)]
    _save(tmp_path, "sim", 3, bots, source="simulate")
    _save(tmp_path, "log", 4, [SeatInfo("Alice"), SeatInfo("Bob"), SeatInfo("You"),
                               SeatInfo("Dan")], source="tenhou6")
    rec = record(tmp_path)
    assert sorted((g.path.name, g.seat) for g in rec.games) == [("a.jsonl", 0), ("b.jsonl", 2)]
    want = SeatStats()
    want.add(_figures(a, 0))
    want.add(_figures(b, 2))
    assert rec.total() == want
    # --player: that name's seat in every game, imported ones too
    named = record(tmp_path, player="alice")
    assert [(g.path.name, g.seat) for g in named.games] == [("log.jsonl", 0)]


def test_rules_and_last_choose_the_games(tmp_path: Path) -> None:
    _own(tmp_path, "t1", 1)
    _own(tmp_path, "m1", 2, rules=Ruleset(name="mleague"))
    newest = _own(tmp_path, "t2", 3)
    os.utime(newest, (2e9, 2e9))  # the newest by time (same header second)
    assert {g.path.name for g in record(tmp_path, rules="tenhou").games} == {"t1.jsonl",
                                                                             "t2.jsonl"}
    assert [g.path.name for g in record(tmp_path, last=1).games] == ["t2.jsonl"]
    assert set(record(tmp_path).by_rules()) == {"tenhou", "mleague"}


def test_a_second_look_reads_no_game_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    for i in range(3):
        _own(tmp_path, f"g{i}", i + 1)
    told: list[tuple[int, int]] = []
    first = record(tmp_path, progress=lambda done, todo: told.append((done, todo)))
    assert told == [(0, 3), (1, 3), (2, 3), (3, 3)]
    assert (tmp_path / CACHE).is_file()

    def refuse(*_: Any, **__: Any) -> Any:
        raise AssertionError("a game file was read")

    monkeypatch.setattr(career, "load", refuse)
    monkeypatch.setattr(folder_mod, "peek", refuse)
    second = record(tmp_path, progress=lambda done, todo: told.append((done, todo)))
    assert second.games == first.games and len(told) == 4


def test_a_changed_file_is_read_again(tmp_path: Path) -> None:
    a = _own(tmp_path, "a", 1)
    record(tmp_path)
    b_events = (tmp_path / "b.jsonl")
    _own(tmp_path, "b", 2)
    a.write_bytes(b_events.read_bytes())  # a now holds b's game: its figures must follow
    os.utime(a, ns=(10**18, 10**18))
    got = {g.path.name: g.stats for g in record(tmp_path).games}
    assert got["a.jsonl"] == _figures(b_events, 0)


def test_a_poisoned_cache_is_not_believed(tmp_path: Path) -> None:
    a = _own(tmp_path, "a", 1)
    record(tmp_path)
    data = json.loads((tmp_path / CACHE).read_text())
    entry = data["games"]["a.jsonl"]
    entry["stats"][0]["wins"] = 999  # edited: its signature no longer holds
    entry["review"][0] = {"decisions": 10, "agreed": 10, "mistakes": 0}
    (tmp_path / CACHE).write_text(json.dumps(data))
    rec = record(tmp_path)
    assert rec.games[0].stats == _figures(a, 0) and rec.games[0].review is None
    # a cache that is not JSON at all, or a folder instead of it: read the games again
    (tmp_path / CACHE).write_bytes(b"[[[[" * 1000)
    assert record(tmp_path).games[0].stats == _figures(a, 0)
    (tmp_path / CACHE).unlink()
    (tmp_path / CACHE).mkdir()
    assert record(tmp_path).games[0].stats == _figures(a, 0)


def test_damaged_saves_are_skipped_and_counted(tmp_path: Path) -> None:
    good = _own(tmp_path, "good", 1)
    (tmp_path / "junk.jsonl").write_bytes(b"[[[[")
    # damaged in the middle: its first and last lines still say a finished game
    middle = _own(tmp_path, "middle", 2)
    lines = middle.read_bytes().split(b"\n")
    lines[40] = b'{"type":"Drew","seat":"nine"}'
    middle.write_bytes(b"\n".join(lines))
    # a final table the decoder lets through (ranks are not bounded there)
    ranks = _own(tmp_path, "ranks", 3)
    lines = ranks.read_bytes().rstrip(b"\n").split(b"\n")
    end = json.loads(lines[-1])
    end["table"][0]["rank"] = 9
    lines[-1] = json.dumps(end).encode()
    ranks.write_bytes(b"\n".join(lines) + b"\n")
    os.symlink(good, tmp_path / "link.jsonl")
    rec = record(tmp_path)
    assert [g.path.name for g in rec.games] == ["good.jsonl"]
    bad = {p.name: why for p, why in rec.unreadable}
    assert set(bad) == {"junk.jsonl", "middle.jsonl", "ranks.jsonl", "link.jsonl"}
    assert "line 41" in bad["middle.jsonl"] and "ranked 1 to 4" in bad["ranks.jsonl"]
    assert "4 files could not be read." in notes(rec)
    assert record(tmp_path).unreadable == rec.unreadable  # the same from the cache


def test_the_review_is_kept_once_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                       ) -> None:
    _own(tmp_path, "a", 1)
    rec = record(tmp_path)
    assert rec.unreviewed() == rec.games
    seen: list[tuple[int, int]] = []
    done = review_games(tmp_path, rec.games, lambda d, t: seen.append((d, t)))
    figures = done[0].review
    assert figures is not None and figures.decisions > 0
    assert 0 <= figures.mistakes <= figures.decisions - figures.agreed
    assert seen[0] == (0, 1) and seen[-1] == (1, 1)

    def refuse(*_: Any, **__: Any) -> Any:
        raise AssertionError("reviewed again")

    monkeypatch.setattr(career, "review_game", refuse)
    again = record(tmp_path)
    assert again.games[0].review == figures and again.unreviewed() == []
    assert review_games(tmp_path, again.games)[0].review == figures
    s = summary(again.games)
    assert s["reviewed_games"] == 1
    assert s["agreement"] == round(figures.agreed / figures.decisions, 4)
    assert s["mistakes_per_game"] == figures.mistakes
    # a review made by an older review (signed, but of another REVIEW_VERSION) is dropped
    cache = career._read_cache(tmp_path)
    old = msgspec.structs.replace(cache["a.jsonl"], review_version=career.REVIEW_VERSION - 1)
    cache["a.jsonl"] = msgspec.structs.replace(old, mac=career._mac("a.jsonl", old))
    career._write(tmp_path, cache)
    assert record(tmp_path).games[0].review is None


def test_review_summary_counts_only_reviewed_games() -> None:
    g = career.PlayerGame(Path("x"), "", "tenhou", 0, SeatStats(games=1, ranks=[1, 0, 0, 0]),
                          ReviewFigures(40, 30, 2))
    h = career.PlayerGame(Path("y"), "", "tenhou", 0, SeatStats(games=1, ranks=[0, 0, 1, 0]),
                          None)
    assert career.review_summary([g, h]) == {"reviewed_games": 1, "agreement": 0.75,
                                             "mistakes_per_game": 2.0}
    assert career.review_summary([h])["agreement"] is None
    rec = career.Record(None, [g, h, g])
    assert rec.trend(2) == [1.0, 2.0, 2.0]


def test_stats_read_deal_ins_and_tenpai_at_draws_from_the_events() -> None:
    events = played_game(1, "greedy")
    stats = stats_from_events(events)
    for seat in range(4):
        dealt = [w.points for ev in events if isinstance(ev, Won) for w in ev.wins
                 if w.from_seat == seat]
        draws = [ev for ev in events if isinstance(ev, HandDrawn) and ev.kind == "exhaustive"]
        assert stats[seat].deal_in_points == sum(dealt)
        assert stats[seat].exhaustive_draws == len(draws)
        assert stats[seat].draw_tenpai == sum(ev.tenpai[seat] for ev in draws)
    assert isinstance(events[-1], GameEnded)
