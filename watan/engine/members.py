"""The members of the state's enums that the rules and the players compare with on every
command, each bound once to a name of its own: import these rather than write `Phase.SETUP`
where speed counts.

For the compiled build.  On Python 3.11 finding an enum's member through its class costs
as much as a call (the class's `__getattr__`), and mypyc cannot spare it: the enums live
in `state.py`, which it does not compile (it defines Structs).  A module-level `Final` of
a compiled module, this one, mypyc reads as a C static in every compiled module that
imports it, as fast as a name of their own.  The pure build reads either alike.
"""

from __future__ import annotations

from typing import Final

from watan.engine.resources import Resource
from watan.engine.state import Completion, Phase

SETUP: Final = Phase.SETUP
BEFORE_ROLL: Final = Phase.BEFORE_ROLL
AFTER_ROLL: Final = Phase.AFTER_ROLL
GEESE: Final = Phase.GEESE
OVER: Final = Phase.OVER

ASSIGNMENT: Final = Completion.ASSIGNMENT
EXAM: Final = Completion.EXAM

NETFLIX: Final = Resource.NETFLIX
