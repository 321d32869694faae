"""What the save folder may not be trusted with: a link to a file outside it, and an index
it did not write (issue 35, item 6).  No answer depends on the index; no link is followed."""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

import pytest

import hanchan.saves.folder as folder_mod
from hanchan.saves.folder import INDEX, LINK, list_games
from hanchan.saves.reader import SaveError
from hanchan.saves.writer import GameWriter, latest_unfinished
from tests.kit.saved_games import played_game
from tests.saves.test_folder import write


def statuses(folder: Path) -> dict[str, tuple[str, str]]:
    return {g.path.name: (g.status, g.reason) for g in list_games(folder)}


def test_a_link_in_the_folder_is_listed_as_unreadable_and_never_continued(
        tmp_path: Path) -> None:
    folder, outside = tmp_path / "saves", tmp_path / "elsewhere"
    folder.mkdir()
    theirs = write(outside, played_game(2)[:200], "theirs")
    data = theirs.read_bytes()
    (folder / "link.jsonl").symlink_to(theirs)
    assert statuses(folder) == {"link.jsonl": ("unreadable", LINK)}
    assert latest_unfinished(folder) is None  # not offered to continue
    with pytest.raises(SaveError, match="is a link to another file"):
        GameWriter.resume(folder / "link.jsonl")
    with pytest.raises(SaveError, match="is a link to another file"):
        GameWriter.resume(folder / "link.jsonl", copy=True)
    assert theirs.read_bytes() == data  # not appended to
    assert sorted(p.name for p in folder.iterdir() if p.name != INDEX) == ["link.jsonl"]


def poison(folder: Path, changes: dict[str, dict[str, object]]) -> None:
    index = json.loads((folder / INDEX).read_bytes())
    for name, fields in changes.items():
        index["games"][name].update(fields)
    (folder / INDEX).write_text(json.dumps(index), encoding="utf-8")


def test_a_poisoned_index_is_not_believed(tmp_path: Path) -> None:
    write(tmp_path, played_game(2), "done")
    write(tmp_path, played_game(2)[:300], "part")
    good = statuses(tmp_path)
    assert good == {"done.jsonl": ("finished", ""), "part.jsonl": ("unfinished", "")}
    # the unfinished game shown as finished, the good one as damaged (the keys kept)
    poison(tmp_path, {"part.jsonl": {"status": "finished"},
                      "done.jsonl": {"status": "unreadable", "reason": "line 7: damaged"}})
    assert statuses(tmp_path) == good
    assert latest_unfinished(tmp_path) == tmp_path / "part.jsonl"


def test_an_index_signed_with_another_key_is_read_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An index copied in with the games (another user's, another machine's) is a guess:
    its entries are not believed, and the files are read."""
    write(tmp_path, played_game(2)[:300], "part")
    monkeypatch.setattr(folder_mod, "_secret", b"k" * folder_mod.KEY_BYTES)
    poison_key = statuses(tmp_path)  # an index written under another key
    poison(tmp_path, {"part.jsonl": {"status": "empty"}})
    monkeypatch.setattr(folder_mod, "_secret", None)  # this user's key again
    opened: list[str] = []
    real_peek = folder_mod.peek

    def counting(path: Path, *, follow: bool = True) -> folder_mod.SavedGame:
        opened.append(path.name)
        return real_peek(path, follow=follow)

    monkeypatch.setattr(folder_mod, "peek", counting)
    assert statuses(tmp_path) == poison_key == {"part.jsonl": ("unfinished", "")}
    assert opened == ["part.jsonl"]
    assert statuses(tmp_path) == poison_key and opened == ["part.jsonl"]  # now trusted


def test_a_damaged_game_in_a_read_only_folder_is_refused_in_one_sentence(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its good part would go to a -continued copy, which the folder cannot take."""
    path = write(tmp_path, played_game(2)[:300], "part")
    lines = path.read_bytes().split(b"\n")
    lines[150] = b"{not json"
    path.write_bytes(b"\n".join(lines))
    before = sorted(tmp_path.iterdir())

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    with pytest.raises(SaveError) as refused:
        GameWriter.resume(path)
    assert str(refused.value) == (f"{path}: its good part cannot be copied to continue, since "
                                  "its folder cannot be written (Permission denied)")
    assert sorted(tmp_path.iterdir()) == before


def test_a_game_with_no_hand_is_listed_as_not_started_and_not_offered(tmp_path: Path) -> None:
    """An import of no hand holds GameStarted alone: there is no table to continue from."""
    part = write(tmp_path, played_game(2)[:300], "part")
    os.utime(part, (time.time() - 60, time.time() - 60))
    write(tmp_path, [played_game(2)[0]], "imported")  # the newer
    assert statuses(tmp_path) == {"imported.jsonl": ("empty", ""),
                                  "part.jsonl": ("unfinished", "")}
    assert latest_unfinished(tmp_path) == part
