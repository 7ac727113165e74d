"""Golden games that go looking for event types (tests/golden/make_golden.py, issue 22 item 13):
a game driven from what /legal-commands offers, each step choosing the body whose events hold
the most event types no golden log holds yet.

Each step the explorer asks every seat and the moderator what it may send (the offered examples,
and each example with one listed choice changed), tries each body on a copy of the game's state
(the platform decider, pure: nothing is sent), and sends through the HTTP API the body that
writes the most wanted event types; when none does, a body drawn from a seeded generator among
those the copy accepted, so the game moves on towards the steps where the rest are written. The
dice of a try are not the server's: a roll may turn out otherwise when the body is sent, and the
explorer reads what was written from the log.

``Table`` is what the explorer plays on: ``offers``, ``tryout`` and ``send``. make_golden.py's
table is a real game over HTTP; the tries read its state through the service in the same
process (the state a ``GET /state`` of the moderator shows, with the rulesets' own types)."""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Callable, Iterable, Protocol


class Table(Protocol):
    actors: list[str]

    def offers(self, actor: str) -> list[dict]: ...  # /legal-commands: {type, choices, example}

    def tryout(self, actor: str, type_: str, data: dict) -> list[str] | None: ...  # event types, None: refused

    def send(self, actor: str, type_: str, data: dict) -> list[str] | None: ...  # event types written


@dataclass
class Explorer:
    table: Table
    wanted: set[str]
    seed: int = 0
    leave_out: frozenset[str] = frozenset()  # command types never sent (the caller says why)
    prefer: Callable[[str, str, dict], bool] | None = None  # (actor, type, data): favoured when nothing wanted is found
    log: list[str] = field(default_factory=list)

    def __post_init__(self):
        self.rng = random.Random(self.seed)
        self.found: set[str] = set()
        self.sent: dict[str, int] = {}  # bodies sent, by command type

    def bodies(self, spec: dict) -> Iterable[dict]:
        """The example, then the example with one choice changed (each listed value of each
        field, a range's ends); without an example, a few bodies drawn from the choices."""
        example, choices = spec.get("example"), spec.get("choices") or {}
        if example is not None:
            data = dict(example)
            yield data
            for name, allowed in choices.items():
                values = allowed if isinstance(allowed, list) else (
                    [allowed["minimum"], allowed["maximum"]] if isinstance(allowed, dict)
                    and {"minimum", "maximum"} <= set(allowed) else [])
                for value in values[:24]:
                    if value != data.get(name):
                        yield {**data, name: value}
            return
        for _ in range(3):
            data = {}
            for name, allowed in choices.items():
                if isinstance(allowed, list) and allowed:
                    data[name] = self.rng.choice(allowed)
                elif isinstance(allowed, dict) and {"minimum", "maximum"} <= set(allowed):
                    data[name] = self.rng.randint(allowed["minimum"], allowed["maximum"])
            yield data

    def step(self) -> bool:
        """One body sent; False when nothing at all is accepted."""
        remaining = self.wanted - self.found
        best: tuple[int, str, str, dict] | None = None
        moving: list[tuple[str, str, dict]] = []
        for actor in self.table.actors:
            for spec in self.table.offers(actor):
                if spec["type"] in self.leave_out:
                    continue
                seen_bodies = set()
                for data in self.bodies(spec):
                    key = json.dumps(data, sort_keys=True)
                    if key in seen_bodies:
                        continue
                    seen_bodies.add(key)
                    types = self.table.tryout(actor, spec["type"], data)
                    if types is None:
                        continue
                    score = len(set(types) & remaining)
                    if score and (best is None or score > best[0]):
                        best = (score, actor, spec["type"], data)
                    moving.append((actor, spec["type"], data))
        if best is not None:
            _, actor, type_, data = best
        elif moving:
            # Nothing wanted one body away: a move of the kind sent least so far (curiosity: the
            # steps a wanted event needs first are often a kind of move not made yet).
            favoured = [m for m in moving if self.prefer is not None and self.prefer(*m)] or moving
            fewest = min(self.sent.get(m[1], 0) for m in favoured)
            actor, type_, data = self.rng.choice([m for m in favoured if self.sent.get(m[1], 0) == fewest])
        else:
            return False
        written = self.table.send(actor, type_, data)
        self.sent[type_] = self.sent.get(type_, 0) + 1
        if written is not None:
            self.found |= set(written)
            self.log.append(f"{actor}: {type_} {json.dumps(data, sort_keys=True)} -> {', '.join(written)}")
        return True

    def run(self, steps: int) -> set[str]:
        """Up to ``steps`` bodies, or until every wanted type is written; the types still missing."""
        for _ in range(steps):
            if self.wanted <= self.found or not self.step():
                break
        return self.wanted - self.found


class HttpTable:
    """A golden game as the explorer's table: offers from GET /legal-commands, bodies sent with
    POST /commands, tries on the platform decider over the state the service loads in process
    (dice of a try are a throwaway seed's: nothing is stored)."""

    def __init__(self, game, extra: Callable[[str, dict], list[dict]] | None = None):
        from domain import registry

        self.game, self.games = game, game.services.games
        self.actors = [*game.seats, "moderator"]
        self.ruleset = registry.get(game.ruleset)
        self.extra = extra  # (actor, offered spec) -> more bodies worth a try (a ruleset's own hints)
        self._state = None

    def event_types(self) -> set[str]:
        return {cls.__name__ for cls in self.ruleset.events}

    def state(self):
        return self.games.load(self.game.game_id)

    def offers(self, actor: str) -> list[dict]:
        specs = []
        for body in self.game.legal(actor):
            example = body.get("example")
            spec = {"type": body["type"], "power": body.get("power"), "choices": body.get("choices") or {},
                    "example": None if example is None else example["data"]}
            specs.append(spec)
            for data in (self.extra(actor, spec) if self.extra else []):
                specs.append({**spec, "choices": {}, "example": data})
        return specs

    def tryout(self, actor: str, type_: str, data: dict) -> list[str] | None:
        from domain.kernel import MODERATOR, SYSTEM, Context, RuleViolation
        from events import dice
        from events.codec import DecodeError

        game_id = self.game.game_id
        state = self.state()
        rules = self.games.rules(game_id)
        try:
            command = rules.codec.decode(type_, json.loads(json.dumps(data)))
        except (DecodeError, TypeError, ValueError):
            return None
        powers = frozenset(state.seats.get(actor, ()))
        power = getattr(command, "power", None)
        if power is not None and actor not in (MODERATOR, SYSTEM) and power not in powers:
            return None
        throwaway = dice.HmacDice(lambda: b"\x00" * 32, game_id, state.version + 1, lambda: "00" * 32)
        try:
            events, _ = rules.platform.decide_evolve(state, command, Context(actor, powers, throwaway, rules.pack),
                                                     self.games.history(game_id))
        except RuleViolation:
            return None
        return [type(e).__name__ for e in events]

    def send(self, actor: str, type_: str, data: dict) -> list[str] | None:
        from golden_client import Refused

        try:
            body = self.game.command(actor, type_, **data)
        except Refused:
            return None
        return [e["type"] for e in body["events"]]
