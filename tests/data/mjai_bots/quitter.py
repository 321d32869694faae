"""An mjai bot that exits (status 3, a word on stderr) at its third request."""
import json
import sys


def main() -> None:
    n = 0
    for _line in sys.stdin:
        n += 1
        if n == 3:
            sys.stderr.write("quitter: enough\n")
            sys.exit(3)
        sys.stdout.write(json.dumps({"type": "none"}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
