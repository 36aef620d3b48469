"""Calls sys.exit at import."""

import sys

sys.exit("quitting at import")
