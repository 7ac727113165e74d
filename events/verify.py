"""Audit a game's log: recompute the hash chain and every die roll; name the first bad event.

Works on envelopes from a store or from a JSONL export, so anyone can check a game offline. A log
is append-only, so what the check found for its first n events stays found: ``Verified`` is where
the check stands after n events, ``carry`` checks the events after them alone, and ``report``
gives the ``Report`` for the log so far (the audit page carries it on as a game grows)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from events import dice
from events.envelope import GENESIS, Envelope, broken_link


@dataclass
class Report:
    events: int = 0
    chain_ok: bool = True
    dice_checked: int = 0
    dice_verifiable: bool = False
    first_bad_version: int | None = None
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict:
        return {"ok": self.ok, "events": self.events, "chain_ok": self.chain_ok,
                "dice_verifiable": self.dice_verifiable, "dice_checked": self.dice_checked,
                "first_bad_version": self.first_bad_version, "problems": self.problems}


def _fail(report: Report, version: int, problem: str) -> None:
    report.problems.append(f"event {version}: {problem}")
    if report.first_bad_version is None or version < report.first_bad_version:
        report.first_bad_version = version


def verify(envelopes: list[Envelope], seed: bytes | None = None) -> Report:
    """``seed``: the server's secret seed in play, to check the rolls made since the last reveal.

    A game's rolls come in stretches, each under one seed: GameCreated commits the first, and an
    early ``DiceSeedRevealed`` reveals it and commits the next (``next_commitment``). Each revealed
    seed must match its commitment and derive every roll of its stretch."""
    if not envelopes:
        return Report()
    return report(carry(Verified(envelopes[0].game_id), envelopes), seed)[0]

Problem = tuple[int, str]  # (version, what is wrong)


@dataclass(frozen=True)
class Verified:
    """Where verifying a game's log stands after its first ``events`` events."""

    game_id: str
    events: int = 0
    last_hash: str = GENESIS
    chain_problem: Problem | None = None  # the first broken link; the chain is not checked past it
    commitment: str = ""  # of the seed in play
    stretch: tuple[Envelope, ...] = ()  # DiceRolled under the seed in play, not checked with a revealed seed
    known: bytes | None = None  # the seed in play, once revealed without a successor
    unrevealed: bool = False  # rolls under a seed replaced without being revealed
    revealed: bool = False  # a seed was revealed
    stopped: bool = False  # a revealed seed did not match its commitment: no die is checked after it
    dice_checked: int = 0
    dice_problems: tuple[Problem, ...] = ()
    # The open stretch checked with the server's seed in play (commitment, rolls checked, problems):
    # that seed never changes under its commitment, so only rolls added since are derived again.
    trailing: tuple[str, int, int, tuple[Problem, ...]] | None = None


def carry(verified: Verified, envelopes: list[Envelope]) -> Verified:
    """``verified`` carried over the next events of the log, checked as ``verify`` checks them."""
    count, prev, chain_problem = verified.events, verified.last_hash, verified.chain_problem
    commitment, stretch, known = verified.commitment, list(verified.stretch), verified.known
    unrevealed, revealed, stopped = verified.unrevealed, verified.revealed, verified.stopped
    checked, problems, trailing = verified.dice_checked, list(verified.dice_problems), verified.trailing
    for envelope in envelopes:
        count += 1
        if chain_problem is None:
            chain_problem = broken_link(envelope, count, prev)
            prev = envelope.hash
        if count == 1:
            commitment = envelope.data.get("dice_commitment", "")
        if stopped:
            continue
        if envelope.type == "DiceRolled":
            stretch.append(envelope)
        elif envelope.type == "DiceSeedRevealed":
            revealed = True
            seed = bytes.fromhex(envelope.data["seed"])
            if dice.commitment(seed) != commitment:
                problems.append((envelope.version, "the revealed seed does not match its commitment"))
                stopped = True
                continue
            n, found = check_rolls(verified.game_id, seed, stretch)
            checked, problems, stretch, trailing = checked + n, problems + found, [], None
            commitment = envelope.data.get("next_commitment") or commitment
            known = None if envelope.data.get("next_commitment") else seed
        elif envelope.type == "DiceSeedCommitted":
            if stretch and known is None:
                unrevealed = True
            elif stretch:
                n, found = check_rolls(verified.game_id, known, stretch)
                checked, problems = checked + n, problems + found
            stretch, known, commitment, trailing = [], None, envelope.data["commitment"], None
    return replace(verified, events=count, last_hash=prev, chain_problem=chain_problem, commitment=commitment,
                   stretch=tuple(stretch), known=known, unrevealed=unrevealed, revealed=revealed, stopped=stopped,
                   dice_checked=checked, dice_problems=tuple(problems), trailing=trailing)


def check_rolls(game_id: str, seed: bytes, rolled) -> tuple[int, list[Problem]]:
    checked, problems = 0, []
    for envelope in rolled:
        for roll in envelope.data["rolls"]:
            expected = dice.derive(seed, game_id, envelope.version, roll["k"], roll["sides"])
            checked += 1
            if expected != roll["value"]:
                problems.append((envelope.version, f"roll {roll['k']} is {roll['value']}, the seed gives {expected}"))
    return checked, problems


def report(verified: Verified, seed: bytes | None = None) -> tuple[Report, Verified]:
    """The report ``verify(the log so far, seed)`` gives; ``seed``: the server's seed in play.
    Also ``verified`` keeping what checking the open stretch with that seed found."""
    result = Report(events=verified.events)
    if verified.chain_problem is not None:
        result.chain_ok = False
        _fail(result, *verified.chain_problem)
    for problem in verified.dice_problems:
        _fail(result, *problem)
    result.dice_checked = verified.dice_checked
    if verified.stopped:
        return result, verified
    seed = verified.known or seed
    stretch = verified.stretch
    unchecked = bool(stretch) and (seed is None or dice.commitment(seed) != verified.commitment)
    if stretch and not unchecked:
        done = verified.trailing if verified.trailing and verified.trailing[0] == verified.commitment else None
        upto, checked, problems = done[1:] if done else (0, 0, ())
        more, found = check_rolls(verified.game_id, seed, stretch[upto:])
        verified = replace(verified, trailing=(verified.commitment, len(stretch), checked + more, problems + tuple(found)))
        result.dice_checked += checked + more
        for problem in problems + tuple(found):
            _fail(result, *problem)
    result.dice_verifiable = not unchecked and not verified.unrevealed and (
        result.dice_checked > 0 or seed is not None or verified.revealed)
    return result, verified
