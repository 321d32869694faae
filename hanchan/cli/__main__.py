"""``python -m hanchan.cli``: the ``hanchan`` command."""

import sys

from hanchan.cli.main import main

sys.exit(main())
