"""Rule 3.1: the eight major powers, their ideologies and the Communist Chinese.

The identities are the rulebook's (every rule names them); everything a power starts with comes
from the data pack."""
from __future__ import annotations

from enum import Enum


class Ideology(Enum):
    """Rule 2.3/3.1: the three ideologies of the status display."""

    DEMOCRACY = "democracy"
    FASCISM = "fascism"
    COMMUNISM = "communism"


CH, CW, FR, US = "CH", "CW", "FR", "US"
GE, IT, JA = "GE", "IT", "JA"
RU, CC = "RU", "CC"

# Rule 3.1a: the eight major powers (Communist China is not one: its forces go with the USSR).
MAJOR_POWERS = (CH, CW, FR, US, GE, IT, JA, RU)
