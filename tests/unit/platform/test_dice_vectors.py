"""The README's dice specification is enough to recompute every roll: its test vectors, checked
against the service's dice and against a second implementation written from the README alone."""
import hashlib
import hmac
import re
from pathlib import Path

import pytest

from events import dice

README = Path(__file__).resolve().parents[3] / "README.md"
SEED = bytes(range(32))


def vectors() -> list[tuple[int, int, int, int]]:
    section = README.read_text(encoding="utf-8").split("## Dice you can recompute", 1)[1].split("\n## ", 1)[0]
    return [tuple(map(int, row)) for row in re.findall(r"^\| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$", section, re.M)]


def from_the_readme(seed: bytes, game: str, version: int, k: int, sides: int) -> int:
    message, attempt = f"{game}:{version}:{k}", 0
    limit = 2**64 - (2**64 % sides)
    while True:
        text = message if attempt == 0 else f"{message}:{attempt}"
        draw = int.from_bytes(hmac.new(seed, text.encode(), hashlib.sha256).digest()[:8], "big")
        if draw < limit:
            return draw % sides + 1
        attempt += 1


def test_the_readme_gives_test_vectors_and_the_commitment():
    assert len(vectors()) >= 5
    assert hashlib.sha256(SEED).hexdigest() in README.read_text(encoding="utf-8")


@pytest.mark.rule("CORE-dice")
@pytest.mark.parametrize("version, k, sides, roll", vectors())
def test_each_vector_is_what_the_service_and_the_readme_give(version, k, sides, roll):
    """CORE-dice: "Rolls are derived from a secret seed committed (sha256) before any roll"."""
    assert dice.derive(SEED, "g1", version, k, sides) == roll == from_the_readme(SEED, "g1", version, k, sides)


def test_a_rejected_draw_is_retried_with_the_attempt_appended():
    """A die whose sides leave a large remainder rejects often: the retry message is message:attempt."""
    sides = 2**63 + 1  # limit = 2**63 + 1: about half of all draws are rejected
    rolls = [(v, dice.derive(SEED, "g1", v, 0, sides)) for v in range(1, 40)]
    assert all(roll == from_the_readme(SEED, "g1", v, 0, sides) for v, roll in rolls)
