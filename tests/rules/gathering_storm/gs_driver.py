"""Test driver for the Gathering Storm ruleset: the one rules-test driver
(``tests.support.table.Table``: decide, evolve every event, check a rebuild agrees) with chapter
32's own ways of recording facts and reading verdicts, so rule tests read as given / when / then."""
from __future__ import annotations

from domain import registry
from domain.gathering_storm import commands as c
from domain.gathering_storm.verdict import Adjudicated, Kind, Verdict
from domain.gathering_storm.verdicts import war_thresholds
from domain.kernel import MODERATOR, Event, NoDice, Setup
from service.packs import default_pack
from tests.support.table import Table as BaseTable

RULESET = registry.get("gathering-storm")
PACK = default_pack(RULESET)
ONE_PER_POWER = RULESET.seat_presets["one-per-power"]


class Table(BaseTable):
    """One game of Gathering Storm, driven command by command."""

    def __init__(self, seats=ONE_PER_POWER, options=None):
        super().__init__(RULESET.make_decider(PACK), Setup(seats, options or {}, PACK))

    # --- sending commands -------------------------------------------------------------------
    def send(self, seat: str, command, rolls=(), dice=None) -> list[Event]:
        """Chapter 32 rolls no dice: unless a test gives some, a roll fails loudly."""
        return super().send(seat, command, rolls, dice if dice is not None or rolls else NoDice())

    def seat_of(self, power: str) -> str:
        return next(seat for seat, powers in self.state.seats.items() if power in powers)

    def moderator(self, *commands) -> list[Event]:
        return [e for command in commands for e in self.send(MODERATOR, command)]

    def declare(self, power: str, *targets: str) -> list[Event]:
        return self.send(self.seat_of(power), c.DeclareWar(power, tuple(targets)))

    def threaten(self, power: str, *targets: str) -> list[Event]:
        return self.send(self.seat_of(power), c.ThreatenWar(power, tuple(targets)))

    def concede(self, power: str, beneficiary: str | None = None) -> list[Event]:
        return self.send(self.seat_of(power), c.MakeConcessions(power, beneficiary))

    def decline(self, power: str) -> list[Event]:
        return self.send(self.seat_of(power), c.DeclineConcessions(power))

    def end_crisis(self) -> list[Event]:
        return self.moderator(c.EndCrisisPhase())

    # --- recording facts --------------------------------------------------------------------
    def given(self, *, support=None, balance_of_power=None, eai=None, mobilized=(), unmobilized=(),
              rhineland=False, successful=(), successful_this_turn=(), aggression=None, resistance=None, pact=None, control=None,
              flags=None, trade_pacts=None, full_cohesion=None, temporary=None, second=None) -> "Table":
        """Record facts as the moderator: ``aggression`` is (aggressor, name, resistance[, backed_down]);
        ``rhineland`` and ``successful`` succeeded in the previous turn, ``successful_this_turn`` in this one;
        ``temporary``/``second`` map (ally, axis power) to an amount; ``control`` maps country to power."""
        commands = [c.RecordSupportLevel(p, level) for p, level in (support or {}).items()]
        if balance_of_power is not None:
            commands.append(c.RecordBalanceOfPower(balance_of_power))
        if eai is not None:
            commands.append(c.RecordEai(eai))
        commands += [c.RecordFactories(p, 0, 0, 10) for p in mobilized]
        commands += [c.RecordFactories(p, 1, 2, 5) for p in unmobilized]
        earlier = max(self.state.turn - 1, 1)
        earlier_ones = (["Rhineland"] if rhineland else []) + list(successful)
        commands += [c.RecordSuccessfulAggression(name, True, earlier) for name in earlier_ones]
        commands += [c.RecordSuccessfulAggression(name) for name in successful_this_turn]
        if aggression is not None:
            commands.append(c.RecordAggression(*aggression))
        commands += [c.RecordResistanceLevel(m, level) for m, level in (resistance or {}).items()]
        if pact is not None:
            commands.append(c.RecordNaziSovietPact(pact))
        commands += [c.RecordControl(country, power) for country, power in (control or {}).items()]
        commands += [c.RecordFlags(country, *counts) for country, counts in (flags or {}).items()]
        commands += [c.RecordTradePact(minor, power) for minor, power in (trade_pacts or {}).items()]
        if full_cohesion is not None:
            commands.append(c.RecordRussianCohesion(full_cohesion))
        commands += [c.RecordTemporarySupportIncrease(a, x, n) for (a, x), n in (temporary or {}).items()]
        commands += [c.RecordSecondAggressionSupportIncrease(a, x, n) for (a, x), n in (second or {}).items()]
        self.moderator(*commands)
        return self

    # --- reading results --------------------------------------------------------------------
    def verdicts(self) -> tuple[Verdict, ...]:
        """Every possible declaration's verdict now (the war-thresholds list)."""
        return war_thresholds(self.state, PACK)

    def verdict(self, declarer: str, target: str, kind: Kind | None = None) -> Verdict:
        """The current verdict on ``declarer`` declaring war on ``target`` (retaliation only if asked)."""
        return next(v for v in self.verdicts()
                    if v.declarer == declarer and v.target == target
                    and (kind is None and v.kind is not Kind.RETALIATION or v.kind is kind))

    def modifier(self, declarer: str, target: str, name: str, kind: Kind | None = None) -> int:
        return next(m.value for m in self.verdict(declarer, target, kind).modifiers if m.name == name)

    def condition(self, declarer: str, target: str, rule_id: str, text: str, kind: Kind | None = None) -> bool:
        """Whether the condition of ``rule_id`` whose text contains ``text`` is met."""
        return next(k.met for k in self.verdict(declarer, target, kind).conditions
                    if k.rule_id == rule_id and text in k.text)

    def ruling(self, declarer: str, target: str) -> Adjudicated:
        """The last adjudication of ``declarer`` on ``target`` this turn."""
        return [a for a in self.state.crisis.verdicts
                if a.verdict.declarer == declarer and a.verdict.target == target][-1]

    @property
    def wars(self) -> set[tuple[str, str]]:
        return {(w.declarer, w.target) for w in self.state.crisis.wars}

    def event_types(self, events: list[Event]) -> list[str]:
        return [type(e).__name__ for e in events]

    def support(self, power: str) -> int:
        return self.decider.view(self.state, MODERATOR)["facts"]["support_levels"][power]["level"]

    def projection(self, seat: str = MODERATOR) -> dict:
        return RULESET.projection("war-thresholds").build(self.decider.view(self.state, seat))
