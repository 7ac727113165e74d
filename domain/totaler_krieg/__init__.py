"""Totaler Krieg! (Axis Empires), chapter 13: factions, countries, status, alignment, posture,
policies, truces, minor set-up, ceded lands, created minors, civil war, partnership, Vichy and the
Pacific War Display, as the ruleset ``totaler-krieg``."""
from domain.registry import Projection, Ruleset
from domain.totaler_krieg import projections, rule_projections
from domain.totaler_krieg.commands import COMMANDS
from domain.totaler_krieg.deadlines import DEADLINES
from domain.totaler_krieg.decider import TKDecider
from domain.totaler_krieg.events import EVENTS
from domain.totaler_krieg.pack_schema import PackSchema
from domain.totaler_krieg.state import OPTIONS
from domain.totaler_krieg.vocabulary import RULESET_ID

RULESET = Ruleset(
    id=RULESET_ID,
    version="1.0.0",
    title="Axis Empires: Totaler Krieg! - factions and countries (chapter 13)",
    make_decider=TKDecider,
    commands=COMMANDS,
    events=EVENTS,
    projections=(
        Projection("countries", projections.countries,
                   description="every country with status, alignment, posture and what affects it"),
        Projection("areas", projections.areas, description="every place with its owner, dependents and regions"),
        Projection("posture-display", projections.posture_display,
                   description="Posture Boxes, war state, Pacific War Display"),
        Projection("civil-war", projections.civil_war, description="what a Civil War Country accepts (13.8.4)"),
        Projection("unit-rules", rule_projections.unit_rules,
                   description="may a unit of X move/attack/retreat/exploit/supply/ZOC/support into Y (13.6)"),
        Projection("policy-triggers", rule_projections.policy_triggers,
                   description="which policies an Axis action would end, and whether it may (13.6.1.2)"),
    ),
    pack_schema=PackSchema,  # its load returns the Pack the rules read
    default_pack=("domain.totaler_krieg.data", "default.yaml"),
    description=__doc__,
    seat_presets={
        "three-player": {"axis": ("axis",), "western": ("western",), "soviet": ("soviet",)},
        "two-player": {"axis": ("axis",), "allies": ("western", "soviet")},
    },
    options=OPTIONS,
    deadlines=DEADLINES,
)
