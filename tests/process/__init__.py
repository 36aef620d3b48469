"""Tests of the child processes we start and the processes that run us: the code stage's SDK
runs (time limits, kills, daemons left behind, the golden reports of the broken packs with
code), git read for a comparison, jobs side by side, the Liquid helper, the language server
over stdio, a fresh interpreter's imports, the benchmarks run end to end. Each test here
starts a process or waits on one, so none of them is in `tests/unit`."""
