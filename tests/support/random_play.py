"""Random play at the decider level, sending only bodies taken from ``legal_commands``.

A ``RandomGame`` is one game of a registered ruleset, played as the service plays it (decide, evolve
each new event once, ``domain.kernel.platform.decide_evolve``) but without HTTP or a store: every
body goes through the ruleset's wire codec, as a client's would. Who acts each step is drawn from
the seats, the moderator and the system seat, which only runs the follow-ups the ruleset documents
(``Ruleset.follow_ups``: an Axis & Allies battle is fought by the system's FightBattle). A body is a
spec's ``example`` unchanged, or values drawn from its ``choices`` (over the example when there is
one); an example is the contract's promise, so its refusal is a failure, while a drawn combination
may be refused (the rules judge combinations the choices list value by value).

After every accepted command the checks of issue 14 "No stall, anywhere" run: the game is terminal
or someone is offered a body decide accepts (``Stall`` otherwise), each seat the view says it waits
for is offered something, the log folds again to the incremental state, and the views build as JSON."""
from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from domain import registry
from domain.kernel import MODERATOR, SPECTATOR, SYSTEM, CommandSpec, Context, RuleViolation, Setup
from domain.kernel.platform import decide_evolve
from events.codec import Codec, DecodeError
from service.packs import default_pack

Draw = Callable[[int], int]  # n -> an index in range(n), e.g. from hypothesis' ``data.draw``


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

    def __post_init__(self):
        self.ruleset = registry.get(self.ruleset_id)
        self.pack = default_pack(self.ruleset)
        self.decider = self.ruleset.make_decider(self.pack)
        self.codec = Codec(self.ruleset.commands)
        self.seats = {seat: tuple(powers) for seat, powers in self.ruleset.seat_presets[self.preset].items()}
        self.initial = self.decider.initial_state(Setup(self.seats, self.options, self.pack))
        self.state = self.initial
        self.events: list = []
        self.follow_ups: list[tuple[str, dict]] = []  # (command type, data) the system seat owes
        self.sent: Counter[str] = Counter()      # accepted command types
        self.refused: Counter[str] = Counter()   # drawn bodies the rules refused
        self.seen: Counter[str] = Counter()      # event types
        self._offered_for: Any = None  # the state self._offered answers for
        self._offered: dict[str, list[CommandSpec]] = {}

    # --- what may be done ---------------------------------------------------------------------
    def actors(self) -> list[str]:
        return [*self.seats, MODERATOR]

    def offers(self, actor: str) -> list[CommandSpec]:
        if actor == SYSTEM:
            return [CommandSpec(t, None, {}, None, data) for t, data in self.follow_ups[:1]]
        # legal_commands is pure: asked again of the same state (check, then step), it answers the same.
        if self._offered_for is not self.state:
            self._offered_for, self._offered = self.state, {}
        if actor not in self._offered:
            self._offered[actor] = list(self.decider.legal_commands(self.state, actor))
        return self._offered[actor]

    def terminal(self) -> bool:
        return bool(self.decider.is_terminal(self.state))

    # --- one step -----------------------------------------------------------------------------
    def step(self, draw: Draw) -> bool:
        """One actor sends one body. Returns False when the game is over (terminal)."""
        if self.terminal():
            return False
        # The actor first (then one of its specs): asking every actor each step would cost as much
        # as the rules themselves; an actor offered nothing passes the turn to the next one.
        actors = [*self.actors(), *([SYSTEM] if self.follow_ups else [])]
        first = draw(len(actors))
        actor = next((a for a in actors[first:] + actors[:first] if self.offers(a)), None)
        if actor is None:
            raise Stall(f"{self.ruleset_id}: not terminal and nobody is offered anything after "
                        f"{len(self.events)} events ({dict(self.seen)})")
        specs = self.offers(actor)
        spec = specs[draw(len(specs))]
        exact = spec.example is not None and (actor == SYSTEM or not spec.choices or draw(3) > 0)
        data = dict(spec.example) if exact else self._drawn(spec, draw)
        # A follow-up may find its work done (the moderator fought the battle first): the job's
        # command is then refused and the job ends, as the service's combat job does.
        self.send(actor, spec.type, data, must_accept=exact and actor != SYSTEM)
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

    def send(self, actor: str, type_name: str, data: dict, must_accept: bool = False) -> list:
        try:
            command = self.codec.decode(type_name, json.loads(json.dumps(data)))
        except (DecodeError, TypeError, ValueError) as error:
            if must_accept:
                raise AssertionError(f"{type_name} example {data} does not decode: {error}") from error
            self.refused[type_name] += 1
            return []
        try:
            new, after = decide_evolve(self.decider, self.state, command, self._context(actor))
        except RuleViolation as refusal:
            if must_accept:
                raise AssertionError(f"{actor}'s {type_name} example {data} was refused: {refusal}") from refusal
            self.refused[type_name] += 1
            if actor == SYSTEM:
                self.follow_ups.pop(0)
            return []
        if actor == SYSTEM:
            self.follow_ups.pop(0)
        self.state = after
        self.events += new
        self.sent[type_name] += 1
        self.seen.update(type(e).__name__ for e in new)
        for event in new:
            for follow_up in (self.ruleset.follow_ups(event) if self.ruleset.follow_ups else []):
                self.follow_ups.append((follow_up.command_type, dict(follow_up.data)))
        self.check()
        return new

    # --- the properties -----------------------------------------------------------------------
    def check(self, every_reader: bool = False) -> None:
        rebuilt = self.initial
        for event in self.events:
            rebuilt = self.decider.evolve(rebuilt, event)
        assert rebuilt == self.state, f"{self.ruleset_id}: folding the log again gives another state"
        # Every reader's view at the end; on the way the moderator's and one other, in turn (each
        # view costs as much as a decide, and seven a step would make the walk short).
        readers = [*self.seats, SPECTATOR]
        others = readers if every_reader else [readers[len(self.sent) % len(readers)]]
        moderator_view = self.decider.view(self.state, MODERATOR)
        json.dumps([moderator_view, *(self.decider.view(self.state, r) for r in others)])
        if self.terminal():
            return
        if not (self.follow_ups or any(self._ready(actor) for actor in self.actors())):
            raise Stall(f"{self.ruleset_id}: not terminal and nobody is offered a body decide accepts after "
                        f"{len(self.events)} events ({dict(self.seen)})")
        self._awaited_are_offered(moderator_view)

    def _ready(self, actor: str) -> bool:
        """``actor`` is offered a spec whose example decide accepts (tried, not kept)."""
        for spec in self.offers(actor):
            if spec.example is not None:
                try:
                    command = self.codec.decode(spec.type, json.loads(json.dumps(spec.example)))
                    decide_evolve(self.decider, self.state, command, self._context(actor))
                except (RuleViolation, DecodeError) as refusal:
                    raise AssertionError(f"{actor}'s {spec.type} example {spec.example} is refused: "
                                         f"{refusal}") from refusal
                return True
        return False

    def _context(self, actor: str) -> Context:
        powers = frozenset(p for ps in self.seats.values() for p in ps) if actor in (MODERATOR, SYSTEM) \
            else frozenset(self.seats[actor])
        return Context(actor, powers, SeededDice(self.dice_seed * 1_000_003 + len(self.events)), self.pack)

    def _awaited_are_offered(self, view: dict) -> None:
        """Where the view names whom the game waits for (``turn.awaiting``), each of them is offered something."""
        turn = view.get("turn")
        awaited = turn.get("awaiting", []) if isinstance(turn, dict) else []
        for entry in awaited:
            seat = entry.get("seat") if isinstance(entry, dict) else None
            if seat is not None and not self.offers(seat):
                raise Stall(f"{self.ruleset_id}: the game waits for {entry} and that seat is offered nothing "
                            f"after {len(self.events)} events ({dict(self.seen)})")


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
