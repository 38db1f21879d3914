"""bash completion of values holding a word break (``:`` or ``=``, in bash's
``COMP_WORDBREAKS``): bash hands the completion function ``ai``, ``:``, ``h``
for ``ai:h`` and replaces only what follows the last break, so ``rummy`` reads
the line itself and answers with that part alone. Asked here with the
variables the bash script sends; bash itself pressing Tab:
tests/process/test_completion_colon.py."""

from __future__ import annotations

import pytest

#: bash's default word breaks.
BREAKS = " \t\n\"'><=;|&(:"


def offered(rummy_run, line: str, **env: str) -> list[str]:
    """The values ``rummy`` gives bash's script for the end of ``line``."""
    env.setdefault("_RUMMY_COMP_WORDBREAKS", BREAKS)
    r = rummy_run(
        _RUMMY_COMPLETE="bash_complete",
        _RUMMY_COMP_LINE=line,
        COMP_WORDS="ignored",  # split at the breaks, so not read
        COMP_CWORD="0",
        **env,
    )
    assert r.returncode == 0 and not r.stderr, r.stderr
    return [o.split(",", 1)[1] for o in r.stdout.splitlines() if o]


@pytest.mark.parametrize(
    "line, values",
    [
        ("rummy play gin --seat ai:h", ["hard"]),
        ("rummy play gin --seat ai:", ["hard", "search", "normal", "easy"]),
        ("rummy play gin --seat=ai:h", ["hard"]),
        ("rummy play gin --seat human:", []),  # a name: nothing to offer, and no "human"
        ("rummy simulate gin --seat ai:n", ["normal"]),
        ("rummy play gin -o first_turn=a", ["alternate"]),
        ("rummy play gin -o first", ["first_turn=first", "first_turn=alternate"]),
        ("rummy play gin --seat a", ["ai:hard", "ai:search", "ai:normal", "ai:easy"]),
        ('rummy play gin --seat "ai:h', ["ai:hard"]),  # bash does not split a quoted word
    ],
)
def test_only_what_follows_the_last_word_break_is_offered(rummy_run, line, values):
    assert offered(rummy_run, line) == values


def test_a_script_written_before_still_completes(rummy_run):
    """A shell that sourced the script of an earlier rummykit sends no line:
    bash's words are read as click reads them."""
    r = rummy_run(_RUMMY_COMPLETE="bash_complete", COMP_WORDS="rummy\nplay\ng", COMP_CWORD="2")
    assert r.returncode == 0 and r.stdout.split() == ["plain,gin", "plain,gin-3", "plain,gin-partners"]


def test_the_script_sends_the_line_and_the_word_breaks(rummy_run):
    r = rummy_run(_RUMMY_COMPLETE="bash_source")
    assert r.returncode == 0
    assert '_RUMMY_COMP_LINE="${COMP_LINE:0:COMP_POINT}"' in r.stdout
    assert '_RUMMY_COMP_WORDBREAKS="$COMP_WORDBREAKS"' in r.stdout


def test_without_the_colon_among_the_word_breaks_whole_values_are_offered(rummy_run):
    """A user who took ``:`` out of ``COMP_WORDBREAKS`` (a common bashrc line):
    bash then completes the whole word."""
    env = {"_RUMMY_COMP_WORDBREAKS": BREAKS.replace(":", "")}
    assert offered(rummy_run, "rummy play gin --seat ai:h", **env) == ["ai:hard"]
    assert offered(rummy_run, "rummy play gin -o first_turn=a", **env) == ["alternate"]
