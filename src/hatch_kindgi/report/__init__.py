"""Report: the `Problem` every stage gives, the registry of problem codes, and the formats a
report is written in (text, JSON, GitHub annotations, SARIF). Every layer may import it; it
imports none."""
