"""Computer players: the agent interface, the guard that runs a bot's code,
the generic search ``ai:search`` with its match-equity model, what a seat saw
of the discard pile, and core's own plugin (``random``, ``ai:search``)."""
