"""The Decider protocol and the value types every ruleset shares.

A ruleset is a Decider: ``decide`` turns a command into events (or raises RuleViolation),
``evolve`` folds one event into state and never raises. Commands and events are frozen
dataclasses; randomness arrives through ``Context.dice`` and is recorded in events.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping, Protocol, Sequence, TypeVar


def evolved(state: State, **changes) -> State:
    """``dataclasses.replace`` for ``evolve``: the same result, several times faster, because it
    skips ``__init__`` (evolve never validates, so nothing there is lost). Folds call it once per
    event, which makes it the hottest line of a replay."""
    new = object.__new__(type(state))
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


MODERATOR = "moderator"
SYSTEM = "system"
SPECTATOR = "spectator"  # whoever reads without a token: sees what the ruleset shows everyone
RESERVED_SEATS = (MODERATOR, SYSTEM, SPECTATOR)  # no seat may take these names (CORE-seal)

State = TypeVar("State")


@dataclass(frozen=True)
class Command:
    """Base of every command (imperative: ``SubmitBid``). A field named ``power`` means
    "acting for this power": the service refuses it (403) from a seat not holding the power.
    ``COMMUTES``: its outcome does not depend on what other seats did meanwhile (a sealed bid, an
    approval), so a client may send it with ``If-Match: *`` and the service decides it against
    the latest state."""

    COMMUTES: ClassVar[bool] = False


@dataclass(frozen=True)
class Seal:
    """Who may read a sealed event until an event unseals ``key``."""

    key: str
    seats: frozenset[str]


@dataclass(frozen=True)
class Event:
    """Base of every domain event (past tense: ``BidSubmitted``)."""

    def seal(self) -> Seal | None:
        """A secret event names its seal; public events return None."""
        return None

    def unseals(self) -> tuple[str, ...]:
        """Seal keys this event reveals to every seat."""
        return ()


class RuleViolation(Exception):
    """A command breaks a rule: ``rule_id`` is the stable id from RULES.md."""

    def __init__(self, rule_id: str, message: str):
        super().__init__(f"{rule_id}: {message}")
        self.rule_id = rule_id
        self.message = message


class Dice(Protocol):
    """Source of die rolls handed to ``decide``; never used by ``evolve`` or replay. The service's
    dice are audited: they also give back what they rolled (``recorded``) and, for the event
    that reveals it, the seed (``seed``); rulesets only ever call ``roll``."""

    def roll(self, sides: int) -> int: ...


def d10(dice: Dice) -> int:
    """Rule 1.2: all die rolls in Days of Decision are d10."""
    return dice.roll(10)


def d6(dice: Dice) -> int:
    return dice.roll(6)


@dataclass(frozen=True)
class Setup:
    """What a game is created from: who sits where, the chosen options and the data pack."""

    seats: Mapping[str, tuple[str, ...]]  # seat -> powers it holds
    options: Mapping[str, Any] = field(default_factory=dict)
    pack: Any = None


@dataclass(frozen=True)
class Context:
    """What ``decide`` may not invent: who acts, the dice, the data pack."""

    seat: str
    powers: frozenset[str]
    dice: Dice
    pack: Any = None

    @property
    def is_moderator(self) -> bool:
        return self.seat == MODERATOR

    def require_moderator(self, rule_id: str, action: str = "do this") -> None:
        """The one moderator check of every ruleset: RuleViolation(rule_id) for any other seat."""
        if self.seat != MODERATOR:
            raise RuleViolation(rule_id, f"only the moderator may {action}")


@dataclass(frozen=True)
class CommandSpec:
    """One thing a seat may do now, as a body a client can send (for clients, bots and mail).

    ``choices`` is keyed by the command's own data field names (the body's ``data`` keys, never a
    helper name such as ``max_amount``); each value is a list of the allowed values, or a range
    ``{"minimum": a, "maximum": b}`` for a whole number. For a list field the allowed values are
    either whole lists, or the items a list may hold (a path's hexes). ``example`` is a complete ``data`` object
    the service accepts unchanged in this state (the first or cheapest choice), or None when no
    single body can be named (e.g. a path only the player can choose)."""

    type: str
    power: str | None = None
    choices: Mapping[str, Any] = field(default_factory=dict)
    rule_id: str | None = None
    example: Mapping[str, Any] | None = None


class Decider(Protocol[State]):
    def initial_state(self, setup: Setup) -> State: ...

    def decide(self, state: State, command: Command, ctx: Context) -> Sequence[Event]: ...

    def evolve(self, state: State, event: Event) -> State: ...

    def view(self, state: State, seat: str) -> dict: ...

    def legal_commands(self, state: State, seat: str) -> list[CommandSpec]: ...

    def is_terminal(self, state: State) -> bool: ...
