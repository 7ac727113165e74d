"""Gathering Storm (GMT 2015), chapter 32: declarations of war, threats and concessions.

The rest of the game (support levels, EAI, resistance, balance of power) is outside chapter 32: the
moderator records those facts each turn and this ruleset adjudicates declarations of war on them."""
from domain.gathering_storm.commands import COMMANDS
from domain.gathering_storm.decider import GatheringStormDecider
from domain.gathering_storm.events import EVENTS
from domain.gathering_storm.pack import PackSchema, build_pack
from domain.gathering_storm.powers import BRITAIN, FRANCE, GERMANY, ITALY, RUSSIA
from domain.gathering_storm.view import war_thresholds_projection
from domain.registry import Projection, Ruleset

SEAT_PRESETS = {
    "one-per-power": {"germany": (GERMANY,), "italy": (ITALY,), "britain": (BRITAIN,), "france": (FRANCE,),
                      "russia": (RUSSIA,)},
    "three-sides": {"axis": (GERMANY, ITALY), "allies": (BRITAIN, FRANCE), "russia": (RUSSIA,)},
    "axis-vs-allies": {"axis": (GERMANY, ITALY), "allies": (BRITAIN, FRANCE, RUSSIA)},
    "solitaire": {"solo": (GERMANY, ITALY, BRITAIN, FRANCE, RUSSIA)},
}

RULESET = Ruleset(
    id="gathering-storm",
    version="1.0.0",
    title="Gathering Storm: declarations of war (chapter 32)",
    make_decider=GatheringStormDecider,
    commands=COMMANDS,
    events=EVENTS,
    projections=(
        Projection("war-thresholds", war_thresholds_projection,
                   description="Every possible declaration of war with its verdict and full breakdown "
                               "(modifiers with rule ids, threshold, margin, declaration or threat, concession "
                               "needed), the support levels used, this turn's rulings and pending concessions."),
    ),
    pack_schema=PackSchema,
    build_pack=build_pack,
    default_pack=("domain.gathering_storm.data", "default.yaml"),
    description=__doc__,
    seat_presets=SEAT_PRESETS,
)
