"""A simple mjai bot for the tests: it discards what it draws, wins on the tiles it is told,
passes everything else, and appends every line it gets to the file LOG (or nowhere: -).

    simple.py LOG [--ron-on 3p,5pr] [--classic]
"""
import json
import sys
from typing import Any


def main() -> None:
    log = open(sys.argv[1], "a", encoding="utf-8") if sys.argv[1] != "-" else None
    ron_on = set()
    if "--ron-on" in sys.argv:
        ron_on = set(sys.argv[sys.argv.index("--ron-on") + 1].split(","))
    me = 0
    for line in sys.stdin:
        if log:
            log.write(line)
            log.flush()
        data = json.loads(line)
        events = data if isinstance(data, list) else [data]
        for ev in events:
            if ev.get("type") == "start_game":
                me = ev["id"]
        last = events[-1] if events else {}
        kind, actor = last.get("type"), last.get("actor")
        reply: dict[str, Any] = {"type": "none"}
        if kind == "tsumo" and actor == me:
            reply = {"type": "dahai", "actor": me, "pai": last["pai"], "tsumogiri": True}
        elif kind in ("dahai", "kakan") and actor != me and last.get("pai") in ron_on:
            reply = {"type": "hora", "actor": me, "target": actor, "pai": last["pai"]}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
