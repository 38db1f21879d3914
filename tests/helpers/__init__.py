"""What several test modules share, imported by them (a test module never
imports another): ``ptygame`` (the real ``rummy`` in a pseudo-terminal),
``sites`` (throwaway plugin packages on a folder of ``sys.path``), ``badbots``
(a plugin of misbehaving computer players), ``melds`` (the meld extension
tests' check), ``venvs`` (fresh virtual environments)."""
