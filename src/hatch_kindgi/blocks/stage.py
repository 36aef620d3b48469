"""The blocks stage: every block file read and checked, and turned into its index entry.

Each file is checked on its own first (JSON, shape, template), then the rules across files
run: one file per id and version, one kind per id, schemas inherited by later versions,
and the settings templates read. Nothing a pack author writes makes this raise.

Every verdict is the target profile's (`config.target`). Without a target, a block that
self-hosted takes is checked again for what the hosted profile changes (its schema's
measures, patterns and formats; its template's length), and what only hosted refuses is a
warning on it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hatch_kindgi.blocks.cache import FileResults, source_fingerprint
from hatch_kindgi.blocks.json_reader import read_json_object
from hatch_kindgi.blocks.line_ends import GitAttributes, line_ends_problem
from hatch_kindgi.blocks.liquid import TemplateSite
from hatch_kindgi.blocks.settings import SchemaChecks
from hatch_kindgi.blocks.shape import (
    KINDS,
    SCHEMA_KEY,
    BlockHeader,
    check_shape,
    format_version,
)
from hatch_kindgi.blocks.template_file import ListDir, Listings, read_template_file
from hatch_kindgi.blocks.templates import TemplateChecks, checking
from hatch_kindgi.config.sources import NO_OVERLAY, Overlay, read_pack_file
from hatch_kindgi.config.stage import DEFAULT_MAX_FILE_SIZE
from hatch_kindgi.config.target import DEFAULT_TARGET, Target
from hatch_kindgi.discover.stage import other_match
from hatch_kindgi.engines.ajv.formats import watching_fast_formats
from hatch_kindgi.engines.bounds import Bounds
from hatch_kindgi.engines.javascript.strings import code_unit_key, is_blank
from hatch_kindgi.engines.liquidjs.tenant import TOO_LONG_UNITS, template_too_long
from hatch_kindgi.report.order import ordered
from hatch_kindgi.report.problems import Problem, error, has_errors

if TYPE_CHECKING:
    from hatch_kindgi.blocks.liquid import SettingsRead, TemplateCheck


@dataclass(frozen=True)
class BlocksOutcome:
    """The index entries of a pack's blocks and the problems found in them.

    `entries` holds the blocks without errors, each as declared with `templateFile`
    replaced by `template` (the file's text) and `modulePath` added, sorted by id (UTF-16
    code units) then version (numerically).
    """

    entries: tuple[dict[str, Any], ...]
    problems: tuple[Problem, ...]
    template_files: Mapping[str, str] = field(default_factory=dict)
    """The template file of each entry that has a `templateFile`, by the entry's `modulePath`."""
    erred: tuple[dict[str, Any], ...] = ()
    """The blocks with errors, each as far as its file says it (the `id`, `kind`, `version`
    and `content` it declares, whatever their faults) with `modulePath` added, in file
    order: in no index, but blocks the pack brings all the same, so what names one is
    checked against it (its errors are its own) and an editor completes from it."""


class BlocksCache:
    """What a later run of the stage may reuse: each file's own checks while the file (and
    its template file) is unchanged, and the schemas already checked, by target. The rules
    across files always run again."""

    def __init__(self) -> None:
        self.files: FileResults[_Block] = FileResults()
        self._checks: dict[Target, _Checks] = {}

    def checks(self, target: Target) -> _Checks:
        """The schema checks of `target`, kept between runs."""
        return self._checks.setdefault(target, _Checks(target))


class _Checks:
    """The schema checks of one run: the target's verdicts, and the warned profile's on what
    those take."""

    def __init__(self, target: Target) -> None:
        self.target = target
        self.verdict = SchemaChecks(target.bounds)
        self.warned = (
            None
            if target.warn is None
            else SchemaChecks(target.warn, differences_only=True, sharing=self.verdict)
        )


def check_blocks(
    root: Path,
    files: Sequence[str],
    blocks_folder: str,
    others: Sequence[str] = (),
    *,
    max_file_bytes: int = DEFAULT_MAX_FILE_SIZE,
    list_dir: ListDir = os.listdir,
    cache: BlocksCache | None = None,
    overlay: Overlay = NO_OVERLAY,
    target: Target = DEFAULT_TARGET,
) -> BlocksOutcome:
    """Check the block files `files` (pack-relative) of the pack at `root`.

    `blocks_folder` is the blocks glob's static prefix ("" for the pack root): templates
    stay inside it. `others` are paths the glob matched that are not regular files. With a
    `cache`, a file unchanged since the cache's last run is not checked on its own again.
    A block or template file `overlay` has is read from there (an editor's buffer). `target`:
    whose verdicts, and the warnings on what only the other profile refuses.
    """
    problems = [_not_a_file(root, path) for path in others]
    checks = _Checks(target) if cache is None else cache.checks(target)
    # A kept block must be whole when kept: with a cache (`check --watch`, a few files at a
    # time) every template is checked here, at once.
    with checking(len(files) if cache is None else 0) as template_checks:
        blocks = _check_files(
            root,
            sorted(files),
            blocks_folder,
            max_file_bytes,
            list_dir,
            checks,
            template_checks,
            cache,
            overlay,
        )
    _check_across(blocks, checks)
    for block in blocks:
        problems.extend(block.problems)
        if block.warned and not has_errors(block.problems):
            problems.extend(target.warning(each) for each in block.warned)
    clean = [block for block in blocks if block.is_clean()]
    entries = [block.entry() for block in clean]
    # A clean block's id is ASCII (`shape.ID_PATTERN`): no surrogate to tell the keys apart.
    entries.sort(key=lambda entry: (code_unit_key(entry["id"]), _version_key(entry)))
    templates = {block.file: block.template_file for block in clean if block.template_file}
    erred = tuple(
        block.as_declared()
        for block in blocks
        if block.declared is not None and not block.is_clean()
    )
    return BlocksOutcome(tuple(entries), tuple(ordered(problems)), templates, erred)


_NO_HEADER = BlockHeader(None, None, None)
_DECLARED = ("id", "kind", "version", "content")


@dataclass
class _Block:
    """One block file as its checks go along."""

    file: str
    declared: dict[str, Any] | None = None
    header: BlockHeader = _NO_HEADER
    template: str | None = None
    template_file: str | None = None
    reads: tuple[SettingsRead, ...] = ()
    problems: list[Problem] = field(default_factory=list)
    warned: list[Problem] = field(default_factory=list)
    """The errors only the warned profile finds (`Target.warn`): warnings once the block is
    known to have no error of its own."""
    keepable: bool = True  # False when a file it needs could not be read: check it again

    def accept_template(self, checked: TemplateCheck) -> None:
        """The check of the block's template, when it comes."""
        self.problems.extend(checked.problems)
        self.reads = checked.settings_reads

    def is_clean(self) -> bool:
        return self.declared is not None and not has_errors(self.problems)

    def content(self) -> dict[str, Any] | None:
        if self.declared is None or not isinstance(self.declared.get("content"), dict):
            return None
        content: dict[str, Any] = self.declared["content"]
        return content

    def as_declared(self) -> dict[str, Any]:
        """What the file declares of the block (a block with errors: no entry of the
        index), with its `modulePath`."""
        assert self.declared is not None
        declared = {key: self.declared[key] for key in _DECLARED if key in self.declared}
        declared["modulePath"] = self.file
        return declared

    def entry(self) -> dict[str, Any]:
        assert self.declared is not None
        entry = dict(self.declared)
        entry.pop(SCHEMA_KEY, None)  # the editor's, not the block's
        content = dict(self.content() or {})
        if "templateFile" in content:
            del content["templateFile"]
            content["template"] = self.template
        entry["content"] = content
        entry["modulePath"] = self.file
        return entry


def _check_files(  # noqa: PLR0917 (the run's shared state, threaded through)
    root: Path,
    files: Sequence[str],
    blocks_folder: str,
    max_bytes: int,
    list_dir: ListDir,
    checks: _Checks,
    templates: TemplateChecks,
    cache: BlocksCache | None = None,
    overlay: Overlay = NO_OVERLAY,
) -> list[_Block]:
    """Each file checked on its own, in the order given (templates maybe answered later);
    with a `cache`, the result of an earlier run for each file unchanged since (as a copy the
    rules across files may add to)."""
    listings = Listings(list_dir, overlay)
    if cache is None:
        return [
            _check_file(root, file, blocks_folder, max_bytes, listings, checks, templates)
            for file in files
        ]
    cache.files.use_context((str(root), blocks_folder, max_bytes, checks.target))
    blocks = []
    for file in files:
        block = cache.files.get(root, file, overlay)
        if block is None:
            before = source_fingerprint(root, file, overlay)
            block = _check_file(root, file, blocks_folder, max_bytes, listings, checks, templates)
            if block.keepable:
                sources = {file: before}
                if block.template_file is not None:
                    sources[block.template_file] = source_fingerprint(
                        root, block.template_file, overlay
                    )
                cache.files.keep(file, sources, block)
        blocks.append(replace(block, problems=list(block.problems), warned=list(block.warned)))
    return blocks


def _check_file(  # noqa: PLR0917 (the run's shared state, threaded through)
    root: Path,
    file: str,
    blocks_folder: str,
    max_bytes: int,
    listings: Listings,
    checks: _Checks,
    templates: TemplateChecks,
) -> _Block:
    block = _Block(file)
    data = _read_bytes(root, file, max_bytes, block.problems, listings.overlay)
    if data is None:
        block.keepable = False
        return block
    parsed = read_json_object(file, data)
    block.problems.extend(parsed.problems)
    if parsed.value is None:
        return block
    block.declared = parsed.value
    shape = check_shape(file, parsed.value)
    block.header = shape.header
    block.problems.extend(shape.problems)
    content = block.content()
    if content is None:
        return block
    if shape.header.kind == "prompt":
        _check_prompt(
            root,
            block,
            content=content,
            blocks_folder=blocks_folder,
            max_bytes=max_bytes,
            listings=listings,
            templates=templates,
            target=checks.target,
        )
    elif shape.header.kind == "settings":
        _check_own_schema(block, content, checks)
    return block


def _check_own_schema(block: _Block, content: dict[str, Any], checks: _Checks) -> None:
    """The settings block's own schema, and its values against it: all one file shows.

    Values checked against an earlier version's schema wait for `_check_settings`.
    """
    schema = content.get("schema")
    if not isinstance(schema, dict):
        return
    values = content.get("values")
    values = values if schema and isinstance(values, dict) else None
    _check_schema(block, checks, schema, values)


def _check_schema(
    block: _Block,
    checks: _Checks,
    schema: dict[str, Any],
    values: dict[str, Any] | None,
    inherited_from: str | None = None,
) -> None:
    """A schema and the values checked against it (its own, or a later version's), under the
    target's bounds; and under the warned profile's, when the block has no error (its values
    only where they can differ: patterns, or a format that decided otherwise)."""
    if checks.warned is None:
        block.problems.extend(
            _schema_problems(block.file, checks.verdict, schema, values, inherited_from)
        )
        return
    with watching_fast_formats() as flipped:
        block.problems.extend(
            _schema_problems(block.file, checks.verdict, schema, values, inherited_from)
        )
    if not has_errors(block.problems):
        found = _schema_problems(
            block.file, checks.warned, schema, values, inherited_from, bool(flipped)
        )
        block.warned.extend(problem for problem in found if problem.severity == "error")


def _schema_problems(  # noqa: PLR0917 (one check's inputs, in order)
    file: str,
    checks: SchemaChecks,
    schema: dict[str, Any],
    values: dict[str, Any] | None,
    inherited_from: str | None,
    formats_differ: bool = True,
) -> list[Problem]:
    """The schema's problems (unless inherited: its own file has them), then the values'."""
    found = [] if inherited_from is not None else checks.schema_problems(file, schema)
    if values is not None:
        found.extend(
            checks.value_problems(
                file, values, schema, inherited_from, formats_differ=formats_differ
            )
        )
    return found


def _check_prompt(
    root: Path,
    block: _Block,
    *,
    content: dict[str, Any],
    blocks_folder: str,
    max_bytes: int,
    listings: Listings,
    templates: TemplateChecks,
    target: Target,
) -> None:
    inline = content.get("template")
    path = content.get("templateFile")
    if isinstance(inline, str) and inline:
        site = TemplateSite(block.file, inline=True)
        text = inline
    elif isinstance(path, str) and path and "template" not in content:
        found = read_template_file(
            root, block.file, path, blocks_folder, max_bytes=max_bytes, listings=listings
        )
        block.problems.extend(found.problems)
        if found.path is None or found.text is None:
            block.keepable = False
            return
        site = TemplateSite(found.path, inline=False)
        text = found.text
        block.template_file = found.path
        if "\r" in text:
            # What git checks it out as depends on .gitattributes files no cache watches.
            block.keepable = False
            if listings.attributes is None:
                listings.attributes = GitAttributes(root, listings.overlay)
            crlf = line_ends_problem(root, found.path, text, attributes=listings.attributes)
            if crlf is not None:
                block.problems.append(crlf)
    else:
        return
    block.template = text
    too_long = _template_too_long(block, text, site, target.bounds)
    if too_long is not None:  # the runtime doesn't parse it: nor do we
        block.problems.append(too_long)
        return
    if target.warn is not None:
        block.warned.extend(filter(None, [_template_too_long(block, text, site, target.warn)]))
    templates.check(text, site, _parameter_names(content), block.accept_template)


def _template_too_long(
    block: _Block, text: str, site: TemplateSite, bounds: Bounds
) -> Problem | None:
    """A template longer than `bounds` let liquidjs parse (`templateProblem`, after the blank
    check: a blank one is refused as blank), in the runtime's words."""
    runtime = template_too_long(text, bounds)
    if runtime is None or is_blank(text):
        return None
    message = f"{runtime} {TOO_LONG_UNITS}: split it into blocks, or move long text into settings"
    pointer = site.pointer if site.inline else None
    return error("template-too-long", site.file, message, pointer=pointer)


def _parameter_names(content: dict[str, Any]) -> frozenset[str]:
    parameters = content.get("parameters")
    if not isinstance(parameters, list):
        return frozenset()
    return frozenset(
        parameter["name"]
        for parameter in parameters
        if isinstance(parameter, dict) and isinstance(parameter.get("name"), str)
    )


def _check_across(blocks: Sequence[_Block], checks: _Checks) -> None:
    first_file: dict[tuple[str, tuple[int, int, int]], str] = {}
    first_kind: dict[str, tuple[str, str]] = {}
    for block in blocks:
        block_id, version, kind = block.header.id, block.header.version, block.header.kind
        if block_id is not None and version is not None:
            earlier = first_file.setdefault((block_id, version), block.file)
            if earlier != block.file:
                block.problems.append(
                    error(
                        "block-duplicate",
                        block.file,
                        f"{block_id} {format_version(version)} is also declared in {earlier}; "
                        "a version of a block is one file (give this one a new version)",
                        pointer="/version",
                    )
                )
        if block_id is not None and kind is not None:
            earlier_kind, earlier_file = first_kind.setdefault(block_id, (kind, block.file))
            if earlier_kind != kind:
                block.problems.append(
                    error(
                        "block-kind-conflict",
                        block.file,
                        f"{block_id} is a {earlier_kind} block in {earlier_file}; every version "
                        f"of a block has the same kind",
                        pointer="/kind",
                    )
                )
    settings_values = _check_settings(blocks, first_kind, checks)
    kinds = {block_id: kind for block_id, (kind, _) in first_kind.items()}
    for block in blocks:  # an id that is no id still names its block: the file's error
        named = _named_id(block)
        if block.header.id is None and named is not None and block.header.kind is not None:
            kinds.setdefault(named, block.header.kind)
    left_open: frozenset[str] | None = None
    for block in blocks:
        if block.reads:  # only a parsed template reads settings: python-liquid is loaded
            from hatch_kindgi.blocks.liquid import settings_read_problems

            left_open = _left_open(blocks) if left_open is None else left_open
            block.problems.extend(
                settings_read_problems(block.reads, settings_values, kinds, left_open)
            )


def _left_open(blocks: Sequence[_Block]) -> frozenset[str]:
    """The ids that block files declare (strings) whose own errors leave open whether the
    block is settings or what values it holds: a kind that is no kind, settings values that
    are no object. Each such file has an error of its own. (An id that is no id leaves
    nothing open: the reads name the string the file declares, as the code's reads do.)"""
    found: set[str] = set()
    for block in blocks:
        named = _named_id(block)
        if block.declared is None or named is None:
            continue
        content = block.declared.get("content")
        kind = block.declared.get("kind")
        if kind not in KINDS or (
            kind == "settings"
            and not (isinstance(content, dict) and isinstance(content.get("values"), dict))
        ):
            found.add(named)
    return frozenset(found)


def _named_id(block: _Block) -> str | None:
    """The id a read names the block by: the one its file declares, when that is a string
    (valid or not: an invalid one is its file's error, and a read of it is still of it)."""
    named = None if block.declared is None else block.declared.get("id")
    return named if isinstance(named, str) else None


def _check_settings(
    blocks: Sequence[_Block], first_kind: dict[str, tuple[str, str]], checks: _Checks
) -> dict[str, list[dict[str, Any]]]:
    """Check values against the schema of an earlier version of the same id; the values of
    each settings id (an id a file declares that is no id included: a read names it, and its
    error is its file's). A block that declares no string id is no version of anything."""
    versions: dict[str, list[_Block]] = {}
    for block in blocks:
        named = _named_id(block)
        if block.header.kind == "settings" and block.content() is not None and named is not None:
            versions.setdefault(named, []).append(block)
    values_by_id: dict[str, list[dict[str, Any]]] = {}
    for block_id, group in versions.items():
        group.sort(key=lambda block: block.header.version or (-1, -1, -1))
        inherited: tuple[dict[str, Any], str] | None = None
        # An id that is no id has no first kind (nor a kind conflict): its own is settings.
        kind = first_kind.get(block_id, ("settings", ""))[0]
        for block in group:
            content = block.content()
            assert content is not None
            values = content.get("values")
            if isinstance(values, dict) and kind == "settings":
                values_by_id.setdefault(block_id, []).append(values)
            schema = content.get("schema")
            if isinstance(schema, dict):  # checked with its file, by `_check_own_schema`
                version = block.header.version
                if version is not None:
                    inherited = (schema, format_version(version)) if schema else None
            elif "schema" not in content and inherited is not None and isinstance(values, dict):
                _check_schema(block, checks, inherited[0], values, inherited[1])
    return values_by_id


def _read_bytes(
    root: Path, file: str, max_bytes: int, problems: list[Problem], overlay: Overlay
) -> bytes | None:
    read = read_pack_file(root / file, max_bytes, overlay.get(file))
    if isinstance(read, bytes):
        return read
    if read.why == "too-large":
        problems.append(
            error(
                "block-too-large",
                file,
                f"the file is {read.size} bytes, more than the limit of {max_bytes} "
                "(hook option `max-file-size`)",
            )
        )
    elif read.why == "error":
        problems.append(error("block-read", file, f"cannot be read: {read.reason}"))
    else:
        problems.append(_not_a_file(root, file))
    return None


def _not_a_file(root: Path, file: str) -> Problem:
    other = other_match(root, file)
    if other.kind == "folder":
        return error(
            "block-not-file", file, "is a folder named like a block file; a block is one JSON file"
        )
    return error("block-not-file", file, f"{other.said}, not a block file")


def _version_key(entry: dict[str, Any]) -> tuple[int, ...]:
    return tuple(int(part) for part in str(entry["version"]).split("."))
