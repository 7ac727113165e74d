"""AAR1-victory, minor victory: "Both sides bid the number of turns that they want the game to last
if they are the Axis. The team that bids the higher number of turns gets to play as the Axis. The
game will automatically end after the US player's turn on the turn number that won the bid."

A game agreed as minor without ``minor_turns`` opens with this step, before round 1. Each side's
bid comes from a seat holding one of its powers, sealed to the side's seats until both are in; then
both are revealed together. The game knows seats, not people: when the team seated as the Allies
bid higher, ``BidsRevealed`` says so and the two teams change seats (the moderator hands each seat's
token to the other team, CORE-seat). A tie leaves the seats as they are (the seed is silent)."""
from __future__ import annotations

from domain.aa.revised_phase_one.game.commands import BidTurns
from domain.aa.revised_phase_one.game.common import RevisedState
from domain.aa.revised_phase_one.game.events import BidsRevealed, PhaseBegan, TurnsBid
from domain.aa.revised_phase_one.game.state import Phase
from domain.aa.revised_phase_one.pack import GamePack
from domain.kernel import MODERATOR, CommandSpec, Context, Event, RuleViolation

RULE = "AAR1-victory"
MOST_TURNS = 99  # a bid is a count of rounds; no game is agreed longer than this
EXAMPLE_TURNS = 10


def side_seats(state: RevisedState, side: str) -> tuple[str, ...]:
    """The seats holding ``side``'s powers, in the order of play."""
    return tuple(dict.fromkeys(state.owners[p] for p in state.game.sides[side] if p in state.owners))


def still_to_bid(state: RevisedState) -> list[str]:
    return [side for side in state.game.sides if side not in state.game.bids]


def bid_turns(state: RevisedState, command: BidTurns, ctx: Context, pack: GamePack) -> list[Event]:
    game = state.game
    if game.phase is not Phase.BID:
        raise RuleViolation(RULE, "the sides bid for the game's length only before round 1 of a minor-victory game")
    if command.side not in game.sides:
        raise RuleViolation(RULE, f"a side is one of {sorted(game.sides)}, not {command.side!r}")
    if not ctx.is_moderator and not set(game.sides[command.side]) & set(ctx.powers):
        raise RuleViolation(RULE, f"only a seat holding a power of the {command.side} bids for them")
    if command.side in game.bids:
        raise RuleViolation(RULE, f"the {command.side} have bid already")
    turns = command.turns
    if not isinstance(turns, int) or isinstance(turns, bool) or not 1 <= turns <= MOST_TURNS:
        raise RuleViolation(RULE, f"a bid is a number of turns from 1 to {MOST_TURNS}")
    events: list[Event] = [TurnsBid(command.side, turns, side_seats(state, command.side))]
    bids = {**game.bids, command.side: turns}
    if len(bids) < len(game.sides):
        return events
    axis, allies = bids["Axis"], bids["Allies"]
    team = "Allies" if allies > axis else "Axis"
    if team == "Allies":
        note = (f"the Allies bid {allies} turns, the Axis {axis}: the team seated as the Allies plays the Axis "
                f"(the teams change seats) and the game ends after the US turn of round {allies}")
    else:
        note = (f"the Axis bid {axis} turns, the Allies {allies}: the Axis keep their seats and the game ends "
                f"after the US turn of round {axis}")
    first = pack.board.powers[0]
    return events + [BidsRevealed(bids, max(axis, allies), team, note),
                     PhaseBegan(1, first, Phase(pack.house.turn_sequence[0]))]


def awaited(state: RevisedState) -> list[tuple[str, str]]:
    """(power, seat) for each seat of a side that has not bid yet (the side's first power it holds)."""
    out = []
    for side in still_to_bid(state):
        for seat in side_seats(state, side):
            out.append((next(p for p in state.game.sides[side] if state.owners.get(p) == seat), seat))
    return out


def offers(state: RevisedState, seat: str) -> list[CommandSpec]:
    """A bid for each side still to bid that ``seat`` holds a power of (the moderator: every side)."""
    sides = [side for side in still_to_bid(state) if seat == MODERATOR or seat in side_seats(state, side)]
    return [CommandSpec("BidTurns", None, {"side": sides, "turns": {"minimum": 1, "maximum": MOST_TURNS}}, RULE,
                        {"side": side, "turns": EXAMPLE_TURNS}) for side in sides]
