"""The turn (AAR-order, AAR1-seq): powers in the board's order, each through the seed's phases.
Phases that need nobody's decision run at once, from the state the command left: income
(AAR-income), the start of each battle of the combat phase (AAR-battle), the victory check
(AAR1-victory); a power without its capital passes purchase and research (AAR-purchase)."""
from __future__ import annotations

from typing import Callable

from domain.aa.revised_phase_one import victory, victory_cities
from domain.aa.revised_phase_one.game import combat
from domain.aa.revised_phase_one.game.common import has_capital
from domain.aa.revised_phase_one.game.economy import collect_income
from domain.aa.revised_phase_one.game.events import LendLeaseGranted, PhaseBegan, TurnBegan, VictoryChecked
from domain.aa.revised_phase_one.game.state import Game, Phase, Source
from domain.aa.revised_phase_one.pack import GamePack
from domain.kernel import Dice, Event

Fold = Callable[[Game, list[Event]], Game]


def next_phase(pack: GamePack, phase: Phase) -> Phase | None:
    """AAR1-seq: the phase after ``phase`` in the house sequence (None after the last)."""
    order = [Phase(name) for name in pack.house.turn_sequence]
    i = order.index(phase)
    return order[i + 1] if i + 1 < len(order) else None


def begin(pack: GamePack, game: Game, phase: Phase, note: str = "") -> PhaseBegan:
    return PhaseBegan(game.round, game.power, phase, note)


def end_turn(pack: GamePack, game: Game) -> list[Event]:
    """AAR-order: the next power's turn (a new round after the last power); AAR1-optional lend-lease
    at the end of the US turn."""
    events: list[Event] = []
    lease = pack.house.lend_lease
    if game.options.lend_lease and game.power == lease["source"] and has_capital(pack, game, game.power):
        split = dict(game.orders_of(game.power).lend_lease)
        source = Source.STANDING_ORDER
        if not split:  # checked when set: all of the amount, to the recipients only
            half, rest = divmod(lease["amount"], len(lease["recipients"]))
            split = {p: half + (1 if i < rest else 0) for i, p in enumerate(lease["recipients"])}
            source = Source.DEFAULT
        events.append(LendLeaseGranted(split, source))
    powers = pack.board.powers
    i = powers.index(game.power)
    round_ = game.round + (1 if i + 1 == len(powers) else 0)
    power = powers[(i + 1) % len(powers)]
    first = Phase(pack.house.turn_sequence[0])
    return events + [TurnBegan(round_, power), PhaseBegan(round_, power, first)]


def _victory(pack: GamePack, game: Game) -> list[Event]:
    """AAR1-victory: after the place phase; only the end of a US turn can end the game."""
    owners = dict(game.position.owners)
    house = pack.house
    vcp = {side: victory_cities.vcp_held(house, owners, side) for side in ("Axis", "Allies")}
    options = game.options
    winner = victory.winner(house, options.victory, owners, game.power, game.round, options.minor_turns)
    note = ""
    last_turn = game.power == house.victory["checked_after"] and game.round >= options.minor_turns
    if options.victory == "minor" and last_turn:
        if winner is None:
            winner, note = "draw", "the sides hold equal VCPs when the agreed turns are over"
    checked = VictoryChecked(options.victory, vcp, winner or "", note)
    if winner:
        return [checked, begin(pack, game, Phase.OVER, f"{winner} won" if winner != "draw" else "a draw")]
    return [checked, begin(pack, game, next_phase(pack, Phase.VICTORY))]


def _automatic(pack: GamePack, game: Game, dice: Dice, aa_rule) -> list[Event]:
    """The events of the phase the game is in when it needs no decision (none: it waits)."""
    power = game.power
    match game.phase:
        case Phase.PURCHASE if not has_capital(pack, game, power):
            return [begin(pack, game, next_phase(pack, Phase.PURCHASE), "no capital: no purchase")]
        case Phase.INCOME:
            return collect_income(pack, game, dice)
        case Phase.COMBAT:
            return combat.next_battle(pack, game, aa_rule) or []
        case Phase.VICTORY:
            return _victory(pack, game)
        case Phase.RESEARCH if not has_capital(pack, game, power):
            return end_turn(pack, game)
    return []


def advance(pack: GamePack, game: Game, dice: Dice, fold: Fold, aa_rule) -> list[Event]:
    """Every event of the phases that run by themselves, until one waits for a decision."""
    events: list[Event] = []
    while True:
        step = _automatic(pack, game, dice, aa_rule)
        if not step:
            return events
        events += step
        game = fold(game, step)
