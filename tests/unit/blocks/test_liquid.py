"""Templates: Liquid syntax errors placed in the template, warnings for what nothing gives it."""

from __future__ import annotations

from hatch_kindgi.blocks.liquid import (
    Place,
    SettingsRead,
    TemplateSite,
    check_template,
    settings_read_problems,
)
from hatch_kindgi.engines.liquidjs.filter_names import FILTER_NAMES
from hatch_kindgi.engines.liquidjs.filters import FILTERS
from hatch_kindgi.report.problems import Problem, error, warning
from tests.helpers.hostile import finishes

FILE = TemplateSite("blocks/p.liquid", inline=False)
INLINE = TemplateSite("blocks/p.json", inline=True)


def test_check_knows_the_filters_the_environment_registers() -> None:
    """`check` knows the filter names without loading the filters: the same names."""
    assert set(FILTERS) == FILTER_NAMES


def test_syntax_error_in_a_template_file_has_its_line_and_column() -> None:
    """The problem is on the .liquid file, at the offending tag, in liquidjs's words (its
    message for this template, from the runtime oracle)."""
    checked = check_template("Hi.\n  {% nosuchtag %}\n", FILE, ())
    assert checked.problems == (
        error(
            "liquid-syntax",
            "blocks/p.liquid",
            'the template isn\'t valid Liquid: tag "nosuchtag" not found, line:2, col:3',
            line=2,
            column=3,
        ),
    )


def test_syntax_error_inline_points_at_content_template() -> None:
    """Inline, the block file is named with /content/template, and the template's position."""
    checked = check_template("a\nb {% for %}", INLINE, ())
    assert checked.problems == (
        error(
            "liquid-syntax",
            "blocks/p.json",
            "the template isn't valid Liquid: illegal tag: {% for %}, line:2, col:3 "
            "(template line 2, column 3)",
            pointer="/content/template",
        ),
    )


def test_errors_are_placed_where_liquidjs_places_them() -> None:
    """An unclosed block points at its opening tag; an output liquidjs accepts is no error."""
    unclosed = check_template("{% if x %}\nyes", FILE, ("x",)).problems
    assert [(p.line, p.column) for p in unclosed] == [(1, 1)]
    assert check_template("one\ntwo {{ x | }}", FILE, ("x",)).problems == ()


def test_blank_template_is_refused_in_the_runtime_words() -> None:
    """A template of white space only is what blocks.ts refuses before parsing."""
    checked = check_template(" \n\t\u3000", FILE, ())
    assert checked.problems == (
        error("prompt-blank-template", "blocks/p.liquid", "template must be a non-empty string"),
    )


def test_runtime_variables_draw_no_warning() -> None:
    """today, now, agent, conversation, input and settings are given by every run."""
    text = (
        "{{ today }} {{ now }} {{ agent.name }} {{ agent.version }} {{ conversation.turn }} "
        "{{ input.grievance.summary }} {{ settings['acme.style'].tone }} {{ nope }}"
    )
    checked = check_template(text, FILE, ())
    assert [p.message.split(",")[0] for p in checked.problems] == ['the template reads "nope"']


def test_deep_nesting_is_a_problem() -> None:
    """Thousands of nested blocks are a syntax problem, not a RecursionError."""
    checked = check_template("{% if a %}" * 5000, FILE, ("a",))
    assert [p.code for p in checked.problems] == ["liquid-syntax"]


def test_unknown_variables_warn_once_each() -> None:
    """Each unknown variable warns once, at its first use, with a hint when one is close."""
    text = "{{ tone }} {{ tonne }} {{ tonne }} {{ x | upcase }} {{ y | upcase }}"
    checked = check_template(text, FILE, ("tone",))
    assert checked.problems == (
        warning(
            "liquid-unknown-variable",
            "blocks/p.liquid",
            'the template reads "tonne", which is neither a parameter nor settings; '
            'did you mean "tone"?',
            line=1,
            column=15,
        ),
        warning(
            "liquid-unknown-variable",
            "blocks/p.liquid",
            'the template reads "x", which is neither a parameter nor settings; '
            "declare it under content.parameters",
            line=1,
            column=39,
        ),
        warning(
            "liquid-unknown-variable",
            "blocks/p.liquid",
            'the template reads "y", which is neither a parameter nor settings; '
            "declare it under content.parameters",
            line=1,
            column=56,
        ),
    )


def test_an_unknown_filter_is_refused_in_liquidjs_words_with_a_hint() -> None:
    """`strictFilters`: the runtime's message for the first unknown filter (its line and
    column are the output's, `{{`, as `templateProblem` gives them on this very template),
    then "did you mean"; the problem is placed on the filter's name, for an editor's fix."""
    checked = check_template("Hi {{ tone }}\n  {{ x | upcase | upcas }} {{ y | nope }}", FILE, ())
    assert checked.problems == (
        error(
            "liquid-unknown-filter",
            "blocks/p.liquid",
            "the template isn't valid Liquid: undefined filter: upcas, line:2, col:3; "
            'did you mean "upcase"?',
            line=2,
            column=19,
            suggestion=("upcas", "upcase"),
        ),
    )


def test_partials_are_refused_at_any_depth_in_the_runtime_words() -> None:
    """`include`, `render` and `layout` inside `if`, `for`, `capture` and `liquid` tags:
    the runtime's words (`NO_PARTIALS`), placed on the tag; inside `raw` or `comment`,
    nothing is parsed, so nothing is refused."""
    for text in (
        "{% if a %}\n{% include 'x' %}{% endif %}",
        "{% for a in b %}{% capture c %}{% render 'x' %}{% endcapture %}{% endfor %}",
        "{% liquid\nif a\nlayout 'x'\nendif\n%}",
    ):
        (problem,) = check_template(text, FILE, ("a", "b")).problems
        assert problem.code == "liquid-partial"
        assert problem.message.startswith("templates can't use include, render or layout; ")
    assert check_template("{% raw %}{% include 'x' %}{% endraw %}", FILE, ()).problems == ()
    assert check_template("{% comment %}{% render 'x' %}{% endcomment %}", FILE, ()).problems == ()


def test_locals_and_loop_variables_are_not_unknown() -> None:
    """assign, capture and for bring their own names; forloop is Liquid's."""
    text = (
        "{% assign n = 1 %}{% capture c %}x{% endcapture %}"
        "{% for item in items %}{{ item }}{{ forloop.index }}{% endfor %}{{ n }}{{ c }}"
    )
    assert check_template(text, FILE, ("items",)).problems == ()


def test_settings_reads_are_collected_not_judged() -> None:
    """settings["x"].key, settings.x and a computed name: the first two are kept for later."""
    text = (
        '{{ settings["acme.s"].a }} {{ settings.plain }} {{ settings[name].z }} '
        '{{ settings["acme.s"].a }}'
    )
    checked = check_template(text, FILE, ("name",))
    assert checked.problems == ()
    assert [(r.block_id, r.key, r.place.column) for r in checked.settings_reads] == [
        ("acme.s", "a", 4),
        ("plain", None, 31),
    ]


def test_settings_read_problems() -> None:
    """Missing block, prompt block, missing key: one warning each; a key in any version is fine."""
    place = Place("blocks/p.liquid", 1, 1)
    reads = [
        SettingsRead("acme.styl", "a", place),
        SettingsRead("acme.prompt", None, place),
        SettingsRead("acme.style", "b", place),
        SettingsRead("acme.style", "a", place),
        SettingsRead("acme.style", "odd key", place),
    ]
    problems = settings_read_problems(
        reads,
        {"acme.style": [{"a": 1}, {"c": 2, "odd key": 3}]},
        {"acme.style": "settings", "acme.prompt": "prompt"},
    )
    assert [(p.code, p.message) for p in problems] == [
        (
            "settings-unknown-block",
            'settings["acme.styl"].a: the pack brings no settings block "acme.styl"; '
            'did you mean "acme.style"?',
        ),
        (
            "settings-unknown-block",
            'settings["acme.prompt"]: "acme.prompt" is a prompt block, not settings',
        ),
        (
            "settings-unknown-key",
            'settings["acme.style"].b: no version of settings block "acme.style" has the key "b"',
        ),
    ]
    assert all(isinstance(p, Problem) and p.severity == "warning" for p in problems)


def test_settings_reads_of_blocks_left_open_say_nothing() -> None:
    """A block whose own errors leave open whether it is settings or what it holds: no read
    of it is told the pack lacks it, nor a key it lacks; the other reads as before."""
    place = Place("blocks/p.liquid", 1, 1)
    reads = [SettingsRead("acme.open", "a", place), SettingsRead("acme.open", None, place)]
    reads.append(SettingsRead("acme.styl", None, place))
    problems = settings_read_problems(
        reads, {"acme.style": [{"a": 1}]}, {"acme.style": "settings"}, frozenset({"acme.open"})
    )
    assert [(p.code, p.message) for p in problems] == [
        (
            "settings-unknown-block",
            'settings["acme.styl"]: the pack brings no settings block "acme.styl"; '
            'did you mean "acme.style"?',
        ),
    ]


def test_thousands_of_unknown_variables_among_thousands_of_parameters_finish() -> None:
    """5,000 unknown variables in one line of a template with 5,000 parameters (3,000 of each
    were once killed at 40 s: every hint compared every name, every position counted from the
    start) finish, each with its hint and its column."""
    output = finishes(
        """
        from hatch_kindgi.blocks.liquid import TemplateSite, check_template
        parameters = [f"param_{n:04d}" for n in range(5000)]
        text = " ".join("{{ parm_%04d }}" % n for n in range(5000))
        site = TemplateSite("p.liquid", inline=False)
        problems = check_template(text, site, parameters).problems
        hinted = sum(
            p.message.endswith(f'did you mean "param_{p.column // 16:04d}"?') for p in problems
        )
        print(len(problems), hinted, problems[-1].line, problems[-1].column)
        """
    )
    assert output == f"5000 5000 1 {16 * 4999 + 4}\n"
