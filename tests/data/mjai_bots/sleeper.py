"""An mjai bot that answers its first requests in time, then sleeps on every later one."""
import json
import sys
import time


def main() -> None:
    PROMPT = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    n = 0
    for _line in sys.stdin:
        n += 1
        if n > PROMPT:
            time.sleep(3600)
        sys.stdout.write(json.dumps({"type": "none"}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
