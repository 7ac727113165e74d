"""The turn (AAG-order, AAG40-rd): the nine powers in the board's order, each through the steps of
``game_rules.yaml``: research, purchase and repair, politics, combat move, combat, non-combat
move, placement, income, victory. Steps that need nobody's decision run at once from the state the
command left: research and purchase without a capital (or China's research), politics with nobody
to declare war on, each battle's start, income, and the end of the turn (lasting conditions,
automatic wars, the victory check, the next power)."""
from __future__ import annotations

from collections.abc import Callable

from domain.aa.global1940.game import combat, declarations, economy, victory
from domain.aa.global1940.game.common import next_phase, sequence, treasuries_of
from domain.aa.global1940.game.state import GlobalGame
from domain.aa.global1940.pack import GlobalGamePack
from domain.aa.revised_phase_one.game.events import PhaseBegan, TurnBegan
from domain.aa.revised_phase_one.game.state import Phase
from domain.kernel import Dice, Event

Fold = Callable[[GlobalGame, list[Event]], GlobalGame]


def begin(game: GlobalGame, phase: Phase, note: str = "") -> PhaseBegan:
    return PhaseBegan(game.round, game.power, phase, note)


def end_turn(pack: GlobalGamePack, game: GlobalGame) -> list[Event]:
    """AAG-order: the next power's turn (a new round after the last power)."""
    powers = pack.board.powers
    i = powers.index(game.power)
    round_ = game.round + (1 if i + 1 == len(powers) else 0)
    power = powers[(i + 1) % len(powers)]
    return [TurnBegan(round_, power), PhaseBegan(round_, power, sequence(pack)[0])]


def _victory(pack: GlobalGamePack, game: GlobalGame, fold: Fold) -> list[Event]:
    """The end of the turn: politics, then the victory check, then the next power."""
    events = declarations.end_of_turn(pack, game, fold)
    game = fold(game, events)
    checked = victory.check(pack, game)
    events += checked
    winner = next((e.winner for e in checked if e.winner), "")
    if winner:
        note = "a draw" if winner == "draw" else f"the {winner} won"
        return events + [begin(game, Phase.OVER, note)]
    return events + end_turn(pack, game)


def _automatic(pack: GlobalGamePack, game: GlobalGame, dice: Dice, aa_rule, war_bonds, fold: Fold) -> list[Event]:
    """The events of the step the game is in when it needs no decision (none: it waits)."""
    power = game.power
    match game.phase:
        case Phase.RESEARCH if not economy.may_research(pack, game, power):
            return [begin(game, next_phase(pack, Phase.RESEARCH), f"{power} does not research")]
        case Phase.PURCHASE if not economy.buying_treasuries(pack, game, power):
            return [begin(game, next_phase(pack, Phase.PURCHASE), "no capital: no purchase"
                          if not any(t in game.purchased for t in treasuries_of(pack, power)) else "")]
        case Phase.POLITICS if not declarations.targets(pack, game, power):
            return [begin(game, next_phase(pack, Phase.POLITICS))]
        case Phase.COMBAT:
            return combat.next_step(pack, game, dice, aa_rule)
        case Phase.INCOME:
            return economy.collect_income(pack, game, dice, war_bonds)
        case Phase.VICTORY:
            return _victory(pack, game, fold)
    return []


def advance(pack: GlobalGamePack, game: GlobalGame, dice: Dice, fold: Fold, aa_rule, war_bonds) -> list[Event]:
    """Every event of the steps that run by themselves, until one waits for a decision."""
    events: list[Event] = []
    while True:
        step = _automatic(pack, game, dice, aa_rule, war_bonds, fold)
        if not step:
            return events
        events += step
        game = fold(game, step)
