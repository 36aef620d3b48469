"""`python -m hatch_kindgi check|index`."""

import sys

from hatch_kindgi._cli import main

sys.exit(main())
