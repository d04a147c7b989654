"""Students of Watan (watan-spec.md with RULINGS.md): the edition this program is named for."""

from __future__ import annotations

from watan.editions.model import CommandWords, Edition, Text, Vocabulary
from watan.engine.rules import NO_CARDS, Rules

EDITION = Edition(
    name="watan",
    title="Students of Watan",
    resources=("CAFFEINE", "LAB", "LECTURE", "STUDY", "TUTORIAL", "NETFLIX"),
    # Coffee, lab green, lecture-hall lilac, library teal, tutorial pink; NETFLIX dark.
    tile_colours=("#c8a47e", "#a9d8b4", "#cbbde8", "#9ccfd8", "#efc4d6", "#55535c"),
    level_codes=("1", "2", "3"),
    level_initials=("A", "M", "E"),  # Assignment, Midterm, Exam (spec §2.4.1)
    goal_initial="A",  # Achievement (spec §2.6)
    save_marks=("g", "c"),
    rules=Rules(
        # RULINGS 23, in resource order CAFFEINE, LAB, LECTURE, STUDY, TUTORIAL.
        goal_cost=(0, 0, 0, 1, 1),
        level_costs=((1, 1, 1, 0, 1), (0, 0, 2, 3, 0), (3, 2, 2, 2, 1)),
        points_to_win=10,
        dice_start_loaded=False,  # RULINGS 24
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
        dice_start_loaded=False,
        losses_from=10,
        geese_start_on_park=False,
        bank_rate=None,
        card_cost=None,
        deck=NO_CARDS,
        house_rules=(),
    ),
    board_every_turn=False,  # RULINGS 20: a turn begins with its header alone
    backup_during_setup=False,  # RULINGS 16
    backup_when_over=False,  # RULINGS 16: end of input at "play again" means no
    default_board=None,
    words=CommandWords(listing="criteria", goal="achieve", criterion="complete", improve="improve"),
    text=Text(
        placement="Student {colour}, where do you want to complete an Assignment?\n",
        turn="Student {colour}'s turn.\n",
        # RULINGS 4: plural nouns, even for 1.
        status=(
            "{colour} has {points} course criteria, {0} caffeines, {1} labs, {2} lectures, "
            "{3} studies, and {4} tutorials.\n"
        ),
        listing="{colour} has completed:\n",
        gained="Student {colour} gained:\n",
        nobody_gained="No students gained resources.\n",
        lost="Student {colour} loses {count} resources to the geese. They lose:\n",
        can_steal="Student {colour} can choose to steal from {victims}.\n",
        victim_question="Choose a student to steal from.\n",
        steals="Student {colour} steals {resource} from student {victim}.\n",
        nobody_to_rob="Student {colour} has no students to steal from.\n",
        won="Student {colour} has won!\n",  # RULINGS 7
        # The house rules' lines, in the spec's voice (docs/decisions.md).
        empty_deck="There are no development cards left.\n",
        cards_listing="{colour} has these development cards:\n",
        monopoly="Student {colour} takes {count} {resource} from student {victim}.\n",
        monopoly_none="No other students have any {resource}.\n",
        point="Student {colour} gains one course criterion.\n",
        help=(
            "Valid commands:\n"
            "board\n"
            "status\n"
            "criteria\n"
            "achieve <goal>\n"
            "complete <criterion>\n"
            "improve <criterion>\n"
            "trade <colour> <give> <take>\n"
            "next\n"
            "save <file>\n"
            "help\n"
        ),
    ),
    vocabulary=Vocabulary(
        player="student",
        criterion="criterion",
        criteria="criteria",
        goal="goal",
        goals="goals",
        level="completion",
        levels=("Assignment", "Midterm", "Exam"),
        claimed_criterion="completed",
        claimed_goal="achieved",
        point="course criterion",
        points="course criteria",
        card="development card",
        cards="development cards",
    ),
)
