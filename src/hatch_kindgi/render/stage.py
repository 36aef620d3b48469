"""The render stage's entry: what to render (a prompt block, or an agent's instructions), with
which parameters and which settings, rendered strictly."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from hatch_kindgi.blocks.liquid import TemplateSite
from hatch_kindgi.blocks.shape import parse_version
from hatch_kindgi.checks.refs import prompt_ref
from hatch_kindgi.checks.versions import Brought, newest_in, npm_range, versions_by_id
from hatch_kindgi.engines.bounds import SELF_HOSTED_BOUNDS, Bounds
from hatch_kindgi.primitives.modules import declaring_file
from hatch_kindgi.render.parameters import (
    Declared,
    UsageFault,
    parse_assignments,
    resolve_parameters,
)
from hatch_kindgi.render.run import Run, parse_input, parse_now
from hatch_kindgi.render.settings import SettingsChoice, agent_settings, newest_settings
from hatch_kindgi.render.strict import Template, render_template
from hatch_kindgi.report.problems import Problem, error, has_errors
from hatch_kindgi.report.suggest import did_you_mean
from hatch_kindgi.report.text import quoted


@dataclass(frozen=True)
class RenderRequest:
    """What the command line asks for: `BLOCK_ID[@VERSION]` or `AGENT_ID`, `--param
    NAME=VALUE` as given, and the agent whose settings ranges choose (`--agent`)."""

    target: str
    params: tuple[str, ...] = ()
    agent: str | None = None
    now: str | None = None  # `--now`: the run's clock (default: the clock now)
    input: str | None = None  # `--input`: the turn's structured input, JSON


@dataclass(frozen=True)
class RenderOutcome:
    """The rendered text; or the problems that kept it from rendering (exit 1); or a
    `usage` message for a request that names nothing this pack has (exit 2 when alone)."""

    text: str | None
    problems: tuple[Problem, ...] = ()
    usage: str | None = None


class _NotFound(UsageFault):
    """The request names a block, version or agent this pack doesn't have (without errors)."""


@dataclass(frozen=True)
class _Job:
    template: Template
    declared: Declared
    settings: SettingsChoice
    agent: Mapping[str, Any] | None = None  # the agent the run runs


def needs_agents(request: RenderRequest, blocks: Sequence[Mapping[str, Any]]) -> bool:
    """Whether the pack's agents (its code stage) are needed: for `--agent`, or for a target
    that is not the id of a block."""
    target_id = request.target.rpartition("@")[0] or request.target
    return request.agent is not None or all(entry.get("id") != target_id for entry in blocks)


def render(
    request: RenderRequest,
    blocks: Sequence[Mapping[str, Any]],
    template_files: Mapping[str, str],
    agents: Sequence[Mapping[str, Any]] | None,
    pack_problems: Sequence[Problem] = (),
    *,
    bounds: Bounds = SELF_HOSTED_BOUNDS,
) -> RenderOutcome:
    """Render what `request` names from the entries of a pack's blocks without errors
    (`template_files`: the template file of each, by block file) and its agents (None when
    they were not indexed), under the `bounds` of the profile the pack deploys to.
    `pack_problems` are shown when something named is missing, since a block with an error
    has no entry."""
    try:
        given = parse_assignments(request.params)
        clock = parse_now(request.now)
        turn_input, has_input = parse_input(request.input)
        job = _Resolver(blocks, template_files, agents).job(request)
    except _NotFound as fault:
        errors = _errors(pack_problems)
        note = (
            " (a block or agent with an error is left out: see the errors above)" if errors else ""
        )
        return RenderOutcome(None, errors, str(fault) + note)
    except UsageFault as fault:
        return RenderOutcome(None, (), str(fault))
    if isinstance(job, Problem):  # the agent's prompt block: maybe left out for an error
        return RenderOutcome(None, (job, *_errors(pack_problems)))
    try:
        parameters = resolve_parameters(job.declared, given)
    except UsageFault as fault:
        return RenderOutcome(None, (), str(fault))
    if has_errors(parameters.problems):
        return RenderOutcome(None, parameters.problems)
    errors = _errors(pack_problems)
    settings = replace(job.settings, left_out=bool(errors))
    run = Run(clock, job.agent, turn_input, has_input)
    rendering = render_template(
        job.template, parameters, job.declared.names(), settings, run, bounds=bounds
    )
    if rendering.text is None and any(p.code == "render-undefined" for p in rendering.problems):
        # What the render found undefined may be in a file left out for its errors.
        return RenderOutcome(None, rendering.problems + errors)
    return RenderOutcome(rendering.text, rendering.problems)


def _errors(problems: Sequence[Problem]) -> tuple[Problem, ...]:
    return tuple(problem for problem in problems if problem.severity == "error")


class _Resolver:
    """Finds the template, its parameters and its settings for a request."""

    def __init__(
        self,
        blocks: Sequence[Mapping[str, Any]],
        template_files: Mapping[str, str],
        agents: Sequence[Mapping[str, Any]] | None,
    ) -> None:
        self.versions = versions_by_id(blocks)
        self.entries = {(str(e.get("id")), str(e.get("version"))): e for e in blocks}
        self.template_files = template_files
        self.agents = {str(a.get("id")): a for a in agents or ()}
        self.agents_known = agents is not None

    def job(self, request: RenderRequest) -> _Job | Problem:
        """The job, with the agent the run runs: the one rendered, or `--agent`'s."""
        found = self._job(request)
        if isinstance(found, Problem):
            return found
        target_id = request.target.partition("@")[0]
        agent = self.agents.get(target_id) if request.agent is None else self._agent(request.agent)
        if agent is None or (request.agent is None and target_id in self.versions):
            return found
        return replace(found, agent=agent)

    def _job(self, request: RenderRequest) -> _Job | Problem:
        agent = None if request.agent is None else self._agent(request.agent)
        target_id, at, version = request.target.partition("@")
        if at and parse_version(version) is None:
            raise UsageFault(
                f"{quoted(version)} is not a version: write BLOCK_ID@MAJOR.MINOR.PATCH, "
                f"like {target_id}@1.0.0"
            )
        settings = (
            newest_settings(self.versions)
            if agent is None
            else agent_settings(agent, self.versions)
        )
        prompts = self._prompts(target_id)
        if prompts:
            return self._block_job(target_id, version or None, prompts, agent, settings)
        if target_id in self.versions:
            kind = self.versions[target_id][0].kind
            raise UsageFault(
                f"{target_id} is a {kind} block; render takes a prompt block or an agent"
            )
        if target_id in self.agents:
            if at:
                raise UsageFault(f"{target_id} is an agent; name it without @VERSION")
            if agent is not None and agent is not self.agents[target_id]:
                raise UsageFault(
                    f"{target_id} is an agent: render it alone, or render a prompt block "
                    f"with --agent {request.agent}"
                )
            return self._agent_job(self.agents[target_id])
        raise self._unknown(target_id)

    def _prompts(self, block_id: str) -> list[Brought]:
        return [b for b in self.versions.get(block_id, ()) if b.kind == "prompt"]

    def _agent(self, agent_id: str) -> Mapping[str, Any]:
        found = self.agents.get(agent_id)
        if found is None:
            hint = did_you_mean(agent_id, self.agents)
            raise _NotFound(f"--agent {agent_id}: no agent {quoted(agent_id)} in this pack{hint}")
        return found

    def _unknown(self, target_id: str) -> _NotFound:
        names = [i for i, versions in self.versions.items() if versions[0].kind == "prompt"]
        what = "prompt block"
        if self.agents_known:
            names += list(self.agents)
            what = "prompt block or agent"
        return _NotFound(
            f"no {what} {quoted(target_id)} in this pack{did_you_mean(target_id, names)}"
        )

    def _block_job(
        self,
        block_id: str,
        version: str | None,
        prompts: list[Brought],
        agent: Mapping[str, Any] | None,
        settings: SettingsChoice,
    ) -> _Job | Problem:
        if version is not None:
            chosen = next((b for b in prompts if b.version == version), None)
            if chosen is None:
                listed = ", ".join(b.version for b in prompts)
                raise _NotFound(f"{block_id} has no version {version}; this pack brings {listed}")
        else:
            ref = None if agent is None else prompt_ref(agent)
            if agent is not None and ref is not None and ref.id == block_id:
                picked = self._picked(agent, ref.range, prompts)
                if isinstance(picked, Problem):
                    return picked
                chosen = picked
            else:
                chosen = prompts[-1]
        return self._prompt_job(chosen, settings)

    def _agent_job(self, agent: Mapping[str, Any]) -> _Job | Problem:
        settings = agent_settings(agent, self.versions)
        file = declaring_file("agent", agent, blank=True)
        instructions = agent.get("instructions")
        owner = f"agent {quoted(agent.get('id'))}"
        if isinstance(instructions, str):
            declared = _declared(file, "/parameters", agent.get("parameters"), owner)
            site = TemplateSite(file, inline=True, pointer="/instructions")
            return _Job(Template(instructions, site, owner), declared, settings)
        ref = prompt_ref(agent)
        if ref is None:
            return error(
                "render-no-prompt",
                file,
                f"{owner} has instructions that are neither a template nor a prompt block by range",
                pointer="/instructions",
            )
        picked = self._picked(agent, ref.range, self._prompts(ref.id), ref.id)
        if isinstance(picked, Problem):
            return picked
        return self._prompt_job(picked, settings)

    def _picked(
        self,
        agent: Mapping[str, Any],
        wanted: str,
        prompts: list[Brought],
        block_id: str | None = None,
    ) -> Brought | Problem:
        """The version of the prompt block the agent's instructions range picks."""
        spec = npm_range(wanted)
        chosen = None if spec is None else newest_in(spec, prompts)
        if chosen is not None:
            return chosen
        block_id = block_id or (prompts[0].id if prompts else "?")
        named = (
            f"agent {quoted(agent.get('id'))} names prompt block {quoted(block_id)} by range "
            f"{quoted(wanted)}"
        )
        if spec is None:
            why = "which is not an npm-style range (like ^1.0.0)"
        elif prompts:
            listed = ", ".join(b.version for b in prompts)
            why = f"which no version this pack brings satisfies ({listed})"
        else:
            why = "and this pack brings no prompt block of that id without errors"
        return error(
            "render-no-prompt",
            declaring_file("agent", agent, blank=True),
            f"{named}, {why}",
            pointer="/instructions/version",
        )

    def _prompt_job(self, chosen: Brought, settings: SettingsChoice) -> _Job:
        entry = self.entries[(chosen.id, chosen.version)]
        content = entry.get("content")
        content = content if isinstance(content, Mapping) else {}
        owner = f"prompt block {chosen.id} {chosen.version}"
        template_file = self.template_files.get(chosen.file)
        site = (
            TemplateSite(chosen.file, inline=True)
            if template_file is None
            else TemplateSite(template_file, inline=False)
        )
        declared = _declared(chosen.file, "/content/parameters", content.get("parameters"), owner)
        return _Job(Template(str(content.get("template", "")), site, owner), declared, settings)


def _declared(file: str, pointer: str, parameters: object, owner: str) -> Declared:
    listed = parameters if isinstance(parameters, list) else []
    return Declared(file, pointer, tuple(p for p in listed if isinstance(p, Mapping)), owner)
