"""Prints a megabyte at import (no newline at the end), then raises."""

import sys

sys.stdout.write("x" * 1_048_576)
sys.stdout.write('{"kind": "ok", "value": {"fileErrors": []}')
raise ValueError("failed after printing a megabyte")
