"""A refused option names why: an options model's own validator is quoted in
its own words; a value out of bounds or of the wrong type gets the bounds."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from rummykit.core.base.errors import OptionError
from rummykit.core.engine.options import build_options


class _Options(BaseModel):
    hand_size: int = Field(6, ge=0, le=10)
    target: int = Field(100, ge=1, le=1000)
    knock: int = Field(4, ge=0, le=10)

    @field_validator("hand_size")
    @classmethod
    def _even(cls, value: int) -> int:
        if value % 2:
            raise ValueError("must be even")
        return value

    @field_validator("target")
    @classmethod
    def _round(cls, value: int) -> int:
        if value % 50:
            raise PydanticCustomError(
                "round_target", "must be a multiple of 50, not {value}", {"value": value}
            )
        return value

    @model_validator(mode="after")
    def _knock_fits(self) -> _Options:
        if self.knock > self.hand_size:
            raise ValueError("knock must not exceed hand_size")
        return self


def _refusal(values: dict[str, str]) -> str:
    with pytest.raises(OptionError) as e:
        build_options(_Options, values, "toy")
    return str(e.value)


def test_a_field_validators_value_error_is_its_own_message() -> None:
    msg = _refusal({"hand_size": "3"})
    assert msg == "bad value for option hand_size for toy: '3' (hand_size: must be even)"
    assert "between" not in msg


def test_a_custom_error_is_its_own_message() -> None:
    msg = _refusal({"target": "75"})
    assert msg == "bad value for option target for toy: '75' (target: must be a multiple of 50, not 75)"


def test_a_model_validator_is_its_own_message() -> None:
    msg = _refusal({"hand_size": "4", "knock": "6"})
    assert msg == "bad options for toy: knock must not exceed hand_size"


@pytest.mark.parametrize("value", ["11", "-2", "two", "2.5", "true"])
def test_out_of_bounds_or_wrong_type_keeps_the_bounds(value: str) -> None:
    msg = _refusal({"hand_size": value})
    assert "(hand_size must be a whole number between 0 and 10)" in msg


def test_a_good_value_passes() -> None:
    assert build_options(_Options, {"hand_size": "4", "target": "150"}).hand_size == 4


class _Choices(BaseModel):
    pool: Literal[101, 201] = 101
    format: Literal["points", "pool"] = "points"


def test_a_literal_choice_of_numbers_is_read_from_its_text() -> None:
    assert build_options(_Choices, {"pool": "201"}).pool == 201
    assert build_options(_Choices, {"pool": 201, "format": "pool"}) == _Choices(pool=201, format="pool")
    with pytest.raises(OptionError, match=r"bad value for option pool: '301' \(pool takes 101 or 201\)"):
        build_options(_Choices, {"pool": "301"})


def test_indian_pool_201_is_played_from_the_command_line(rummy_run) -> None:
    r = rummy_run(
        "play",
        "indian",
        "--seat",
        "ai:easy",
        "--seat",
        "ai:easy",
        "-o",
        "format=pool",
        "-o",
        "pool=201",
        "--seed",
        "1",
    )
    assert r.returncode == 0, r.stderr
    assert "pool 201: a player reaching 201 points is out" in r.stdout
