"""The one write path and the game read side: create, authenticate, load, handle.

``handle`` is the only code that appends events after a game is created, and it is the Decider
runtime: load the state once (cache, else snapshot + tail), decide with the platform decider
(which evolves each new event once on the way), append with the expected version, and keep the
state it already has as the cached one. Follow-up jobs the ruleset asks for start after that."""
from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Callable

from domain import registry
from domain.kernel import MODERATOR, RESERVED_SEATS, SYSTEM, Context, Event, RuleViolation, Setup
from domain.kernel.platform import (
    PLATFORM_COMMANDS,
    SYSTEM_COMMANDS,
    PLATFORM_EVENTS,
    DiceRolled,
    EventsReverted,
    GameCreated,
    GameState,
    LoggedEvent,
    Platform,
    SeatTokenReissued,
    seal_key,
)
from domain.kernel.plain import to_plain
from events import dice as audited_dice
from events.codec import Codec, DecodeError, unsafe_numbers
from events.envelope import PUBLIC, Envelope, NewEvent, canonical_json
from events.signing import KeyRing
from events.store import AppendResult, IdempotencyConflict, Stores, WrongExpectedVersion
from projections.redaction import SeatView
from projections.timeline import SNAPSHOT_FORMAT, Rules, Timeline, pack_digest, state_type
from service import packs
from service.http.problems import Problem, not_found, validation
from service.mail.seats import MailSeats

Listener = Callable[[str, Rules, list[Envelope], list[Event]], None]  # (game, rules, appended, their events)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def new_id() -> str:
    return new_ids(1)[0]


def new_ids(count: int) -> list[str]:
    """``count`` random 128-bit ids in 32 hex digits, as uuid4().hex writes one, from one read of
    the OS's random source: a command needs two and one per event, and each read is a system call."""
    digits = secrets.token_hex(16 * count)
    return [digits[i:i + 32] for i in range(0, 32 * count, 32)]


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode()).hexdigest().encode()


def token_name(state: GameState | None, seat: str) -> str:
    """The secret's name of the token that counts for ``seat`` now (CORE-seat): the one issued
    with the event that last reissued it, else the one the game was created (or imported) with."""
    reissued = None if state is None else state.token_from.get(seat)
    return f"token:{seat}" if reissued is None else _reissued_name(seat, reissued)


def _reissued_name(seat: str, version: int) -> str:
    return f"token:{seat}@{version}"


def _unauthorized(detail: str) -> Problem:
    return Problem(401, "unauthorized", "Unauthorized", detail)


@dataclass(frozen=True)
class CreatedGame:
    game_id: str
    tokens: dict[str, str]  # seat -> bearer token, shown once
    moderator_token: str
    state: GameState


@dataclass(frozen=True)
class Handled:
    """What ``handle`` appended (or replayed for a repeated key) and the game's state after it;
    ``tokens``: the seat tokens it issued (CORE-seat), seat -> token, shown this once."""

    result: AppendResult
    state: GameState
    tokens: dict[str, str] = field(default_factory=dict)

    @property
    def events(self) -> tuple[Envelope, ...]:
        return self.result.events

    @property
    def replayed(self) -> bool:
        return self.result.replayed

    @property
    def last_version(self) -> int:
        return self.result.last_version


COMMUTE_TRIES = 5  # a command sent with If-Match: * is decided again after at most this many races


def _seed_name(committed_at: int) -> str:
    """The secret's name of the seed committed by the event at this version (1: GameCreated)."""
    return "dice_seed" if committed_at <= 1 else f"dice_seed@{committed_at}"


def seat_key(seat: str, idempotency_key: str) -> str:
    """How an idempotency key is stored: the seat's own (another seat may use the same key)."""
    return f"{seat}/{idempotency_key}"


class MissingSeed(RuntimeError):
    """The seed in play is not in this store (an imported game): ``handle`` commits a fresh one."""


class GameService:
    def __init__(self, stores: Stores, snapshot_every: int = 100, cache_size: int = 1024,
                 read_snapshots: bool = True):
        self.stores = stores
        self.store = stores.events
        self.secrets = stores.secrets
        self.keys = KeyRing(stores.secrets)  # signs heads: the anchor of every game's chain
        self.timeline = Timeline(stores.events, stores.snapshots, self.rules_for, snapshot_every, read_snapshots)
        self._cache: OrderedDict[str, GameState] = OrderedDict()
        self._cache_size = cache_size
        # game -> (the token names its state counted, seat -> stored hash): read again when a
        # seat's token is reissued, which changes the names.
        self._tokens: dict[str, tuple[tuple[str, ...], dict[str, bytes]]] = {}
        self._lock = threading.Lock()
        # What runs after each append, in order (bootstrap: follow-up jobs, deadlines, webhooks).
        self.listeners: list[Listener] = []

    # ---- rules -------------------------------------------------------------------------
    def rules_for(self, created: GameCreated) -> Rules:
        ruleset = registry.get(created.ruleset)
        if ruleset is None:
            raise not_found(f"ruleset {created.ruleset!r}")
        pack = (packs.default_pack(ruleset) if created.pack is None
                else packs.parse_pack_data(ruleset, created.pack, "game pack"))
        codec = Codec(PLATFORM_EVENTS + PLATFORM_COMMANDS + SYSTEM_COMMANDS + ruleset.events + ruleset.commands, ruleset.upcasters)
        key = f"{ruleset.id}@{ruleset.version}/{pack_digest(created.pack)}/{SNAPSHOT_FORMAT}"
        commands = frozenset(c.__name__ for c in PLATFORM_COMMANDS + SYSTEM_COMMANDS + ruleset.commands)
        decider = ruleset.make_decider(pack)
        return Rules(ruleset.for_game(created.options, pack), Platform(decider, pack, ruleset.deadlines), codec, pack,
                     key, commands, state_type(decider, pack))

    # ---- creation and auth -------------------------------------------------------------
    def create_game(self, ruleset_id: str, seats: dict[str, list[str]] | None, options: dict,
                    pack: dict | None = None, preset: str | None = None, visibility: str = "listed") -> CreatedGame:
        ruleset = registry.get(ruleset_id)
        if ruleset is None:
            raise not_found(f"ruleset {ruleset_id!r}")
        if preset is not None:
            if preset not in ruleset.seat_presets:
                raise validation({"preset": f"unknown preset; one of {sorted(ruleset.seat_presets)}"})
            seats = {seat: list(powers) for seat, powers in ruleset.seat_presets[preset].items()}
        if not seats:
            raise validation({"seats": "give seats or a preset"})
        reserved = sorted(set(seats) & set(RESERVED_SEATS))
        if reserved:  # the anonymous reader is "spectator": a seat of that name would read as everyone
            raise validation({"seats": f"{', '.join(map(repr, RESERVED_SEATS))} are reserved seat names"})
        unsafe = unsafe_numbers({"options": options, "pack": pack}) or ruleset.option_problems(options)
        if unsafe:
            raise validation(unsafe)
        seed = audited_dice.new_seed()
        created = GameCreated(ruleset.id, ruleset.version, {s: tuple(p) for s, p in seats.items()},
                              {**ruleset.new_game_options, **options}, pack, audited_dice.commitment(seed), visibility)
        try:
            rules = self.rules_for(created)
        except packs.PackError as error:
            raise validation({"pack": error.problems}, "the data pack is not valid") from error
        try:  # a bad seating or option is refused before anything is stored
            rules.decider.initial_state(Setup(created.seats, created.options, rules.pack))
        except RuleViolation as violation:
            raise Problem(422, "rule-violation", "Rule violation", violation.message, rule_id=violation.rule_id)
        game_id = new_id()
        tokens = {seat: secrets.token_urlsafe(24) for seat in seats}
        moderator_token = secrets.token_urlsafe(24)
        # Secrets go in first: a game is visible only once its first event exists.
        self.secrets.put(game_id, "dice_seed", seed)
        self.put_tokens(game_id, {**tokens, MODERATOR: moderator_token})
        envelope = self._new_event(rules, created, MODERATOR, None, None, rules.platform.initial_state(game_id), new_id())
        result = self.store.append(game_id, [envelope], expected_version=0)
        state = self.timeline.fold(rules, rules.platform.initial_state(game_id), list(result.events))
        self._remember(state)
        return CreatedGame(game_id, tokens, moderator_token, state)

    def put_tokens(self, game_id: str, tokens: dict[str, str]) -> None:
        """Store seat tokens, hashed (creation, and ``casus import`` giving an imported game new
        ones: under the names its log makes count, a seat handed over in it included)."""
        state = self.load(game_id) if self.store.version(game_id) else None
        for seat, token in tokens.items():
            self.secrets.put(game_id, token_name(state, seat), token_hash(token))
        self._tokens.pop(game_id, None)

    def authenticate(self, state: GameState, token: str | None) -> str:
        """Bearer token -> seat; compared in constant time against every stored hash."""
        if not token:
            raise _unauthorized("send Authorization: Bearer <seat token>")
        offered = token_hash(token)
        found = None
        for seat, stored in self._token_hashes(state).items():
            if hmac.compare_digest(stored, offered):
                found = seat
        if found is None:
            raise _unauthorized("the token is not valid for this game")
        return found

    def _token_hashes(self, state: GameState) -> dict[str, bytes]:
        """Seat -> the stored hash of the token that counts in ``state`` (CORE-seat). Kept while
        the names stay; not kept while one is missing (a token reissued by another process an
        instant ago, its hash about to be written)."""
        seats = (*state.seats, MODERATOR)
        names = tuple(token_name(state, seat) for seat in seats)
        cached = self._tokens.get(state.game_id)
        if cached is not None and cached[0] == names:
            return cached[1]
        hashes = {seat: self.secrets.get(state.game_id, name) or b"" for seat, name in zip(seats, names)}
        if all(hashes.values()):
            self._tokens[state.game_id] = (names, hashes)
        return hashes

    def _issue_tokens(self, game_id: str, appended: tuple[Envelope, ...], events: list[Event]) -> dict[str, str]:
        """CORE-seat: a new token for each seat the appended events handed over, stored hashed
        under the version of its event (written after the append, so a decision that lost a race
        never overwrites the winner's), and that seat's mail registration ended (the seat's old
        player mails no more orders; the new one registers with the new token). A crash before
        the write leaves the seat with no token at all, never the old one: reissue it again."""
        issued = {}
        for envelope, event in zip(appended, events):
            if type(event) is SeatTokenReissued:
                issued[event.seat] = secrets.token_urlsafe(24)
                self.secrets.put(game_id, _reissued_name(event.seat, envelope.version), token_hash(issued[event.seat]))
        if issued:
            mail_seats = MailSeats(self.secrets)
            for seat in set(issued) & set(mail_seats.seats(game_id)):
                mail_seats.unregister(game_id, seat)
        return issued

    # ---- read side ---------------------------------------------------------------------
    def _remember(self, state: GameState) -> None:
        with self._lock:
            self._cache[state.game_id] = state
            self._cache.move_to_end(state.game_id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    def cached(self, game_id: str) -> GameState | None:
        """The state the last command left, without reading the store (for hooks after ``handle``)."""
        with self._lock:
            return self._cache.get(game_id)

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._cache.pop(game_id, None)

    def load(self, game_id: str, at: int | None = None, checked: bool = True) -> GameState:
        """The state now (cached while the store is at its version), or at version ``at``.

        ``checked=False`` (the write path) takes a cached state without reading the store's
        version: the append checks the version anyway, and ``handle`` checks the store before it
        answers 412 or a refusal, so a cache that fell behind another process costs nothing but
        that check."""
        if at is not None:
            current = self.store.version(game_id)
            if current == 0:
                raise not_found(f"game {game_id!r}")
            if not 1 <= at <= current:
                raise validation({"at": f"must be between 1 and {current}"})
            return self.timeline.load(game_id, at=at)
        with self._lock:
            cached = self._cache.get(game_id)
        if cached is not None and not checked:
            return cached
        version = self.store.version(game_id)
        if version == 0:
            raise not_found(f"game {game_id!r}")
        if cached is not None and cached.version == version:
            return cached
        state = self.timeline.load(game_id, cached=cached)
        self._remember(state)
        return state

    def rules(self, game_id: str) -> Rules:
        rules = self.timeline.rules(game_id)
        if rules is None:
            raise not_found(f"game {game_id!r}")
        return rules

    def seat_view(self, state: GameState, seat: str) -> SeatView:
        return SeatView(self.rules(state.game_id), state, seat)

    def signed_head(self, state: GameState) -> str:
        """The server's signature over (game, version, last hash): see events/signing.py."""
        return self.keys.sign(state.game_id, state.version, state.last_hash)

    def projection_digests(self, state: GameState, rules: Rules | None = None) -> dict[str, str]:
        """Seat -> HMAC of everything that seat's projections show. Keyed with a per-game secret:
        a plain hash of a view with one hidden value could be reversed by trying every value."""
        rules = rules or self.rules(state.game_id)
        key = self.secrets.get(state.game_id, "digest_key")
        if key is None:
            key = secrets.token_bytes(32)
            self.secrets.put(state.game_id, "digest_key", key)
        return {seat: hmac.new(key, canonical_json(SeatView(rules, state, seat).all_projections()), hashlib.sha256).hexdigest()
                for seat in (*state.seats, MODERATOR)}

    # ---- the write path ----------------------------------------------------------------
    def handle(self, game_id: str, seat: str, command_type: str, data: dict, expected_version: int | None,
               idempotency_key: str | None = None, command_id: str | None = None,
               state: GameState | None = None, command=None) -> Handled:
        """Load (unless the caller loaded ``state`` already), decide, append, remember.

        ``expected_version`` None (``If-Match: *``) is for a command that commutes: it is
        decided against the latest state, again after a version race, at most COMMUTE_TRIES
        times. Idempotency keys are the seat's own: another seat may use the same key. ``command``
        is the body already decoded (``decode``), when the caller needed it first."""
        rules = self.rules(game_id)
        command = command if command is not None else self._decode(rules, command_type, data)
        key = None if idempotency_key is None else seat_key(seat, idempotency_key)
        request_fp = None  # only a key's append keeps it
        if key is not None:
            request_fp = hashlib.sha256(canonical_json({"seat": seat, "type": command_type, "data": data})).hexdigest()
            known = self.store.idempotent_result(game_id, key)
            if known is not None:
                if known[0] != request_fp:
                    raise IdempotencyConflict(idempotency_key)
                self._follow_up(rules, game_id, known[1].events)
                return Handled(known[1], self.load(game_id) if state is None else self._current(game_id, state))
        authenticated = state  # the caller's: the state its seat was authenticated against
        if expected_version is not None:
            return self._decide_append(rules, game_id, seat, command, expected_version, key, request_fp,
                                       command_id, state or self.load(game_id), authenticated)
        if not type(command).COMMUTES:
            raise Problem(428, "precondition-required", "Precondition required",
                          f"{command_type} depends on the game's version: send If-Match: \"<version>\" "
                          "(If-Match: * is only for commands that commute, such as sealed bids)")
        for attempt in range(COMMUTE_TRIES):
            state = self.load(game_id) if attempt or state is None else state
            try:
                return self._decide_append(rules, game_id, seat, command, state.version, key, request_fp,
                                           command_id, state, authenticated)
            except WrongExpectedVersion:
                if attempt == COMMUTE_TRIES - 1:
                    raise

    def _decide_append(self, rules: Rules, game_id: str, seat: str, command, expected_version: int,
                       idempotency_key: str | None, request_fp: str | None, command_id: str | None,
                       state: GameState, authenticated: GameState | None = None) -> Handled:
        if expected_version != state.version:
            state = self._current(game_id, state)  # a cached state may be behind the log
        self._still_seated(seat, authenticated, state)
        if expected_version != state.version:
            raise WrongExpectedVersion(expected_version, state.version)
        powers = frozenset(state.seats.get(seat, ()))
        power = getattr(command, "power", None)
        version = state.version + 1
        dice = audited_dice.HmacDice(lambda: self._rolling_seed(state), game_id, version,
                                     lambda: self._commit_seed(game_id, version))
        ctx = Context(seat=seat, powers=powers, dice=dice, pack=rules.pack)
        try:
            if power is not None and seat not in (MODERATOR, SYSTEM) and power not in powers:
                raise Problem(403, "forbidden", "Forbidden", f"seat {seat!r} does not hold power {power!r}")
            events, after = rules.platform.decide_evolve(state, command, ctx, self.history(game_id))
        except (RuleViolation, Problem):
            # Refused against a cached state: if the log has moved on, the command was based on an
            # old version, and that is the answer (412), not a refusal the current state may not make.
            current = self._current(game_id, state)
            if current is not state:
                self._still_seated(seat, authenticated, current)
                raise WrongExpectedVersion(expected_version, current.version) from None
            raise
        except MissingSeed:
            # An imported game: the exporting server kept its seed. Commit a fresh one (CORE-dice)
            # through this same path, then decide the command after it.
            committed = self.handle(game_id, SYSTEM, "CommitDiceSeed", {}, state.version,
                                    idempotency_key=f"commit-seed:{state.seed_from}", state=state)
            return self._decide_append(rules, game_id, seat, command, committed.state.version, idempotency_key,
                                       request_fp, command_id, committed.state, authenticated)
        ids = new_ids(len(events) + 2)
        command_id, correlation_id = command_id or ids[0], ids[1]
        new = [self._new_event(rules, e, seat, command_id, correlation_id, state, event_id)
               for e, event_id in zip(events, ids[2:])]
        try:
            result = self.store.append(game_id, new, expected_version=state.version,
                                       idempotency_key=idempotency_key, request_fingerprint=request_fp)
        except WrongExpectedVersion:
            self._still_seated(seat, authenticated, self._current(game_id, state))
            raise
        if result.replayed:  # the same key won a race with us: what it appended stands
            self._follow_up(rules, game_id, result.events)
            return Handled(result, self.load(game_id))
        if any(type(e) is EventsReverted for e in events):
            # Reverting needs the state at an earlier version: the timeline loads it from the log.
            after = self.timeline.fold(rules, state, list(result.events))
        else:
            after = self.timeline.after_append(rules, state, after, result.events[-1].hash)
        tokens = self._issue_tokens(game_id, result.events, events)
        self._remember(after)
        self._appended(game_id, rules, list(result.events), events)
        return Handled(result, after, tokens)

    @staticmethod
    def _still_seated(seat: str, authenticated: GameState | None, state: GameState) -> None:
        """CORE-seat: a token checked against a state from before its seat was handed over (a
        process's cached state, behind the log) counts no more: 401, whatever else is stale."""
        if authenticated is not None and authenticated.token_from.get(seat) != state.token_from.get(seat):
            raise _unauthorized("the token is not valid for this game: the seat was handed over")

    def _current(self, game_id: str, state: GameState) -> GameState:
        """``state`` if the store is still at its version, else the state now."""
        return state if self.store.version(game_id) == state.version else self.load(game_id)

    def _follow_up(self, rules: Rules, game_id: str, envelopes) -> None:
        """A retried command starts its follow-ups again: the process that appended it may have
        died before it queued them, and the retry is the client saying it still waits. Queueing
        is by job id, so a follow-up already queued or done is not queued twice."""
        if self.listeners and envelopes:
            decode = rules.codec.decode_stored
            self._appended(game_id, rules, list(envelopes), [decode(e.type, e.data, e.schema_version) for e in envelopes])

    def _appended(self, game_id: str, rules: Rules, envelopes: list[Envelope], events: list[Event]) -> None:
        for listener in self.listeners:
            listener(game_id, rules, envelopes, events)

    def history(self, game_id: str):
        """What undo (CORE-undo) needs to know of the events it would revert, or of the last ones
        for the undo it offers a seat (``Platform.optional_commands``)."""
        def logged(after: int, until: int) -> list[LoggedEvent]:
            return [LoggedEvent(e.version, e.actor, e.type == DiceRolled.__name__, bool(e.reveals), e.command_id,
                                e.type, e.data["to_version"] if e.type == EventsReverted.__name__ else None)
                    for e in self.store.read(game_id, after=after, until=until)]
        return logged

    def decode(self, game_id: str, command_type: str, data: dict):
        """The command a body names, or 422 naming each field that does not fit."""
        return self._decode(self.rules(game_id), command_type, data)

    @staticmethod
    def _decode(rules: Rules, command_type: str, data: dict):
        if command_type not in rules.command_types:
            raise validation({"type": f"unknown command type {command_type!r} for {rules.ruleset.id}"})
        unsafe = unsafe_numbers(data, "data")
        if unsafe:
            raise validation(unsafe)
        try:
            return rules.codec.decode(command_type, data)
        except DecodeError as error:
            raise validation({"data." + k if k != "<root>" else "data": v for k, v in error.errors.items()})

    def seed_in_play(self, state: GameState) -> bytes | None:
        """The secret seed of the game's rolls now (CORE-dice); None once every seed is revealed."""
        return self.secrets.get(state.game_id, _seed_name(state.seed_from)) if state.seed_in_play else None

    def _rolling_seed(self, state: GameState) -> bytes:
        # Revealed or not: logs from before fresh seeds were committed roll on under a revealed one.
        seed = self.secrets.get(state.game_id, _seed_name(state.seed_from))
        if seed is None:
            raise MissingSeed(state.game_id)
        return seed

    def _commit_seed(self, game_id: str, version: int) -> str:
        """A fresh seed for the rolls after an early reveal at ``version``: kept secret, committed."""
        seed = audited_dice.new_seed()
        self.secrets.put(game_id, _seed_name(version), seed)
        return audited_dice.commitment(seed)

    @staticmethod
    def _new_event(rules: Rules, event: Event, actor: str, command_id, correlation_id,
                   state: GameState, event_id: str) -> NewEvent:
        """The envelope of a decided event; seal names as the platform gives them (CORE-seal)."""
        sealed = event.seal()
        return NewEvent(
            type=type(event).__name__, data=to_plain(event), actor=actor,
            schema_version=getattr(type(event), "SCHEMA_VERSION", 1), event_id=event_id,
            command_id=command_id, correlation_id=correlation_id, recorded_at=_now(),
            ruleset=rules.ruleset.id, ruleset_version=rules.ruleset.version,
            visibility=PUBLIC if sealed is None else {"seal": seal_key(state, sealed.key), "seats": sorted(sealed.seats)},
            reveals=tuple(seal_key(state, key) for key in event.unseals()),
            salt="" if sealed is None else secrets.token_hex(16),
        )
