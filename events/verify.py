"""Audit a game's log: recompute the hash chain and every die roll; name the first bad event.

Works on envelopes from a store or from a JSONL export, so anyone can check a game offline."""
from __future__ import annotations

from dataclasses import dataclass, field

from events import dice
from events.envelope import Envelope, first_broken_link


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
    report = Report(events=len(envelopes))
    broken = first_broken_link(envelopes)
    if broken is not None:
        report.chain_ok = False
        _fail(report, *broken)
    if not envelopes:
        return report
    game_id = envelopes[0].game_id
    commitment = envelopes[0].data.get("dice_commitment", "")
    stretch: list[Envelope] = []  # DiceRolled events under the seed in play
    known: bytes | None = None  # the seed in play, once revealed without a successor
    unrevealed = False  # rolls under a seed replaced by DiceSeedCommitted without being revealed
    for envelope in envelopes:
        if envelope.type == "DiceRolled":
            stretch.append(envelope)
        elif envelope.type == "DiceSeedRevealed":
            revealed = bytes.fromhex(envelope.data["seed"])
            if dice.commitment(revealed) != commitment:
                _fail(report, envelope.version, "the revealed seed does not match its commitment")
                return report
            _check_rolls(report, game_id, revealed, stretch)
            stretch = []
            # Logs before next_commitment existed revealed early and rolled on under the same seed.
            commitment = envelope.data.get("next_commitment") or commitment
            known = None if envelope.data.get("next_commitment") else revealed
        elif envelope.type == "DiceSeedCommitted":
            # A fresh seed (e.g. on import): rolls before it were made under a seed this log does
            # not reveal, so they stay unchecked unless it was revealed before.
            if stretch and known is None:
                unrevealed = True
            elif stretch:
                _check_rolls(report, game_id, known, stretch)
            stretch, known, commitment = [], None, envelope.data["commitment"]
    seed = known or seed
    unchecked = bool(stretch) and (seed is None or dice.commitment(seed) != commitment)
    if stretch and not unchecked:
        _check_rolls(report, game_id, seed, stretch)
    report.dice_verifiable = not unchecked and not unrevealed and (report.dice_checked > 0 or seed is not None
                                                 or any(e.type == "DiceSeedRevealed" for e in envelopes))
    return report


def _check_rolls(report: Report, game_id: str, seed: bytes, rolled: list[Envelope]) -> None:
    for envelope in rolled:
        for roll in envelope.data["rolls"]:
            expected = dice.derive(seed, game_id, envelope.version, roll["k"], roll["sides"])
            report.dice_checked += 1
            if expected != roll["value"]:
                _fail(report, envelope.version, f"roll {roll['k']} is {roll['value']}, the seed gives {expected}")
