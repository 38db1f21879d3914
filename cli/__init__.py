"""The ``rummy`` command, installed as ``rummykit.cli``.

This folder is not a package of its own: ``import cli`` (from the repository
root, or with it on ``sys.path``) fails, so that no second copy of the code can
slip in beside the installed one.
"""

if __name__ != "rummykit.cli":
    raise ImportError(f"'{__name__}' is not a package: import rummykit.cli instead")
