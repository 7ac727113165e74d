"""Who may mail orders for a seat, and what mail the seat wants.

Each seat of a play-by-email game registers one or more addresses and an order password
(DPjudge's model: a From header is forgeable, so the password is what counts) and chooses when
reports come (``notify``) and what they carry beyond their text and report.json
(``attachments``); both can be changed by mail too (``NOTIFY steps``, ``ATTACHMENTS png``). All of
it lives in the game's secret store (never in the log, never in an export); the password only as a
salted scrypt hash. The mail loop finds the games it serves through an index kept in the same
store under a reserved id."""
from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from dataclasses import asdict, dataclass, replace
from email.utils import parseaddr

import orjson

from service.http.problems import validation

INDEX = "_mail"  # the secret store's "game" holding the list of games served by mail
# events: a report after every change; steps: when a step the seat owes orders in begins or ends (what
# happened between comes with it), and when a turn ends; turns: when a turn ends (service/mail/dispatch.py).
NOTIFY = ("events", "steps", "turns")
# What a report carries beyond its text and report.json: none (the default: lean, about 40 KiB),
# the status display as SVG in an HTML part, as a PNG attachment, or both (about 325 KiB).
ATTACHMENTS = ("none", "svg", "png", "both")
MAX_ADDRESSES = 5
PASSWORD_LENGTH = (6, 128)


@dataclass(frozen=True)
class MailSeat:
    seat: str
    addresses: tuple[str, ...]
    password_hash: str  # scrypt, hex, "salt$hash"
    notify: str = "steps"
    attachments: str = "none"

    def public(self) -> dict:
        return {"seat": self.seat, "addresses": list(self.addresses), "notify": self.notify,
                "attachments": self.attachments}

    def password_matches(self, password: str) -> bool:
        salt, _, expected = self.password_hash.partition("$")
        return hmac.compare_digest(_hash(password, bytes.fromhex(salt)).hex(), expected)


def _hash(password: str, salt: bytes) -> bytes:
    return hashlib.scrypt(password.encode(), salt=salt, n=2**14, r=8, p=1, dklen=32)


def _preference_problems(notify: str, attachments: str) -> dict[str, str]:
    problems = {}
    if notify not in NOTIFY:
        problems["notify"] = f"one of {', '.join(NOTIFY)}"
    if attachments not in ATTACHMENTS:
        problems["attachments"] = f"one of {', '.join(ATTACHMENTS)}"
    return problems


def normalise(address: str) -> str:
    """The bare address of a header or a registration, lower case ('' when there is none)."""
    _, bare = parseaddr(address or "")
    return bare.strip().lower() if "@" in bare else ""


class MailSeats:
    """The mail registrations of every game, kept in the secret store."""

    def __init__(self, secret_store):
        self.secrets = secret_store
        self._lock = threading.Lock()  # read-modify-write of one game's registrations and the index

    def seats(self, game_id: str) -> dict[str, MailSeat]:
        raw = self.secrets.get(game_id, "mail-seats")
        if not raw:
            return {}
        return {seat: MailSeat(seat, tuple(entry["addresses"]), entry["password_hash"], entry["notify"],
                               entry.get("attachments", "none"))
                for seat, entry in orjson.loads(raw).items()}

    def games(self) -> list[str]:
        raw = self.secrets.get(INDEX, "games")
        return orjson.loads(raw) if raw else []

    def register(self, game_id: str, seat: str, addresses: list[str], password: str, notify: str = "steps",
                 attachments: str = "none") -> MailSeat:
        problems = {}
        bare = [normalise(a) for a in addresses]
        if not 1 <= len(addresses) <= MAX_ADDRESSES or not all(bare):
            problems["addresses"] = f"1 to {MAX_ADDRESSES} e-mail addresses"
        if not PASSWORD_LENGTH[0] <= len(password) <= PASSWORD_LENGTH[1] or any(c.isspace() for c in password):
            problems["order_password"] = f"{PASSWORD_LENGTH[0]} to {PASSWORD_LENGTH[1]} characters, no spaces"
        problems.update(_preference_problems(notify, attachments))
        if problems:
            raise validation(problems)
        salt = secrets.token_bytes(16)
        entry = MailSeat(seat, tuple(dict.fromkeys(bare)), f"{salt.hex()}${_hash(password, salt).hex()}", notify,
                         attachments)
        with self._lock:
            registered = self.seats(game_id)
            registered[seat] = entry
            self._save(game_id, registered)
            self.secrets.put(game_id, f"mail-failures:{seat}", b"0")  # a new password unlocks the seat
            index = self.games()
            if game_id not in index:
                self.secrets.put(INDEX, "games", orjson.dumps(index + [game_id]))
        return entry

    def prefer(self, game_id: str, seat: str, notify: str | None = None, attachments: str | None = None) -> MailSeat:
        """Change a registered seat's preferences (by mail: its order password was checked)."""
        problems = _preference_problems(notify or NOTIFY[0], attachments or ATTACHMENTS[0])
        if problems:
            raise validation(problems)
        with self._lock:
            registered = self.seats(game_id)
            entry = registered[seat]
            entry = replace(entry, notify=notify or entry.notify, attachments=attachments or entry.attachments)
            registered[seat] = entry
            self._save(game_id, registered)
        return entry

    def unregister(self, game_id: str, seat: str) -> bool:
        with self._lock:
            registered = self.seats(game_id)
            found = registered.pop(seat, None) is not None
            self._save(game_id, registered)
        return found

    def seats_of(self, game_id: str, address: str) -> list[str]:
        """The seats that registered this address (a moderator who also plays has two)."""
        bare = normalise(address)
        return sorted(s.seat for s in self.seats(game_id).values() if bare and bare in s.addresses)

    def _save(self, game_id: str, registered: dict[str, MailSeat]) -> None:
        self.secrets.put(game_id, "mail-seats", orjson.dumps(
            {seat: {k: v for k, v in asdict(entry).items() if k != "seat"} for seat, entry in registered.items()}))
