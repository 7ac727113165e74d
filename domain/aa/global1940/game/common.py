"""What every step of the Global game shares: who may act, the treasuries (a power's name, or one of
the UK's two economies) and their capitals, and small reads of the board (facilities, pieces)."""
from __future__ import annotations

from domain.aa.board import GlobalPiece
from domain.aa.global1940.game.state import GlobalGame, GlobalState
from domain.aa.global1940.pack import GlobalGamePack
from domain.aa.revised_phase_one.game.state import Phase
from domain.kernel import Command, Context, RuleViolation

ORDER = "AAG-order"


def require_seat(state: GlobalState, power: str, ctx: Context) -> None:
    """AAG-order: a power's commands come from the seat holding it (or the moderator)."""
    if power not in state.powers:
        raise RuleViolation(ORDER, f"unknown power {power!r}")
    if not ctx.is_moderator and power not in ctx.powers:
        raise RuleViolation(ORDER, f"only {power}'s seat or the moderator acts for {power}")


def require_turn(state: GlobalState, command: Command, ctx: Context, *phases: Phase) -> GlobalGame:
    """AAG-order: the command's power is the one whose turn it is, in one of ``phases``."""
    game = state.game
    power = command.power
    require_seat(state, power, ctx)
    if game.phase is Phase.OVER:
        raise RuleViolation("AAG-victory", f"the game is over: {game.winner} won")
    if power != game.power:
        raise RuleViolation(ORDER, f"it is {game.power}'s turn, not {power}'s")
    if game.phase not in phases:
        wanted = " or ".join(p.value for p in phases)
        raise RuleViolation(ORDER, f"{type(command).__name__} belongs to the {wanted} step; {power} is in "
                                   f"{game.phase.value}")
    return game


def sequence(pack: GlobalGamePack) -> list[Phase]:
    """AAG-order, AAG40-rd: a power's steps in the order of ``game_rules.yaml``."""
    return [Phase(name) for name in pack.rules.turn_sequence]


def next_phase(pack: GlobalGamePack, phase: Phase) -> Phase:
    """AAG-order: the step after ``phase`` (the last is followed by the next power's first)."""
    order = sequence(pack)
    return order[(order.index(phase) + 1) % len(order)]


def treasuries_of(pack: GlobalGamePack, power: str) -> tuple[str, ...]:
    """AAG-income: a power's treasuries in the board's order (the UK: UK Europe, UK Pacific)."""
    economies = pack.board.economies.get(power)
    return tuple(e.name for e in economies) if economies else (power,)


def capital_of(pack: GlobalGamePack, treasury: str) -> str | None:
    """The capital a treasury lives by (AAG-income); None for a power without one (AAG40-china)."""
    board = pack.board
    power = board.treasury_owners[treasury]
    for economy in board.economies.get(power, ()):
        if economy.name == treasury:
            return economy.capital
    capitals = board.capitals_of(power)
    return capitals[0] if capitals else None


def has_capital(pack: GlobalGamePack, game: GlobalGame, treasury: str) -> bool:
    """AAG-income, AAG40-china: the treasury's power holds its capital (China has none to lose)."""
    capital = capital_of(pack, treasury)
    return capital is None or game.position.owner(capital) == pack.board.treasury_owners[treasury]


def treasury_for(pack: GlobalGamePack, power: str, territory: str) -> str:
    """The treasury a territory's production belongs to (the UK: by the map it is on)."""
    return pack.board.economy_of(power, territory)


def facilities_in(pack: GlobalGamePack, game: GlobalGame, territory: str) -> list[GlobalPiece]:
    board = pack.board
    return [p for p in game.position.pieces(territory) if board.units[p.unit].is_facility]


def complex_in(pack: GlobalGamePack, game: GlobalGame, territory: str) -> GlobalPiece | None:
    """The industrial complex in ``territory`` (a piece of a complex unit), if any."""
    return next((p for p in game.position.pieces(territory) if p.unit in pack.rules.complexes), None)


def piece(power: str, unit: str, count: int = 1) -> GlobalPiece:
    return GlobalPiece(power, unit, count)


def side_of(pack: GlobalGamePack, power: str) -> str:
    return pack.board.side(power)
