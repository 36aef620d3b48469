"""What a change does to a pack, against a reference: the data `diff` prints."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class EntryIds:
    """An entry id one side has and the other doesn't, with its versions and files."""

    kind: str
    id: str
    versions: tuple[str, ...]
    files: tuple[str, ...]


@dataclass(frozen=True)
class NewVersion:
    """A version of an id both sides have, which only the pack now brings.

    `before` is the highest version at the reference; `picked_up_by`, the agents whose range
    now takes this version as the newest the pack brings."""

    kind: str
    id: str
    before: str | None
    version: str
    file: str
    picked_up_by: tuple[str, ...] = ()


@dataclass(frozen=True)
class RemovedVersion:
    """A version of an id both sides have, which only the reference has (its file there)."""

    kind: str
    id: str
    version: str
    file: str


@dataclass(frozen=True)
class Reused:
    """A version both sides have with other content: where it first differs, each side's
    value there as shown in a message (None where absent), and the next free version."""

    kind: str
    id: str
    version: str
    file: str
    pointer: str
    before: str | None
    after: str | None
    next_version: str | None


@dataclass(frozen=True)
class EnvNames:
    """Env names of one list (`required`, `optional`) added or removed."""

    required: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()


@dataclass(frozen=True)
class PackDiff:
    """Everything the change does to the pack against `ref`, each list sorted."""

    ref: str
    pack_version: str | None
    pack_version_before: str | None
    added: tuple[EntryIds, ...] = ()
    removed: tuple[EntryIds, ...] = ()
    new_versions: tuple[NewVersion, ...] = ()
    removed_versions: tuple[RemovedVersion, ...] = ()
    reused: tuple[Reused, ...] = ()
    env_added: EnvNames = field(default_factory=EnvNames)
    env_removed: EnvNames = field(default_factory=EnvNames)
    notes: tuple[str, ...] = ()

    @property
    def changes_nothing(self) -> bool:
        """Whether no entry, version or env name changed."""
        return not (
            self.added
            or self.removed
            or self.new_versions
            or self.removed_versions
            or self.reused
            or self.env_added.required
            or self.env_added.optional
            or self.env_removed.required
            or self.env_removed.optional
        )
