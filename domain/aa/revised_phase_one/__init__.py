"""Axis & Allies Revised with the seed 001 "phase one" house rules (ruleset ``aa-revised-phase-one``).

Modelled: battles (request, fight round by round with the game's dice) with the seed's AA gun rule
(AAR1-aa: at most 3 guns, 1-2 to target, then 1 to hit; also at unloading transports) as the
default, the box AA rule as an option. The other house rules (AAR1-seq, -vc, -inf, -emergency,
-ic-limit, -ic-cost, -ic-place, -victory, -raid, -optional) are pure rule functions over
``data/house_rules.yaml`` (``house_rules``, ``sequence``, ``victory_cities``, ``placement``,
``industry``, ``raiding``, ``victory``, ``optional``); the decider does not call them yet.
"""
from domain.aa.battles import RuleIds, make_ruleset

RULES = RuleIds(aa="AAR1-aa")

RULESET = make_ruleset(
    id="aa-revised-phase-one",
    title="Axis & Allies Revised: phase one house rules",
    package="domain.aa.revised_phase_one",
    rules=RULES,
    description=__doc__,
    seat_presets={
        "one-per-power": {"russia": ("Russia",), "germany": ("Germany",), "uk": ("UK",), "japan": ("Japan",),
                          "us": ("US",)},
        "axis-allies": {"axis": ("Germany", "Japan"), "allies": ("Russia", "UK", "US")},
    },
)
