"""What ``rummy`` keeps, and what it imports, from one run to the next: each
run's state is its own (click's context object), and ``rummy --help`` imports no
engine, no pydantic, no variant and no command module."""

from __future__ import annotations

import subprocess
import sys

import click
import pytest

from rummykit.cli.main import BUILTIN_COMMANDS, cli
from rummykit.cli.options import WholeNumber
from rummykit.core.base.errors import RummyError
from rummykit.core.base.values import shortened, shown_value


def test_rummy_help_imports_no_engine_pydantic_variant_or_command():
    code = (
        "import sys\n"
        "from rummykit.cli.main import main\n"
        "try:\n"
        "    main(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "loaded = [m for m in sys.modules if m.startswith(('pydantic', 'rich', 'rummykit.'))]\n"
        "print(' '.join(sorted(loaded)), file=sys.stderr)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    loaded = r.stderr.split()
    assert "Commands:" in r.stdout
    assert not [m for m in loaded if m.startswith(("pydantic", "rich"))], loaded
    assert not [m for m in loaded if m.endswith((".round", ".spec", ".options"))], loaded
    commands = {target.split(":")[0] for target, _ in BUILTIN_COMMANDS.values()}
    assert not commands & set(loaded), loaded
    assert "rummykit.cli.completion" not in loaded


def test_a_run_keeps_the_plugins_commands_to_itself(rummy_run):
    before = dict(cli.commands)
    r = rummy_run("--help")
    assert r.returncode == 0 and "gin " in r.stdout  # the gin plugin's command group
    assert "gin" not in cli.commands and dict(cli.commands) == before
    assert rummy_run("gin", "--help").returncode == 0
    assert "gin" not in cli.commands


def test_the_help_of_a_built_in_command_is_its_line_in_the_table(rummy_run):
    rummy_run("variants")  # its module is imported now; --help says the same
    lines = [ln.split(None, 1) for ln in rummy_run("--help").stdout.splitlines() if ln.startswith("  ")]
    helps = {words[0]: " ".join(words[1].split()) for words in lines if len(words) == 2}
    for name, builtin in BUILTIN_COMMANDS.items():
        assert helps[name] == builtin.help


@pytest.mark.parametrize(
    "given, says",
    [
        ("7", None),
        ("1_000", None),
        (" 12 ", None),
        ("0", "--n must be from 1 to 1,000, not 0"),
        ("1001", "--n must be from 1 to 1,000, not 1,001"),
        ("ten", "--n takes a whole number from 1 to 1,000, not 'ten'"),
        ("2.5", "--n takes a whole number from 1 to 1,000, not '2.5'"),
        ("9" * 50, "--n takes a whole number from 1 to 1,000, not '" + "9" * 38 + "… (50 characters)"),
    ],
)
def test_a_whole_number_within_bounds(given, says):
    param = click.Option(["--n"])
    if says is None:
        assert WholeNumber(1, 1000).convert(given, param, None) == int(given.replace("_", ""))
    else:
        with pytest.raises(RummyError) as e:
            WholeNumber(1, 1000).convert(given, param, None)
        assert str(e.value) == says


def test_the_bound_may_be_asked_when_a_value_is_given():
    with pytest.raises(RummyError, match=r"^--n must be from 0 to 3 \(at most 3\), not 4$"):
        WholeNumber(0, lambda: 3, " (at most 3)").convert("4", click.Option(["--n"]), None)


def test_one_helper_shortens_a_value():
    assert shortened("abc", 3) == "abc"
    assert shortened("abcd", 3) == "ab…"
    assert shown_value("x" * 100) == "'" + "x" * 38 + "… (100 characters)"  # the length of the value
    assert shown_value(list(range(100))).endswith("… (390 characters)")  # not text: its repr's
