"""The Hatchling adapter: takes a build of a pack, registers the `kindgi` hook (`hooks.py`),
runs the pipeline inside the build (`plugin.py`, on its steps: what it says, `report.py`;
`force_include` read late, `late.py`; the entries and files it hands hatchling,
`inclusions.py`) and gives the wheel its layout (`layout.py`)."""
