"""Play by email: the platform's own orders, the same in every ruleset's game.

The platform's commands (undo, the schedule, the seed, vacations, seat tokens) are read like any
other, in the generic ``Type field=value`` syntax, against what legal-commands offers the seat
(its ``optional`` list beside its ``commands``: the game waits for none of them). One of them has
a short form of its own: ``REISSUE TOKEN <seat>`` (the moderator hands a seat to a new player),
read as ``ReissueSeatToken seat=<seat>``; the new token goes in the receipt, which is mailed to
the moderator's own registered address only (the sender's, after its order password)."""
from __future__ import annotations

import re

REISSUE_TOKEN = re.compile(r"^\s*REISSUE\s+TOKEN\s+(?P<seat>\S+)\s*$", re.I)
REISSUE_USAGE = "REISSUE TOKEN <seat>"


def generic(line: str) -> str:
    """The generic line a platform short form stands for; any other line as it is."""
    found = REISSUE_TOKEN.match(line)
    return f"ReissueSeatToken seat={found['seat']}" if found else line


def handed_over(game_address: str, tokens: dict[str, str]) -> list[str]:
    """The receipt's lines for seats handed over (CORE-seat): each new token, shown this once."""
    lines = []
    for seat, token in tokens.items():
        lines += [f"New token of {seat}, shown this once: {token}",
                  f"  Hand it to {seat}'s new player: {seat}'s old token no longer works, and {seat}'s mail "
                  f"registration has ended (its new player registers again with the new token: PUT "
                  f"/games/<game>/mail/seats/{seat}, then mails orders to {game_address})."]
    return lines
