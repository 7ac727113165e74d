"""The ruleset's decider: the battle calculator it always was (``mode`` battles, the default, so
stored games read as they did) or the whole Global game (``mode`` game). A game command is handled
by its chapter's rule function; then every step that needs no decision runs (``turn.advance``)."""
from __future__ import annotations

from dataclasses import fields, replace
from functools import partial, reduce

from domain.aa.battles.decider import BattleDecider, RuleIds
from domain.aa.battles.messages import (
    BattleEnded,
    BattleRequested,
    BattleRoundFought,
    FightBattle,
)
from domain.aa.board import starting_position
from domain.aa.global1940.game import (
    choices,
    combat,
    declarations,
    economy,
    mobilize,
    movement,
)
from domain.aa.global1940.game import commands as cmd
from domain.aa.global1940.game.common import sequence
from domain.aa.global1940.game.evolve import evolve_global
from domain.aa.global1940.game.legal import offers
from domain.aa.global1940.game.options import BATTLE_OPTIONS, game_options, mode_of
from domain.aa.global1940.game.state import GlobalGame, GlobalState
from domain.aa.global1940.game.turn import advance
from domain.aa.global1940.game.view import game_view
from domain.aa.global1940.pack import GlobalGamePack
from domain.aa.revised_phase_one.game import choices as revised_choices
from domain.aa.revised_phase_one.game.state import Phase
from domain.kernel import (
    Command,
    CommandSpec,
    Context,
    Event,
    RuleViolation,
    Setup,
    evolved,
)

SHARED_BATTLE_EVENTS = (BattleRequested, BattleRoundFought, BattleEnded)


class GlobalDecider:
    def __init__(self, pack: GlobalGamePack, rules: RuleIds):
        self.pack = pack
        self.battles = BattleDecider(pack, rules=rules)

    def _fold(self, game: GlobalGame, events: list[Event]) -> GlobalGame:
        return reduce(partial(evolve_global, self.pack), events, game)

    def _handlers(self):
        fold = self._fold
        return {
            cmd.SetStandingOrders: choices.set_standing_orders,
            cmd.Research: economy.research,
            cmd.Purchase: economy.purchase,
            cmd.DeclareWar: partial(declarations.declare_war, fold=fold),
            cmd.EndPolitics: declarations.end_politics,
            cmd.MoveUnits: movement.move_units,
            cmd.FireRockets: movement.fire_rockets,
            cmd.EndCombatMove: partial(combat.end_combat_move, fold=fold),
            cmd.ChooseLosses: revised_choices.choose_losses,
            cmd.PressAttack: revised_choices.press_attack,
            cmd.Retreat: revised_choices.retreat,
            cmd.UseStandingOrders: revised_choices.use_standing_orders,
            cmd.EndNonCombatMove: movement.end_non_combat_move,
            cmd.PlaceUnits: mobilize.place_units,
            cmd.EndPlacement: mobilize.end_placement,
            FightBattle: combat.fight,
        }

    # -- setting up ---------------------------------------------------------------------------

    def initial_state(self, setup: Setup) -> GlobalState:
        options = dict(setup.options)
        mode = mode_of(options)
        options.pop("mode", None)
        pack = setup.pack if setup.pack is not None else self.pack
        if mode == "battles":
            base = self.battles.initial_state(Setup(setup.seats, options, pack))
            return GlobalState(**{f.name: getattr(base, f.name) for f in fields(base)})
        if not getattr(pack, "playable", False):
            raise RuleViolation("AAG-board", "this game's data pack has no board, game rules and objectives: it "
                                             "plays battles only")
        battle_options = {k: v for k, v in options.items() if k in BATTLE_OPTIONS}
        base = self.battles.initial_state(Setup(setup.seats, battle_options, pack))
        missing = [p for p in pack.board.powers if p not in base.owners]
        if missing:
            raise RuleViolation("AAG-order", f"every power needs a seat in the whole game: {', '.join(missing)}")
        agreed = game_options({k: v for k, v in options.items() if k not in BATTLE_OPTIONS})
        position = starting_position(pack.board)
        board = pack.board
        game = GlobalGame(options=agreed, round=1, power=board.powers[0], phase=sequence(pack)[0], position=position,
                          treasury=dict(board.treasuries), owners_at_start=dict(position.owners),
                          factories_at_start=position.factories, purchased_factories=frozenset(),
                          # AAR1-emergency is the Revised seed's: nobody here waits for a first turn.
                          had_turn=frozenset(board.powers) | frozenset(board.holders),
                          kamikaze_tokens=pack.rules.kamikaze_tokens)
        return GlobalState(**{f.name: getattr(base, f.name) for f in fields(base)}, game=game)

    # -- deciding -----------------------------------------------------------------------------

    def decide(self, state: GlobalState, command: Command, ctx: Context) -> list[Event]:
        if state.game is None:
            return self.battles.decide(state, command, ctx)
        pack = ctx.pack if isinstance(ctx.pack, GlobalGamePack) and ctx.pack.playable else self.pack
        if ctx.pack is None:
            ctx = replace(ctx, pack=pack)
        if state.game.phase is Phase.OVER:
            raise RuleViolation("AAG-victory", "the game is over")
        handler = self._handlers().get(type(command))
        if handler is None:
            raise RuleViolation("AAG-order", f"{type(command).__name__} is a command of the battle calculator, not "
                                             "of the whole game")
        events = list(handler(state, command, ctx, pack))
        after = self._fold(state.game, events)
        return events + advance(pack, after, ctx.dice, self._fold, state.aa_rule, state.war_bonds)

    # -- folding ------------------------------------------------------------------------------

    def evolve(self, state: GlobalState, event: Event) -> GlobalState:
        if state.game is None:
            return self.battles.evolve(state, event)
        if isinstance(event, SHARED_BATTLE_EVENTS):
            state = self.battles.evolve(state, event)
        game = evolve_global(self.pack, state.game, event)
        return state if game is state.game else evolved(state, game=game)

    # -- reads --------------------------------------------------------------------------------

    def view(self, state: GlobalState, seat: str) -> dict:
        if state.game is None:
            return self.battles.view(state, seat)
        return game_view(self.pack, state, seat)

    def legal_commands(self, state: GlobalState, seat: str) -> list[CommandSpec]:
        if state.game is None:
            return self.battles.legal_commands(state, seat)
        return offers(self.pack, state, seat)

    def is_terminal(self, state: GlobalState) -> bool:
        return state.game is not None and state.game.phase is Phase.OVER
