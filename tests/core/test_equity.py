"""The match-equity model (core/bots/equity.py): a seat's chance to win the match from the totals."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.bots.equity import MatchEquity, round_value, score_histogram, step_for

# Round scores as seen in play: most rounds small, some large.
HIST = [3, 9, 12, 8, 5, 3, 2, 1, 1]


def model(n: int, target: int = 100, step: int = 10) -> MatchEquity:
    return MatchEquity(n, target, HIST, step=step)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_seat_at_the_target_has_won(n):
    m = model(n)
    totals = [30] * n
    totals[1] = 100
    assert m(totals, 1) == 1.0 and m.value(totals, 1) == 1.0
    assert m(totals, 0) == 0.0 and m.value(totals, 0) == 0.0
    # Past the target too; the highest total wins when two are past it (the first of equals).
    totals[0] = 120
    assert m(totals, 0) == 1.0 and m(totals, 1) == 0.0
    totals[1] = 120
    assert m(totals, 0) == 1.0 and m(totals, 1) == 0.0


@pytest.mark.parametrize("n", [2, 3, 4])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_seats_chances_add_up_to_one(n, data):
    m = model(n)
    totals = data.draw(st.lists(st.integers(0, 99), min_size=n, max_size=n))
    assert sum(m(totals, s) for s in range(n)) == pytest.approx(1.0, abs=1e-9)
    assert sum(m.value(totals, s) for s in range(n)) == pytest.approx(1.0, abs=1e-9)
    for s in range(n):
        assert 0.0 <= m.value(totals, s) <= 1.0


@pytest.mark.parametrize("n", [2, 3, 4])
def test_parity_at_the_start(n):
    assert model(n)([0] * n, 0) == pytest.approx(1 / n, abs=1e-9)


@pytest.mark.parametrize("n", [2, 3, 4])
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_more_points_of_ones_own_never_hurt_and_an_opponents_never_help(n, data):
    m = model(n)
    totals = data.draw(st.lists(st.integers(0, 95), min_size=n, max_size=n))
    me = data.draw(st.integers(0, n - 1))
    more = data.draw(st.integers(1, 30))
    mine = list(totals)
    mine[me] += more
    theirs = list(totals)
    theirs[(me + 1) % n] += more
    for read in (m, m.value):
        assert read(mine, me) >= read(totals, me) - 1e-12
        assert read(theirs, me) <= read(totals, me) + 1e-12
    # Between whole steps too: a point more always counts.
    low = list(totals)
    low[me] = 41
    high = list(low)
    high[me] = 44
    assert m.value(high, me) > m.value(low, me)


def test_the_reading_between_steps_is_exact_at_whole_steps():
    m = model(3)
    for totals in ([0, 0, 0], [10, 50, 90], [20, 30, 40]):
        for s in range(3):
            assert m.value(totals, s) == pytest.approx(m(totals, s), abs=1e-12)


def test_after_round_adds_the_score():
    m = model(2)
    assert m.after_round([90, 0], 0, 10, 0) == 1.0
    assert m.after_round([0, 95], 1, 5, 0) == 0.0
    assert m.after_round([0, 0], 0, 30, 0) > m([0, 0], 0)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("target", [1, 30, 100, 1000, 1_000_000])
def test_the_step_bounds_the_table(n, target):
    step = step_for(n, target)
    m = MatchEquity(n, target, HIST, step=step)
    assert m.table_size([0] * n, 0) <= 800 or step == target
    assert step >= 1


def test_histogram_and_round_value():
    assert score_histogram([0, 10, 20, 20, 0], 10) == [0, 1, 2]
    assert score_histogram([7], 5) == pytest.approx([0, 0.6, 0.4])
    assert score_histogram([], 5) == []
    # Scores all under one step still end a match.
    small = MatchEquity(2, 100, score_histogram([1, 2, 3], 4), step=4)
    assert 0.0 < small([0, 0], 0) < 1.0
    assert round_value((0, 30, 0), 1) == 1.0 and round_value((0, 30, 0), 0) == 0.0
    assert round_value((0, 0), 0) == 0.5
    assert round_value((10, 30), 0) == 0.25


def test_bad_models_are_refused():
    with pytest.raises(ValueError):
        MatchEquity(1, 100, HIST)
    with pytest.raises(ValueError):
        MatchEquity(2, 0, HIST)
    with pytest.raises(ValueError):
        MatchEquity(2, 100, [0, 0])
