# ruff: noqa: E501 - one template a line
"""Templates for holding the render to liquidjs's: hand-written ones for each tag's corners
(`TAG_CASES`, with `TAG_DATA`), and a seeded generator of random templates nesting every tag,
operator and a spread of filters (`generated`, with `GENERATED_DATA`). What each renders is
liquidjs's own (`tests/oracle/shipped.py`), never written here."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

TAG_DATA: dict[str, Any] = {
    "a": [1, 2, 3, 4, 5],
    "s": "h\u00e9llo\U0001f642",
    "o": {"x": 1, "y": [1, 2]},
    "n": None,
    "f": 1.5,
    "e": [],
    "str": "2",
    "t": True,
    "objs": [{"k": "b", "v": 2}, {"k": "a", "v": 1}],
}
TAG_CASES: tuple[str, ...] = (
    "{% for i in a limit: 2 offset: 1 %}{{i}}{% endfor %}",
    "{% for i in a limit: '2' offset: '1' %}{{i}}{% endfor %}",
    "{% for i in a offset: 2 %}{{i}}{% endfor %}|{% for i in a offset: continue %}{{i}}{% endfor %}",
    "{% for i in a limit: 2 %}{{i}}{% endfor %}{% for i in a offset: continue limit: 2 %}{{i}}{% endfor %}{% for i in a offset: continue %}{{i}}{% endfor %}",
    "{% for i in a reversed limit: 2 %}{{i}}{% endfor %}",
    "{% for i in a %}{% if i == 3 %}{% break %}{% endif %}{{i}}{% endfor %}",
    "{% for i in a %}{% if i == 3 %}{% continue %}{% endif %}{{i}}{% endfor %}",
    "{% for i in e %}x{% else %}empty{% endfor %}",
    "{% for i in o %}{{i[0]}}={{i[1]}};{% endfor %}",
    "{% for i in s %}[{{i}}]{% endfor %}",
    "{% for i in a %}{{forloop.index}}/{{forloop.rindex}}/{{forloop.first}}/{{forloop.last}}/{{forloop.length}} {% endfor %}",
    "{% for i in a %}{{ forloop }}{% break %}{% endfor %}",
    "{% for i in a %}{{ forloop.name }}{% break %}{% endfor %}",
    "{% tablerow i in a cols: 2 limit: 3 offset: 1 %}{{i}}{{tablerowloop.col_last}}{% endtablerow %}",
    "{% tablerow i in a cols: '2' %}{{tablerowloop.row}}{{tablerowloop.col}}{{tablerowloop.col_last}}{% endtablerow %}",
    "{% tablerow i in a cols: 1.5 %}{{i}}{% endtablerow %}",
    "{% tablerow i in a %}{% if i == 2 %}{% break %}{% endif %}{{i}}{% endtablerow %}after",
    "{% tablerow i in e %}x{% endtablerow %}",
    "{% tablerow i in a %}{{ tablerowloop }}{% endtablerow %}",
    "{% cycle 'a', 'b' %}{% cycle 'c', 'd' %}{% cycle 'x': 1, 2 %}{% cycle 'x': 3, 4 %}{% cycle 0, 1 %}",
    "{% increment c %}{% increment c %}{% decrement c %}{{ c }}{% assign c = 9 %}{{c}}{% increment c %}",
    "{% decrement d %}{% decrement d %}",
    "{% case 2 %}{% when 1, 2 %}a{% when 2 or 3 %}b{% else %}c{% else %}d{% endcase %}",
    "{% case 5 %}{% when 1 %}a{% else %}c{% when 5 %}x{% else %}d{% endcase %}",
    "{% case n %}{% when nil %}nil{% when blank %}blank{% endcase %}",
    "{% case e %}{% when empty %}empty{% endcase %}",
    "{% if e == empty %}1{% endif %}{% if '' == blank %}2{% endif %}{% if '  ' == blank %}3{% endif %}{% if n == blank %}4{% endif %}{% if empty == blank %}5{% endif %}{% if blank == empty %}6{% endif %}{% if o == empty %}7{% endif %}",
    "{% if false or false and true %}x{% else %}y{% endif %}{% if true or false and false %}x{% endif %}",
    "{% if a contains 2 %}y{% endif %}{% if s contains 'll' %}z{% endif %}{% if s contains n %}n{% endif %}{% if o contains 'x' %}o{% endif %}",
    "{% if str > 1 %}gt{% endif %}{% if 'b' > 'a' %}s{% endif %}{% if n < 1 %}nl{% endif %}{% if nil < 1 %}NL{% endif %}{% if f >= 1.5 %}ge{% endif %}",
    "{% unless t %}a{% elsif t %}b{% else %}c{% endunless %}",
    "{% unless false %}a{% else %}b{% else %}c{% endunless %}",
    "{% for i in (1..3) %}{{i}}{% endfor %}{% for i in (f..4) %}{{i}},{% endfor %}{% for i in ('1'..str) %}{{i}}{% endfor %}",
    "{{ (1..3) }}{{ (1..3) | join: '-' }}{{ (3..1) | size }}",
    "{{ a.first }}{{ a.last }}{{ a.size }}{{ s.size }}{{ o.size }}{{ a[-1] }}{{ a['1'] }}{{ s[0] }}{{ s.length }}",
    "{{ o.y.first }}{{ o['y'][1] }}{{ o.y[o.x] }}",
    "{{ n.x }}|{{ n }}|{{ nil }}|{{ empty }}|{{ blank }}|{{ true }}|{{ o }}|{{ a }}|{{ f }}",
    "{{ 'a' | append: 1 | prepend: true }}{{ a | join }}{{ a | join: nil }}",
    "{{ t | default: 1, allow_false: true }}{{ false | default: 1, allow_false: true }}{{ false | default: 1, allow_false: false }}{{ false | default: 1 }}",
    "{{ objs | sort: 'k' | map: 'v' | join }}{{ objs | where: 'k', 'a' | size }}{{ objs | find: 'k', 'b' | json }}",
    "{{ objs | where_exp: 'o', 'o.v > 1' | map: 'k' | join }}{{ objs | group_by: 'k' | json }}",
    "{%- if t -%}  a  {%- endif -%}  b {{- 'c' -}} \n d",
    "x\n  {%- liquid\n assign z = 3\n echo z | plus: 1\n if z > 2\n echo 'big'\n endif\n -%}\n y",
    "{% capture x %}{% for i in a %}{{i}}{% endfor %}{% endcapture %}{{ x | size }}",
    "{% raw %}{{ x }}{% endraw %}{%- raw -%} {{y}} {%- endraw %}",
    "{% comment %}x{% endcomment %}{% # inline %}ok",
    "{% echo 'a' | upcase %}{% echo %}",
    "{% assign x = a | reverse %}{{ x }}{{ a }}",
    "{{ s | slice: 0, 2 }}{{ s | size }}{{ s | upcase }}",
    "{{ 5 | divided_by: 0 }} {{ 0 | divided_by: 0 }} {{ -1 | modulo: 0 }}",
    "{% for i in a limit: 0 %}x{% else %}e{% endfor %}",
    "{% for i in a offset: 10 %}x{% else %}e{% endfor %}",
    "{% for i in a limit: -1 %}{{i}}{% endfor %}|{% for i in a offset: -2 %}{{i}}{% endfor %}",
    "{% if a %}a{% endif %}{% if e %}e{% endif %}{% if '' %}s{% endif %}{% if 0 %}z{% endif %}{% unless n %}n{% endunless %}",
    "{{ a | first }}{{ s | first }}{{ s | last }}",
    "{{ o | json }}{{ o | json: 2 }}",
    "{% block b %}in block {{ block.super }}{% endblock %}",
    "{{ x | default: 'd' }}",
    "{{ o.missing }}",
    "{{ a[9] }}",
    "{{ 'x' | where: 'k' }}",
    "{{ s.first }}",
    "{{ a | map: 'k' | join }}",
    "{% break %}after",
    "a{% continue %}b",
    "{% if t %}{% break %}x{% endif %}y",
)

GENERATED_DATA: dict[str, Any] = {
    "a": [1, 2, 3, "x", None, 2.5],
    "s": "h\u00e9llo \U0001f642 World",
    "o": {"x": 1, "y": [1, 2], "z": {"w": "q"}},
    "n": None,
    "f": 1.5,
    "e": [],
    "str": "2",
    "t": True,
    "u": False,
    "objs": [{"k": "b", "v": 2}, {"k": "a", "v": 1}],
    "sp": "  ",
    "z": 0,
}
_VALUES = [
    "a",
    "s",
    "o",
    "o.x",
    "o.y",
    "o.z.w",
    "n",
    "f",
    "e",
    "str",
    "t",
    "u",
    "z",
    "sp",
    "objs",
    "a.first",
    "a.size",
    "s.size",
    "o.size",
    "'txt'",
    "1",
    "2.5",
    "-3",
    "true",
    "false",
    "nil",
    "empty",
    "blank",
    "(1..3)",
    "(f..3)",
    "a[1]",
    "a[-1]",
    "o['y'][0]",
    "objs[0].k",
    "forloop.index",
    "i",
    "x",
]
_OPERATORS = ("==", "!=", ">", "<", ">=", "<=", "contains", "and", "or")
_FILTERS = (
    "upcase",
    "size",
    "first",
    "last",
    "join: ','",
    "plus: 1",
    "minus: 'a'",
    "times: f",
    "append: s",
    "default: 'd'",
    "default: 1, allow_false: true",
    "json",
    "reverse",
    "sort",
    "uniq",
    "compact",
    "map: 'k'",
    "where: 'k', 'a'",
    "slice: 1, 2",
    "truncate: 4",
    "split: 'l'",
    "replace: 'l', 'L'",
    "escape",
    "round: 1",
    "abs",
    "at_least: 2",
    "divided_by: 2",
    "modulo: 2",
    "strip",
    "capitalize",
    "url_encode",
    "concat: a",
    "push: 1",
    "sort_natural",
    "sum",
    "date: '%Y'",
)
_MODIFIERS = ("limit: 2", "offset: 1", "reversed", "limit: str", "offset: continue")
_COLLECTIONS = ("a", "s", "o", "e", "objs", "(1..4)", "(f..3)", "str", "n")
_TABLEROWS = ("", " cols: 2", " cols: 2 limit: 3", " offset: 1")


class _Generator:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def value(self) -> str:
        found = self.rng.choice(_VALUES)
        if self.rng.random() < 0.3:
            found += " | " + self.rng.choice(_FILTERS)
        return found

    def condition(self) -> str:
        found = self.rng.choice(_VALUES)
        for _ in range(self.rng.choice([0, 0, 1, 2])):
            found += f" {self.rng.choice(_OPERATORS)} {self.rng.choice(_VALUES)}"
        return found

    def trim(self) -> str:
        return self.rng.choice(["", "", "-"])

    def maybe(self, chance: float, text: str) -> str:
        return text if self.rng.random() < chance else ""

    def body(self, depth: int) -> str:
        return "".join(self.node(depth + 1) for _ in range(self.rng.randint(1, 3)))

    def node(self, depth: int) -> str:
        r = self.rng.random() if depth < 3 else self.rng.random() * 0.4
        if r < 0.2:
            return self.rng.choice(["x", " ", "\n  ", "y\n", "\U0001f642"])
        if r < 0.4:
            return f"{{{{{self.trim()} {self.value()} {self.trim()}}}}}"
        if r < 0.5:
            elsif = self.maybe(0.3, f"{{% elsif {self.condition()} %}}{self.body(depth)}")
            otherwise = self.maybe(0.4, f"{{% else %}}{self.body(depth)}")
            return (
                f"{{%{self.trim()} if {self.condition()} {self.trim()}%}}{self.body(depth)}"
                f"{elsif}{otherwise}{{%{self.trim()} endif {self.trim()}%}}"
            )
        if r < 0.6:
            modifiers = " ".join(self.rng.sample(_MODIFIERS, self.rng.randint(0, 2)))
            otherwise = self.maybe(0.3, f"{{% else %}}{self.body(depth)}")
            collection = self.rng.choice(_COLLECTIONS)
            return (
                f"{{% for i in {collection} {modifiers} %}}{self.body(depth)}{otherwise}"
                "{% endfor %}"
            )
        if r < 0.65:
            return f"{{% unless {self.condition()} %}}{self.body(depth)}{{% endunless %}}"
        if r < 0.72:
            whens = "".join(
                f"{{% when {self.rng.choice(_VALUES)}"
                f"{self.maybe(0.3, ', ' + self.rng.choice(_VALUES))} %}}{self.body(depth)}"
                for _ in range(self.rng.randint(1, 3))
            )
            otherwise = self.maybe(0.5, f"{{% else %}}{self.body(depth)}")
            return f"{{% case {self.value()} %}}{whens}{otherwise}{{% endcase %}}"
        if r < 0.77:
            return f"{{% assign x = {self.value()} %}}"
        if r < 0.8:
            return f"{{% capture x %}}{self.body(depth)}{{% endcapture %}}"
        if r < 0.83:
            candidates = ", ".join(self.rng.choice(_VALUES) for _ in range(self.rng.randint(1, 3)))
            return f"{{% cycle {candidates} %}}"
        if r < 0.86:
            return self.rng.choice(["{% increment c %}", "{% decrement c %}"])
        if r < 0.9:
            collection = self.rng.choice(["a", "(1..5)", "objs", "s"])
            return (
                f"{{% tablerow i in {collection}{self.rng.choice(_TABLEROWS)} %}}"
                f"{self.body(depth)}{{% endtablerow %}}"
            )
        if r < 0.93:
            return self.rng.choice(["{% break %}", "{% continue %}"])
        if r < 0.96:
            return f"{{% echo {self.value()} %}}"
        return f"{{% liquid\n assign x = {self.value()}\n echo x\n %}}"


def generated(seed: int) -> Iterator[str]:
    """Random templates, endlessly, the same for the same `seed`."""
    generator = _Generator(seed)
    while True:
        yield generator.body(0)
