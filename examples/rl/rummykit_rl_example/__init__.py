"""A trained Gin policy (examples/rl/train.py) as the rummykit player ``rl:linear``."""
