"""The Hatchling adapter: takes a build of a pack, registers the `kindgi` hook (`hooks.py`),
runs the pipeline inside the build (`plugin.py`) and gives the wheel its layout (`layout.py`)."""
