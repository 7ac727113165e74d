"""The platform's game state and what the schedule's rules need of the platform decider.

A third module, so the dependency is one way: ``platform.py`` (the decider) composes
``schedule_rules.py`` (CORE-deadline), and both read the state defined here; the schedule's
rules reach the decider only through ``Composer``, the few operations it hands them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from domain.kernel import schedule as sch
from domain.kernel.types import Command, Context, Event


@dataclass(frozen=True)
class PendingUndo:
    requested_by: str
    to_version: int
    waiting_for: frozenset[str]


@dataclass(frozen=True)
class GameState:
    game_id: str
    ruleset: str = ""
    seats: dict[str, tuple[str, ...]] | None = None
    options: dict | None = None
    domain: Any = None  # the ruleset's own state
    version: int = 0
    last_hash: str = ""  # set by the runtime from the store; the chain is not a rule
    dice_commitment: str = ""
    seed: str | None = None
    unsealed: frozenset[str] = frozenset()
    pending_undo: PendingUndo | None = None
    rewinds: int = 0  # EventsReverted folded so far: qualifies seal keys (CORE-seal)
    seed_from: int = 1  # version of the event that committed the seed in play (CORE-dice)
    seed_in_play: bool = True  # False once the last seed is revealed: no roll is secret any more
    schedule: sch.Schedule | None = None  # CORE-deadline: None until the moderator sets one
    # CORE-seat: seat -> version of the event that reissued its token (the token issued with it is
    # the one that counts); a seat not here keeps the token it was created with.
    token_from: dict[str, int] = field(default_factory=dict)


class Composer(Protocol):
    """What the schedule's rules use of the platform decider (``platform.Platform``): the
    ruleset's missed-order declaration, folding one event, deciding an order with the ruleset's
    own decider, and the platform's bookkeeping after a ruleset's events."""

    deadlines: sch.MissedOrders | None

    def evolve(self, state: GameState, event: Event) -> GameState: ...

    def decide_ruleset(self, domain: Any, command: Command, ctx: Context) -> tuple[list[Event], Any]: ...

    def after_ruleset(self, state: GameState, platform_events: list[Event], ruleset_events: list[Event],
                      domain: Any, ctx: Context) -> tuple[list[Event], GameState]: ...
