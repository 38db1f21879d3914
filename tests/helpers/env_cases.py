"""The environments the tests of tests/env check (their ``registry`` fixture,
tests/env/conftest.py, holds these variants)."""

#: (variant, seats) of every environment the tests check.
CASES = [("gin", 2), ("cardverse", 2), ("cardverse", 3), ("cardverse", 4), ("straight-gin", 2), ("envtoy", 2)]
IDS = [f"{v}-{n}" for v, n in CASES]
