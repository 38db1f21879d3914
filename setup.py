"""The one compiled piece: the loops of CardVerse ai:hard's play-outs
(variants/cardverse_rummy/bots/_fastplay.c). Everything else is in pyproject.toml.

The extension is optional: where it cannot be built (no C compiler), the install
goes on and the bots run the same loops in pure Python (bots/playout.py), with the
same moves, only slower."""

import os

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class BuildExt(build_ext):
    """An editable install copies the built module into the source tree; it puts a
    new file there instead of rewriting the old one, which a running process (a
    test run that reinstalls the project, say) may have loaded."""

    def copy_file(self, src, dst, *args, **kwargs):
        target = os.path.join(dst, os.path.basename(src)) if os.path.isdir(dst) else dst
        if os.path.isfile(target) and not os.path.samefile(src, target):
            os.unlink(target)
        return super().copy_file(src, dst, *args, **kwargs)


setup(
    cmdclass={"build_ext": BuildExt},
    ext_modules=[
        Extension(
            "rummykit.variants.cardverse_rummy.bots._fastplay",
            ["variants/cardverse_rummy/bots/_fastplay.c"],
            optional=True,
        )
    ],
)
