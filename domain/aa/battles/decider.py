"""The Axis & Allies battle decider, shared by both editions (the data pack holds the differences).

Modelled: requesting a battle (``ResolveBattle``) and fighting it round by round with the game's
dice (``FightBattle``). Not modelled yet: the map, movement, purchase, income, research rolls and
victory; a battle's forces and the advances in play are given by the command, not derived.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from domain.aa.battles.messages import BattleEnded, BattleRequested, BattleRoundFought, FightBattle, ResolveBattle
from domain.aa.battles.state import AAState, BattleEntry, BattleStatus, RoundSummary
from domain.aa.combat.forces import AaRule, InvalidBattleInput
from domain.aa.combat.model import BattleModel
from domain.aa.combat.sequence import fight_state, result_of
from domain.aa.units import Domain, EditionPack
from domain.kernel import SYSTEM, Command, CommandSpec, Context, Event, RuleViolation, Setup
from domain.kernel.plain import to_plain


@dataclass(frozen=True)
class RuleIds:
    """Rule ids a ruleset cites. ``battle`` and ``setup`` are the reference battle sequence and
    seating, which RULES.md has no id for; ``tech`` is the edition's advances rule."""

    battle: str = "AA-battle"
    setup: str = "AA-setup"
    aa: str = "AAR1-aa"
    tech: str = "AA-battle"


def _battle_view(entry: BattleEntry) -> dict:
    """A battle as the view has always shown it: ``to_plain``, except that the options list the
    advances in name order and give ``retreat_below`` as an "a/b" string, a whole one too ("1");
    ``to_plain`` would sort by repr and send a whole Fraction as an integer."""
    shown = to_plain(entry)
    options = entry.options
    shown["options"].update(attacker_techs=sorted(options.attacker_techs),
                            defender_techs=sorted(options.defender_techs),
                            retreat_below=None if options.retreat_below is None else str(options.retreat_below))
    return shown


class BattleDecider:
    def __init__(self, pack: EditionPack, rules: RuleIds = RuleIds()):
        self.pack = pack
        self.rules = rules

    def initial_state(self, setup: Setup) -> AAState:
        owners: dict[str, str] = {}
        for seat, powers in setup.seats.items():
            for power in powers:
                if power not in self.pack.powers:
                    raise RuleViolation(self.rules.setup, f"unknown power {power!r} for seat {seat!r}")
                if power in owners:
                    raise RuleViolation(self.rules.setup, f"{power} is held by two seats")
                owners[power] = seat
        if not owners:
            raise RuleViolation(self.rules.setup, "at least one seat must hold a power")
        unknown = set(setup.options) - {"aa_rule"}
        if unknown:
            raise RuleViolation(self.rules.setup, f"unknown options {sorted(unknown)}")
        try:
            aa_rule = AaRule(setup.options.get("aa_rule", self.pack.default_aa_rule))
        except ValueError as error:
            raise RuleViolation(self.rules.aa, f"aa_rule must be one of {[r.value for r in AaRule]}") from error
        return AAState(self.pack.edition, self.pack.powers, owners, aa_rule, {})

    # -- decide -------------------------------------------------------------------------------

    def decide(self, state: AAState, command: Command, ctx: Context) -> list[Event]:
        if ctx.pack is None:
            ctx = replace(ctx, pack=self.pack)
        match command:
            case ResolveBattle():
                return self._resolve(state, command, ctx)
            case FightBattle():
                return self._fight(state, command, ctx)
        raise RuleViolation(self.rules.battle, f"unknown command {type(command).__name__}")

    def _resolve(self, state: AAState, command: ResolveBattle, ctx: Context) -> list[Event]:
        """Record a battle: the attacker's seat (or the moderator) names both sides' forces."""
        rules = self.rules
        if command.battle_id in state.battles:
            raise RuleViolation(rules.battle, f"battle {command.battle_id!r} already exists")
        for who in ("attacker", "defender"):
            if getattr(command, who) not in state.powers:
                raise RuleViolation(rules.battle, f"{who}: unknown power {getattr(command, who)!r}")
        if command.attacker == command.defender:
            raise RuleViolation(rules.battle, "a power does not attack itself")
        if not ctx.is_moderator and command.attacker not in ctx.powers:
            raise RuleViolation(rules.battle, f"only {command.attacker}'s seat or the moderator resolves its attack")
        options = command.options
        if options.aa_rule is None:
            options = replace(options, aa_rule=state.aa_rule)
        try:
            BattleModel(ctx.pack, command.forces, options)
        except InvalidBattleInput as error:
            raise RuleViolation(self._rule_for(error.field), f"{self._path(error.field)}: {error.message}") from error
        return [BattleRequested(command.battle_id, command.territory, command.attacker, command.defender,
                                command.forces, options)]

    def _rule_for(self, field: str) -> str:
        return self.rules.tech if field.endswith("_techs") else self.rules.battle

    @staticmethod
    def _path(field: str) -> str:
        return field if field.startswith(("options.", "rounds")) else f"forces.{field}"

    def _fight(self, state: AAState, command: FightBattle, ctx: Context) -> list[Event]:
        """Fight a requested battle with ``ctx.dice``, from state alone (forces and options come from
        the folded BattleRequested). A battle is fought once: a second FightBattle is refused; a
        retried combat job carries the same idempotency key and gets the first result back."""
        if not (ctx.is_moderator or ctx.seat == SYSTEM):
            raise RuleViolation(self.rules.battle, "battles are fought by the combat job or the moderator")
        battle_id = command.battle_id
        entry = state.battles.get(battle_id)
        if entry is None:
            raise RuleViolation(self.rules.battle, f"no battle {battle_id!r}")
        if entry.status is BattleStatus.FOUGHT:
            raise RuleViolation(self.rules.battle, f"battle {battle_id!r} has been fought")
        model = BattleModel(ctx.pack, entry.forces, entry.options)
        final, rounds = fight_state(model, ctx.dice)
        result = result_of(model, final, rounds)
        events: list[Event] = [BattleRoundFought.of(battle_id, r) for r in rounds]
        events.append(BattleEnded(battle_id, result.outcome, final.round, result.attacker_survivors,
                                  result.defender_survivors, result.attacker_ipc_lost, result.defender_ipc_lost,
                                  result.captured))
        return events

    # -- evolve -------------------------------------------------------------------------------

    def evolve(self, state: AAState, event: Event) -> AAState:
        match event:
            case BattleRequested():
                entry = BattleEntry(event.battle_id, event.territory, event.attacker, event.defender,
                                    event.forces, event.options)
                return replace(state, battles={**state.battles, event.battle_id: entry})
            case BattleRoundFought(battle_id=battle_id) if battle_id in state.battles:
                entry = state.battles[battle_id]
                entry = replace(entry, rounds=entry.rounds + (
                    RoundSummary(event.round, event.attacker_losses, event.defender_losses),),
                    attacker_remaining=event.attacker_remaining, defender_remaining=event.defender_remaining)
                return replace(state, battles={**state.battles, battle_id: entry})
            case BattleEnded(battle_id=battle_id) if battle_id in state.battles:
                entry = replace(state.battles[battle_id], status=BattleStatus.FOUGHT, outcome=event.outcome,
                                attacker_remaining=event.attacker_survivors,
                                defender_remaining=event.defender_survivors,
                                attacker_ipc_lost=event.attacker_ipc_lost, defender_ipc_lost=event.defender_ipc_lost,
                                captured=event.captured)
                return replace(state, battles={**state.battles, battle_id: entry})
        return state

    # -- reads --------------------------------------------------------------------------------

    def view(self, state: AAState, seat: str) -> dict:
        """Battles are fought in the open: every seat sees every battle (no secrets here)."""
        return {
            "edition": state.edition,
            "powers": list(state.powers),
            "seats": {power: seat for power, seat in sorted(state.owners.items())},
            "aa_rule": state.aa_rule.value,
            "battles": {bid: _battle_view(entry) for bid, entry in sorted(state.battles.items())},
        }

    def legal_commands(self, state: AAState, seat: str) -> list[CommandSpec]:
        moderator = seat in ("moderator", SYSTEM)
        mine = [p for p in state.powers if moderator or state.owners.get(p) == seat]
        units = sorted(n for n, u in self.pack.units.items() if u.domain is not Domain.FACILITY)
        specs = [CommandSpec("ResolveBattle", power, {
            "defender": [p for p in state.powers if p != power], "kind": ["land", "sea"], "units": units,
            "techs": sorted(self.pack.techs), "aa_rule": [r.value for r in AaRule]}, self.rules.battle)
            for power in mine]
        pending = sorted(b for b, e in state.battles.items() if e.status is BattleStatus.REQUESTED)
        if moderator and pending:
            specs.append(CommandSpec("FightBattle", None, {"battle_id": pending}, self.rules.battle))
        return specs

    def is_terminal(self, state: AAState) -> bool:
        """Victory is not modelled yet: a battle game never ends by itself."""
        return False


def battles_projection(view: dict) -> list[dict]:
    """The ``battles`` read model: one row per battle, in id order, with its outcome once fought."""
    rows = []
    for battle_id, b in view["battles"].items():
        rows.append({
            "battle_id": battle_id, "territory": b["territory"], "attacker": b["attacker"],
            "defender": b["defender"], "kind": b["forces"]["kind"], "status": b["status"],
            "rounds": len(b["rounds"]), "outcome": b["outcome"], "captured": b["captured"],
            "attacker_remaining": b["attacker_remaining"], "defender_remaining": b["defender_remaining"],
            "attacker_ipc_lost": b["attacker_ipc_lost"], "defender_ipc_lost": b["defender_ipc_lost"],
        })
    return rows
