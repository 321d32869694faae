"""An mjai bot that always discards 1m, or calls pon on anything: mostly illegal replies."""
import json
import sys


def main() -> None:
    for line in sys.stdin:
        events = json.loads(line)
        last = events[-1] if isinstance(events, list) and events else {}
        if last.get("type") == "dahai":
            reply = {"type": "pon", "actor": 0, "target": last["actor"], "pai": last["pai"],
                     "consumed": ["9p", "9p"]}
        else:
            reply = {"type": "dahai", "actor": 0, "pai": "1m", "tsumogiri": False}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
