"""The ladder's rating fit (rummykit.core.play.ladder): Bradley-Terry and its
form for larger tables, on synthetic results whose solution is known."""

from __future__ import annotations

import math

import pytest

from rummykit.core.base.errors import RummyError
from rummykit.core.play.ladder import ELO, ELO_MEAN, fit_ratings, ladder_tables, mle_exists


def pair_results(strengths, n):
    """Every pair's table with the wins it would have if results were exactly
    their expectation (fractional wins): the MLE is then the truth."""
    k = len(strengths)
    rows = []
    for i, j in ladder_tables(k, 2):
        copies = [0] * k
        copies[i] = copies[j] = 1
        wins = [0.0] * k
        s = strengths[i] + strengths[j]
        wins[i] = n * strengths[i] / s
        wins[j] = n * strengths[j] / s
        rows.append((copies, wins))
    return rows


def centred_logs(strengths):
    logs = [math.log(p) for p in strengths]
    mean = sum(logs) / len(logs)
    return [x - mean for x in logs]


def test_pairs_recover_known_strengths():
    truth = [1.0, 2.0, 4.0, 0.5]
    fit = fit_ratings(4, pair_results(truth, 100))
    for got, want in zip(fit.theta, centred_logs(truth), strict=True):
        assert got == pytest.approx(want, abs=1e-7)
    # The Elo scale: twice as strong is 400 log10(2) points ahead; the mean is 1500.
    assert fit.rating(1) - fit.rating(0) == pytest.approx(400 * math.log10(2), abs=1e-4)
    assert sum(fit.rating(i) for i in range(4)) / 4 == pytest.approx(ELO_MEAN)


def test_mixed_tables_recover_known_strengths():
    """Tables of four: one agent alone against three of another; the winner's
    chance is its share of the seats' strengths (Luce's model)."""
    truth = [1.0, 3.0, 0.7]
    k = 3
    rows = []
    for seats in ladder_tables(k, 4):
        copies = [seats.count(a) for a in range(k)]
        s = sum(c * p for c, p in zip(copies, truth, strict=True))
        rows.append((copies, [200 * c * p / s for c, p in zip(copies, truth, strict=True)]))
    fit = fit_ratings(k, rows)
    for got, want in zip(fit.theta, centred_logs(truth), strict=True):
        assert got == pytest.approx(want, abs=1e-7)


def test_two_agents_interval_is_the_binomial_one():
    """Two agents, n matches, share p: var(theta_1 - theta_2) = 1 / (n p (1 - p)),
    and theta sums to zero, so each se is half its square root."""
    n, p = 400, 0.7
    fit = fit_ratings(2, [([1, 1], [n * p, n * (1 - p)])])
    assert fit.theta[0] - fit.theta[1] == pytest.approx(math.log(p / (1 - p)), abs=1e-8)
    assert fit.se[0] == pytest.approx(0.5 / math.sqrt(n * p * (1 - p)), rel=1e-6)
    lo, hi = fit.interval(0)
    assert hi - lo == pytest.approx(2 * 1.959963984540054 * ELO * fit.se[0])


def test_intervals_shrink_as_the_square_root_of_the_matches():
    truth = [1.0, 2.0, 4.0]
    small = fit_ratings(3, pair_results(truth, 50))
    large = fit_ratings(3, pair_results(truth, 800))
    for a, b in zip(small.se, large.se, strict=True):
        assert b == pytest.approx(a / 4, rel=1e-6)
    assert small.theta == pytest.approx(large.theta, abs=1e-7)


def test_intervals_cover_the_truth_about_95_percent_of_the_time():
    """Sampled results (a fixed generator): the 95% intervals of the rating
    differences to the mean hold the true value in most of 200 ladders."""
    import random

    rng = random.Random(7)
    truth = [1.0, 2.0, 0.5]
    want = centred_logs(truth)
    covered = total = 0
    for _ in range(200):
        rows = []
        for i, j in ladder_tables(3, 2):
            wins_i = sum(rng.random() < truth[i] / (truth[i] + truth[j]) for _ in range(60))
            copies = [0, 0, 0]
            copies[i] = copies[j] = 1
            wins = [0, 0, 0]
            wins[i], wins[j] = wins_i, 60 - wins_i
            rows.append((copies, wins))
        fit = fit_ratings(3, rows)
        for a in range(3):
            total += 1
            covered += abs(fit.theta[a] - want[a]) <= 1.959963984540054 * fit.se[a]
    assert 0.9 <= covered / total <= 0.99


def test_an_agent_that_never_won_has_no_mle_and_the_prior_gives_one():
    rows = [([1, 1, 0], [10, 0]), ([1, 0, 1], [6, 0, 4]), ([0, 1, 1], [0, 0, 10])]
    rows = [(c, list(w) + [0] * (3 - len(w))) for c, w in rows]
    assert not mle_exists(3, rows)
    with pytest.raises(RummyError, match="never won"):
        fit_ratings(3, rows)
    fit = fit_ratings(3, rows, prior=0.5)
    assert fit.prior == 0.5
    assert fit.theta[1] < fit.theta[2] < fit.theta[0]
    assert all(math.isfinite(s) for s in fit.se)


def test_mle_exists_needs_every_agent_linked_both_ways():
    assert mle_exists(2, [([1, 1], [3, 2])])
    assert not mle_exists(2, [([1, 1], [5, 0])])
    # 0 and 1 trade wins, 2 plays only 1 and beats it: 2 never lost.
    assert not mle_exists(3, [([1, 1, 0], [2, 2, 0]), ([0, 1, 1], [0, 0, 4])])


def test_ladder_tables():
    assert ladder_tables(3, 2) == [(0, 1), (0, 2), (1, 2)]
    assert ladder_tables(2, 4) == [(0, 1, 1, 1), (1, 0, 0, 0)]
    assert len(ladder_tables(6, 3)) == 30
