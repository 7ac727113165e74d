"""Axis & Allies battle engine and exact odds.

- forces.py: the input (Forces, BattleOptions) and its validation (InvalidBattleInput names the field)
- sides.py, model.py: groups, firepower, order of loss, the checks between steps (shared rules)
- sequence.py: one battle step by step with dice (every roll recorded); records.py: what it records
- programme.py, distributions.py, odds.py: exact odds by dynamic programming over battle states
- montecarlo.py: seeded SplitMix64 Monte Carlo, only to cross-check the exact odds
- schema.py: the odds request as a marshmallow schema, shared with ``POST /combat/odds``
"""
from domain.aa.combat.forces import AaRule, BattleKind, BattleOptions, Forces, InvalidBattleInput, validate_battle
from domain.aa.combat.model import BattleModel, Outcome
from domain.aa.combat.montecarlo import SeededDice, SplitMix64, monte_carlo
from domain.aa.combat.odds import battle_odds, continuation_values, odds_for
from domain.aa.combat.records import BattleResult, Roll, RoundResult, Side, Step, StepResult, UnitCount
from domain.aa.combat.results import OddsResult, SurvivorOutcome
from domain.aa.combat.schema import MonteCarlo, OddsRequest, OddsRequestSchema, parse_odds_request, run_odds
from domain.aa.combat.sequence import BattleState, fight, fight_round, fight_state, start

__all__ = [
    "AaRule", "BattleKind", "BattleModel", "BattleOptions", "BattleResult", "BattleState", "Forces",
    "InvalidBattleInput", "MonteCarlo", "OddsRequest", "OddsRequestSchema", "OddsResult", "Outcome", "Roll",
    "RoundResult", "SeededDice", "Side", "SplitMix64", "Step", "StepResult", "SurvivorOutcome", "UnitCount",
    "battle_odds", "continuation_values", "fight", "fight_round", "fight_state", "monte_carlo", "odds_for",
    "parse_odds_request", "run_odds", "start", "validate_battle",
]
