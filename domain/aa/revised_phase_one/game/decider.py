"""The ruleset's decider: the battle calculator it always was (``mode`` battles, the default, so
stored games read as they did) or the whole game (``mode`` game). A game command is handled by its
chapter's rule function; then every phase that needs no decision runs (``turn.advance``)."""
from __future__ import annotations

from dataclasses import fields, replace
from functools import reduce

from domain.aa.battles.decider import BattleDecider, RuleIds
from domain.aa.battles.messages import BattleEnded, BattleRequested, BattleRoundFought, FightBattle
from domain.aa.board import starting_position
from domain.aa.revised_phase_one.game import bidding, choices, economy, fighting, mobilize, movement
from domain.aa.revised_phase_one.game import commands as cmd
from domain.aa.revised_phase_one.game.common import RevisedState
from domain.aa.revised_phase_one.game.evolve import evolve_game
from domain.aa.revised_phase_one.game.legal import offers
from domain.aa.revised_phase_one.game.options import BATTLE_OPTIONS, game_options, mode_of
from domain.aa.revised_phase_one.game.state import Game, Phase
from domain.aa.revised_phase_one.game.turn import advance
from domain.aa.revised_phase_one.game.view import game_view
from domain.aa.revised_phase_one.pack import GamePack
from domain.kernel import Command, CommandSpec, Context, Event, RuleViolation, Setup, evolved

HANDLERS = {
    cmd.BidTurns: bidding.bid_turns,
    cmd.SetStandingOrders: choices.set_standing_orders,
    cmd.Purchase: economy.purchase,
    cmd.MoveUnits: movement.move_units,
    cmd.FireRockets: movement.fire_rockets,
    cmd.EndCombatMove: movement.end_combat_move,
    cmd.ChooseLosses: choices.choose_losses,
    cmd.PressAttack: choices.press_attack,
    cmd.Retreat: choices.retreat,
    cmd.UseStandingOrders: choices.use_standing_orders,
    cmd.BuyEmergencyInfantry: choices.buy_emergency_infantry,
    cmd.EndNonCombatMove: movement.end_non_combat_move,
    cmd.PlaceUnits: mobilize.place_units,
    cmd.EndPlacement: mobilize.end_placement,
    cmd.DevelopWeapons: mobilize.develop_weapons,
    FightBattle: fighting.fight,
}
SHARED_BATTLE_EVENTS = (BattleRequested, BattleRoundFought, BattleEnded)


def _fold(game: Game, events: list[Event]) -> Game:
    return reduce(evolve_game, events, game)


def _sides(powers, side_of) -> dict[str, tuple[str, ...]]:
    """Side -> its powers in the order of play."""
    sides = dict.fromkeys(side_of.get(p) for p in powers)
    return {side: tuple(p for p in powers if side_of.get(p) == side) for side in sides}


class RevisedDecider:
    def __init__(self, pack: GamePack, rules: RuleIds):
        self.pack = pack
        self.battles = BattleDecider(pack, rules=rules)

    # -- setting up ---------------------------------------------------------------------------

    def initial_state(self, setup: Setup) -> RevisedState:
        options = dict(setup.options)
        mode = mode_of(options)
        options.pop("mode", None)
        pack = setup.pack if setup.pack is not None else self.pack
        if mode == "battles":
            base = self.battles.initial_state(Setup(setup.seats, options, pack))
            return RevisedState(**{f.name: getattr(base, f.name) for f in fields(base)})
        if not getattr(pack, "playable", False):
            raise RuleViolation("AAR-board", "this game's data pack has no board and house rules: it plays "
                                             "battles only")
        base = self.battles.initial_state(Setup(setup.seats, {k: v for k, v in options.items() if k in BATTLE_OPTIONS},
                                                pack))
        missing = [p for p in pack.board.powers if p not in base.owners]
        if missing:
            raise RuleViolation("AAR-order", f"every power needs a seat in the whole game: {', '.join(missing)}")
        agreed = game_options({k: v for k, v in options.items() if k not in BATTLE_OPTIONS}, pack.house)
        position = starting_position(pack.board)
        first = pack.board.powers[0]
        bid_first = agreed.victory == "minor" and not agreed.minor_turns  # AAR1-victory: bid in the game
        game = Game(options=agreed, round=1, power=first,
                    phase=Phase.BID if bid_first else Phase(pack.house.turn_sequence[0]), position=position,
                    treasury=dict(pack.board.treasuries), owners_at_start=dict(position.owners),
                    factories_at_start=position.factories, purchased_factories=frozenset(),
                    had_turn=frozenset({first}),
                    sides=_sides(pack.board.powers, pack.board.side_of) if bid_first else {})
        return RevisedState(**{f.name: getattr(base, f.name) for f in fields(base)}, game=game)

    # -- deciding -----------------------------------------------------------------------------

    def decide(self, state: RevisedState, command: Command, ctx: Context) -> list[Event]:
        if state.game is None:
            return self.battles.decide(state, command, ctx)
        pack = ctx.pack if isinstance(ctx.pack, GamePack) and ctx.pack.playable else self.pack
        if ctx.pack is None:
            ctx = replace(ctx, pack=pack)
        if state.game.phase is Phase.OVER:
            raise RuleViolation("AAR1-victory", "the game is over")
        handler = HANDLERS.get(type(command))
        if handler is None:
            raise RuleViolation("AAR-order", f"{type(command).__name__} is a command of the battle calculator, not "
                                             "of the whole game")
        events = list(handler(state, command, ctx, pack))
        after = _fold(state.game, events)
        return events + advance(pack, after, ctx.dice, _fold, state.aa_rule)

    # -- folding ------------------------------------------------------------------------------

    def evolve(self, state: RevisedState, event: Event) -> RevisedState:
        if state.game is None:
            return self.battles.evolve(state, event)
        if isinstance(event, SHARED_BATTLE_EVENTS):
            state = self.battles.evolve(state, event)
        game = evolve_game(state.game, event)
        return state if game is state.game else evolved(state, game=game)

    # -- reads --------------------------------------------------------------------------------

    def view(self, state: RevisedState, seat: str) -> dict:
        if state.game is None:
            return self.battles.view(state, seat)
        return game_view(self.pack, state, seat)

    def legal_commands(self, state: RevisedState, seat: str) -> list[CommandSpec]:
        if state.game is None:
            return self.battles.legal_commands(state, seat)
        return offers(self.pack, state, seat)

    def is_terminal(self, state: RevisedState) -> bool:
        return state.game is not None and state.game.phase is Phase.OVER
