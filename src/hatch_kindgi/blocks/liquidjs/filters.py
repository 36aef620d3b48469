"""The filters liquidjs has, with JavaScript's numbers."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from liquid import Environment


@lru_cache(maxsize=1)
def _standard() -> dict[str, Any]:
    from liquid import Environment

    return dict(Environment().filters)


def register_filters(env: Environment) -> None:
    """Add the filters a template may use to `env`."""
    for name, function in _standard().items():
        env.add_filter(name, function)
