"""Contract Rummy (docs/rules.md §5): seven deals, each with its contract; two or
three decks with jokers; buying out of turn; the lowest penalty total wins."""
