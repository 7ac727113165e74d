"""Rules 13.6.2 and 13.6.2.3: placing truces and walking the truce ladder.

Reducing: Reassess Policy -> Armistice -> Negotiation -> none. Increasing: the reverse, from a
Negotiation or Armistice marker only (an empty box or a Reassess Policy cannot be increased)."""
from __future__ import annotations

from domain.kernel import Context, Event, RuleViolation
from domain.totaler_krieg.commands import IncreaseTruce, PlaceTruce, ReduceTruce
from domain.totaler_krieg.events import TruceChanged
from domain.totaler_krieg.pack import Pack
from domain.totaler_krieg.posture import check_box_free
from domain.totaler_krieg.selection import acting_faction
from domain.totaler_krieg.state import TKState
from domain.totaler_krieg.vocabulary import TruceVia

RULE = "TK-13.6.2"
LADDER_RULE = "TK-13.6.2.3"


def reduced(pack: Pack, truce: str) -> str | None:
    """Rule 13.6.2.3: one level down; the lowest truce is removed."""
    level = pack.truce_ladder.index(truce) + 1
    return pack.truce_ladder[level] if level < len(pack.truce_ladder) else None


def increased(pack: Pack, truce: str) -> str | None:
    """Rule 13.6.2.3: one level up; None when already at the highest level."""
    level = pack.truce_ladder.index(truce) - 1
    return pack.truce_ladder[level] if level >= 0 else None


def _truce_in(state: TKState, pack: Pack, box: str) -> str:
    if box not in pack.boxes:
        raise RuleViolation("TK-13.6", f"unknown posture box {box!r}; one of {sorted(pack.boxes)}")
    marker = state.boxes.get(box)
    if marker not in pack.truces:
        raise RuleViolation(LADDER_RULE, f"the {pack.boxes[box].name} Posture Box holds no truce marker")
    return marker


def place_truce(state: TKState, command: PlaceTruce, ctx: Context) -> list[Event]:
    """Rule 13.6.2: a truce placed during the game applies at once; one marker per box."""
    acting_faction(command.power)
    if command.truce not in ctx.pack.truces:
        raise RuleViolation(RULE, f"unknown truce {command.truce!r}; one of {list(ctx.pack.truce_ladder)}")
    check_box_free(state, ctx.pack, command.box)
    return [TruceChanged(command.box, None, command.truce, command.via)]


def reduce_truce(state: TKState, command: ReduceTruce, ctx: Context) -> list[Event]:
    """Rule 13.6.2.3: reduce by one level, in the War & Peace Segment or by a Political Event.

    Where the seed is silent: in its War & Peace Segment a faction reduces only truces in boxes
    friendly to it; 6.1.2's Seasonal Turn limits are checked by that segment, not here."""
    faction = acting_faction(command.power)
    truce = _truce_in(state, ctx.pack, command.box)
    friendly = ctx.pack.boxes[command.box].friendly_to
    if command.via is TruceVia.WAR_AND_PEACE and faction is not friendly:
        raise RuleViolation(LADDER_RULE, f"in its War & Peace Segment a faction reduces truces in its own boxes; "
                                         f"the {ctx.pack.boxes[command.box].name} box is {friendly.value}")
    return [TruceChanged(command.box, truce, reduced(ctx.pack, truce), command.via)]


def increase_truce(state: TKState, command: IncreaseTruce, ctx: Context) -> list[Event]:
    """Rule 13.6.2.3: only Political Events increase a truce, one level, up to Reassess Policy."""
    acting_faction(command.power)
    if command.via is not TruceVia.POLITICAL_EVENT:
        raise RuleViolation(LADDER_RULE, "only a Political Event increases a truce")
    truce = _truce_in(state, ctx.pack, command.box)
    higher = increased(ctx.pack, truce)
    if higher is None:
        raise RuleViolation(LADDER_RULE, f"{ctx.pack.truces[truce].name} is already the highest truce level")
    return [TruceChanged(command.box, truce, higher, command.via)]
