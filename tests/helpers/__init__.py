"""What several test modules share, imported by them (a test module never
imports another): ``ptygame`` (the real ``rummy`` in a pseudo-terminal),
``sites`` (throwaway plugin packages on a folder of ``sys.path``), ``badbots``
(a plugin of misbehaving computer players), ``saves`` (saved games),
``screens`` (option names and ``rummy simulate``'s tables), ``examples``
(moves and seeds for two example plugins' games), ``melds`` (the meld
extension tests' check), ``env_cases`` (the environments tests/env checks),
``venvs`` (fresh virtual environments)."""
