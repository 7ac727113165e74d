"""The platform decider: what every game shares, composed around its ruleset's decider.

``Platform(ruleset_decider, pack)`` is itself a decider over ``GameState``, which wraps the
ruleset's state with what the platform keeps: seats, the dice commitment and revealed seed,
revealed seals and a pending undo. Its rules (RULES.md, CORE-*):

- CORE-undo: ``RequestUndo`` / ``ApproveUndo`` / ``DeclineUndo``; own moves without dice or
  reveals undo at once, anything else waits for the affected seats; the moderator's at once.
  An undo goes back to the end of a command, never inside one. While an undo waits, no other
  command is taken.
- CORE-dice: every roll a command made is recorded first, as ``DiceRolled``. The moderator may
  reveal the seed early (``RevealDiceSeed``); the same event commits a fresh seed (its sha256),
  so the log stays auditable and later rolls stay unknown. ``CommitDiceSeed`` (the service's
  own, for an imported game whose seed stayed behind) commits a fresh seed in ``DiceSeedCommitted``.
- CORE-terminal: no command after the game is over; the command that ends the game also
  reveals the seed, so everyone can recompute every roll.
- CORE-seal: a revealed seal stays revealed, whatever is undone later.
- CORE-deadline: the schedule (``schedule.py``, decided in ``schedule_rules.py``): deadlines,
  reminders, pauses and missed orders are platform commands and events; a ruleset that ends a
  step closes its deadline in the same command.
- CORE-seat: the moderator hands a seat to a new player (``ReissueSeatToken``): the event names
  the seat only; the service issues the new token (stored hashed, never in the log) and the
  state says from which version each seat's token counts (``token_from``), so the old one stops
  working wherever the log is read. An undo keeps the new token, as it keeps a revealed seed.

Who is awaited reads ``legal_commands`` (the ruleset's moves, a ready mark, the answers to an
undo: what the game waits for). What a seat may also do at any time, the game waiting for none of
it (undo, the schedule, the seed, vacations, seat tokens), is ``optional_commands``.

``EventsReverted`` means "state = state at version ``to_version``". That state lives in the log,
not in this state, so the runtime loads it and ``rewound`` applies the rule above to it; folded
without that, ``evolve`` keeps only the log-level bookkeeping."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Sequence

from domain.kernel import schedule as sch
from domain.kernel import schedule_rules
from domain.kernel.game_state import GameState, PendingUndo  # defined there, read from here too
from domain.kernel.types import MODERATOR, SYSTEM, Command, CommandSpec, Context, Event, RuleViolation, Setup, evolved

# The platform's messages (platform_messages.py) and undo rules (undo.py): read from here too.
from domain.kernel.platform_messages import (  # noqa: F401
    _PLATFORM_EVENT_TYPES, PLATFORM_COMMANDS, PLATFORM_EVENTS, PLATFORM_UPCASTERS, SYSTEM_COMMANDS, ApproveUndo,
    CommitDiceSeed, DeclineUndo, DiceRolled, DiceSeedCommitted, DiceSeedRevealed, EventsReverted, GameCreated,
    ReissueSeatToken, RequestUndo, RevealDiceSeed, Roll, SeatTokenReissued, UndoApproved, UndoDeclined,
    UndoRequested,
)
from domain.kernel.undo import (  # noqa: F401
    UNDO_LOOKBACK, LoggedEvent, approve_undo, decline_undo, request_undo, undo_offer,
)

# ---- seals -----------------------------------------------------------------------------------


def seal_key(state: GameState, key: str) -> str:
    """CORE-seal: a seal is unique for the life of the log. A ruleset names its seals by its own
    state (``bids:3``), which an undo can bring back; after the n-th rewind the platform names
    them ``bids:3@undo<n>``, so a reveal before the undo unseals nothing decided after it."""
    return key if state.rewinds == 0 else f"{key}@undo{state.rewinds}"


def _revealed(state: GameState, event: Event) -> frozenset[str] | None:
    if type(event).unseals is Event.unseals:  # most events reveal nothing: skip the call
        return None
    keys = event.unseals()
    return frozenset(seal_key(state, key) for key in keys) if keys else None


# ---- the decider -----------------------------------------------------------------------------

History = Callable[[int, int], Sequence[LoggedEvent]]  # (after, until) -> what the log holds


def decide_evolve(decider, state, command: Command, ctx: Context) -> tuple[list[Event], Any]:
    """Decide, and the state after the new events, evolving each of them once: a decider that
    evolves while it decides (to run the steps that follow on their own) says so by having
    ``decide_evolve``; for any other, its events are folded here."""
    own = getattr(decider, "decide_evolve", None)
    if own is not None:
        events, after = own(state, command, ctx)
        return list(events), after
    events = list(decider.decide(state, command, ctx))
    for event in events:
        state = decider.evolve(state, event)
    return events, state


class Platform:
    """The platform rules composed around one ruleset's decider (bound to its pack)."""

    def __init__(self, ruleset_decider, pack: Any = None, deadlines: sch.MissedOrders | None = None):
        self.ruleset = ruleset_decider
        self.pack = pack
        self.deadlines = deadlines  # the ruleset's steps and missed-order policies (CORE-deadline)

    def initial_state(self, game_id: str) -> GameState:
        """Before ``GameCreated``: the game's id and nothing else."""
        return GameState(game_id=game_id)

    # ---- decide ----------------------------------------------------------------------------
    def decide(self, state: GameState, command: Command, ctx: Context, history: History | None = None) -> list[Event]:
        return self.decide_evolve(state, command, ctx, history)[0]

    def decide_evolve(self, state: GameState, command: Command, ctx: Context,
                      history: History | None = None) -> tuple[list[Event], GameState]:
        """The events of ``command`` and the state after them. ``ctx.dice`` is audited dice
        (``roll``, ``recorded``, ``seed``); ``history`` reads what undo needs from the log."""
        platform_events = self._platform_command(state, command, ctx, history)
        if platform_events is not None:
            after = state
            for event in platform_events:
                after = self.evolve(after, event)
            return platform_events, after
        if state.pending_undo is not None:
            raise RuleViolation("CORE-undo", "an undo is waiting for approval; approve or decline it first")
        if self.ruleset.is_terminal(state.domain):
            raise RuleViolation("CORE-terminal", "the game is over")
        if ctx.pack is None:
            ctx = replace(ctx, pack=self.pack)
        scheduled = schedule_rules.decide(self, state, command, ctx)
        if scheduled is not None:
            return scheduled
        ruleset_events, domain = self.decide_ruleset(state.domain, command, ctx)
        return self.after_ruleset(state, [], ruleset_events, domain, ctx)

    def decide_ruleset(self, domain: Any, command: Command, ctx: Context) -> tuple[list[Event], Any]:
        return decide_evolve(self.ruleset, domain, command, ctx)

    def after_ruleset(self, state: GameState, platform_events: list[Event], ruleset_events: list[Event],
                      domain: Any, ctx: Context) -> tuple[list[Event], GameState]:
        """The command's events in log order (its rolls first) and the state after them, with
        what follows from the ruleset's: a step that is over closes its deadline (CORE-deadline),
        the end of the game reveals the seed (CORE-terminal)."""
        rolled = ctx.dice.recorded()
        events = ([rolled] if rolled is not None else []) + platform_events + ruleset_events
        revealed = [keys for keys in (_revealed(state, e) for e in ruleset_events) if keys]
        schedule = state.schedule
        for event in platform_events:
            schedule = sch.evolve(schedule, event)
        after = evolved(state, domain=domain, version=state.version + len(events),
                        unsealed=state.unsealed.union(*revealed), schedule=schedule)
        for event in schedule_rules.closing(self, after):
            events.append(event)
            after = self.evolve(after, event)
        if state.seed_in_play and self.ruleset.is_terminal(domain):
            revealed = DiceSeedRevealed(ctx.dice.seed())  # CORE-terminal: the end reveals the seed
            events.append(revealed)
            after = self.evolve(after, revealed)
        return events, after

    def _platform_command(self, state: GameState, command: Command, ctx: Context,
                          history: History | None) -> list[Event] | None:
        match command:
            case RequestUndo(to_version):
                if state.pending_undo is not None:
                    raise RuleViolation("CORE-undo", "an undo is already waiting for approval")
                logged = (list(history(to_version - 1, state.version))
                          if history is not None and 1 <= to_version < state.version else [])
                last_kept = next((e for e in logged if e.version == to_version), None)
                reverted = [e for e in logged if e.version > to_version]
                return request_undo(ctx.seat, to_version, state.version, frozenset(state.seats), reverted, last_kept)
            case ApproveUndo():
                return approve_undo(ctx.seat, state.pending_undo, state.version)
            case DeclineUndo():
                return decline_undo(ctx.seat, state.pending_undo)
            case RevealDiceSeed():
                ctx.require_moderator("CORE-dice", "reveal the dice seed early")
                if not state.seed_in_play:
                    raise RuleViolation("CORE-dice", "the seed is already revealed")
                return [DiceSeedRevealed(ctx.dice.seed(), ctx.dice.next_commitment())]
            case CommitDiceSeed():
                if ctx.seat != SYSTEM:
                    raise RuleViolation("CORE-dice", "only the service commits a fresh dice seed")
                return [DiceSeedCommitted(ctx.dice.next_commitment())]
            case ReissueSeatToken(seat):
                return reissue_seat_token(seat, state, ctx)
        return None

    # ---- evolve ----------------------------------------------------------------------------
    def fold(self, state: GameState, events: Sequence[Event]) -> GameState:
        """``evolve`` each event in turn; a run of ruleset events (the hot path of every replay)
        folds into the ruleset's state alone, and the game state is copied once at its end."""
        domain, version, unsealed = state.domain, state.version, state.unsealed
        ruleset_evolve = self.ruleset.evolve
        quiet = Event.unseals
        for event in events:
            cls = type(event)
            if cls in _PLATFORM_EVENT_TYPES:
                state = self.evolve(evolved(state, domain=domain, version=version, unsealed=unsealed), event)
                domain, version, unsealed = state.domain, state.version, state.unsealed
                continue
            domain = ruleset_evolve(domain, event)
            version += 1
            if cls.unseals is not quiet:
                revealed = _revealed(state, event)
                if revealed:
                    unsealed = unsealed.union(revealed)
        return evolved(state, domain=domain, version=version, unsealed=unsealed)

    def evolve(self, state: GameState, event: Event) -> GameState:
        if type(event) not in _PLATFORM_EVENT_TYPES:
            return self.fold(state, (event,))
        if type(event) in sch.SCHEDULE_EVENT_TYPES:
            return evolved(state, schedule=sch.evolve(state.schedule, event), version=state.version + 1)
        match event:
            case GameCreated():
                setup = Setup(seats=event.seats, options=event.options, pack=self.pack)
                state = replace(state, ruleset=event.ruleset, seats=event.seats, options=event.options,
                                domain=self.ruleset.initial_state(setup), dice_commitment=event.dice_commitment)
            case DiceSeedRevealed(seed, ""):
                state = replace(state, seed=seed, seed_in_play=False)
            case DiceSeedRevealed(seed, next_commitment):
                state = replace(state, seed=seed, dice_commitment=next_commitment, seed_from=state.version + 1)
            case DiceSeedCommitted(commitment):
                state = replace(state, dice_commitment=commitment, seed_from=state.version + 1, seed_in_play=True)
            case UndoRequested():
                state = replace(state, pending_undo=PendingUndo(event.requested_by, event.to_version,
                                                                frozenset(event.approvers)))
            case UndoApproved(seat) if state.pending_undo is not None:
                pending = state.pending_undo
                state = replace(state, pending_undo=replace(pending, waiting_for=pending.waiting_for - {seat}))
            case UndoDeclined() | EventsReverted():
                state = replace(state, pending_undo=None)
            case SeatTokenReissued(seat):
                state = replace(state, token_from={**state.token_from, seat: state.version + 1})
        return evolved(state, version=state.version + 1)

    def rewound(self, now: GameState, earlier: GameState) -> GameState:
        """CORE-undo, CORE-seal: folding ``EventsReverted`` gives the state at its ``to_version``
        (``earlier``), with the log moving on: the version counts on, what was published (the
        seed, revealed seals) stays published, the seed committed last stays the one in play, no
        undo waits any more, and seals decided from now on get new names (``seal_key``), so nothing
        revealed before unseals them. CORE-seat: a seat handed over stays handed over (its old
        token never comes back)."""
        schedule = earlier.schedule  # CORE-deadline: the step brought back gets a fresh deadline
        if schedule is not None and schedule.current is not None:
            schedule = replace(schedule, current=None)
        return replace(earlier, version=now.version + 1, seed=now.seed, unsealed=now.unsealed,
                       pending_undo=None, rewinds=now.rewinds + 1, schedule=schedule,
                       # CORE-dice: seeds are log-level too; rolls go on under the seed committed last.
                       dice_commitment=now.dice_commitment, seed_from=now.seed_from, seed_in_play=now.seed_in_play,
                       token_from=now.token_from)

    # ---- reads -----------------------------------------------------------------------------
    def is_terminal(self, state: GameState) -> bool:
        return self.ruleset.is_terminal(state.domain)

    def view(self, state: GameState, seat: str) -> dict:
        return self.ruleset.view(state.domain, seat)

    def legal_commands(self, state: GameState, seat: str) -> list[CommandSpec]:
        """What the game waits for from ``seat`` (a seat offered anything here is awaited): the
        ruleset's moves; CORE-deadline: a seat owing an order under a running deadline may also
        mark itself ready; CORE-undo: while an undo waits, only its answers: the seats it waits
        for may approve or decline it, its requester and the moderator may decline it."""
        pending = state.pending_undo
        if pending is None:
            return list(self.ruleset.legal_commands(state.domain, seat)) + schedule_rules.legal(self, state, seat)
        answers = []
        if seat in pending.waiting_for:
            answers.append(CommandSpec("ApproveUndo", rule_id="CORE-undo", example={}))
        if seat in pending.waiting_for or seat in (pending.requested_by, MODERATOR):
            answers.append(CommandSpec("DeclineUndo", rule_id="CORE-undo", example={}))
        return answers

    def optional_commands(self, state: GameState, seat: str, history: History | None = None) -> list[CommandSpec]:
        """The platform's own commands open to ``seat`` now that the game does not wait for, each
        with an example decide accepts: CORE-undo ``RequestUndo`` back to where the seat's own
        last command began (read from ``history``; not while an undo waits); CORE-dice
        ``RevealDiceSeed`` (the moderator, while a seed is secret); CORE-deadline the schedule's
        (``schedule_rules.optional``; not while an undo waits or after the end); CORE-seat
        ``ReissueSeatToken`` (the moderator). Never part of ``legal_commands``: offered always,
        they would make every seat look awaited."""
        if state.seats is None or (seat not in state.seats and seat != MODERATOR):
            return []  # a reader without a seat, or the system
        specs = []
        if state.pending_undo is None and history is not None and state.version > 1:
            undo = undo_offer(seat, state.version, history(max(0, state.version - UNDO_LOOKBACK), state.version))
            specs += [undo] if undo is not None else []
        if seat == MODERATOR and state.seed_in_play:
            specs.append(CommandSpec("RevealDiceSeed", rule_id="CORE-dice", example={}))
        if state.pending_undo is None and not self.is_terminal(state):
            specs += schedule_rules.optional(self, state, seat)
        if seat == MODERATOR:
            seats = [*state.seats, MODERATOR]
            specs.append(CommandSpec("ReissueSeatToken", None, {"seat": seats}, SEAT_RULE, {"seat": seats[0]}))
        return specs


SEAT_RULE = "CORE-seat"


def reissue_seat_token(seat: str, state: GameState, ctx: Context) -> list[Event]:
    """CORE-seat: the moderator hands a seat (or the moderator's own) to a new player, at any
    time; the event names the seat, never its token."""
    ctx.require_moderator(SEAT_RULE, "reissue a seat's token")
    if seat not in (state.seats or {}) and seat != MODERATOR:
        raise RuleViolation(SEAT_RULE, f"no seat {seat!r}; one of {sorted(state.seats or {})} or {MODERATOR!r}")
    return [SeatTokenReissued(seat)]
