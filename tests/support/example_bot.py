"""A rule-blind bot for the whole Axis & Allies games' rules tests: it plays the decider as the
service does (each body through the wire codec, each new event evolved once), sending only the
examples legal-commands offers (any seat, the moderator, or the combat job's follow-up), and checks
that the state it keeps equals the log folded again. tests/support/random_play.py is the same idea
through the platform (undo, deadlines)."""
from __future__ import annotations

import json
import random
from collections import Counter

from domain import registry
from domain.kernel import MODERATOR, SPECTATOR, SYSTEM, Context, RuleViolation, Setup
from events.codec import Codec


class SeededDice:
    def __init__(self, seed: int):
        self._rng = random.Random(seed)

    def roll(self, sides: int) -> int:
        return self._rng.randint(1, sides)


class ExampleBot:
    """Plays the decider as the service does (each body through the wire codec, each new event
    evolved once), sending only offered examples; the combat job's follow-ups run as the system."""

    def __init__(self, ruleset: str, pack, seed: int, options: dict, preset: str = "one-per-power",
                 check_every: int = 150):
        self.ruleset = registry.get(ruleset)
        self.pack = pack
        self.check_every = check_every  # a full check (a rebuild of the whole log) is quadratic: every so often
        self.decider = self.ruleset.make_decider(self.pack)
        self.codec = Codec(self.ruleset.commands)
        self.seats = dict(self.ruleset.seat_presets[preset])
        self.initial = self.state = self.decider.initial_state(Setup(self.seats, options, self.pack))
        self.events: list = []
        self.follow_ups: list[dict] = []
        self.seen: Counter[str] = Counter()
        self.sent: Counter[str] = Counter()
        self.seed = seed

    def offers(self, actor: str):
        if actor == SYSTEM:
            return [("FightBattle", data) for data in self.follow_ups[:1]]
        return [(spec.type, spec.example) for spec in self.decider.legal_commands(self.state, actor)
                if spec.example is not None]

    def send(self, actor: str, type_name: str, data: dict, must_accept: bool = True) -> list:
        command = self.codec.decode(type_name, json.loads(json.dumps(data)))
        if actor == SYSTEM:
            self.follow_ups.pop(0)
        powers = frozenset(p for ps in self.seats.values() for p in ps) if actor in (MODERATOR, SYSTEM) \
            else frozenset(self.seats[actor])
        ctx = Context(actor, powers, SeededDice(self.seed * 1_000_003 + len(self.events)), self.pack)
        try:
            new = list(self.decider.decide(self.state, command, ctx))
        except RuleViolation:
            if actor == SYSTEM or not must_accept:  # a follow-up the moderator already did
                return []
            raise
        for event in new:
            self.state = self.decider.evolve(self.state, event)
            self.seen[type(event).__name__] += 1
            self.follow_ups += [dict(f.data) for f in self.ruleset.follow_ups(event)]
        self.events += new
        self.sent[type_name] += 1
        if len(self.events) % self.check_every < len(new):
            self.check()
        return new

    def check(self) -> None:
        rebuilt = self.initial
        for event in self.events:
            rebuilt = self.decider.evolve(rebuilt, event)
        assert rebuilt == self.state, "folding the log again gives another state"
        json.dumps([self.decider.view(self.state, reader) for reader in (*self.seats, MODERATOR, SPECTATOR)])

    def terminal(self) -> bool:
        return self.decider.is_terminal(self.state)

    def play_examples(self, rng: random.Random, limit: int = 20000) -> int:
        steps = 0
        while not self.terminal():
            actors = [*self.seats, MODERATOR, *([SYSTEM] if self.follow_ups else [])]
            rng.shuffle(actors)
            offered = next(((actor, found) for actor in actors for found in [self.offers(actor)] if found), None)
            assert offered, f"a stall: nothing offered after {len(self.events)} events"
            actor, offers = offered
            type_name, data = rng.choice(offers)
            self.send(actor, type_name, dict(data))
            steps += 1
            assert steps < limit, "the game does not end"
        self.check()
        return steps
