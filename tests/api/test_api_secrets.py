"""A sealed value never appears in any response, event page or SSE message for another seat
before its reveal (ARCHITECTURE: hidden information); after the reveal everyone reads it."""
SECRET = 73914  # distinctive, so a substring search cannot hit by accident


def every_read(table, seat: str | None) -> list[str]:
    """The text of every read endpoint as ``seat`` (None: anonymous)."""
    client, game = table.client, table.game_id
    headers = table.auth(seat) if seat else {}
    version = table.version()
    paths = [f"/games/{game}", f"/games/{game}/state", f"/games/{game}/events?limit=1000",
             f"/games/{game}/legal-commands", f"/games/{game}/projections", f"/games/{game}/verify",
             "/games", "/rulesets"]
    paths += [f"/games/{game}/state?at={v}" for v in range(1, version + 1)]
    projections = client.get(f"/games/{game}/projections").json["projections"]
    paths += [f"/games/{game}/projections/{name}" for name in projections]
    paths += [f"/games/{game}/projections/{name}?at={v}" for name in projections for v in range(1, version + 1)]
    texts = [client.get(path, headers=headers).get_data(as_text=True) for path in paths]
    sse = client.get(f"/games/{game}/events?follow=false", headers={**headers, "Accept": "text/event-stream"})
    texts.append(sse.get_data(as_text=True))
    replay = client.post(f"/games/{game}/replay", headers=table.auth(seat or "north"))
    jobs = table.client.application.extensions["casus_services"].jobs
    if jobs.kind == "in-process":  # RQ jobs wait for a worker: tests/jobs covers them
        jobs.wait()
    texts.append(client.get(replay.headers["Location"]).get_data(as_text=True))
    return texts


def test_a_sealed_value_is_hidden_from_every_other_reader_until_revealed(table):
    sealed = table.command("north", "SealValue", {"power": "N", "value": SECRET})
    assert str(SECRET) in sealed.get_data(as_text=True)  # the sealing seat reads its own value
    own = table.command("south", "AddPoints", {"power": "S", "amount": 1})
    assert str(SECRET) not in own.get_data(as_text=True)
    for seat in ("south", None):
        leaks = [text[:200] for text in every_read(table, seat) if str(SECRET) in text]
        assert leaks == [], f"{seat} read the sealed value"
    assert any(str(SECRET) in text for text in every_read(table, "north"))


def test_after_the_reveal_every_seat_reads_the_value_and_the_sealed_event(table):
    table.command("north", "SealValue", {"power": "N", "value": SECRET})
    table.command("moderator", "RevealValues")
    for seat in ("south", None):
        events = table.client.get(f"/games/{table.game_id}/events", headers=table.auth(seat) if seat else {}).json["events"]
        sealed = next(e for e in events if e["type"] == "ValueSealed")
        assert sealed["data"]["value"] == SECRET and not sealed.get("redacted")


def test_a_redacted_page_still_verifies_its_hash_chain(table):
    from events.envelope import first_broken_link

    table.command("north", "SealValue", {"power": "N", "value": SECRET})
    events = table.events("south")
    assert any(e.get("redacted") for e in events)
    assert first_broken_link(events) is None
