"""`python -m kit.cli ...`: the `kit` command without its console script (kit.cli.commands)."""

import sys

from kit.cli.commands import main

sys.exit(main())
