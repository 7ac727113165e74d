"""HTTP by the book (issue 13 item 4): each representation and reader has its own strong ETag,
derived from the bytes that reader is sent, and If-None-Match answers 304; per-seat reads vary
on Authorization and are private; every paged list links its next page; commands keep taking
the game version as If-Match and answer with it as their ETag."""
import hashlib

import pytest

from tests.support.api import create_table


def _etag_of(response) -> str:
    return '"%s"' % hashlib.sha256(response.get_data()).hexdigest()


def _reads(table) -> list[str]:
    game = f"/games/{table.game_id}"
    return [game, f"{game}/state", f"{game}/legal-commands", f"{game}/projections/totals",
            f"{game}/projections/sealed", f"{game}/events", f"{game}/events?after=1&limit=1", f"{game}/state?at=1"]


PER_SEAT = ["state", "legal-commands", "projections/totals", "events"]


@pytest.fixture
def played(table):
    table.send("north", "SealValue", power="N", value=61234)
    table.send("south", "AddPoints", power="S", amount=2)
    return table


@pytest.mark.parametrize("seat", [None, "north", "south", "moderator"])
def test_a_read_s_etag_is_the_sha256_of_what_that_reader_is_sent(played, seat):
    for path in _reads(played):
        response = played.client.get(path, headers=played.auth(seat))
        assert response.status_code == 200, path
        assert response.headers["ETag"] == _etag_of(response), path


def test_readers_who_see_different_bytes_get_different_etags(played):
    path = f"/games/{played.game_id}/state"
    tags = {seat: played.client.get(path, headers=played.auth(seat)).headers["ETag"]
            for seat in (None, "north", "south", "moderator")}
    assert len(set(tags.values())) == 4
    assert played.client.get(path, headers=played.auth("north")).headers["ETag"] == tags["north"]


@pytest.mark.parametrize("seat", [None, "north", "moderator"])
def test_if_none_match_answers_304_while_the_representation_is_unchanged(played, seat):
    for path in _reads(played):
        tag = played.client.get(path, headers=played.auth(seat)).headers["ETag"]
        again = played.client.get(path, headers={**played.auth(seat), "If-None-Match": tag})
        assert again.status_code == 304 and again.get_data() == b"", path
        assert again.headers["ETag"] == tag, path
        weak = played.client.get(path, headers={**played.auth(seat), "If-None-Match": f'"nope", W/{tag}'})
        assert weak.status_code == 304, path  # If-None-Match compares weakly (RFC 9110 13.1.2)


def test_a_new_event_changes_the_etag_and_the_old_one_gets_200(played):
    path = f"/games/{played.game_id}/state"
    tag = played.client.get(path).headers["ETag"]
    played.send("north", "AddPoints", power="N", amount=1)
    response = played.client.get(path, headers={"If-None-Match": tag})
    assert response.status_code == 200 and response.headers["ETag"] != tag


def test_another_reader_s_etag_does_not_give_304(played):
    path = f"/games/{played.game_id}/state"
    north = played.client.get(path, headers=played.auth("north")).headers["ETag"]
    response = played.client.get(path, headers={**played.auth("south"), "If-None-Match": north})
    assert response.status_code == 200


@pytest.mark.parametrize("read", PER_SEAT)
def test_per_seat_reads_vary_on_authorization_and_are_private(played, read):
    for seat in (None, "north"):
        response = played.client.get(f"/games/{played.game_id}/{read}", headers=played.auth(seat))
        assert "Authorization" in response.headers["Vary"]
        assert "private" in response.headers["Cache-Control"]


def test_the_event_stream_is_private_too(played):
    response = played.client.get(f"/games/{played.game_id}/events?follow=false",
                                 headers={**played.auth("north"), "Accept": "text/event-stream"})
    assert "private" in response.headers["Cache-Control"] and "Authorization" in response.headers["Vary"]


def test_a_304_keeps_the_caching_headers(played):
    path = f"/games/{played.game_id}/state"
    tag = played.client.get(path, headers=played.auth("north")).headers["ETag"]
    response = played.client.get(path, headers={**played.auth("north"), "If-None-Match": tag})
    assert response.status_code == 304
    assert "Authorization" in response.headers["Vary"] and "private" in response.headers["Cache-Control"]


def test_game_creation_answers_are_never_stored(client):
    """They carry every seat's token, shown once."""
    response = client.post("/games", json={"ruleset": "tiny", "seats": {"a": ["A"]}})
    assert response.headers["Cache-Control"] == "no-store"


def test_commands_take_and_answer_the_game_version(played):
    """The version stays the write precondition: a read ETag is opaque and is not a version."""
    response = played.command("north", "AddPoints", {"power": "N", "amount": 1})
    assert response.status_code == 201 and response.headers["ETag"] == '"4"' and response.json["version"] == 4
    read_tag = played.client.get(f"/games/{played.game_id}/state").headers["ETag"]
    stale = played.client.post(f"/games/{played.game_id}/commands", json={"type": "AddPoints", "data": {"power": "N", "amount": 1}},
                               headers={**played.auth("north"), "If-Match": read_tag})
    assert stale.status_code == 412 and "version" in stale.json["detail"]


def test_the_games_list_links_its_next_page(client):
    for _ in range(3):
        create_table(client)
    first = client.get("/games?limit=2")
    link = first.headers["Link"]
    assert link == f'<{first.json["next"]}>; rel="next"'
    rest = client.get(first.json["next"])
    assert rest.status_code == 200 and rest.json["games"]
    assert rest.json["games"][0]["game_id"] > first.json["games"][-1]["game_id"]


def test_the_last_page_has_no_link(client):
    create_table(client)
    response = client.get("/games?limit=1000")
    assert "Link" not in response.headers and response.json["next"] is None


def test_an_events_page_links_its_next_page(played):
    response = played.client.get(f"/games/{played.game_id}/events?limit=1")
    assert response.headers["Link"] == f'<{response.json["next"]}>; rel="next"'
