"""Random play through the platform decider, sending only bodies taken from what is offered.

A ``RandomGame`` is one game of a registered ruleset played as the service plays it: the
platform decider (``domain.kernel.platform.Platform``) around the ruleset's, one command at a
time, each new event evolved once, undo folded as the timeline folds it (``Platform.rewound`` on
the state at the version undone to), dice audited (``HmacDice`` under seeds derived from the
walk's ``dice_seed``, committed and revealed as the service's are), every body through the wire
codec as a client's would be. No HTTP, no store: thousands of commands a minute.

Who acts each step is drawn from the seats, the moderator and the system seat. A seat or the
moderator sends one of the bodies ``Platform.legal_commands`` offers it (the ruleset's, ``MarkReady``
under a running deadline, the answers to a pending undo), or now and then one of the platform's
own commands a seat may use, which the game never waits for (``platform_offers``, from
``Platform.optional_commands``: ``RequestUndo``, ``RevealDiceSeed``, ``SetSchedule``,
``PauseSchedule``, ``ResumeSchedule``, ``ExtendDeadline``, ``SetVacation``, ``ReissueSeatToken``;
their examples must be accepted too). Being offered always, they are drawn one step in
``platform_every`` only, which is what keeps a walk from circling on them. The system seat
runs what the service would: the follow-ups the ruleset documents (``Ruleset.follow_ups``: an Axis
& Allies battle is fought by the system's FightBattle) and the scheduler's commands, with
explicit instants: ``OpenDeadline`` when a timed step waits without a deadline, then the due
``ReminderDue`` / ``DeadlineReached`` (``schedule.due_commands``), the walk's clock jumping to the
instant each falls due. So deadlines pass, missed orders are applied by each step's policy,
grace periods start, moves are undone, with and without approval.

A body is a spec's ``example`` unchanged, or values drawn from its ``choices`` (over the example
when there is one); an example is the contract's promise, so its refusal is a failure, while a
drawn combination may be refused (the rules judge combinations the choices list value by value).

After every accepted command the checks of issue 14 "No stall, anywhere" run: the game is
terminal or someone is offered a body decide accepts (the game's own moves, a ready mark, an
answer to an undo or the system's follow-up or deadline: never an undo or a schedule setting,
which would always do), and each seat the view says it waits for is offered such a move. Every
``check_every`` commands (and at the end of a walk) the log folds again from the start to the
incremental state, and every reader's view builds as JSON."""
from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from domain import registry
from domain.kernel import MODERATOR, SPECTATOR, SYSTEM, CommandSpec, Context, RuleViolation
from domain.kernel import schedule as sch
from domain.kernel.platform import (PLATFORM_COMMANDS, PLATFORM_EVENTS, SYSTEM_COMMANDS, DiceRolled, EventsReverted,
                                    GameCreated, GameState, LoggedEvent, Platform)
from domain.kernel.schedule_rules import current_step
from events import dice as audited_dice
from events.codec import Codec, DecodeError
from service.packs import default_pack

Draw = Callable[[int], int]  # n -> an index in range(n), e.g. from hypothesis' ``data.draw``
HOUR = sch.HOUR
START = 4_000_000_000  # the walk's first instant (Unix seconds); only the scheduler's commands move it
# The platform's commands that are always open to some seat: offered, they prove nothing about
# whether the game itself can go on, so the no-stall checks leave them out.
SETTINGS = frozenset({"RequestUndo", "RevealDiceSeed", "SetSchedule", "PauseSchedule", "ResumeSchedule",
                      "ExtendDeadline", "SetVacation", "ReissueSeatToken"})

# Kept for the rulesets' own tests: dice from a seed, for a decider played without the platform.


class SeededDice:
    """Dice for decide from a seed the test draws (the rulesets record every roll in their events)."""

    def __init__(self, seed: int):
        self._rng = random.Random(seed)

    def roll(self, sides: int) -> int:
        return self._rng.randint(1, sides)


class Stall(AssertionError):
    """A non-terminal state in which nobody is offered anything (or an awaited seat is offered nothing)."""


@dataclass
class RandomGame:
    ruleset_id: str
    preset: str
    options: dict = field(default_factory=dict)
    dice_seed: int = 0
    # One step in ``platform_every`` (on average) a seat or the moderator picks among the platform's
    # own commands (undo, the schedule, the seed) rather than the game's; 0: never.
    platform_every: int = 12
    # Command types this walk never sends (a walk to the calendar's end leaves out what ends a
    # game early; the caller says why).
    leave_out: frozenset[str] = frozenset()
    check_every: int = 1  # accepted commands between two full rebuilds of the state from the log

    def __post_init__(self):
        self.ruleset = registry.get(self.ruleset_id)
        self.pack = default_pack(self.ruleset)
        self.decider = self.ruleset.make_decider(self.pack)
        self.platform = Platform(self.decider, self.pack, self.ruleset.deadlines)
        self.codec = Codec(tuple(self.ruleset.commands) + PLATFORM_COMMANDS + SYSTEM_COMMANDS)
        self.seats = {seat: tuple(powers) for seat, powers in self.ruleset.seat_presets[self.preset].items()}
        self.game_id = f"random-{self.ruleset_id}-{self.dice_seed}"
        created = GameCreated(self.ruleset.id, self.ruleset.version, self.seats, dict(self.options), None,
                              audited_dice.commitment(self._seed(1)))
        self.initial = self.platform.initial_state(self.game_id)
        self.game_state: GameState = self.platform.evolve(self.initial, created)
        self.log: list = [created]  # every event, the platform's included, in log order
        self.logged: list[LoggedEvent] = [LoggedEvent(1, MODERATOR, False, False)]
        self.at: dict[int, GameState] = {1: self.game_state}  # the state after each command, by version
        self.now = START
        self.follow_ups: list[tuple[str, dict, int]] = []  # (command type, data, asked at) the system owes
        self.sent: Counter[str] = Counter()      # accepted command types
        self.refused: Counter[str] = Counter()   # drawn bodies the rules refused
        self.seen: Counter[str] = Counter({"GameCreated": 1})  # event types
        self.missed = 0  # MissedOrdersApplied with orders applied for seats that missed a deadline
        self._since_rebuild = 0
        self._offered_for: Any = None  # the state self._offered answers for
        self._offered: dict[str, list[CommandSpec]] = {}

    @property
    def state(self) -> Any:
        """The ruleset's own state (for a test that reads it with the ruleset's decider)."""
        return self.game_state.domain

    @property
    def events(self) -> list:
        """The ruleset's events in log order (the platform's left out)."""
        return [e for e in self.log if type(e) not in PLATFORM_EVENTS]

    # --- dice: a seed per commitment, derived from the walk's seed -------------------------------
    def _seed(self, committed_at: int) -> bytes:
        return hashlib.sha256(f"{self.game_id}:{self.dice_seed}:{committed_at}".encode()).digest()

    def _dice(self) -> audited_dice.HmacDice:
        version = self.game_state.version + 1
        return audited_dice.HmacDice(lambda: self._seed(self.game_state.seed_from), self.game_id, version,
                                     lambda: audited_dice.commitment(self._seed(version)))

    def _context(self, actor: str) -> Context:
        # As the service: a seat acts with its own powers; the moderator and the system with none
        # of their own (the rules let them act for any power).
        return Context(actor, frozenset(self.game_state.seats.get(actor, ())), self._dice(), self.pack)

    def _history(self, after: int, until: int) -> list[LoggedEvent]:
        return self.logged[after:until]

    # --- what may be done -------------------------------------------------------------------
    def actors(self) -> list[str]:
        return [*self.seats, MODERATOR]

    def offers(self, actor: str) -> list[CommandSpec]:
        """What ``actor`` may send now: the platform's ``legal_commands`` (the system seat: its
        follow-up and the scheduler's next command), without the types the walk leaves out."""
        if actor == SYSTEM:  # its queue changes without the state changing (a follow-up refused)
            return self._system_offers()
        if self._offered_for is not self.game_state:
            self._offered_for, self._offered = self.game_state, {}
        if actor not in self._offered:
            self._offered[actor] = [s for s in self.platform.legal_commands(self.game_state, actor)
                                    if s.type not in self.leave_out]
        return self._offered[actor]

    def platform_offers(self, actor: str) -> list[CommandSpec]:
        """The platform's own commands a seat (or the moderator) may send now, which the game does
        not wait for: ``Platform.optional_commands`` (undo, the seed, the schedule, vacations, seat
        tokens), without the types the walk leaves out. A vacation's dates are the seat's to
        choose (its offer has no example): the walk's seats take 36 hours from the walk's now."""
        if self.terminal():
            return []
        specs = []
        for spec in self.platform.optional_commands(self.game_state, actor, self._history):
            if spec.type in self.leave_out:
                continue
            if spec.type == "SetVacation" and spec.example is None:
                seat = spec.choices["seat"][0]
                spec = replace(spec, example={"seat": seat, "start": self.now, "end": self.now + 36 * HOUR})
            if spec.type == "RequestUndo":  # drawn also from the last few versions, inside a command or not
                recent = range(max(1, self.game_state.version - 8), self.game_state.version)
                spec = replace(spec, choices={"to_version": sorted({*spec.choices["to_version"], *recent})})
            specs.append(spec)
        return specs

    def _system_offers(self) -> list[CommandSpec]:
        """The system seat's next commands: the next follow-up the ruleset asked for, and the one
        the scheduler would send next (at the instant it falls due). The service's job runner and
        its scheduler do not wait for each other: a walk whose battles queue faster than they are
        fought still opens deadlines. While an undo waits the platform takes nothing else
        (CORE-undo): the system's commands wait for its answer."""
        if self.game_state.pending_undo is not None:
            return []
        queued = [CommandSpec(kind, None, {}, None, data) for kind, data, _ in self.follow_ups[:1]]
        return queued + self._scheduler_offers()

    def _scheduler_offers(self) -> list[CommandSpec]:
        schedule = self.game_state.schedule
        if schedule is None or self.terminal():
            return []
        if sch.needs_opening(schedule, current_step(self.platform, self.game_state)):
            return [CommandSpec("OpenDeadline", None, {}, sch.RULE, {"at": self.now})]
        due = sch.due_commands(schedule)
        if not due:
            return []
        when, kind, data = min(due, key=lambda d: d[0])
        return [CommandSpec(kind, None, {}, sch.RULE, {**data, "at": max(when, self.now)})]

    def terminal(self) -> bool:
        return bool(self.platform.is_terminal(self.game_state))

    # --- one step -----------------------------------------------------------------------------
    def step(self, draw: Draw) -> bool:
        """One actor sends one body. Returns False when the game is over (terminal)."""
        if self.terminal():
            return False
        # The actor first (then one of its specs): asking every actor each step would cost as much
        # as the rules themselves; an actor offered nothing passes the turn to the next one.
        actors = [*self.actors(), SYSTEM]
        first = draw(len(actors))
        actor = next((a for a in actors[first:] + actors[:first] if self.offers(a)), None)
        if actor is None:
            raise Stall(f"{self.ruleset_id}: not terminal and nobody is offered anything after "
                        f"{len(self.log)} events ({dict(self.seen)})")
        specs = self.offers(actor)
        if actor != SYSTEM and self.platform_every and draw(self.platform_every) == 0:
            specs = self.platform_offers(actor) or specs
        spec = specs[draw(len(specs))]
        exact = spec.example is not None and (actor == SYSTEM or not spec.choices or draw(3) > 0)
        data = dict(spec.example) if exact else self._drawn(spec, draw)
        # A follow-up may find its work done (the moderator fought the battle first, an undo took
        # back the event that asked for it): the job's command is then refused and the job ends,
        # as the service's combat job does. The scheduler's commands are computed from the state:
        # each is accepted.
        follow_up = actor == SYSTEM and spec.rule_id != sch.RULE  # not the scheduler's: the queue's first
        self.send(actor, spec.type, data, must_accept=exact and not follow_up, follow_up=follow_up)
        return True

    def _drawn(self, spec: CommandSpec, draw: Draw) -> dict:
        """The example with one field drawn from its choices; without an example, every field drawn."""
        data = dict(spec.example or {})
        names = list(spec.choices)
        for name in names if spec.example is None else [names[draw(len(names))]]:
            allowed = spec.choices[name]
            if isinstance(allowed, list) and allowed:
                data[name] = allowed[draw(len(allowed))]
            elif isinstance(allowed, dict) and {"minimum", "maximum"} <= set(allowed):
                data[name] = allowed["minimum"] + draw(allowed["maximum"] - allowed["minimum"] + 1)
        return data

    def send(self, actor: str, type_name: str, data: dict, must_accept: bool = False,
             follow_up: bool = False) -> list:
        try:
            command = self.codec.decode(type_name, json.loads(json.dumps(data)))
        except (DecodeError, TypeError, ValueError) as error:
            if must_accept:
                raise AssertionError(f"{type_name} example {data} does not decode: {error}") from error
            self.refused[type_name] += 1
            return []
        if follow_up:
            self.follow_ups.pop(0)
        try:
            new, after = self.decide(actor, command)
        except RuleViolation as refusal:
            if must_accept:
                raise AssertionError(f"{actor}'s {type_name} example {data} was refused: {refusal}") from refusal
            self.refused[type_name] += 1
            return []
        if actor == SYSTEM and "at" in data:
            self.now = max(self.now, data["at"])
        self._record(actor, new, after)
        self.sent[type_name] += 1
        self.check()
        return new

    def decide(self, actor: str, command) -> tuple[list, GameState]:
        """The platform's events for ``command`` and the state after them, as the service's write
        path gets them (an undo's state is the one at the version undone to, ``rewound``)."""
        power = getattr(command, "power", None)
        if power is not None and actor not in (MODERATOR, SYSTEM) and power not in self.seats.get(actor, ()):
            raise RuleViolation("CORE-seat", f"seat {actor!r} does not hold power {power!r}")  # the service's 403
        new, after = self.platform.decide_evolve(self.game_state, command, self._context(actor), self._history)
        if new and type(new[-1]) is EventsReverted:
            # CORE-undo: back to a state the game rested in, the end of a command, never inside one.
            assert new[-1].to_version in self.at, (
                f"{self.ruleset_id}: an undo to version {new[-1].to_version} was taken, inside the command "
                f"that ends at {min(v for v in self.at if v > new[-1].to_version)}")
            now = self.platform.fold(self.game_state, new[:-1])
            after = self.platform.rewound(now, self.state_at(new[-1].to_version))
        return new, after

    def state_at(self, version: int) -> GameState:
        """The state at ``version``: the last command's state at or before it, folded on (an
        ``EventsReverted`` ends its command, so none lies in between)."""
        start = max(v for v in self.at if v <= version)
        return self.platform.fold(self.at[start], self.log[start:version])

    def _record(self, actor: str, new: list, after: GameState) -> None:
        version = self.game_state.version
        for offset, event in enumerate(new, start=1):
            self.logged.append(LoggedEvent(version + offset, actor, type(event) is DiceRolled, bool(event.unseals()),
                                           f"c{version + 1}", type(event).__name__,
                                           event.to_version if type(event) is EventsReverted else None))
            self.seen[type(event).__name__] += 1
            if type(event) is sch.MissedOrdersApplied and event.orders:
                self.missed += 1
            if type(event) is EventsReverted:
                # CORE-undo: what it took back asks for nothing now (the service's pending follow-ups).
                self.follow_ups = [f for f in self.follow_ups if f[2] <= event.to_version]
            elif self.ruleset.follow_ups is not None and type(event) not in PLATFORM_EVENTS:
                for job in self.ruleset.follow_ups(event):
                    self.follow_ups.append((job.command_type, dict(job.data), version + offset))
        self.log += new
        self.game_state = after
        self.at[after.version] = after
        assert after.version == len(self.log), "the state's version is not the log's length"

    # --- the properties -----------------------------------------------------------------------
    def check(self, every_reader: bool = False) -> None:
        self._since_rebuild += 1
        full = every_reader or self._since_rebuild >= self.check_every
        views: dict[str, dict] = {}
        if full:
            self._since_rebuild = 0
            assert self.rebuilt() == self.game_state, f"{self.ruleset_id}: folding the log again gives another state"
            views = {r: self.platform.view(self.game_state, r) for r in [*self.seats, SPECTATOR, MODERATOR]}
            json.dumps(list(views.values()))
        if self.terminal():
            return
        if not (self.follow_ups or any(self._ready(actor) for actor in self.actors())):
            raise Stall(f"{self.ruleset_id}: not terminal and nobody is offered a body decide accepts after "
                        f"{len(self.log)} events ({dict(self.seen)})")
        # Whom the game waits for: the view says (``turn.awaiting``); between full checks of a
        # long walk, the step the ruleset declares for deadlines names the same seats without
        # building a view (a DoD III view costs more than a command).
        if full or self.check_every == 1 or self.platform.deadlines is None or self.platform.deadlines.untimed:
            self._awaited_are_offered(views.get(MODERATOR) or self.platform.view(self.game_state, MODERATOR))
        else:
            step = current_step(self.platform, self.game_state)
            owing = [] if step is None else [{"seat": seat, "powers": list(p)} for seat, p in step.owing.items()]
            self._awaited_are_offered({"turn": {"awaiting": owing}})

    def rebuilt(self) -> GameState:
        """The whole log folded again from the first event, as the timeline folds it: each undo
        from the state this fold itself had at the version undone to."""
        platform, state, run = self.platform, self.initial, []
        at: dict[int, GameState] = {0: state}
        for event in self.log:
            if type(event) is EventsReverted:
                now = platform.fold(state, run)
                start = max(v for v in at if v <= event.to_version)
                earlier = platform.fold(at[start], self.log[start:event.to_version])
                state, run = platform.rewound(now, earlier), []
                at[state.version] = state
            else:
                run.append(event)
                if len(run) >= 64:  # keep states to rewind to, a fold of at most 64 events apart
                    state, run = platform.fold(state, run), []
                    at[state.version] = state
        return platform.fold(state, run)

    def _moves(self, actor: str) -> list[CommandSpec]:
        return [s for s in self.offers(actor) if s.type not in SETTINGS]

    def _ready(self, actor: str) -> bool:
        """``actor`` is offered a move whose example decide accepts (tried, not kept)."""
        for spec in self._moves(actor):
            if spec.example is not None:
                try:
                    self.decide(actor, self.codec.decode(spec.type, json.loads(json.dumps(spec.example))))
                except (RuleViolation, DecodeError) as refusal:
                    raise AssertionError(f"{actor}'s {spec.type} example {spec.example} is refused: "
                                         f"{refusal}") from refusal
                return True
        return False

    def _awaited_are_offered(self, view: dict) -> None:
        """Where the view names whom the game waits for (``turn.awaiting``), each of them is offered
        a move; while an undo waits (CORE-undo: nothing else is taken), the seats it waits for."""
        pending = self.game_state.pending_undo
        turn = view.get("turn")
        awaited = turn.get("awaiting", []) if isinstance(turn, dict) else []
        if pending is not None:
            awaited = [{"seat": seat, "undo": "to approve"} for seat in sorted(pending.waiting_for)]
        for entry in awaited:
            seat = entry.get("seat") if isinstance(entry, dict) else None
            if seat is not None and not self._moves(seat):
                raise Stall(f"{self.ruleset_id}: the game waits for {entry} and that seat is offered nothing "
                            f"after {len(self.log)} events ({dict(self.seen)})")

    # --- what the walk reached ----------------------------------------------------------------
    def turn(self) -> Any:
        """The view's turn number (or the turn itself when the view gives a plain number)."""
        turn = self.platform.view(self.game_state, MODERATOR).get("turn")
        return turn.get("number") if isinstance(turn, dict) else turn

    def summary(self) -> str:
        return (f"{self.ruleset_id} seed {self.dice_seed}: turn {self.turn()}, terminal {self.terminal()}, "
                f"{sum(self.sent.values())} commands, {len(self.log)} events, {sum(self.refused.values())} "
                f"drawn bodies refused, {self.seen['EventsReverted']} undos, {self.missed} missed orders applied")



def play(game: RandomGame, draw: Draw, steps: int) -> RandomGame:
    """Up to ``steps`` steps, or until the game ends; the checks run after every accepted command."""
    game.check(every_reader=True)
    for _ in range(steps):
        if not game.step(draw):
            break
    game.check(every_reader=True)
    return game


def drawing(rng: random.Random) -> Draw:
    """A ``Draw`` from a plain PRNG (for exploring by hand outside hypothesis)."""
    return lambda n: rng.randrange(n)


__all__: list[Any] = ["RandomGame", "Stall", "play", "drawing", "SeededDice"]
