"""A release-notes writer versioned with build metadata, which the deploy refuses."""

from __future__ import annotations

from kindgi import Agent

release_notes = Agent(
    id="acme.broken.release-notes",
    version="1.3.0+build.7",
    name="Release notes",
    instructions="Write the release notes from the merged pull requests.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
)
