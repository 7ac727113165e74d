"""Gathering Storm (GMT 2015), chapter 32: declarations of war, threats and concessions.

The rest of the game (support levels, EAI, resistance, balance of power) is outside chapter 32: the
moderator records those facts each turn and this ruleset adjudicates declarations of war on them.

Where the seed is silent, these rulings apply (each is repeated where it is implemented):
- Declaration or threat is the rules' call, not the command's (32.41C, 32.44, 32.61B, 32.12): a
  DeclareWar by a power that is not fully mobilized is judged as a threat, a ThreatenWar by a fully
  mobilized one as a declaration, and an Allied answer to an aggression is always a declaration. Russia
  never threatens; Italy never declares.
- A power whose factories were never recorded is not fully mobilized.
- 32.61B vs 32.81C: the other Axis power's aggression this turn blocks Allied pre-emptive war unless the
  Allies declared war on it in response. Joint pre-emptive war needs both Allies to declare or threaten.
- 32.63 retaliation is judged for each Ally on its own total (no joint or offset rule); it replaces the
  pre-emptive route once Germany's war on Russia has broken out this turn, and counts temporary increases
  and the minor's resistance only while Germany is committing an aggression (32.33C, 32.62D).
- A concession is a negative modifier of the declaration it bought off; its support shifts apply to every
  other calculation for the rest of the turn (32.83A/B). "Higher/lower support level" (32.83C) is the level
  used against that target. On a tie either Ally may concede (the first answer counts); when the Allies
  are tied the conceding Axis power names the beneficiary.
- Resistance levels and Russia's war readiness count linearly (a negative value helps Germany). An
  eastern neighbour is conquered once any major power controls it. 32.72E counts only Germany's
  aggression; a protected target's Russian flags still count under 32.72D (only Poland is carved out).
  A trade pact replaces its side's flags; a minor holds at most two flags of a side (provisional).
- "Czechoslovakia (including the Sudetenland)": an aggression that includes another carries the whole
  value, so the included one is not counted twice.
- The Rhineland is remilitarized when the Rhineland aggression is recorded successful; a successful
  aggression that takes a tracked country records its control.
- Per-turn facts start from zero each turn; the view lists those not yet recorded. A turn without war
  stays "concluded" (its concessions visible) until the moderator sends StartTurn.
- All wars of the crisis phase are adjudicated before the game ends; nothing in chapter 32 is secret.
"""
from domain.gathering_storm.commands import COMMANDS
from domain.gathering_storm.deadlines import DEADLINES
from domain.gathering_storm.decider import OPTIONS, GatheringStormDecider
from domain.gathering_storm.events import EVENTS
from domain.gathering_storm.pack import PackSchema
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
    version="1.1.0",  # 1.1: state.demands_made (32.61B)
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
    pack_schema=PackSchema,  # its load returns the Pack the rules read
    default_pack=("domain.gathering_storm.data", "default.yaml"),
    description="Declarations of war, threats and concessions at the end of the crisis phase (chapter 32), "
                "adjudicated on the facts the moderator records each turn.",
    seat_presets=SEAT_PRESETS,
    deadlines=DEADLINES,
    options=OPTIONS,
)
