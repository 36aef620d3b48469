"""Calls os._exit at import: no exception, no cleanup, the process is gone."""

import os
import sys

sys.stderr.write("fatal: no database\n")
sys.stderr.flush()
os._exit(7)
