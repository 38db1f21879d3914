"""Running games: the match loop, a game in progress (session), records,
statistics of finished games, and ``rummy simulate`` with its backends."""
