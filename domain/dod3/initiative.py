"""Rule 6: initiative. Sealed bids, the bid modifier, ranking with its tie-breaks, the last card
marker and each Democrat's one chance to move down."""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from domain.dod3.commands import CloseBidding, KeepInitiativePosition, MoveDownInitiative, SubmitBid
from domain.dod3.events import (
    BidsRevealed, BidSubmitted, InitiativeDetermined, InitiativeMovedDown, InitiativePositionKept,
)
from domain.dod3.pack import Pack
from domain.dod3.powers import Ideology
from domain.dod3.seating import require_holder
from domain.dod3.state import Bid, InitiativeEntry, InitiativePhase, State, Step
from domain.dod3.turns import FIRST_TURN
from domain.kernel import Context, Event, RuleViolation


def bid_modifier(pack: Pack, previous_position: int) -> int:
    """Rule 6.2: the Bid Modifier column, read by last turn's initiative position (1 = first)."""
    return pack.bid_modifiers[previous_position - 1]


def final_bid(points: int, options: int, modifier: int) -> Fraction:
    """Rule 6.2: add the modifier before dividing by the number of options, and do not round
    ((9 + 4) / 2 = 6.5). A power that did not bid keeps its modifier alone (Germany 0 + 4)."""
    if points == 0:
        return Fraction(modifier)
    return Fraction(points + modifier, options)


def entries_for(bids: Mapping[str, Bid], previous_track: tuple[str, ...], pack: Pack) -> tuple[InitiativeEntry, ...]:
    """Rule 6.2: each power's revealed bid with its modifier and final amount."""
    entries = []
    for position, power in enumerate(previous_track, start=1):
        bid = bids.get(power, Bid(power, 0, 0))
        modifier = bid_modifier(pack, position)
        entries.append(InitiativeEntry(power, bid.points, bid.options, modifier,
                                       final_bid(bid.points, bid.options, modifier), bid.points > 0, position))
    return tuple(entries)


def rank(entries: tuple[InitiativeEntry, ...], modified_pe: Mapping[str, int]) -> tuple[str, ...]:
    """Rule 6.3: highest final bid first; ties by current modified PE, then by last turn's order;
    every power that did not bid after every power that did, whatever its total."""
    ordered = sorted(entries, key=lambda e: (not e.made_bid, -e.final_bid, -modified_pe[e.power],
                                              e.previous_position))
    return tuple(e.power for e in ordered)


def last_card(track: tuple[str, ...], bidders: frozenset[str]) -> str | None:
    """Rule 6.4: the last card marker goes next to the last major power that made a bid."""
    return next((power for power in reversed(track) if power in bidders), None)


def move_down_positions(track: tuple[str, ...], power: str, bidders: frozenset[str],
                        in_game: int | None = None) -> tuple[int, ...]:
    """Rule 6.5: the positions a Democrat may move down to; a bidder stays above every non-bidder,
    and nobody goes below the ``in_game`` powers still in the game (conquered ones come last)."""
    position = track.index(power) + 1
    floor = sum(1 for p in track if p in bidders) if power in bidders else (in_game or len(track))
    return tuple(range(position + 1, floor + 1))


def moved_down(track: tuple[str, ...], power: str, position: int) -> tuple[str, ...]:
    rest = [p for p in track if p != power]
    rest.insert(position - 1, power)
    return tuple(rest)


def democrat_queue(track: tuple[str, ...], bidders: frozenset[str], democrats: tuple[str, ...],
                   in_game: int | None = None) -> tuple[str, ...]:
    """Rule 6.5: Democrats (still in the game) in reverse initiative order, each once. Moves only
    pass powers below, which have had their chance, so the queue fixed at the reveal stays right;
    a Democrat with nowhere to go is skipped."""
    return tuple(p for p in reversed(track)
                 if p in democrats and move_down_positions(track, p, bidders, in_game))


def bidders_of(state: State) -> frozenset[str]:
    return frozenset(e.power for e in state.initiative.entries if e.made_bid)


def move_down_choices(state: State, power: str) -> tuple[int, ...]:
    """Rule 6.5: where ``power`` may move down to now."""
    return move_down_positions(state.initiative.track, power, bidders_of(state), len(state.active_powers()))


def _require_bidding(state: State) -> None:
    if state.turn == FIRST_TURN and state.step is not Step.INITIATIVE:
        raise RuleViolation("DOD3-5", "turn 1 (Jan/Feb 1936) skips the initiative step")
    if state.step is not Step.INITIATIVE or state.initiative.phase is not InitiativePhase.BIDDING:
        raise RuleViolation("DOD3-6.1", "bids are taken only in the initiative step, before they are revealed")


def submit_bid(state: State, command: SubmitBid, ctx: Context) -> list[Event]:
    """Rule 6.1: a secret bid, a positive whole number from the power's bid pool (or no bid), for
    one or more options. The last bid in reveals every bid at once."""
    _require_bidding(state)
    require_holder(state, ctx, command.power)
    ledger = state.powers[command.power]
    if not _whole(command.points) or command.points < 0:
        raise RuleViolation("DOD3-6.1", "a bid must be a positive whole number of bid points (0 for no bid)")
    if not _whole(command.options) or command.options < 1:
        raise RuleViolation("DOD3-6.1", "the number of options bid for must be a positive whole number")
    points, options = int(command.points), int(command.options)
    if points > ledger.bid_points:
        raise RuleViolation("DOD3-6.1", f"{command.power} has {ledger.bid_points} bid points and cannot bid {points}")
    bid = Bid(command.power, points, options if points else 0)
    submitted = BidSubmitted(state.turn, bid.power, state.seat_of(bid.power), bid.points, bid.options)
    sealed = {**state.initiative.sealed, bid.power: bid}
    if any(p not in sealed for p in state.active_powers()):
        return [submitted]
    return [submitted, *reveal(state, sealed, ctx.pack, closed_by_moderator=False)]


def close_bidding(state: State, command: CloseBidding, ctx: Context) -> list[Event]:
    """Rule 6.1: the moderator reveals now; a power that has not submitted made no bid."""
    ctx.require_moderator("DOD3-6.1", "close bidding")
    _require_bidding(state)
    return reveal(state, state.initiative.sealed, ctx.pack, closed_by_moderator=True)


def reveal(state: State, bids: Mapping[str, Bid], pack: Pack, closed_by_moderator: bool) -> list[Event]:
    """Rules 6.1-6.5: reveal every bid, apply modifiers, rank, place the last card marker and
    queue the Democrats' chances to move down. A conquered power is out of the game (rule 4): it
    has no entry, no position to move down past and no chance to move down; it is kept at the
    end of the track, below every power still in the game."""
    active = state.active_powers()
    previous = tuple(p for p in state.initiative.track if p in active)
    revealed = tuple(bids.get(p, Bid(p, 0, 0)) for p in previous)
    entries = entries_for(bids, previous, pack)
    modified_pe = {p: ledger.modified_political_effectiveness for p, ledger in state.powers.items()}
    out = tuple(p for p in state.initiative.track if p not in active)
    track = rank(entries, modified_pe) + out
    bidders = frozenset(e.power for e in entries if e.made_bid)
    queue = democrat_queue(track, bidders, tuple(p for p in pack.members(Ideology.DEMOCRACY) if p in active),
                           len(active))
    return [BidsRevealed(state.turn, revealed, closed_by_moderator),
            InitiativeDetermined(state.turn, entries, track, last_card(track, bidders), queue)]


def _require_democrat_turn(state: State, ctx: Context, power: str) -> None:
    if state.step is not Step.INITIATIVE or state.initiative.phase is not InitiativePhase.DEMOCRAT_MOVES:
        raise RuleViolation("DOD3-6.5", "Democrats move down only after the bids are ranked")
    require_holder(state, ctx, power)
    current = state.initiative.democrat_queue[0]
    if power != current:
        raise RuleViolation("DOD3-6.5", f"it is {current}'s chance to move down (reverse initiative order)")


def move_down_initiative(state: State, command: MoveDownInitiative, ctx: Context) -> list[Event]:
    """Rule 6.5: the Democrat whose chance it is moves down the order once."""
    _require_democrat_turn(state, ctx, command.power)
    track, bidders = state.initiative.track, bidders_of(state)
    allowed = move_down_choices(state, command.power)
    if command.position not in allowed:
        raise RuleViolation("DOD3-6.5", f"{command.power} may move down to position {allowed[0]}-{allowed[-1]} only"
                            + (" (a bidder stays above every power that did not bid)" if command.power in bidders else ""))
    new_track = moved_down(track, command.power, command.position)
    return [InitiativeMovedDown(state.turn, command.power, track.index(command.power) + 1, command.position,
                                new_track, last_card(new_track, bidders))]


def keep_initiative_position(state: State, command: KeepInitiativePosition, ctx: Context) -> list[Event]:
    """Rule 6.5: the Democrat declines its chance."""
    _require_democrat_turn(state, ctx, command.power)
    return [InitiativePositionKept(state.turn, command.power)]


def _whole(value: object) -> bool:
    """A whole number (3 or 3.0), not a fraction and not a boolean."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())
