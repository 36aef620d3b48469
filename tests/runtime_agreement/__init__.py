"""The build held to the Kindgi runtime (the oracle, `tests/oracle/shipped.py`) on realistic
corpora and public suites: where our verdicts and words agree with the shipped runtime's, and
the figures of where they don't."""
