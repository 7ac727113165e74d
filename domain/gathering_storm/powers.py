"""The five major powers of chapter 32, named as the rules name them, and their sides.

The names are the wire values clients send (``"Germany"``, ``"Britain"``, ...). Which power may
declare war on which is data (the 32.21 table in the pack); these constants only name the powers
the rules single out (32.4 Germany, 32.5 Italy, 32.6 Britain and France, 32.7 Russia)."""
from __future__ import annotations

GERMANY = "Germany"
ITALY = "Italy"
BRITAIN = "Britain"
FRANCE = "France"
RUSSIA = "Russia"

AXIS = (GERMANY, ITALY)
ALLIES = (BRITAIN, FRANCE)
MAJOR_POWERS = (GERMANY, ITALY, BRITAIN, FRANCE, RUSSIA)

def opposing(a: str, b: str) -> bool:
    """32.11: war is declared on an opposing major power: the Axis oppose the Allies and Russia (the
    Western Allies and Russia do not oppose each other)."""
    return (a in AXIS) != (b in AXIS)


def allied_partner(power: str) -> str:
    """The other Western Ally (Britain <-> France)."""
    return FRANCE if power == BRITAIN else BRITAIN


def other_axis(power: str) -> str:
    """The other Axis major power (Germany <-> Italy)."""
    return ITALY if power == GERMANY else GERMANY
