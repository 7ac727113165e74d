"""What every phase's rules share: the state the game lives in, who may act, and small reads of the
board (capitals, factories, prices)."""
from __future__ import annotations

from dataclasses import dataclass

from domain.aa.battles.state import AAState
from domain.aa.revised_phase_one.game.state import Game, Phase
from domain.aa.revised_phase_one.pack import GamePack
from domain.kernel import Command, Context, RuleViolation

SEQ = "AAR1-seq"
ORDER = "AAR-order"


@dataclass(frozen=True)
class RevisedState(AAState):
    """The ruleset's state: the battle calculator's (``AAState``), and the whole game when played."""

    game: Game | None = None


def require_seat(state: RevisedState, power: str, ctx: Context) -> None:
    """AAR-order: a power's commands come from the seat holding it (or the moderator)."""
    if power not in state.powers:
        raise RuleViolation(ORDER, f"unknown power {power!r}")
    if not ctx.is_moderator and power not in ctx.powers:
        raise RuleViolation(ORDER, f"only {power}'s seat or the moderator acts for {power}")


def require_turn(state: RevisedState, command: Command, ctx: Context, *phases: Phase) -> Game:
    """AAR-order, AAR1-seq: the command's power is the one whose turn it is, in one of ``phases``."""
    game = state.game
    power = command.power
    require_seat(state, power, ctx)
    if game.phase is Phase.OVER:
        raise RuleViolation("AAR1-victory", f"the game is over: {game.winner} won")
    if power != game.power:
        raise RuleViolation(ORDER, f"it is {game.power}'s turn, not {power}'s")
    if game.phase not in phases:
        wanted = " or ".join(p.value for p in phases)
        raise RuleViolation(SEQ, f"{type(command).__name__} belongs to the {wanted} phase; {power} is in "
                                 f"{game.phase.value}")
    return game


def has_capital(pack: GamePack, game: Game, power: str) -> bool:
    """AAR-purchase, AAR-capital: does ``power`` hold its own capital?"""
    return game.position.owner(pack.board.capital_of(power)) == power


def factories_of(game: Game, power: str) -> list[str]:
    """The territories where ``power`` has an industrial complex (it holds the territory)."""
    return sorted(t for t in game.position.factories if game.position.owner(t) == power)


def prices(pack: GamePack) -> dict[str, int]:
    """The edition's unit prices (AAR-purchase)."""
    return {name: unit.cost for name, unit in pack.units.items()}


def zone_name(number: int) -> str:
    """The house rules number sea zones; the board names them."""
    return f"{number} Sea Zone"


def zone_number(name: str) -> int:
    return int(name.split()[0])
