"""Types of the compiled play-out core (``_fastplay.c``): the loops of
:class:`~rummykit.variants.cardverse_rummy.bots.playout.Playouts` in C."""

from collections.abc import Callable, Sequence

class Core:
    def __init__(self, points: Sequence[int], rank: Sequence[int]) -> None: ...
    def play(
        self,
        hands: list[int],
        stock: list[int],
        pile: list[int],
        table: list[int],
        me: int,
        cur: int,
        first_take: bool | None,
        keep: float,
    ) -> tuple[int, list[int]]: ...
    def fill(
        self,
        pool: list[int],
        seat: int,
        hand: int,
        unknown: list[int],
        held: list[int],
        blocked: list[int],
        last_pass: list[int | None],
        bound: list[int],
    ) -> tuple[list[int], list[int]]: ...
    def deal(
        self,
        unseen: int,
        getrandbits: Callable[[int], int],
        seat: int,
        hand: int,
        unknown: list[int],
        held: list[int],
        blocked: list[int],
        last_pass: list[int | None],
        bound: list[int],
    ) -> tuple[list[int], list[int]]: ...
    def score(self, winner: int, hands: list[int]) -> int: ...
    def arrangement(self, hand: int) -> tuple[int, ...]: ...
