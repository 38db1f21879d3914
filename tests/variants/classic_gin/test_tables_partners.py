"""Partnership Gin (``gin-partners``, docs/rules.md §4): two games of two at
once, turns interleaved, a finished game waiting; partnership scoring (both
games one team: the sum; one each: the difference to the higher); team totals
to 125 with team bonuses; partners never see each other's hands."""

from __future__ import annotations

import random

import pytest

from rummykit import Action, BaseAgent, HandReport, Match, MatchContext, RoundResult, parse_card, parse_cards
from rummykit.testing import ConformanceError, check_cards_accounted, check_variant, check_view_hides
from rummykit.variants.classic_gin import ClassicRound
from rummykit.variants.classic_gin.tables import PartnersRound, partner_games, partnership_score
from rummykit.variants.classic_gin.tables_agents import TableAgent, game_view
from rummykit.variants.classic_gin.tables_match import PartnersRule
from rummykit.variants.classic_gin.tables_spec import PARTNERS, PartnersOptions

TEAMS = ((0, 2), (1, 3))
PASS, DRAW, TAKE = Action("pass"), Action("draw stock"), Action("take discard")


def move(kind: str, card: str) -> Action:
    return Action(kind, (parse_card(card),))


# -- partnership scoring ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "winners", "want"),
    [
        ((25, 14), (0, 2), (0, 39, 0)),  # one team won both games: the sum
        ((14, 25), (3, 1), (1, 39, 1)),
        ((25, 14), (0, 1), (0, 11, 0)),  # one game each: the difference to the higher
        ((9, 31), (2, 3), (1, 22, 1)),
        ((20, 20), (0, 3), (None, 0, None)),  # one each, equal: nobody
        ((18, 0), (1, None), (1, 18, 0)),  # a game with no score counts 0
        ((0, 0), (None, None), (None, 0, None)),
    ],
)
def test_partnership_scoring(points, winners, want):
    assert partnership_score(points, winners, TEAMS) == want


def test_the_pairing_rotates_the_opponents_as_the_deal_passes_left():
    assert partner_games(0) == ((1, 0), (3, 2))
    assert partner_games(1) == ((2, 1), (0, 3))
    opponents = {s: set() for s in range(4)}
    for dealer in range(4):
        for a, b in partner_games(dealer):
            assert a % 2 != b % 2  # always one player of each team
            opponents[a].add(b)
            opponents[b].add(a)
    assert all(len(o) == 2 for o in opponents.values())  # each meets both opponents


# -- a hand of two games ---------------------------------------------------------------


def rigged(dealer: int = 0) -> PartnersRound:
    """A hand dealt by ``dealer`` whose game 1 first player (the dealer's
    left) holds A-9♠ and K♥ with 2♥ up: it can take the upcard and knock
    with 2 at once. Game 2 as dealt."""
    rnd = PartnersRound.deal(PartnersOptions(), 4, 0, random.Random(7), match=MatchContext(0, 4, dealer))
    h0 = "AS 2S 3S 4S 5S 6S 7S 8S 9S KH"
    h1 = "KC QC JC 10D 8D 6D 4D 3H 6H 9H"
    placed = parse_cards(h0) + parse_cards(h1) + [parse_card("2H")]
    rest = [c for c in range(52) if c not in placed]
    rnd.games[0].round = ClassicRound.from_deal([h0, h1], parse_card("2H"), rest, PartnersOptions())
    return rnd


def test_turns_interleave_between_the_games():
    match = Match(PARTNERS, PartnersOptions(), 4, 3)
    rnd = match.round
    (a, b), (c, d) = partner_games(match.context.dealer)
    assert match.context.seats == (a, c, b, d)
    for seat in range(4):  # every view tells the seats in play, in order, and the teams
        ctx = match.view(seat).match
        assert ctx.seats == (a, c, b, d) and ctx.teams == TEAMS and ctx.partners(seat) == (seat ^ 2,)
    order = []
    for _ in range(8):
        seat = match.to_act()
        order.append(seat)
        legal = match.legal_actions()
        match.apply(PASS if PASS in legal else legal[0])
        if match.to_act() == seat:  # the draw and the discard of one turn
            legal = match.legal_actions()
            match.apply(next(x for x in legal if x.kind == "discard"))
    assert order == [a, c, b, d, a, c, b, d]
    assert match.round is rnd


def test_a_finished_game_waits_for_the_other():
    rnd = rigged(dealer=0)
    (a, b), (c, d) = rnd.games[0].seats, rnd.games[1].seats
    assert rnd.to_act() == a
    rnd.apply(TAKE)
    rnd.apply(move("knock", "KH"))
    game1 = rnd.games[0].round.result
    assert game1 is not None and game1.outcome == "knock" and rnd.result is None
    rng = random.Random(1)
    while rnd.result is None:
        assert rnd.to_act() in (c, d)  # only game 2 plays now
        assert rnd.view(a).legal == () and rnd.view(b).legal == ()
        rnd.apply(rng.choice(rnd.legal_actions()))
    other = rnd.view(c).extra["other_game"]
    assert other["over"] and other["outcome"] == "knock" and other["winner"] == a


JUNK = "KD QH JS 10H 8S 7D 5C 4S 3C 2D"  # no meld: 69 deadwood
GIN_READY = "AH 2H 3H 4D 5D 6D 7C 8C 9C QS"  # with 10♣: gin, discarding Q♠


@pytest.mark.parametrize(
    ("ginner", "outcome", "points", "line"),
    [
        # game 1: seat 2 (first of game 1) knocks with 2 against 46: 44.
        # game 2: seat 4 (its first player, same team) goes gin against 69: 94. The sum.
        (0, "sweep", (0, 44, 0, 94), "E and W win both games: 44 + 94 = 138 for their team"),
        # game 2's dealer, seat 3, takes the upcard and goes gin: one game each,
        # 94 - 44 = 50 to seat 3's team.
        (1, "split", (0, 0, 50, 0), "one game each: 94 - 44 = 50 to N and S, the higher score"),
    ],
)
def test_a_hand_scores_by_partnership_rules(ginner, outcome, points, line):
    rnd = rigged(dealer=0)
    assert [g.seats for g in rnd.games] == [(1, 0), (3, 2)]
    hands = [JUNK, JUNK]
    hands[ginner] = GIN_READY
    placed = parse_cards(hands[0]) + parse_cards(hands[1]) + [parse_card("10C")]
    rest = [c for c in range(52) if c not in placed]
    rnd.games[1].round = ClassicRound.from_deal(hands, parse_card("10C"), rest, PartnersOptions())
    rnd.apply(TAKE)
    rnd.apply(move("knock", "KH"))
    assert rnd.games[0].round.result.points == (44, 0)
    if ginner == 1:
        assert rnd.to_act() == 3
        rnd.apply(PASS)
    assert rnd.to_act() == (3, 2)[ginner]
    rnd.apply(TAKE)
    rnd.apply(move("gin", "QS"))
    result = rnd.result
    assert result is not None and result.outcome == outcome and result.points == points
    assert result.winner == (3, 2)[ginner]
    lines = result.lines(["N", "E", "S", "W"])
    assert lines[0] == "game 1: E knocks with 2; N has 46; E scores 44"
    assert lines[1].startswith("game 2: ") and "94" in lines[1]
    assert lines[-1] == line
    assert {h.seat for h in result.hands} == {0, 1, 2, 3}


# -- what each seat sees ----------------------------------------------------------------


def test_no_seat_ever_sees_another_hand_its_partner_s_included():
    match = Match(PARTNERS, PartnersOptions(target=40), 4, 9)
    rng = random.Random(9)
    states = 0
    while not match.over and states < 300:
        rnd = match.round
        check_cards_accounted(rnd)
        zones = rnd.zones()
        decks = rnd.decks()
        assert len(decks) == 2 and {"game1.stock", "game2.stock"} <= set(zones)
        for seat in range(4):
            v = match.view(seat)
            assert sorted(v.hand) == sorted(zones[f"hand{seat}"])
            partner = v.extra["partner"]
            assert partner == next(s for s in TEAMS[seat % 2] if s != seat)
            if rnd.result is None:
                # nothing of another hand: not in the seat's own game's fields
                for other in range(4):
                    if other != seat:
                        hidden = set(zones[f"hand{other}"])
                        mine = next(d for d in decks if f"hand{seat}" in d)
                        if f"hand{other}" in mine:  # the opponent: same deck, checked card by card
                            assert not hidden & set(v.hand)
                            assert not hidden & set(v.discard_pile)
                # the other game: its public facts only
                og = v.extra["other_game"]
                theirs = next(d for d in decks if f"hand{seat}" not in d)
                assert og["discard_pile"] == tuple(theirs["discard"])
                assert og["stock_size"] == len(theirs["stock"])
                assert set(og) == {
                    "first_seat",
                    "dealer",
                    "to_act",
                    "stock_size",
                    "discard_pile",
                    "phase",
                    "upcard_offer",
                    "turn",
                    "over",
                    "outcome",
                    "winner",
                    "points",
                }
                assert all(e.seat in (seat, v.extra["opponent"]) for e in v.history)
        if states % 25 == 0 and rnd.result is None:
            for seat in range(4):
                assert rnd.resample(seat, random.Random(states)).view(seat) == rnd.view(seat)
        states += 1
        match.apply(rng.choice(match.legal_actions()))


def test_the_bots_see_their_own_game_as_two_players():
    match = Match(PARTNERS, PartnersOptions(), 4, 5)
    seat = match.to_act()
    v = match.view(seat)
    g = game_view(v)
    assert g.n_seats == 2 and g.seat == 0 and g.hand == v.hand and g.legal == v.legal
    assert "other_game" not in g.extra and "partner" not in g.extra
    info = match.round.information(seat)
    assert info.n_seats == 2 and info.seat == 0  # ai:search plays the seat's own game


# -- the match --------------------------------------------------------------------------------


def hand(
    points: tuple[int, ...], winner: int | None, outcome: str, dealer: int
) -> tuple[RoundResult, MatchContext]:
    return (
        RoundResult(points, outcome, winner, (HandReport(0, ()),)),
        MatchContext(0, 4, dealer, (1, 3, 0, 2), TEAMS),
    )


def test_the_team_match_rule():
    rule = PartnersRule(125)
    rule.start(4, random.Random(0))
    rule.dealer = 0
    assert rule.seats_in_play() == (1, 3, 0, 2) and rule.teams == TEAMS
    rule.record(*hand((0, 0, 0, 0), None, "draw", 0))
    assert rule.dealer == 0  # no score in either game: the same dealer
    rule.record(*hand((40, 0, 50, 0), 2, "sweep", 0))
    assert rule.dealer == 1 and rule.team_totals() == [90, 0]
    rule.record(*hand((0, 0, 0, 0), None, "split", 1))
    assert rule.dealer == 2  # an equal split scored nothing, but the deal passes
    rule.record(*hand((0, 30, 0, 0), 1, "split", 2))
    assert not rule.is_over()
    rule.record(*hand((35, 0, 0, 0), 0, "single", 3))
    assert rule.is_over() and rule.winners() == (0, 2) and rule.winning_team() == 0
    cols = {c.title: c for c in rule.columns()}
    assert cols["Team"].teams and cols["Team"].values == (125, 30)
    assert cols["Points"].values == (75, 30, 50, 0)
    assert cols["Hands"].values == (2, 1)
    assert cols["Boxes"].values == (50, 25) and cols["Game"].values == (100, 0)  # no shutout
    assert cols["Final"].values == (275, 55)
    assert rule.ranking()[:2] == (0, 2)


def test_a_match_is_won_by_a_team():
    match = Match(PARTNERS, PartnersOptions(target=50), 4, 21)
    rng = random.Random(21)
    while not match.over:
        legal = match.legal_actions()
        ending = [x for x in legal if x.kind in ("knock", "gin")]
        match.apply(ending[0] if ending else rng.choice(legal))
    assert not match.stalled and match.winners in TEAMS
    team = TEAMS.index(match.winners)
    assert sum(match.totals[s] for s in match.winners) >= 50
    assert match.winning_team == team


def test_conformance():
    check_variant("gin-partners", seeds=range(3), report=False)


@pytest.mark.slow
def test_conformance_with_every_player():
    coverage = check_variant("gin-partners", seeds=range(8), report=False)
    assert not coverage.outcomes_never_reached and not coverage.moves_never_played
    assert {"ai:easy", "ai:normal", "ai:hard", "ai:search"} <= set(coverage.players)


class Watcher(BaseAgent):
    """A two-seat player that notes what it is told and plays the first legal move."""

    def __init__(self):
        self.told = []

    def act(self, view, legal):
        assert view.n_seats == 2 and view.to_act == view.seat
        return legal[0]

    def observe(self, event, view):
        self.told.append((event.seat, view.seat, view.n_seats))


def test_a_table_player_is_told_its_own_game_s_events_with_the_game_s_seats():
    match = Match(PARTNERS, PartnersOptions(), 4, 6)
    seat = match.context.seats[0]
    agent = TableAgent(Watcher())
    for _ in range(12):
        event = match.apply(match.legal_actions()[0])
        agent.observe(event.seen_by(seat), match.view(seat))
    mine = [e for e in match.round.history if e.seat in (seat, match.view(seat).extra["opponent"])]
    assert len(agent.inner.told) == len(mine) < 12
    assert all(n == 2 and me == 0 and s in (0, 1) for s, me, n in agent.inner.told)


def test_the_kit_counts_each_deck_on_its_own():
    rnd = PartnersRound.deal(PartnersOptions(), 4, 0, random.Random(3), match=MatchContext(0, 4, 2))
    check_cards_accounted(rnd)
    for seat in range(4):
        check_view_hides(rnd, seat)
        deck = next(d for d in rnd.decks() if f"hand{seat}" in d)
        assert rnd.view(seat).stock_size == len(deck["stock"]) == 31
    rnd.games[0].round.stock.pop()  # a card lost from game 1's deck
    with pytest.raises(ConformanceError, match=r"1 cards missing from decks\(\)\[0\]"):
        check_cards_accounted(rnd)
