"""``rummy new-variant NAME [--dir PATH] [--title TITLE]``: write a working
variant plugin package.

The package is ``PATH/rummykit-NAME/`` (PATH, a folder that exists, defaults to
the current folder)::

    rummykit-NAME/
        pyproject.toml          the ``rummykit`` entry point NAME = "rummykit_NAME.plugin"
        README.md
        rummykit_NAME/
            __init__.py
            variant.py          options, the Round subclass, the VariantSpec
            agents.py           an ai:easy computer player
            plugin.py           the hooks registering them
        tests/
            test_rummykit_NAME.py   the conformance kit (rummykit.testing) and rule tests

Installed with ``pip install -e``, the variant shows in ``rummy variants``,
plays in ``rummy play NAME`` and its tests pass, before any edit. The files come
from ``templates/new_variant/*.tmpl`` beside this module, with ``{{name}}``,
``{{title}}``, ``{{Class}}``, ``{{module}}``, ``{{dist}}`` and
``{{rummykit_version}}`` filled in.

NAME becomes the plugin's entry-point name, so it may be neither an installed
variant nor any installed plugin's name (``core``, ``gin``... whether loaded,
disabled or broken). TITLE is the variant's title as given; without it ``rummy``
asks at a terminal, proposing one made of NAME (``big-gin``: "Big Gin Rummy",
``knockrummy``: "Knockrummy"), and takes that one elsewhere. A folder that does
not exist or cannot be written is one line, and nothing is left half-written in
it.
"""

from __future__ import annotations

import re
import shutil
from importlib import resources
from pathlib import Path

import click

from rummykit import __version__
from rummykit.core.base.errors import RummyError
from rummykit.core.base.values import shown_value
from rummykit.core.plugins.registry import variant_name_problem

from .common import plugins, registry, stdin_is_tty, stdout_is_tty

#: template file -> path in the new package ({module} is filled in)
FILES = {
    "pyproject.toml.tmpl": "pyproject.toml",
    "README.md.tmpl": "README.md",
    "__init__.py.tmpl": "{module}/__init__.py",
    "variant.py.tmpl": "{module}/variant.py",
    "agents.py.tmpl": "{module}/agents.py",
    "plugin.py.tmpl": "{module}/plugin.py",
    "test_variant.py.tmpl": "tests/test_{module}.py",
}


#: A title: letters (any script), digits, spaces and a few marks, which every
#: file it is written in (Python strings, TOML, Markdown) takes as they are.
TITLE = re.compile(r"[^\W_](?:[^\W_]|[ '&.,()!+-])*\Z")
MAX_TITLE = 40


def check_title(title: str) -> str:
    """``title`` without the spaces around it, or a :class:`RummyError` saying
    what a title may hold."""
    title = title.strip()
    if len(title) <= MAX_TITLE and TITLE.match(title) and "  " not in title:
        return title
    raise RummyError(
        f"bad title {shown_value(title)}: use 1 to {MAX_TITLE} letters, digits and single spaces, "
        "with - ' & . , ( ) ! + among them (like 'Big Gin Rummy')"
    )


def names_for(name: str, title: str | None = None) -> dict[str, str]:
    """Every spelling of NAME the templates use; the title ``title``, else one
    made of NAME's words (with "Rummy" after them unless NAME holds it)."""
    words = re.split(r"[-_]", name)
    if title is None:
        title = " ".join(w.capitalize() for w in words)
        if "rummy" not in name:
            title += " Rummy"
    return {
        "name": name,
        "title": title,
        "Class": "".join(w.capitalize() for w in words),
        "module": "rummykit_" + name.replace("-", "_"),
        "dist": "rummykit-" + name.replace("_", "-"),
        "rummykit_version": __version__,
    }


def check_name(name: str) -> None:

    problem = variant_name_problem(name)
    if problem is not None:
        raise RummyError(problem)


def render(text: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    return text


def write_package(name: str, parent: Path, title: str | None = None) -> tuple[Path, list[Path]]:
    """Write the package for variant ``name`` (titled ``title``, else as
    :func:`names_for` makes it) into the folder ``parent``; returns its folder
    and the files written. Refuses a ``parent`` that does not exist and an
    existing, non-empty package folder; a folder that cannot be written is a
    RummyError (and what was written is removed)."""
    check_name(name)
    values = names_for(name, None if title is None else check_title(title))
    root = parent / values["dist"]
    try:
        if parent.exists() and not parent.is_dir():
            raise RummyError(f"cannot write in {parent}: it is a file, not a folder")
        if not parent.exists():
            if any(p.exists() and not p.is_dir() for p in parent.parents):
                raise RummyError(f"cannot write in {parent}: a part of that path is a file, not a folder")
            raise RummyError(f"cannot write in {parent}: no such folder (make it, or choose another --dir)")
        if root.is_symlink() and not root.exists():
            raise RummyError(f"{root} is a link to nothing; choose another --dir or name")
        if root.exists() and (not root.is_dir() or any(root.iterdir())):
            raise RummyError(f"{root} already exists and is not empty; choose another --dir or name")
        made = not root.exists()
        root.mkdir(exist_ok=True)
    except FileExistsError:
        raise RummyError(f"cannot write in {parent}: a part of that path is a file, not a folder") from None
    except OSError as e:
        raise RummyError(f"cannot write in {parent}: {e.strerror or e}") from None
    templates = resources.files("rummykit.cli").joinpath("templates", "new_variant")
    written = []
    try:
        for template, target in FILES.items():
            text = render(templates.joinpath(template).read_text(encoding="utf-8"), values)
            leftover = re.search(r"\{\{(name|title|Class|module|dist|rummykit_version)\}\}", text)
            assert leftover is None, f"{template}: {leftover.group(0)} not filled in"
            path = root / target.format(module=values["module"])
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            written.append(path)
    except OSError as e:
        if made:
            shutil.rmtree(root, ignore_errors=True)
        else:
            for path in written:
                path.unlink(missing_ok=True)
        raise RummyError(f"cannot write in {root}: {e.strerror or e}") from None
    return root, written


def _title_asked(text: str) -> str:
    """A title typed at the prompt (asked again when it cannot be one)."""
    try:
        return check_title(text)
    except RummyError as e:
        raise click.UsageError(str(e)) from None


def plugin_names() -> set[str]:
    """Every installed plugin's name, as the plugin manager knows it: loaded ones
    (``core`` included) and those installed but disabled, broken or in conflict."""
    p = plugins()
    return {n for n, _ in p.pm.list_name_plugin()} | set(p.info)


@click.command(name="new-variant")
@click.argument("name")
@click.option(
    "--dir",
    "parent",
    type=click.Path(path_type=Path),
    default=Path("."),
    show_default=True,
    help="Folder (one that exists) in which to create rummykit-NAME/.",
)
@click.option(
    "--title",
    help="The variant's title, as rummy variants shows it (default: asked at a terminal, "
    "else made of NAME: big-gin is 'Big Gin Rummy').",
)
def new_variant(name: str, parent: Path, title: str | None) -> None:
    """Write a new variant plugin package, rummykit-NAME, ready to install.

    It holds a small working variant (draw, discard, go out when every card is
    melded), a computer player, the hooks registering them, and tests using the
    conformance kit. Then:

    \b
        pip install -e './rummykit-NAME[test]'
        rummy variants          # NAME is listed
        rummy play NAME
        pytest rummykit-NAME
    """
    check_name(name)
    reg = registry()
    if name in reg.variants:
        raise RummyError(
            f"a variant named {name!r} is already installed (plugin {reg.variants[name].plugin}); "
            "two plugins with one variant name would be an error: choose another name"
        )
    if name in plugin_names():
        raise RummyError(
            f"a plugin named {name!r} is already installed (see rummy plugins); "
            "two plugins with one name would be an error (neither loads): choose another name"
        )
    if title is not None:
        title = check_title(title)
    elif stdin_is_tty() and stdout_is_tty():
        title = click.prompt("Title", default=names_for(name)["title"], value_proc=_title_asked)
    root, written = write_package(name, parent, title)
    shown = str(root)
    if not root.is_absolute() and not shown.startswith("."):
        shown = "./" + shown  # pip reads a bare "rummykit-x[test]" as a name, not a folder
    click.echo(f"Wrote the variant plugin {root.name} in {shown}:")
    for path in written:
        click.echo(f"  {path.relative_to(root)}")
    click.echo()
    click.echo("Next:")
    click.echo(f"  pip install -e '{shown}[test]'")
    click.echo("  rummy variants")
    click.echo(f"  rummy play {name}")
    click.echo(f"  pytest {shown}")
    click.echo(
        "The rules are in "
        + str(Path(shown) / names_for(name)["module"] / "variant.py")
        + "; rummykit's docs/plugins.md walks through them."
    )
