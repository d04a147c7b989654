"""Constructor (constructor-spec.md with RULINGS-constructor.md): the game's older edition.

Builders build basements, houses and towers at addresses and roads on
paths, from BRICK, ENERGY, GLASS, HEAT and WIFI.  Its rules differ from
Students of Watan's in a few switches: dice start loaded, the board opens
every turn, `layout.txt` is the default board, and end of input saves
`backup.sv` at any point.
"""

from __future__ import annotations

from watan.editions.model import CommandWords, Edition, Text, Vocabulary
from watan.engine.rules import NO_CARDS, Rules

EDITION = Edition(
    name="constructor",
    title="Constructor",
    resources=("BRICK", "ENERGY", "GLASS", "HEAT", "WIFI", "PARK"),  # RULINGS-constructor 1
    # Brick, pale energy yellow, glass blue, heat peach, WiFi lilac; the park green.
    tile_colours=("#d9a08c", "#efe3a0", "#c4e1ee", "#f2c7a8", "#d2c6ea", "#86bf7c"),
    level_codes=("B", "H", "T"),  # spec §2.7, §3.7
    level_initials=("B", "H", "T"),  # basement, house, tower (spec §2.4.1)
    goal_initial="R",  # road (spec §2.6)
    save_marks=("r", "h"),  # spec §3.7
    rules=Rules(
        # Spec §2.4.1 and §2.6, in resource order BRICK, ENERGY, GLASS, HEAT, WIFI.
        goal_cost=(0, 0, 0, 1, 1),
        level_costs=((1, 1, 1, 0, 1), (0, 0, 2, 3, 0), (3, 2, 2, 2, 1)),
        points_to_win=10,
        dice_start_loaded=True,  # spec §2.8, RULINGS-constructor 3 and 11
        losses_from=10,  # spec §3.6
        geese_start_on_park=False,  # RULINGS 8
        bank_rate=None,
        card_cost=None,
        deck=NO_CARDS,
        house_rules=(),
    ),
    # Journals of format 1 recorded only the edition's name: these were its rules then.
    format_1_rules=Rules(
        goal_cost=(0, 0, 0, 1, 1),
        level_costs=((1, 1, 1, 0, 1), (0, 0, 2, 3, 0), (3, 2, 2, 2, 1)),
        points_to_win=10,
        dice_start_loaded=True,
        losses_from=10,
        geese_start_on_park=False,
        bank_rate=None,
        card_cost=None,
        deck=NO_CARDS,
        house_rules=(),
    ),
    board_every_turn=True,  # spec §4.2, RULINGS-constructor 4 and 10
    backup_during_setup=True,  # spec §4.5 "at any point", RULINGS-constructor 6 and 12
    backup_when_over=True,  # the same "at any point"
    default_board="layout.txt",  # spec §3.5.5, RULINGS-constructor 5
    words=CommandWords(
        listing="residences", goal="build-road", criterion="build-res", improve="improve"
    ),
    text=Text(
        placement="Builder {colour}, where do you want to build a basement?\n",
        turn="Builder {colour}'s turn.\n",
        # Spec §2.7 says `WiFi` here and `WIFI` everywhere else (RULINGS-constructor 13).
        status=(
            "{colour} has {points} building points, {0} brick, {1} energy, {2} glass, "
            "{3} heat, and {4} WiFi.\n"
        ),
        listing="{colour} has built:\n",
        gained="Builder {colour} gained:\n",
        nobody_gained="No builders gained resources.\n",
        lost="Builder {colour} loses {count} resources to the geese. They lose:\n",
        can_steal="Builder {colour} can choose to steal from {victims}.\n",
        victim_question="Choose a builder to steal from.\n",
        steals="Builder {colour} steals {resource} from builder {victim}.\n",
        nobody_to_rob="Builder {colour} has no builders to steal from.\n",
        won="Builder {colour} has won!\n",
        # The house rules' lines, in the edition's voice: the source document calls the
        # cards "Dev Cards" (house-rules.md; docs/decisions.md).
        empty_deck="There are no dev cards left.\n",
        cards_listing="{colour} has these dev cards:\n",
        monopoly="Builder {colour} takes {count} {resource} from builder {victim}.\n",
        monopoly_none="No other builders have any {resource}.\n",
        point="Builder {colour} gains one building point.\n",
        help=(
            "Valid commands:\n"
            "board\n"
            "status\n"
            "residences\n"
            "build-road <path#>\n"
            "build-res <housing#>\n"
            "improve <housing#>\n"
            "trade <colour> <give> <take>\n"
            "next\n"
            "save <file>\n"
            "help\n"
        ),
    ),
    vocabulary=Vocabulary(
        player="builder",
        criterion="address",
        criteria="addresses",
        goal="path",
        goals="paths",
        level="residence",
        levels=("Basement", "House", "Tower"),
        claimed_criterion="built",
        claimed_goal="built a road on",
        point="building point",
        points="building points",
        card="dev card",
        cards="dev cards",
    ),
)
