"""Where the pipeline reads a pack file's bytes from: the file on disk, or, for an editor
(`hatch-kindgi lsp`), the unsaved text of its buffer laid over that file.

An `Overlay` maps pack-relative paths (with `/`) to the bytes an editor holds for them. The
readers at the bottom of each stage (the pyproject, a block file, a template file) take the
overlay's bytes where it has them, with the same checks as for the file's; which files a
pack has is still the disk's (discovery walks folders), so a buffer counts once its file
exists. Code modules are read by the pack's SDK, from the disk: they change on save.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

Overlay = Mapping[str, bytes]
"""Pack-relative path -> the bytes an editor's buffer holds for that file."""

NO_OVERLAY: Overlay = MappingProxyType({})
"""Every file as the disk has it."""
