"""`python -m hatch_kindgi check|index`."""

import sys

from hatch_kindgi.cli.main import main

sys.exit(main())
