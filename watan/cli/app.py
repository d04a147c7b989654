"""The `watan` commands, in click: thin wrappers that read options and report errors.

The work is done in the library modules; the game at a terminal is
`watan.terminal.console`, and a plain play command line never comes here at all
(`watan.cli.launch` reads it without importing click).  With no subcommand,
arguments are `play`'s, because that is how the spec's test harnesses
start the program (spec §5).  The other commands live beside this module:
`looking` (show, replay, export, view, schema), `journals` (rewind,
verify, diff, games) and `simulating` (simulate).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any

import click

from replay.edges.messages import printable
from watan.build import build
from watan.cli import analysing, journals, looking, serving, simulating
from watan.cli.common import play_options, program


class _PlayByDefault(click.Group):
    """A group that treats arguments without a subcommand as `play`'s (spec §5).

    Click's own complaints about a command line (an extra argument, say) repeat what was
    typed: they are shown with control characters escaped, as every message is.
    """

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # The spec's command lines begin with an option (`watan -seed 7 -load g.sv`); a word
        # that is no command is a mistyped one, which click answers with a suggestion.
        # Completing a command line (`watan <TAB>`) lists the commands, not play's options.
        if args and args[0].startswith("-") and args[0] not in ("--help", "-h", "--version"):
            args = ["play", *args]
        elif not args and not ctx.resilient_parsing:
            args = ["play"]
        return super().parse_args(ctx, args)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if name and not ctx.resilient_parsing and self.get_command(ctx, name) is None:
            ctx.fail(_no_such_command(name, self.list_commands(ctx)))
        return super().resolve_command(ctx, args)

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        with _typed_words_escaped():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: click.Context) -> Any:
        with _typed_words_escaped():
            return super().invoke(ctx)


def _no_such_command(name: str, commands: list[str]) -> str:
    """Return click's complaint about an unknown command, with the one closest command.

    Click (8.4 on) lists every close one; `replya` would also suggest `play`.
    """
    import difflib

    closest = difflib.get_close_matches(name, commands, n=1)
    return f"No such command {name!r}." + (f" Did you mean {closest[0]!r}?" if closest else "")


@contextlib.contextmanager
def _typed_words_escaped() -> Iterator[None]:
    """Show a complaint of click's passing through with its control characters escaped."""
    try:
        yield
    except click.UsageError as error:
        raise click.UsageError(printable(error.format_message()), error.ctx) from None
    except click.ClickException as error:
        raise click.ClickException(printable(error.format_message())) from None


@click.group(cls=_PlayByDefault, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="watan", message=f"%(prog)s, version %(version)s ({build()})")
def main() -> None:
    """Students of Watan, and its older edition Constructor, for four players at one terminal.

    With no command, plays a game: `watan -seed 3 -board layout.txt`
    (`constructor ...` or `--edition constructor` for Constructor).
    """


@main.command("play")
@play_options()
def play_command(**chosen: Any) -> None:
    """Play the game at the terminal (spec §5 options in any order).

    Every seat is played at the keyboard unless --computer gives it to a
    computer, whose typing is shown after each prompt.  At a terminal (or
    with --hints) standard error says what the spec leaves unsaid: the board
    before the first placement, why a build is refused, what a command did.
    """
    from watan.cli.start import play_session

    sys.exit(play_session(chosen, default_edition=program()))


for _command in (
    looking.show,
    looking.replay,
    journals.rewind,
    looking.export,
    looking.view,
    journals.diff,
    journals.verify,
    journals.games,
    simulating.simulate,
    analysing.analyze,
    looking.schema,
    looking.rules,
    serving.serve,
):
    main.add_command(_command)
