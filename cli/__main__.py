"""``python -m cli``: the ``hanchan`` command."""

import sys

from cli.main import main

sys.exit(main())
