"""Kernel shared by every ruleset: the Decider protocol, base types, dice, rounding."""
from domain.kernel.dice import NoDice, ScriptedDice
from domain.kernel.rounding import round_half_away
from domain.kernel.types import (
    MODERATOR,
    RESERVED_SEATS,
    SPECTATOR,
    SYSTEM,
    Command,
    CommandSpec,
    Context,
    Decider,
    Dice,
    Event,
    RuleViolation,
    Seal,
    Setup,
    d6,
    d10,
    evolved,
)

__all__ = [
    "MODERATOR", "RESERVED_SEATS", "SPECTATOR", "SYSTEM", "Command", "CommandSpec", "Context", "Decider", "Dice", "Event",
    "NoDice", "RuleViolation", "ScriptedDice", "Seal", "Setup", "d6", "d10", "evolved", "round_half_away",
]
