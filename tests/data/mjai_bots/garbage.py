"""An mjai bot that answers every request with a line that is not JSON."""
import sys


def main() -> None:
    for _line in sys.stdin:
        sys.stdout.write("I am not JSON {\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
