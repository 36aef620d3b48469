"""Synthetic Kindgi packs for the benchmarks: N data blocks, and optionally a few code modules.

Half the blocks are prompts whose `templateFile` (a few hundred bytes) uses parameters,
conditionals, loops and a read of a settings block; half are settings blocks whose schema has a
handful of typed properties, different in every block, or (`--versions V`) different in every
block id, each id in V versions that inherit the first one's schema. The same seed gives the
same bytes.

    python benchmarks/generate.py OUT_DIR --blocks 5000 [--seed 8] [--tools 3] [--versions 4]
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

PACK_ID = "bench.pack"
WORDS = (
    "ledger", "refund", "invoice", "reply", "draft", "policy", "greeting", "quota",
    "account", "customer", "ticket", "summary", "channel", "region", "budget", "audit",
)  # fmt: skip
_TYPES = ("integer", "number", "string", "boolean", "array", "format")
_FORMATTED = (
    ("email", "support@acme.example"),
    ("date", "2026-02-28"),
    ("date-time", "2026-03-01T09:00:00Z"),
    ("uri", "https://acme.example/help"),
    ("ipv4", "192.0.2.10"),
    ("uuid", "3fa85f64-5717-4562-b3fc-2c963f66afa6"),
)


def generate(
    out: Path,
    blocks: int,
    *,
    seed: int = 8,
    tools: int = 0,
    folder: str = "blocks",
    versions: int = 1,
) -> list[str]:
    """Write a pack of `blocks` data blocks (and `tools` tool modules) into `out`.

    With `versions` above 1, the settings blocks are that many versions of each id: the first
    declares the schema, the later ones leave it out and inherit it, with values of their own.
    Returns the block files written, pack-relative and sorted.
    """
    rng = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    (out / "pyproject.toml").write_text(_pyproject(tools), encoding="utf-8")
    settings_count = blocks // 2
    prompt_count = blocks - settings_count
    written: list[str] = []
    settings_keys: list[list[str]] = []
    first: dict[str, Any] = {}
    for number in range(settings_count):
        group, version = divmod(number, max(1, versions))
        if version == 0:
            first, keys = _settings_block(rng, group)
            settings_keys.append(keys)
            block = first
        else:
            block = _later_version(rng, first, version)
        written.append(_write_json(out, f"{folder}/settings/s{number:05d}.json", block))
    ids = len(settings_keys)
    for number in range(prompt_count):
        name = f"p{number:05d}"
        reads = (_settings_id(number % ids), settings_keys[number % ids]) if ids else None
        block, template = _prompt_block(rng, number, f"{name}.liquid", reads)
        written.append(_write_json(out, f"{folder}/prompts/{name}.json", block))
        (out / folder / "prompts" / f"{name}.liquid").write_text(template, encoding="utf-8")
    for number in range(tools):
        path = out / "tools" / f"tool{number}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_tool_module(number), encoding="utf-8")
    return sorted(written)


def _settings_id(number: int) -> str:
    return f"bench.settings-{number:05d}"


def _settings_block(rng: random.Random, number: int) -> tuple[dict[str, Any], list[str]]:
    keys = rng.sample(WORDS, rng.randint(4, 6))
    keys = [f"{key}{number}" if index == 0 else key for index, key in enumerate(keys)]
    properties: dict[str, Any] = {}
    values: dict[str, Any] = {}
    for key in keys:
        kind = rng.choice(_TYPES)
        if kind == "integer":
            low = rng.randint(0, 10)
            properties[key] = {"type": "integer", "minimum": low, "maximum": low + 100 + number}
            values[key] = low + rng.randint(0, 100)
        elif kind == "number":
            properties[key] = {"type": "number", "exclusiveMinimum": 0}
            values[key] = round(rng.uniform(0.5, 500.0), 2)
        elif kind == "string":
            properties[key] = {"type": "string", "minLength": 1, "maxLength": 40 + number % 7}
            values[key] = " ".join(rng.sample(WORDS, 3))
        elif kind == "format":  # asserted by the runtime's ajv-formats (and by the floor)
            name, value = _FORMATTED[number % len(_FORMATTED)]
            properties[key] = {"type": "string", "format": name}
            values[key] = value
        elif kind == "boolean":
            properties[key] = {"type": "boolean"}
            values[key] = rng.random() < 0.5
        else:
            properties[key] = {"type": "array", "items": {"type": "string"}, "maxItems": 8}
            values[key] = rng.sample(WORDS, rng.randint(1, 4))
    schema = {
        "type": "object",
        "properties": properties,
        "required": keys[:3],
        "additionalProperties": False,
    }
    block = {
        "id": _settings_id(number),
        "version": "1.0.0",
        "kind": "settings",
        "description": f"Settings {number} of the benchmark pack",
        "content": {"values": values, "schema": schema},
    }
    return block, keys


def _later_version(rng: random.Random, first: dict[str, Any], version: int) -> dict[str, Any]:
    """Version 1.`version`.0 of the settings block `first`: new values, the schema inherited."""
    values: dict[str, Any] = {}
    for key, declared in first["content"]["schema"]["properties"].items():
        kind = declared["type"]
        if "format" in declared:
            values[key] = first["content"]["values"][key]
        elif kind == "integer":
            values[key] = declared["minimum"] + rng.randint(0, 100)
        elif kind == "number":
            values[key] = round(rng.uniform(0.5, 500.0), 2)
        elif kind == "string":
            values[key] = " ".join(rng.sample(WORDS, 3))
        elif kind == "boolean":
            values[key] = rng.random() < 0.5
        else:
            values[key] = rng.sample(WORDS, rng.randint(1, 4))
    return {**first, "version": f"1.{version}.0", "content": {"values": values}}


def _prompt_block(
    rng: random.Random, number: int, template_file: str, reads: tuple[str, list[str]] | None
) -> tuple[dict[str, Any], str]:
    tone, items, urgent, name = rng.sample(("tone", "items", "urgent", "customer", "topic"), 4)
    parameters = [
        {"name": tone, "type": "string", "description": "how the reply sounds"},
        {"name": items, "type": "string"},
        {"name": urgent, "type": "boolean", "default": False},
        {"name": name, "type": "string", "default": "there"},
    ]
    word = rng.choice(WORDS)
    lines = [
        f"Hello {{{{ {name} | capitalize }}}}, this is draft {number} about the {word}.",
        f"Write in a {{{{ {tone} | default: 'friendly' }}}} tone.",
        f"{{% if {urgent} %}}Answer within the hour and say so.{{% else %}}"
        "Answer today.{% endif %}",
        f"{{% for item in {items} %}}- {{{{ forloop.index }}}}. {{{{ item.title | strip }}}}"
        f"{{% if item.amount > {rng.randint(10, 99)} %}} (needs approval){{% endif %}}\n"
        "{% endfor %}",
    ]
    if reads is not None:
        settings_id, keys = reads
        lines.append(
            f'Keep it under {{{{ settings["{settings_id}"].{keys[0]} }}}} units; '
            f'mention {{{{ settings["{settings_id}"].{keys[1]} }}}} when it matters.'
        )
    lines.append(f"{{% unless {urgent} %}}Thank them for their patience.{{% endunless %}}")
    lines.append(f"Sign as the {word} team.")
    block = {
        "id": f"bench.prompt-{number:05d}",
        "version": "1.0.0",
        "kind": "prompt",
        "description": f"Prompt {number} of the benchmark pack",
        "content": {"templateFile": template_file, "parameters": parameters},
    }
    return block, "\n".join(lines) + "\n"


def _tool_module(number: int) -> str:
    return (
        "from pydantic import BaseModel\n\nfrom kindgi import tool\n\n\n"
        f"class Repeat{number}(BaseModel):\n    text: str\n    count: int = 1\n\n\n"
        f'@tool(id="bench.tools.repeat-{number}", mutating=False)\n'
        f"def repeat_{number}(request: Repeat{number}) -> str:\n"
        '    """Repeat the text."""\n'
        "    return request.text * request.count\n"
    )


def generate_code(out: Path, tools: int, *, seed: int = 8) -> list[str]:
    """Write a code pack of `tools` tool modules (no blocks) into `out`: each a tool of its
    own with pydantic models as pack authors write them (a nested model, a list of models,
    literals, dates, bounds, aliases), every tenth an `http_tool`. All clean: the deploy
    takes them, and every call compiles them. The module paths written, sorted."""
    rng = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    (out / "pyproject.toml").write_text(_pyproject(tools), encoding="utf-8")
    written = []
    for number in range(tools):
        relative = f"tools/tool_{number:04d}.py"
        path = out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        text = _http_module(number) if number % 10 == 9 else _rich_tool_module(rng, number)
        path.write_text(text, encoding="utf-8")
        written.append(relative)
    return written


_FIELDS = (
    '    customer_id: str = Field(pattern=r"^cus_[A-Za-z0-9]{8,}$")\n',
    "    limit: int = Field(20, ge=1, le=100)\n",
    '    currency: Literal["EUR", "USD", "GBP"] = "EUR"\n',
    "    since: date | None = None\n",
    "    tags: list[str] = []\n",
    "    note: str | None = Field(None, max_length=500)\n",
    "    include_archived: bool = False\n",
    '    order_ref: str = Field(alias="order-ref")\n',
)


def _rich_tool_module(rng: random.Random, number: int) -> str:
    fields = "".join(rng.sample(_FIELDS, rng.randrange(3, 7)))
    return (
        "from __future__ import annotations\n\n"
        "from datetime import date\nfrom typing import Literal\n\n"
        "from pydantic import BaseModel, Field\n\nfrom kindgi import tool\n\n\n"
        f"class Address{number}(BaseModel):\n    street: str\n    city: str\n"
        "    postcode: str = Field(min_length=3, max_length=10)\n"
        '    country: str = Field(pattern=r"^[A-Z]{2}$")\n\n\n'
        f"class Line{number}(BaseModel):\n    sku: str\n    quantity: int = Field(ge=1)\n"
        "    unit_price: float = Field(ge=0)\n\n\n"
        f"class Request{number}(BaseModel):\n{fields}"
        f"    address: Address{number}\n    lines: list[Line{number}] = []\n\n\n"
        f"class Result{number}(BaseModel):\n    ok: bool\n    total: float\n"
        f"    lines: list[Line{number}]\n    message: str | None = None\n\n\n"
        f'@tool(id="bench.tools.order-{number}", mutating={number % 2 == 0},\n'
        '      effects=[{"kind": "reads", "resource": "db:orders"}])\n'
        f"def order_{number}(request: Request{number}) -> Result{number}:\n"
        '    """Prices an order and says whether it can ship."""\n'
        f"    return Result{number}(ok=True, total=0.0, lines=request.lines)\n"
    )


def _http_module(number: int) -> str:
    return (
        "from __future__ import annotations\n\n"
        "from pydantic import BaseModel, Field\n\nfrom kindgi import http_tool\n\n\n"
        f"class Query{number}(BaseModel):\n    city: str = Field(min_length=1)\n"
        '    units: str = "metric"\n\n\n'
        f"class Weather{number}(BaseModel):\n    temperature: float\n    summary: str\n\n\n"
        f"weather_{number} = http_tool(\n"
        f'    id="bench.tools.weather-{number}",\n'
        '    description="Today\'s weather in a city.",\n'
        f"    input=Query{number},\n    output=Weather{number},\n"
        '    method="GET",\n'
        '    url_template="https://api.weather.example.com/v1/today?city={city}&units={units}",\n'
        "    mutating=False,\n)\n"
    )


def _pyproject(tools: int) -> str:
    dependencies = '\ndependencies = ["kindgi>=0.1.10,<0.2"]' if tools else ""
    return (
        '[build-system]\nrequires = ["hatchling", "hatch-kindgi"]\n'
        'build-backend = "hatchling.build"\n\n'
        f'[project]\nname = "bench-pack"\nversion = "1.0.0"{dependencies}\n\n'
        f'[tool.kindgi.pack]\nid = "{PACK_ID}"\nversion = "1.0.0"\n\n'
        '[tool.hatch.build.hooks.kindgi]\npublished-at = "2026-01-02T03:04:05.678Z"\n'
    )


def _write_json(out: Path, relative: str, value: dict[str, Any]) -> str:
    path = out / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return relative


def main(argv: list[str] | None = None) -> int:
    """Command line: write one pack."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("out", type=Path, help="folder to write the pack into")
    parser.add_argument("--blocks", type=int, default=500, help="number of data blocks")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--tools", type=int, default=0, help="number of tool modules")
    parser.add_argument(
        "--versions",
        type=int,
        default=1,
        help="versions of each settings block id; the later ones inherit the first's schema",
    )
    args = parser.parse_args(argv)
    files = generate(
        args.out, args.blocks, seed=args.seed, tools=args.tools, versions=args.versions
    )
    print(f"wrote {len(files)} block files to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
