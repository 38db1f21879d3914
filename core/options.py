"""Variant options: ``KEY=VALUE`` text from the command line into the variant's
pydantic model, with one clear line for an unknown key or a bad value."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from .errors import OptionError


def parse_pairs(pairs: Iterable[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for p in pairs:
        if "=" not in p:
            raise OptionError(f"bad option {p!r}: expected KEY=VALUE")
        k, v = p.split("=", 1)
        k = k.strip().replace("-", "_")
        if not k:
            raise OptionError(f"bad option {p!r}: expected KEY=VALUE")
        out[k] = v.strip()
    return out


def build_options(model: type[BaseModel], values: Mapping[str, Any], variant: str = "") -> BaseModel:
    """Validate ``values`` against ``model``; raise :class:`OptionError` on any problem."""
    fields = model.model_fields
    where = f" for {variant}" if variant else ""
    for k in values:
        if k not in fields:
            known = ", ".join(fields) or "none"
            raise OptionError(f"unknown option {k!r}{where} (options: {known})")
    try:
        return model.model_validate(dict(values))
    except ValidationError as e:
        err = e.errors()[0]
        key = ".".join(str(x) for x in err.get("loc", ())) or "options"
        value = values.get(key, err.get("input"))
        msg = err.get("msg", "invalid")
        raise OptionError(f"bad value for option {key}{where}: {value!r} ({msg})") from None


def describe_options(model: type[BaseModel]) -> list[tuple[str, str, str]]:
    """(name, default, description) for each option."""
    out = []
    for name, f in model.model_fields.items():
        default = f.default
        if isinstance(default, bool):
            shown = "true" if default else "false"
        else:
            shown = str(default)
        out.append((name, shown, f.description or ""))
    return out
