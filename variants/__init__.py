"""The built-in variants, installed as ``rummykit.variants``.

This folder is not a package of its own: ``import variants`` (from the
repository root, or with it on ``sys.path``) fails, so that no second copy of
the code can slip in beside the installed one.
"""

if __name__ != "rummykit.variants":
    raise ImportError(f"'{__name__}' is not a package: import rummykit.variants instead")
