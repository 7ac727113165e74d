"""The Axis & Allies battle decider, shared by both editions (the data pack holds the differences).

Modelled: declaring a battle (``ResolveBattle``), the defending seat confirming its own forces
(``ConfirmDefence``), fighting it round by round with the game's dice (``FightBattle``), advances
recorded by the moderator (``RecordAdvance``) and War Bonds income dice (``CollectWarBonds``).
This is the whole of a battles-only game (and of every Global 1940 game for now); the Revised
ruleset's whole game (``mode: game``, ``domain.aa.revised_phase_one.game``) fights its battles from
the board with the same engine and reuses the shared battle events.

Who says what (issue 14 item 14): the attacker's seat names only its own forces; the defender's
come from the defending seat, which confirms them before the combat job runs (or from the
moderator, who may request a battle outright). Advances come from the record, never from the
request: a battle takes every advance recorded for each power, and a request naming one never
recorded is refused. Attacks go against enemies only (the pack's sides).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from domain.aa.battles.messages import (
    AdvanceRecorded,
    BattleDeclared,
    BattleEnded,
    BattleRequested,
    BattleRoundFought,
    CollectWarBonds,
    ConfirmDefence,
    FightBattle,
    RecordAdvance,
    ResolveBattle,
    WarBondsCollected,
)
from domain.aa.battles.offers import offers
from domain.aa.battles.state import AAState, BattleEntry, BattleStatus, RoundSummary
from domain.aa.combat.forces import AaRule, BattleOptions, Forces, InvalidBattleInput
from domain.aa.combat.model import BattleModel
from domain.aa.combat.sequence import fight_state, result_of
from domain.aa.units import EditionPack
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


def _combat_advances(pack: EditionPack, state: AAState, power: str) -> frozenset[str]:
    return frozenset(t for t in state.advances.get(power, ()) if pack.techs[t].combat)


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
        bonds = self.pack.war_bonds
        unknown = set(setup.options) - {"aa_rule"} - ({"war_bonds"} if bonds else set())
        if unknown:
            raise RuleViolation(self.rules.setup, f"unknown options {sorted(unknown)}")
        try:
            aa_rule = AaRule(setup.options.get("aa_rule", self.pack.default_aa_rule))
        except ValueError as error:
            raise RuleViolation(self.rules.aa, f"aa_rule must be one of {[r.value for r in AaRule]}") from error
        variant = setup.options.get("war_bonds", bonds.default) if bonds else None
        if bonds and variant not in bonds.variants:
            raise RuleViolation(self.rules.tech, f"war_bonds must be one of {sorted(bonds.variants)}")
        return AAState(self.pack.edition, self.pack.powers, owners, aa_rule, {}, {}, variant)

    # -- decide -------------------------------------------------------------------------------

    def decide(self, state: AAState, command: Command, ctx: Context) -> list[Event]:
        if ctx.pack is None:
            ctx = replace(ctx, pack=self.pack)
        match command:
            case ResolveBattle():
                return self._resolve(state, command, ctx)
            case ConfirmDefence():
                return self._confirm(state, command, ctx)
            case FightBattle():
                return self._fight(state, command, ctx)
            case RecordAdvance():
                return self._record_advance(state, command, ctx)
            case CollectWarBonds():
                return self._war_bonds(state, command, ctx)
        raise RuleViolation(self.rules.battle, f"unknown command {type(command).__name__}")

    def _resolve(self, state: AAState, command: ResolveBattle, ctx: Context) -> list[Event]:
        """Declare an attack on an enemy. The attacker's seat names its own forces: the battle
        waits for the defending seat's ``ConfirmDefence`` (unless that seat is the attacker's
        own); the moderator's request is fought at once."""
        rules = self.rules
        if command.battle_id in state.battles:
            raise RuleViolation(rules.battle, f"battle {command.battle_id!r} already exists")
        for who in ("attacker", "defender"):
            if getattr(command, who) not in state.powers:
                raise RuleViolation(rules.battle, f"{who}: unknown power {getattr(command, who)!r}")
        if command.attacker == command.defender:
            raise RuleViolation(rules.battle, "a power does not attack itself")
        if not ctx.pack.enemies(command.attacker, command.defender):
            raise RuleViolation(rules.battle, f"{command.defender} is {command.attacker}'s ally: attacks go "
                                              f"against enemies only")
        if not ctx.is_moderator and command.attacker not in ctx.powers:
            raise RuleViolation(rules.battle, f"only {command.attacker}'s seat or the moderator resolves its attack")
        options = self._options(ctx.pack, state, command.options, command.attacker, command.defender)
        self._check(ctx.pack, command.forces, options)
        args = (command.battle_id, command.territory, command.attacker, command.defender, command.forces, options)
        if ctx.is_moderator or command.defender in ctx.powers:
            return [BattleRequested(*args)]
        return [BattleDeclared(*args)]

    def _options(self, pack: EditionPack, state: AAState, options: BattleOptions, attacker: str,
                 defender: str) -> BattleOptions:
        """The game's AA rule when none is named; each side's advances from the record (AAG40-tech:
        an advance applies to the power that researched it, at once and always)."""
        for field_name, power in (("attacker_techs", attacker), ("defender_techs", defender)):
            never = sorted(set(getattr(options, field_name)) - state.advances.get(power, frozenset()))
            if never:
                raise RuleViolation(self.rules.tech, f"options.{field_name}: {power} never researched "
                                                     f"{', '.join(never)}")
        return replace(options, aa_rule=options.aa_rule or state.aa_rule,
                       attacker_techs=_combat_advances(pack, state, attacker),
                       defender_techs=_combat_advances(pack, state, defender))

    def _check(self, pack: EditionPack, forces: Forces, options: BattleOptions) -> None:
        try:
            BattleModel(pack, forces, options)
        except InvalidBattleInput as error:
            raise RuleViolation(self._rule_for(error.field), f"{self._path(error.field)}: {error.message}") from error

    def _confirm(self, state: AAState, command: ConfirmDefence, ctx: Context) -> list[Event]:
        """The defending seat (or the moderator) names its own forces; the battle is then fought."""
        entry = state.battles.get(command.battle_id)
        if entry is None or entry.status is not BattleStatus.AWAITING_DEFENCE:
            raise RuleViolation(self.rules.battle, f"no battle {command.battle_id!r} waits for its defence")
        if not ctx.is_moderator and entry.defender not in ctx.powers:
            raise RuleViolation(self.rules.battle, f"only {entry.defender}'s seat or the moderator confirms "
                                                   f"its defence")
        forces = replace(entry.forces, defender=dict(command.units))
        options = self._options(ctx.pack, state, replace(entry.options, attacker_techs=frozenset(),
                                               defender_techs=frozenset()), entry.attacker, entry.defender)
        try:
            BattleModel(ctx.pack, forces, options)
        except InvalidBattleInput as error:
            path = error.field.replace("defender.", "units.", 1) if error.field.startswith("defender") \
                else self._path(error.field)
            raise RuleViolation(self._rule_for(error.field), f"{path}: {error.message}") from error
        return [BattleRequested(entry.battle_id, entry.territory, entry.attacker, entry.defender, forces, options)]

    def _record_advance(self, state: AAState, command: RecordAdvance, ctx: Context) -> list[Event]:
        ctx.require_moderator(self.rules.tech, "record an advance")
        if command.power not in state.powers:
            raise RuleViolation(self.rules.tech, f"power: unknown power {command.power!r}")
        if command.tech not in ctx.pack.techs:
            raise RuleViolation(self.rules.tech, f"tech: unknown advance {command.tech!r}")
        if command.tech in state.advances.get(command.power, ()):
            raise RuleViolation(self.rules.tech, f"{command.power} already has {command.tech}")
        return [AdvanceRecorded(command.power, command.tech)]

    def _war_bonds(self, state: AAState, command: CollectWarBonds, ctx: Context) -> list[Event]:
        """AAG40-tech War Bonds: roll a die, collect its value (or the game's variant's reading)."""
        bonds = ctx.pack.war_bonds
        ctx.require_moderator(self.rules.tech, "roll War Bonds in the income phase")
        if bonds is None:
            raise RuleViolation(self.rules.tech, "this edition has no War Bonds")
        if bonds.advance not in state.advances.get(command.power, ()):
            raise RuleViolation(self.rules.tech, f"{command.power} has not researched {bonds.advance}")
        face = ctx.dice.roll(bonds.die)
        return [WarBondsCollected(command.power, face, bonds.ipcs(state.war_bonds, face))]

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
        if entry.status is BattleStatus.AWAITING_DEFENCE:
            raise RuleViolation(self.rules.battle, f"battle {battle_id!r} waits for {entry.defender}'s defence")
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
            case BattleRequested() | BattleDeclared():
                status = BattleStatus.REQUESTED if isinstance(event, BattleRequested) else BattleStatus.AWAITING_DEFENCE
                entry = BattleEntry(event.battle_id, event.territory, event.attacker, event.defender,
                                    event.forces, event.options, status)
                return replace(state, battles={**state.battles, event.battle_id: entry})
            case AdvanceRecorded(power=power, tech=tech):
                return replace(state, advances={**state.advances,
                                                power: state.advances.get(power, frozenset()) | {tech}})
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
        view = {
            "edition": state.edition,
            "powers": list(state.powers),
            "seats": {power: seat for power, seat in sorted(state.owners.items())},
            "aa_rule": state.aa_rule.value,
            "battles": {bid: _battle_view(entry) for bid, entry in sorted(state.battles.items())},
        }
        # Shown once there is something to show, so games without advances read as they always did.
        if state.advances:
            view["advances"] = {power: sorted(techs) for power, techs in sorted(state.advances.items())}
        return view

    def legal_commands(self, state: AAState, seat: str) -> list[CommandSpec]:
        return offers(self.pack, self.rules, state, seat)

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
