"""The audit page verifies a log once and then only what was appended (gap 1 of issue 24): the
carried verification gives, on every prefix of real and tampered logs, exactly the report
``events.verify.verify`` gives for the whole prefix; a repeat view reads no event, and a view
after k new events reads k."""
from __future__ import annotations

import hashlib

import pytest

from events.envelope import Envelope, compute_hash
from events.store import iter_all
from events.verify import Verified, carry, report, verify
from service.config import Config
from service.http.app import create_app
from tests.support.api import TINY, create_table

BROWSER = {"Accept": "text/html"}


@pytest.fixture
def client(tmp_path):
    return create_app(Config(database=str(tmp_path / "audit.db"), extra_rulesets=(TINY,))).test_client()


def _services(client):
    return client.application.extensions["casus_services"]


def _played(client):
    """A tiny game with every kind of dice history: rolls, an early reveal (with the next
    seed committed), rolls under the next seed, a fresh seed committed by the service (as on
    import) over unrevealed rolls, a sealed value, and the end (which reveals the last seed)."""
    table = create_table(client)
    games = _services(client).games
    for sides in (6, 10, 20):
        table.send("north", "RollDie", power="N", sides=sides)
    table.send("moderator", "RevealDiceSeed")
    table.send("south", "RollDie", power="S", sides=8)
    table.send("north", "AddPoints", power="N", amount=3)
    table.send("south", "RollDie", power="S", sides=12)
    games.handle(table.game_id, "system", "CommitDiceSeed", {}, table.version())
    table.send("north", "RollDie", power="N", sides=4)
    table.send("north", "SealValue", power="N", value=5)
    table.send("moderator", "Finish")
    return table, list(iter_all(games.store, table.game_id))


def _rehashed(envelopes: list[Envelope]) -> list[Envelope]:
    """The log with every hash and link made right again (a forger's log: only dice can tell)."""
    out, prev = [], "0" * 64
    for envelope in envelopes:
        linked = envelope._replace(prev_hash=prev)
        linked = linked._replace(hash=compute_hash(linked))
        out.append(linked)
        prev = linked.hash
    return out


def _with_roll(envelopes: list[Envelope], index: int, value: int) -> list[Envelope]:
    envelope = envelopes[index]
    rolls = [dict(roll, value=value) if n == 0 else roll for n, roll in enumerate(envelope.data["rolls"])]
    return envelopes[:index] + [envelope._replace(data={**envelope.data, "rolls": rolls})] + envelopes[index + 1:]


def _variants(envelopes: list[Envelope]) -> dict[str, list[Envelope]]:
    rolled = [i for i, e in enumerate(envelopes) if e.type == "DiceRolled"]
    revealed = next(i for i, e in enumerate(envelopes) if e.type == "DiceSeedRevealed")
    wrong = (envelopes[rolled[0]].data["rolls"][0]["value"] % 6) + 1
    bad_seed = envelopes[revealed]._replace(data={**envelopes[revealed].data, "seed": "00" * 32})
    # Logs from before next_commitment existed revealed early and rolled on under the same seed.
    legacy = envelopes[revealed]._replace(data={"seed": envelopes[revealed].data["seed"]})
    return {
        "as stored": envelopes,
        "a roll edited": _with_roll(envelopes, rolled[0], wrong),
        "a roll edited, hashes redone": _rehashed(_with_roll(envelopes, rolled[0], wrong)),
        "a late roll edited, hashes redone": _rehashed(_with_roll(envelopes, rolled[-1], 99)),
        "a revealed seed replaced": _rehashed(envelopes[:revealed] + [bad_seed] + envelopes[revealed + 1:]),
        "a reveal without a next commitment": _rehashed(envelopes[:revealed] + [legacy] + envelopes[revealed + 1:]),
        "an event missing": envelopes[:3] + envelopes[4:],
        "an event's data edited": envelopes[:2] + [envelopes[2]._replace(actor="south")] + envelopes[3:],
    }


@pytest.mark.parametrize("chunk", [1, 2, 5])
def test_carried_verification_equals_verify_on_every_prefix(client, chunk):
    table, envelopes = _played(client)
    seeds = [None, _services(client).games.secrets.get(table.game_id, "dice_seed"), hashlib.sha256(b"not it").digest()]
    for name, log in _variants(envelopes).items():
        for seed in seeds:
            verified = Verified(table.game_id)
            for end in range(chunk, len(log) + chunk, chunk):
                verified = carry(verified, log[verified.events:end])
                carried, verified = report(verified, seed)
                assert carried.to_dict() == verify(log[:end], seed=seed).to_dict(), (name, end, seed)


def test_a_repeat_view_reads_no_event_and_a_later_one_only_the_new_events(client, monkeypatch):
    table = create_table(client)
    for sides in (6, 8):
        table.send("north", "RollDie", power="N", sides=sides)
    store = _services(client).games.store
    read = store.read
    returned: list[int] = []

    def counting(game_id, *args, **kwargs):
        found = read(game_id, *args, **kwargs)
        returned.append(len(found))
        return found

    monkeypatch.setattr(store, "read", counting)
    path = f"/table/games/{table.game_id}/audit"
    first = client.get(path, headers=BROWSER)
    assert first.status_code == 200 and "Verified: the hash chain of all 5 events holds" in first.get_data(as_text=True)
    returned.clear()
    html = client.get(path, headers=BROWSER).get_data(as_text=True)
    assert sum(returned) == 0, returned
    assert "Events 1 to 5 were checked when this server first read them; 0 new events were checked now" in html
    table.send("south", "RollDie", power="S", sides=6)
    returned.clear()
    html = client.get(path, headers=BROWSER).get_data(as_text=True)
    assert "Verified: the hash chain of all 7 events holds" in html and "2 new events were checked now" in html
    assert sum(returned) == 4, returned  # the two new events: once for the export's cut, once for the check
    returned.clear()
    html = client.get(path + "?full=1", headers=BROWSER).get_data(as_text=True)
    assert "Every event was read and checked now" in html and sum(returned) >= 7

