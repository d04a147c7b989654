"""Every line the game says during play, worded exactly as the spec prints it."""

from __future__ import annotations

from watan.decide import Refusal
from watan.render import status_line
from watan.resources import Resource, Resources, items, total
from watan.state import Colour, Game

PROMPT = "> "
"""Printed whenever the game waits for a line (spec §4.5, RULINGS 2)."""

REFUSALS = {
    Refusal.INVALID_COMMAND: "Invalid command.\n",
    Refusal.CANNOT_BUILD: "You cannot build here.\n",
    Refusal.NOT_ENOUGH_RESOURCES: "You do not have enough resources.\n",
    Refusal.INVALID_ROLL: "Invalid roll.\n",
    Refusal.GEESE_TILE: "",
    Refusal.VICTIM: "",
}
"""What a refused command prints (spec §4.5, §2.8.1); a bad geese tile or
victim prints nothing but the question again (RULINGS 13)."""

LOADED_ROLL_QUESTION = "Input a roll between 2 and 12:\n"
GEESE_QUESTION = "Choose where to place the GEESE.\n"
VICTIM_QUESTION = "Choose a student to steal from.\n"
PLAY_AGAIN_QUESTION = "Would you like to play again?\n"
NOBODY_GAINED = "No students gained resources.\n"


def placement_question(colour: Colour) -> str:
    """Return the setup question (spec §4.1)."""
    return f"Student {colour.title}, where do you want to complete an Assignment?\n"


def turn_header(game: Game) -> str:
    """Return the start of a turn: whose it is and their status (spec §4.2)."""
    return f"Student {game.turn.title}'s turn.\n" + status_line(game, game.turn)


def rolled(roll: int) -> str:
    """Return what fair dice print (RULINGS 5)."""
    return f"You rolled {roll}.\n"


def _amounts(amount: Resources) -> str:
    return "".join(f"{count} {resource.name}\n" for resource, count in items(amount))


def gained(colour: Colour, amount: Resources) -> str:
    """Return one student's production (spec §3.5.5)."""
    return f"Student {colour.title} gained:\n" + _amounts(amount)


def lost(colour: Colour, amount: Resources) -> str:
    """Return one student's loss to the geese (spec §3.6)."""
    count = total(amount)
    return f"Student {colour.title} loses {count} resources to the geese. They lose:\n" + _amounts(
        amount
    )


def can_steal_from(thief: Colour, victims: tuple[Colour, ...]) -> str:
    """Return the list of students the thief may rob (spec §3.6)."""
    names = ", ".join(v.title for v in victims)
    return f"Student {thief.title} can choose to steal from {names}.\n"


def steals(thief: Colour, victim: Colour, resource: Resource) -> str:
    """Return the line announcing a steal (spec §3.6)."""
    return f"Student {thief.title} steals {resource.name} from student {victim.title}.\n"


def nobody_to_rob(thief: Colour) -> str:
    """Return the line when the geese's tile has nobody to rob (spec §3.6)."""
    return f"Student {thief.title} has no students to steal from.\n"


def offer(proposer: Colour, partner: Colour, give: Resource, take: Resource) -> str:
    """Return a trade offer (spec §3.5.4)."""
    return f"{proposer.title} offers {partner.title} one {give.name} for one {take.name}.\n"


def trade_question(partner: Colour) -> str:
    """Return the question a trade partner answers (spec §3.5.4)."""
    return f"Does {partner.title} accept this offer?\n"


def won(colour: Colour) -> str:
    """Return the winner's announcement (RULINGS 7)."""
    return f"Student {colour.title} has won!\n"
