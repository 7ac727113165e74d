"""Axis & Allies Global 1940 (2nd ed.) with the seed 004 extra rules (ruleset ``aa-global1940``).

Modelled: battles (request, fight round by round with the game's dice) with the advances that
change combat (AAG40-tech: Improved Artillery Support, Improved Mechanized Infantry, Super
Submarines, Jet Fighters, Radar, Heavy Bombers; Improved Shipyards changes the IPC value of
losses); the advances in play are named by the command. Not modelled yet: research rolls
(AAG40-rd), US industrial complexes (AAG40-us-ic), San Francisco (AAG40-sf), the Soviet-Mongolian
pact (AAG40-mongolia) and China (AAG40-china).
"""
from domain.aa.battles import RuleIds, make_ruleset

RULES = RuleIds(tech="AAG40-tech")

RULESET = make_ruleset(
    id="aa-global1940",
    title="Axis & Allies Global 1940 (2nd edition): extra rules",
    package="domain.aa.global1940",
    rules=RULES,
    description=__doc__,
    seat_presets={
        "one-per-power": {p.lower(): (p,) for p in
                          ("Germany", "USSR", "Japan", "USA", "China", "UK", "Italy", "ANZAC", "France")},
        "axis-allies": {"axis": ("Germany", "Japan", "Italy"),
                        "allies": ("USSR", "USA", "China", "UK", "ANZAC", "France")},
    },
)
