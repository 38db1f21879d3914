"""Shell completion for ``rummy`` (bash, zsh, fish), through click's own: the
shell asks ``rummy`` itself (``_RUMMY_COMPLETE=bash_complete`` and so on), so
the variants, computer players and options of every installed plugin complete.

Set up once per shell (README "Shell completion")::

    eval "$(_RUMMY_COMPLETE=bash_source rummy)"      # ~/.bashrc
    eval "$(_RUMMY_COMPLETE=zsh_source rummy)"       # ~/.zshrc
    _RUMMY_COMPLETE=fish_source rummy | source       # ~/.config/fish/config.fish

Commands and ``--options`` complete by click; the functions here complete the
values: variant names, ``--seat`` (who may sit: ``human``, the variant's computer
players), ``--option KEY=VALUE`` (the variant's options as whole pairs) and saved
games (their ids, else file names; for ``rummy resume GAME`` only the unfinished
ones). A completion never fails: whatever goes wrong offers nothing.

bash splits the word being completed at the characters of ``COMP_WORDBREAKS``
(``:`` and ``=`` among them): ``--seat ai:h`` reaches a completion function as
``ai``, ``:``, ``h``. :class:`BashComplete` writes the script ``rummy`` gives
bash: it sends ``rummy`` the line itself, and answers with what follows the
last of those characters (``hard`` for ``ai:h``), as bash-completion's
``__ltrim_colon_completions`` does.
"""

from __future__ import annotations

import os
import typing
from collections.abc import Callable
from typing import Any

import click
from click import shell_completion
from click.shell_completion import CompletionItem

from .common import registry

#: At most this many saved-game ids are offered (a folder may hold thousands).
MAX_GAMES = 500

Completer = Callable[[click.Context, click.Parameter, str], list[CompletionItem]]


def _quiet(fn: Completer) -> Completer:
    """``fn``, offering nothing instead of failing (a broken plugin, an unreadable
    folder: a Tab press never prints a traceback)."""

    def safe(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        try:
            return fn(ctx, param, incomplete)
        except Exception:
            return []

    safe.__doc__ = fn.__doc__
    return safe


def _registry() -> Any:

    return registry()


def _variant_of(ctx: click.Context) -> Any:
    """The spec of the VARIANT already typed on the line, or None. While an
    option waits for its value click leaves the arguments unparsed: VARIANT is
    then the first of them."""
    name = ctx.params.get("variant")
    if name is None and ctx.args:
        name = ctx.args[0]
    reg = _registry()
    return reg.variants.get(name) if isinstance(name, str) else None


@_quiet
def variants(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The installed variants' names, with their titles."""
    reg = _registry()
    return [
        CompletionItem(name, help=reg.variants[name].title)
        for name in sorted(reg.variants)
        if name.startswith(incomplete)
    ]


def _agents(ctx: click.Context) -> list[tuple[str, str]]:
    """(name, description) of the computer players for the variant on the line
    (strongest first), or of every variant when none is typed yet."""
    reg = _registry()
    spec = _variant_of(ctx)
    names = [spec.name] if spec is not None else sorted(reg.variants)
    seen: dict[str, str] = {}
    for variant in names:
        for a in reg.agents_for(variant):
            seen.setdefault(a.name, a.description)
    return list(seen.items())


@_quiet
def agents(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """``simulate --seat``: the computer players."""
    return [CompletionItem(n, help=d) for n, d in _agents(ctx) if n.startswith(incomplete)]


@_quiet
def seats(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """``play --seat``: a person (``human``, ``human:NAME``) or a computer player."""
    people = [("human", "a person at this keyboard"), ("human:", "a person, named: human:NAME")]
    return [CompletionItem(n, help=d) for n, d in people + _agents(ctx) if n.startswith(incomplete)]


def one_value(field: Any) -> bool:
    """Whether an option takes one value only (a ``Literal`` of one choice: a
    rule the variant fixes, such as classic Gin's ``first_turn``). It is still
    accepted with ``-o``, but nothing lists or offers it: there is nothing to choose."""
    ann = field.annotation
    return typing.get_origin(ann) is typing.Literal and len(typing.get_args(ann)) == 1


def _values(field: Any) -> list[str]:
    """The values offered for an option: both of a yes/no, every choice, else the default."""
    if field.annotation is bool:
        return ["true", "false"]
    if typing.get_origin(field.annotation) is typing.Literal:
        return [str(a) for a in typing.get_args(field.annotation)]
    return [str(field.default)]


@_quiet
def options(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """``--option KEY=VALUE`` for the variant on the line: whole pairs (each value
    of a yes/no or a choice option, the default of any other; none of an option
    with one value), so that the shell may end the word there."""
    spec = _variant_of(ctx)
    if spec is None:
        return []
    return [
        CompletionItem(pair, help=field.description or "")
        for name, field in spec.options_model.model_fields.items()
        if not one_value(field)
        for pair in (f"{name}={v}" for v in _values(field))
        if pair.startswith(incomplete)
    ]


def _games(incomplete: str, unfinished: bool) -> list[CompletionItem]:
    """The ids in the user data folder that start with what is typed (only the
    games not finished, readable, when ``unfinished``); when none does, the
    shell completes a file name instead."""
    # Here, not at the top: every command whose arguments complete imports this
    # module, and saved games pull in the session, records and match.
    from rummykit.core.play.session import default_save_dir

    from .manage import GAME_ID

    folder = default_save_dir()
    ids = []
    if "/" not in incomplete and folder.is_dir():
        for f in folder.glob("*.json"):
            if f.stem.startswith(incomplete) and GAME_ID.match(f.stem):
                if unfinished and not _unfinished(f):
                    continue
                ids.append(f.stem)
                if len(ids) >= MAX_GAMES:
                    break
    if not ids:
        return [CompletionItem(incomplete, type="file")]
    return [CompletionItem(i) for i in sorted(ids)]


def _unfinished(path: Any) -> bool:
    """Whether ``path`` is a readable saved game not finished."""
    from rummykit.core.play.records import load_record

    try:
        return not load_record(path).finished
    except Exception:
        return False


@_quiet
def games(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """A saved game, finished or not (``replay``, ``resume --delete``): the ids
    in the user data folder that start with what is typed; when none does, the
    shell completes a file name instead."""
    return _games(incomplete, unfinished=False)


@_quiet
def unfinished_games(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """A game ``rummy resume GAME`` continues: as :func:`games`, the unfinished ones only."""
    return _games(incomplete, unfinished=True)


#: click's bash script, also sending the line up to the cursor and the word
#: breaks (its ``COMP_WORDS`` are split at them); scripts without them still work.
BASH_SOURCE = """\
%(complete_func)s() {
    local IFS=$'\\n'
    local response

    response=$(env COMP_WORDS="${COMP_WORDS[*]}" COMP_CWORD=$COMP_CWORD \\
        _RUMMY_COMP_LINE="${COMP_LINE:0:COMP_POINT}" _RUMMY_COMP_WORDBREAKS="$COMP_WORDBREAKS" \\
        %(complete_var)s=bash_complete $1)

    for completion in $response; do
        IFS=',' read type value <<< "$completion"

        if [[ $type == 'dir' ]]; then
            COMPREPLY=()
            compopt -o dirnames
        elif [[ $type == 'file' ]]; then
            COMPREPLY=()
            compopt -o default
        elif [[ $type == 'plain' ]]; then
            COMPREPLY+=($value)
        fi
    done

    return 0
}

%(complete_func)s_setup() {
    complete -o nosort -F %(complete_func)s %(prog_name)s
}

%(complete_func)s_setup;
"""


class BashComplete(shell_completion.BashComplete):
    """click's bash completion, for words bash splits at its word breaks: the
    arguments come from the line (``_RUMMY_COMP_LINE``, up to the cursor), and
    each value offered loses the part of the word bash keeps, up to the last
    word break in it (``ai:hard`` for ``ai:h`` is ``hard``; ``--seat=ai:hard``
    for ``--seat=ai:h`` too)."""

    source_template = BASH_SOURCE

    def get_completion_args(self) -> tuple[list[str], str]:
        line = os.environ.get("_RUMMY_COMP_LINE")
        if not line:
            return super().get_completion_args()
        # The last word is what follows the last unquoted space: "" after one.
        words = shell_completion.split_arg_string(line + "_")
        return words[1:-1], words[-1][:-1]

    def complete(self) -> str:
        args, incomplete = self.get_completion_args()
        kept = self._kept(incomplete)
        # click completes the value of "--opt=value": its values lack "--opt=".
        opt = incomplete.partition("=")[0] + "=" if incomplete[:1] == "-" and "=" in incomplete else ""
        out = []
        for item in self.get_completions(args, incomplete):
            word = opt + item.value
            if kept and item.type == "plain" and word.startswith(kept):
                if word == kept:  # nothing to add (bash drops an empty value)
                    continue
                item = CompletionItem(word[len(kept) :], type=item.type, help=item.help)
            out.append(self.format_completion(item))
        return "\n".join(out)

    @staticmethod
    def _kept(incomplete: str) -> str:
        """What bash keeps of the word being completed: up to the last word break
        in it; none in a quoted or escaped word (bash does not split it there)."""
        breaks = os.environ.get("_RUMMY_COMP_WORDBREAKS", "")
        line = os.environ.get("_RUMMY_COMP_LINE", "")
        typed = line.split()[-1] if line.strip() and not line[-1].isspace() else ""
        if not breaks or any(q in typed for q in "\\\"'"):
            return ""
        end = max((incomplete.rfind(c) for c in breaks if not c.isspace()), default=-1)
        return incomplete[: end + 1]


def use_bash_script() -> None:
    """Make ``_RUMMY_COMPLETE=bash_source``/``bash_complete`` use
    :class:`BashComplete`."""
    shell_completion.add_completion_class(BashComplete)
