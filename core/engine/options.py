"""Variant options: ``KEY=VALUE`` text from the command line into the variant's
pydantic model, with one clear line for an unknown key or a bad value.

A numeric option states its bounds with pydantic's ``Field(ge=..., le=...)``;
:func:`allowed_values` turns them (or a ``bool``, or a ``Literal`` of choices)
into words, which ``rummy rules`` lists and a refused value quotes.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails
from pydantic_core.core_schema import ErrorType

from rummykit.core.base.errors import OptionError
from rummykit.core.base.values import did_you_mean, is_truth_value, shown_value


def parse_pairs(pairs: Iterable[str]) -> dict[str, str]:
    """``KEY=VALUE`` texts as a mapping (``-`` in a key read as ``_``). A key
    given twice is an :class:`OptionError`: which value was meant is unclear."""
    out: dict[str, str] = {}
    for p in pairs:
        if "=" not in p:
            raise OptionError(f"bad option {shown_value(p)}: expected KEY=VALUE")
        k, v = p.split("=", 1)
        k = k.strip().replace("-", "_")
        if not k:
            raise OptionError(f"bad option {shown_value(p)}: expected KEY=VALUE")
        if k in out:
            raise OptionError(f"option {shown_value(k)} is given twice: give it once")
        out[k] = v.strip()
    return out


def _bounds(field: FieldInfo) -> tuple[Any, Any]:
    """(lowest, highest) allowed by ``ge``/``gt``/``le``/``lt``, ``None`` when open.
    For a whole number ``gt=x`` is ``x + 1`` (and ``lt=x`` is ``x - 1``)."""
    lo = hi = None
    whole = field.annotation is int
    for m in field.metadata:
        if getattr(m, "ge", None) is not None:
            lo = m.ge
        elif getattr(m, "gt", None) is not None:
            lo = m.gt + 1 if whole else m.gt
        if getattr(m, "le", None) is not None:
            hi = m.le
        elif getattr(m, "lt", None) is not None:
            hi = m.lt - 1 if whole else m.lt
    return lo, hi


def bounds(field: FieldInfo) -> tuple[Any, Any]:
    """(lowest, highest) value an option allows (``None`` when open), from its
    ``ge``/``gt``/``le``/``lt``; the chooser of ``rummy play`` asks within them."""
    return _bounds(field)


def _choices(field: FieldInfo) -> list[str] | None:
    if typing.get_origin(field.annotation) is typing.Literal:
        return [str(a) for a in typing.get_args(field.annotation)]
    return None


def _literal(field: FieldInfo, value: Any) -> Any:
    """``value`` as the choice of a ``Literal`` option it spells: the text
    ``"201"`` is the choice ``201`` (the command line gives text only)."""
    if isinstance(value, str) and typing.get_origin(field.annotation) is typing.Literal:
        for choice in typing.get_args(field.annotation):
            if not isinstance(choice, str | bool) and str(choice) == value.strip():
                return choice
    return value


def _either(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def allowed_values(field: FieldInfo) -> str:
    """The values an option takes, in words: ``1 to 1000000``, ``true or false``,
    ``first or alternate``; ``""`` when the type says nothing simple."""
    ann = field.annotation
    if ann is bool:
        return "true or false"
    choices = _choices(field)
    if choices:
        return _either(choices)
    if ann in (int, float):
        lo, hi = _bounds(field)
        if lo is not None and hi is not None:
            return f"{lo} to {hi}"
        if lo is not None:
            return f"{lo} or more"
        if hi is not None:
            return f"at most {hi}"
        return "a whole number" if ann is int else "a number"
    return ""


def _reason(key: str, field: FieldInfo | None, msg: str) -> str:
    """Why a value is refused, in plain words."""
    if field is None:
        return msg
    ann = field.annotation
    if ann is bool:
        return f"{key} takes true or false"
    choices = _choices(field)
    if choices:
        return f"{key} takes {_either(choices)}"
    if ann in (int, float):
        kind = "a whole number" if ann is int else "a number"
        lo, hi = _bounds(field)
        if lo is not None and hi is not None:
            return f"{key} must be {kind} between {lo} and {hi}"
        if lo is not None:
            return f"{key} must be {kind}, at least {lo}"
        if hi is not None:
            return f"{key} must be {kind}, at most {hi}"
        return f"{key} must be {kind}"
    return msg


#: What pydantic itself refuses (a wrong type, a value out of bounds, not one of
#: the choices): said by :func:`_reason` in the option's own words.
_PYDANTIC_ERRORS = frozenset(typing.get_args(ErrorType)) - {"value_error", "assertion_error"}


def _own_message(err: ErrorDetails) -> str | None:
    """The message of the options model's own validator (a ``ValueError``,
    an ``AssertionError`` or a ``PydanticCustomError``), ``None`` for
    pydantic's own refusals."""
    if err["type"] in _PYDANTIC_ERRORS:
        return None
    error = err.get("ctx", {}).get("error")
    return str(error) if isinstance(error, Exception) and str(error) else err["msg"]


ModelT = TypeVar("ModelT", bound=BaseModel)


def build_options(model: type[ModelT], values: Mapping[str, Any], variant: str = "") -> ModelT:
    """Validate ``values`` against ``model``; raise :class:`OptionError` on any
    problem. Values are read as ``rummy play -o`` reads its texts (``"30"`` is
    30, ``"false"`` false), but a truth value for a number is refused, not
    taken as 0 or 1; a ``Literal`` choice is read from its text (``"201"``)."""
    fields = model.model_fields
    where = f" for {variant}" if variant else ""
    values = {k: _literal(fields[k], v) if k in fields else v for k, v in values.items()}
    for k in values:
        if k not in fields:
            known = ", ".join(fields) or "none"
            hint = did_you_mean(str(k), fields)
            raise OptionError(f"unknown option {shown_value(k)}{where}{hint} (options: {known})")
        field = fields[k]
        if field.annotation in (int, float) and is_truth_value(values[k]):
            reason = _reason(k, field, "")
            raise OptionError(f"bad value for option {k}{where}: {shown_value(values[k])} ({reason})")
    try:
        return model.model_validate(dict(values))
    except ValidationError as e:
        err = e.errors()[0]
        key = ".".join(str(x) for x in err.get("loc", ()))
        own = _own_message(err)
        if not key:  # a model validator, about several options at once
            raise OptionError(f"bad options{where}: {own or err['msg']}") from None
        if own is not None:
            shown = shown_value(values.get(key, err.get("input")))
            raise OptionError(f"bad value for option {key}{where}: {shown} ({key}: {own})") from None
        value = values.get(key, err.get("input"))
        info = fields.get(key)
        reason = _reason(key, info, err.get("msg", "invalid"))
        words = (_choices(info) or (["true", "false"] if info.annotation is bool else [])) if info else []
        hint = did_you_mean(value, words) if isinstance(value, str) else ""
        shown = shown_value(value)
        raise OptionError(f"bad value for option {key}{where}: {shown} ({reason}){hint}") from None


def describe_options(model: type[BaseModel]) -> list[tuple[str, str, str, str]]:
    """(name, default, allowed values, description) for each option."""
    out = []
    for name, f in model.model_fields.items():
        default = f.default
        shown = ("true" if default else "false") if isinstance(default, bool) else str(default)
        out.append((name, shown, allowed_values(f), f.description or ""))
    return out
