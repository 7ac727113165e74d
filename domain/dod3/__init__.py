"""Days of Decision III (Australian Design Group), playtest draft of 12 December 2003.

Part 1: data pack, set-up, turn sequence, sealed initiative bidding, national ledgers and victory.
Part 2 (rules 2.6, 8.1-8.7): ``political_affairs``, one sub-package per chapter (step C, control
with the status display and minor countries, options, activation, the end of political affairs,
IPO 1 and IPO 2), and the ``minors`` and ``status-display.svg`` projections."""
from domain.dod3.commands import COMMANDS
from domain.dod3.deadlines import DEADLINES
from domain.dod3.decider import make_decider
from domain.dod3.events import EVENTS
from domain.dod3.pack import PackSchema
from domain.dod3.projections import PROJECTIONS
from domain.dod3.seating import OPTIONS, SEAT_PRESETS
from domain.registry import Ruleset

RULESET = Ruleset(
    id="dod3",
    version="1.1.0",
    title="Days of Decision III",
    make_decider=make_decider,
    commands=COMMANDS,
    events=EVENTS,
    projections=PROJECTIONS,
    pack_schema=PackSchema,  # its load returns the Pack the rules read
    default_pack=("domain.dod3.data", "default.yaml"),
    description="Days of Decision III (ADG, playtest draft 2003): set-up, turn sequence A-I, sealed "
                "initiative bids, weather, political affairs (options, minor activation on the status "
                "display, the end roll), money and production, US entry, victory. Options: bitter_end "
                "(4.1), option_8_6 (8.6), america_in_flames (2.6).",
    seat_presets=SEAT_PRESETS,
    deadlines=DEADLINES,
    options=OPTIONS,
)
