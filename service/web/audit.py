"""The audit page's verification, carried on as the log grows instead of redone on every view
(``events.verify``: ``Verified``, ``carry``, ``report``).

Each process keeps the newest ``Verified`` per game (``VERIFIED``): a repeat view reads nothing,
a view after k new events reads and checks those k. Events checked once are not read again by
that process; ``?full=1`` on the page checks every event again from the first."""
from __future__ import annotations

from dataclasses import dataclass

from events.verify import Report, Verified, carry, report
from projections.timeline import READ_PAGE
from service.web.memo import Memo

VERIFIED = Memo(256)


@dataclass(frozen=True)
class Audit:
    report: Report
    checked_now: int  # events read and checked for this view
    checked_before: int  # events this process had checked before it


def verify_game(games, game_id: str, state, full: bool = False) -> Audit:
    """The game's log up to ``state`` verified: the events since the last view's, or (``full``)
    every event from the first."""
    verified = None if full else VERIFIED.get(games, game_id)
    if verified is None or verified.events > state.version:
        verified = Verified(game_id)
    before = verified.events
    while verified.events < state.version:
        batch = games.store.read(game_id, after=verified.events, until=state.version, limit=READ_PAGE)
        if not batch:
            break
        verified = carry(verified, batch)
    result, verified = report(verified, games.seed_in_play(state))
    VERIFIED.put(games, game_id, verified)
    return Audit(result, verified.events - before, before)
