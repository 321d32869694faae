"""The structure drawn in docs/architecture.md is the code's: rooms, arrows, no cycles.

The import graph is read with grimp (import-linter's own graph builder).  Each module
belongs to a room (the longest room name that prefixes it); the drawing lists what each
room imports.  The tests check that no module cycle exists, that every arrow points
down the list of rooms, and that the drawing in the docs is the one the code makes.
After a change of structure, redraw it:

    python -m tests.test_structure --update
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import grimp

DOC = Path(__file__).resolve().parents[1] / "docs" / "architecture.md"
BEGIN, END = "<!-- drawn by tests/test_structure.py -->", "<!-- end of drawing -->"

# Top to bottom: a room imports only rooms below it.  "hanchan" is the front door
# module alone (hanchan/__init__.py), which names the public types of every room
# below the command and the app.
ROOMS = ("hanchan.cli", "hanchan.tui", "hanchan", "hanchan.coach", "hanchan.ai",
         "hanchan.saves", "hanchan.words", "hanchan.engine", "hanchan.rulesets",
         "hanchan.errors")


def graph() -> grimp.ImportGraph:
    return grimp.build_graph("hanchan", include_external_packages=False, cache_dir=None)


def room_of(module: str) -> str:
    """The room of ``module``: its longest room prefix (the front door is one module).

    >>> room_of("hanchan.words.names"), room_of("hanchan"), room_of("hanchan.engine.game")
    ('hanchan.words', 'hanchan', 'hanchan.engine')
    """
    if module == "hanchan":
        return "hanchan"
    rooms = [r for r in ROOMS if r != "hanchan" and (module == r or module.startswith(r + "."))]
    return max(rooms, key=len)


def arrows(g: grimp.ImportGraph) -> dict[str, set[str]]:
    """Each room and the rooms it imports directly."""
    out: dict[str, set[str]] = {r: set() for r in ROOMS}
    for module in g.modules:
        for imported in g.find_modules_directly_imported_by(module):
            if room_of(imported) != room_of(module):
                out[room_of(module)].add(room_of(imported))
    return out


def drawing(g: grimp.ImportGraph) -> str:
    """The rooms top to bottom, each with the rooms it imports."""
    found = arrows(g)
    width = max(map(len, ROOMS))
    lines = [f"{room:<{width}}  -> {', '.join(sorted(found[room], key=ROOMS.index)) or '-'}"
             for room in ROOMS]
    return "```\n" + "\n".join(lines) + "\n```"


def cycles(g: grimp.ImportGraph) -> Iterator[list[str]]:
    """The import cycles among modules (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in g.find_modules_directly_imported_by(v):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(g.modules):
        if v not in index:
            visit(v)
    yield from found


def test_no_module_cycle() -> None:
    assert list(cycles(graph())) == []


def test_a_cycle_is_found() -> None:
    g = grimp.ImportGraph()
    for importer, imported in (("a.x", "a.y"), ("a.y", "a.z"), ("a.z", "a.x"), ("a.z", "a.w")):
        g.add_import(importer=importer, imported=imported)
    assert list(cycles(g)) == [["a.x", "a.y", "a.z"]]


def test_every_arrow_points_down() -> None:
    up = {(room, to) for room, tos in arrows(graph()).items() for to in tos
          if ROOMS.index(to) < ROOMS.index(room)}
    assert up == set()


def test_the_drawing_in_the_docs_is_the_code() -> None:
    text = DOC.read_text(encoding="utf-8")
    drawn = text[text.index(BEGIN) + len(BEGIN):text.index(END)].strip()
    assert drawn == drawing(graph()), "redraw it: python -m tests.test_structure --update"


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        sys.exit(__doc__)
    text = DOC.read_text(encoding="utf-8")
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    DOC.write_text(f"{head}{BEGIN}\n{drawing(graph())}\n{END}{tail}", encoding="utf-8")
    print(drawing(graph()))
