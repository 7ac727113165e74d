"""Days of Decision III (Australian Design Group), playtest draft of 12 December 2003, part 1:
data pack, set-up, turn sequence, sealed initiative bidding, national ledgers and victory.
Political affairs (rules 8.1-8.7) plug in at the seam in ``political_affairs``."""
from domain.dod3.commands import COMMANDS
from domain.dod3.decider import make_decider
from domain.dod3.events import EVENTS
from domain.dod3.pack import build_pack
from domain.dod3.pack_schema import PackSchema
from domain.dod3.projections import PROJECTIONS
from domain.dod3.seating import SEAT_PRESETS
from domain.registry import Ruleset

RULESET = Ruleset(
    id="dod3",
    version="1.0.0",
    title="Days of Decision III",
    make_decider=make_decider,
    commands=COMMANDS,
    events=EVENTS,
    projections=PROJECTIONS,
    pack_schema=PackSchema,
    build_pack=build_pack,
    default_pack=("domain.dod3.data", "default.yaml"),
    description="Days of Decision III (ADG, playtest draft 2003), part 1: set-up, turn sequence A-I, "
                "sealed initiative bids, weather, money and production, US entry, victory. Options 4.1 "
                "bitter_end.",
    seat_presets=SEAT_PRESETS,
)
