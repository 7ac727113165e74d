"""Issue 22 items 6 and 11 by mail: the platform's commands are orders like any other (the generic
``Type field=value`` line, read against legal-commands' ``optional`` offers; HELP lists them apart
from what the game waits for), and the moderator hands a seat over with ``REISSUE TOKEN <seat>``:
the new token comes in the receipt, mailed to the moderator's registered address alone, and the
seat's old token and mail registration stop counting.

At the order desk (``OrderDesk.process``) against a real game service on SQLite, and once end to
end through the private Dovecot (``.ci/dovecot``; CASUS_TEST_IMAP, REQUIRE_MAIL=1 in CI) and an
SMTP sink, as ``casus mail serve`` reads and answers."""
from __future__ import annotations

import re

import orjson
import pytest
import requests

from service.config import Config
from service.http.app import create_app
from service.mail.processor import OrderDesk
from service.notify.scheduler import InProcessScheduler
from tests.api.test_mail_desk import PASSWORDS, SERVICE, address, mail, orders, reply_text
from tests.api.test_schedule_api import Clock
from tests.e2e.test_mail_game import mail_game  # noqa: F401 (fixture: casus serve + casus mail serve)
from tests.support.api import MODERATOR, Table
from tests.support.mail import imap_settings, smtp_sink  # noqa: F401 (fixtures)

TOKEN = re.compile(r"New token of (\S+), shown this once: (\S+)")


@pytest.fixture
def app(tmp_path):
    app = create_app(Config(database=str(tmp_path / "mail.db")))
    services = app.extensions["casus_services"]
    services.scheduler = InProcessScheduler(services.games, Clock())
    return app


@pytest.fixture
def game(app):
    """A DoD III game (preset 3) whose seats and moderator all registered for mail."""
    client = app.test_client()
    body = client.post("/games", json={"ruleset": "dod3", "preset": "3"}).json
    table = Table(client, body["game_id"], body["tokens"], body["moderator_token"])
    for seat, password in PASSWORDS.items():
        response = client.put(f"/games/{table.game_id}/mail/seats/{seat}", headers=table.auth(seat),
                              json={"addresses": [address(seat)], "order_password": password})
        assert response.status_code == 200, response.get_data(as_text=True)
    return table


@pytest.fixture
def desk(app):
    return OrderDesk(app.extensions["casus_services"], SERVICE)


def send(desk: OrderDesk, game: Table, seat: str, *lines: str) -> tuple[str, str]:
    receipt, reply = desk.process(mail(game, address(seat), orders(seat, *lines)))
    return receipt.outcome, reply_text(reply)


def events(game: Table) -> list[str]:
    return [e["type"] for e in game.events(MODERATOR)]


@pytest.mark.rule("CORE-deadline")
def test_the_moderator_sets_the_schedule_by_mail(game, desk):
    """The line the issue quotes, refused before as "not open to you now"."""
    outcome, text = send(desk, game, MODERATOR, "SetSchedule grace_hours=0 civil_disorder=hold")

    assert outcome == "applied", text
    assert "Accepted: SetSchedule" in text
    assert game.projection("schedule")["settings"]["civil_disorder"] == "hold"


@pytest.mark.rule("CORE-deadline")
def test_pause_resume_extend_and_a_vacation_by_mail(game, desk):
    send(desk, game, MODERATOR, "SetSchedule")
    lines = ["PauseSchedule", "ResumeSchedule", "ExtendDeadline hours=12"]
    outcome, text = send(desk, game, MODERATOR, *lines)
    assert outcome == "applied", text
    outcome, text = send(desk, game, "player2", "SetVacation seat=player2 start=4000000000 end=4000086400")
    assert outcome == "applied", text
    assert {"SchedulePaused", "ScheduleResumed", "DeadlineExtended", "VacationSet"} <= set(events(game))


@pytest.mark.rule("CORE-deadline")
def test_a_seat_may_not_set_the_schedule_or_another_seat_s_vacation_by_mail(game, desk):
    send(desk, game, MODERATOR, "SetSchedule")
    outcome, text = send(desk, game, "player1", "SetSchedule grace_hours=1",
                         "SetVacation seat=player2 start=1 end=2")
    assert outcome == "refused", text
    assert "SetSchedule is not open to you now" in text
    assert "seat player2 is not open to you now (one of player1)" in text


@pytest.mark.rule("CORE-undo")
def test_a_seat_undoes_its_own_last_order_and_the_moderator_reveals_the_seed_by_mail(game, desk):
    send(desk, game, "player1", "WEATHER")
    undo = next(c for c in game.client.get(f"/games/{game.game_id}/legal-commands", headers=game.auth("player1"))
                .json["optional"] if c["type"] == "RequestUndo")
    outcome, text = send(desk, game, "player1", f"RequestUndo to_version={undo['example']['data']['to_version']}")
    assert outcome == "applied", text
    outcome, text = send(desk, game, MODERATOR, "RevealDiceSeed")
    assert outcome == "applied", text
    assert {"UndoRequested", "DiceSeedRevealed"} <= set(events(game))


def test_help_lists_the_platform_s_commands_apart_from_what_is_awaited(game, desk):
    _, text = send(desk, game, MODERATOR, "HELP")
    awaited, _, also = text.partition("Also open to you (the game waits for none of these):")
    assert "SetSchedule" in also and "RevealDiceSeed" in also and "ReissueSeatToken seat=player1" in also
    assert "REISSUE TOKEN <seat>" in also
    assert "SetSchedule" not in awaited
    _, text = send(desk, game, "player2", "HELP")
    assert "Nothing is awaited from you now." in text and "SetSchedule" not in text


@pytest.mark.rule("CORE-seat")
def test_the_moderator_hands_a_seat_over_by_mail(game, desk, app):
    """REISSUE TOKEN player2: the receipt to the moderator's address holds the new token (and no
    other mail or log does); player2's old token and its mail registration no longer count."""
    receipt, reply = desk.process(mail(game, address(MODERATOR), orders(MODERATOR, "REISSUE TOKEN player2")))

    assert receipt.outcome == "applied" and reply["To"] == address(MODERATOR)
    text = reply_text(reply)
    ((seat, token),) = TOKEN.findall(text)
    assert seat == "player2" and "Accepted: ReissueSeatToken seat=player2" in text
    client = game.client
    assert client.get(f"/games/{game.game_id}/state", headers={"Authorization": f"Bearer {token}"}).json["seat"] \
        == "player2"
    assert client.get(f"/games/{game.game_id}/state", headers=game.auth("player2")).status_code == 401
    mail_log = client.get(f"/games/{game.game_id}/mail/log", headers=game.auth(MODERATOR)).json
    assert token not in orjson.dumps(mail_log).decode() and token not in str(game.events(MODERATOR))
    outcome, text = send(desk, game, "player2", "HELP")  # the old player's password signs nothing now
    assert outcome == "refused" and "not registered" in text


@pytest.mark.rule("CORE-seat")
def test_only_the_moderator_hands_a_seat_over_by_mail(game, desk):
    outcome, text = send(desk, game, "player1", "REISSUE TOKEN player2")
    assert outcome == "refused" and "ReissueSeatToken is not open to you now" in text
    assert "SeatTokenReissued" not in events(game)


@pytest.mark.rule("CORE-seat")
def test_a_seat_handed_over_through_dovecot_and_smtp(mail_game):  # noqa: F811
    """End to end: the moderator mails the schedule and REISSUE TOKEN player3 to the mailbox
    ``casus mail serve`` reads; the receipt reaches the moderator alone, and its token works
    against ``casus serve`` while the old one is refused."""
    post, base, game_id = mail_game["post"], mail_game["base"], mail_game["game_id"]
    assert "Accepted: SetSchedule" in post.send(MODERATOR, "SetSchedule grace_hours=0 civil_disorder=hold")

    text = post.send(MODERATOR, "REISSUE TOKEN player3")  # (its receipt's recipients: the moderator's alone)

    ((seat, token),) = TOKEN.findall(text)
    assert seat == "player3"
    others = [r for r in post.sink.received if token in r.raw.decode(errors="replace")]
    assert [r.rcpt_tos for r in others] == [[address(MODERATOR)]]
    new = requests.get(f"{base}/games/{game_id}/state", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    old = requests.get(f"{base}/games/{game_id}/state", timeout=10,
                       headers={"Authorization": f"Bearer {mail_game['tokens']['player3']}"})
    assert (new.status_code, new.json()["seat"], old.status_code) == (200, "player3", 401)
