"""A seat's turn report (play by email): built from the seat's view only (a sealed bid never shows),
its report.json projections equal what the API gives that seat, the status display inline as SVG
and as a PNG, the signed head with its verify line, the dice's verification data, what the seat
owes and when; and the mail: lean by default (text and report.json), with the HTML alternative
and status.png as the seat chooses."""
from __future__ import annotations

import orjson
import pytest

from events import dice
from events.signing import verify_head
from service.http.app import create_app
from service.config import Config
from service.mail.reports import build_report, report_message
from service.mail.transport import MAX_MESSAGE_BYTES
from service.http.problems import Problem
from tests.support.api import create_game_table
from tests.support.dod3_api import (
    ALLIES,
    AXIS,
    MODERATOR,
    bid_sightings,
    create_dod3_table,
    finish_turn,
    pass_every_option,
    play_offered,
    roll_weather,
)

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
GE_BID = {"points": 7, "options": 3}  # distinctive: neither number is in player2's own bids


@pytest.fixture
def app(tmp_path):
    return create_app(Config(database=str(tmp_path / "c.db")))


@pytest.fixture
def games(app):
    return app.extensions["casus_services"].games


@pytest.fixture
def dod3(app):
    """DoD III (preset 3), turn 2 bidding: turn 1 played with every option passed."""
    table = create_dod3_table(app.test_client())
    roll_weather(table)
    pass_every_option(table)
    finish_turn(table, buy_bid_points={"GE": 4, "CW": 10})
    return table


@pytest.fixture
def sealed(dod3):
    """Player1 has bid for Germany (7 points for 3 options); player2's Commonwealth has bid no
    points; the bids are still sealed."""
    play_offered(dod3, AXIS, "SubmitBid", "GE", **GE_BID)
    play_offered(dod3, ALLIES, "SubmitBid", "CW", points=0)
    return dod3


def test_a_report_to_player2_while_player1s_bid_is_sealed_shows_neither_its_points_nor_options(sealed, games):
    """DOD3-6.1: bids are sealed until revealed; a report is built from the seat's view, so
    player2's shows that Germany bid, never what."""
    report = build_report(games, sealed.game_id, ALLIES, 0)
    assert bid_sightings(report.data, "GE") == []
    assert "GE bid" not in report.text + report.html
    assert "7 points" not in report.text and "3 options" not in report.text
    assert "player1 sent a sealed order." in report.text
    assert "GE submitted" in report.text


def test_the_bidding_seat_reads_its_own_bid_in_its_report(sealed, games):
    report = build_report(games, sealed.game_id, AXIS, 0)
    assert bid_sightings(report.data, "GE") != []
    assert "GE bid 7 points for 3 options." in report.text


@pytest.mark.parametrize("seat", [AXIS, ALLIES, MODERATOR])
def test_report_json_projections_equal_what_the_api_gives_the_seat(sealed, games, seat):
    """Given a report at the game's version, then each JSON projection in report.json is the
    API's for that seat at that version, and the drawn one is the API's SVG."""
    report = build_report(games, sealed.game_id, seat, 40)
    names = sealed.client.get(f"/games/{sealed.game_id}/projections").json["projections"]
    drawn = "status-display.svg"
    assert set(report.data["projections"]) == set(names) - {drawn}
    for name in report.data["projections"]:
        assert report.data["projections"][name] == sealed.projection(name, seat, at=report.version)
    assert report.svg == sealed.projection(drawn, seat, at=report.version)


def test_the_report_carries_the_status_display_as_svg_and_png(sealed, games):
    report = build_report(games, sealed.game_id, ALLIES, 40)
    assert report.png.startswith(PNG_MAGIC)
    assert "<svg" in report.html and report.svg.strip().startswith("<svg")


def test_the_text_has_the_version_the_signed_head_and_how_to_verify_it(sealed, games):
    """The header names the version and the signed head, with the casus verify line; the head
    is the server's signature over this version."""
    report = build_report(games, sealed.game_id, ALLIES, 40)
    head = report.data["signed_head"]
    assert f"verify: casus verify <export> --head {head}" in report.text
    assert f"Version: {report.version}" in report.text
    signed = verify_head(head, games.keys.public_keys())
    assert (signed.game_id, signed.version) == (sealed.game_id, report.version)


def test_what_happened_lists_each_event_after_the_last_report_with_its_version(sealed, games):
    report = build_report(games, sealed.game_id, ALLIES, 40)
    assert [e["version"] for e in report.data["events"]] == list(range(41, report.version + 1))
    assert "46. player1 sent a sealed order." in report.text
    assert "45. Turn 2 (Mar/Apr 1936) began." in report.text


def test_the_dod3_projections_read_in_the_rulebook_words(sealed, games):
    text = build_report(games, sealed.game_id, ALLIES, 40).text
    for heading in ("Initiative track", "Political effectiveness", "Money", "Treaty levels", "US entry", "Minors"):
        assert f"\n{heading}\n" in text
    assert "GE: savings 14, debt 0, credit limit 12" in text
    assert "RU: face down" in text  # RU's political effectiveness is face down to player2
    assert "Austria: hex D4 (fascist zone), controlled by IT" in text


@pytest.mark.parametrize("after", [0, 1])  # GameCreated in the report, or before it
def test_a_dice_roll_in_the_report_names_the_commitment_the_game_published(dod3, games, after):
    """CORE-dice: the weather roll's sentence names the commitment GameCreated published and
    the HMAC message; the stored seed gives the recorded value by that recipe."""
    report = build_report(games, dod3.game_id, AXIS, after)
    logged = dod3.events(AXIS)
    created, rolled = (next(e for e in logged if e["type"] == kind) for kind in ("GameCreated", "DiceRolled"))
    text = next(e["sentence"] for e in report.data["events"] if e["type"] == "DiceRolled")
    assert created["data"]["dice_commitment"] in text
    assert f'"{dod3.game_id}:{rolled["version"]}:k"' in text
    seed = games.secrets.get(dod3.game_id, "dice_seed")
    (roll,) = rolled["data"]["rolls"]
    assert dice.derive(seed, dod3.game_id, rolled["version"], 0, 10) == roll["value"]
    assert f"roll 0 (d10) = {roll['value']}" in text


def test_the_report_names_the_next_deadline_and_what_the_seat_owes(app, games):
    """CORE-deadline: with the default schedule set, player1 owes Germany's weather roll by the
    deadline the schedule projection gives; player2 owes nothing."""
    table = create_dod3_table(app.test_client())
    table.send(MODERATOR, "SetSchedule", reminders=[])
    due = table.projection("schedule", AXIS)["seats"][AXIS]["next_deadline"]
    mine = build_report(games, table.game_id, AXIS, 0)
    assert (mine.data["owes"], mine.data["next_deadline"]) == (["GE"], due) and due is not None
    assert f"Next deadline: {due}" in mine.text and "You owe orders for: GE" in mine.text
    theirs = build_report(games, table.game_id, ALLIES, 0)
    assert (theirs.data["owes"], theirs.data["next_deadline"]) == ([], None)
    assert "You owe no orders." in theirs.text


def test_without_a_schedule_the_awaited_seat_is_told_what_it_owes(app, games):
    """What a seat owes follows who the game waits for, schedule or not: player1 owes Germany's
    weather roll (rule 7) with no deadline; player2 owes nothing."""
    table = create_dod3_table(app.test_client())
    mine = build_report(games, table.game_id, AXIS, 0)
    assert (mine.data["owes"], mine.data["next_deadline"]) == (["GE"], None)
    assert "You owe orders for: GE" in mine.text and "Next deadline: none" in mine.text
    theirs = build_report(games, table.game_id, ALLIES, 0)
    assert theirs.data["owes"] == [] and "You owe no orders." in theirs.text


def test_the_mail_with_both_attachments_is_text_and_html_with_the_png_and_report_json(sealed, games):
    report = build_report(games, sealed.game_id, ALLIES, 40)
    message = report_message(report, "casus@example.org", ["p2@example.org", "p2b@example.org"], "both")
    assert message.get_content_type() == "multipart/mixed"
    alternative, png, json_part = message.iter_parts()
    assert [p.get_content_type() for p in alternative.iter_parts()] == ["text/plain", "text/html"]
    assert "<svg" in alternative.get_body(("html",)).get_content()
    assert (png.get_filename(), png.get_content()[:8]) == ("status.png", PNG_MAGIC)
    assert json_part.get_filename() == "report.json" and orjson.loads(json_part.get_content()) == report.data
    assert message["Subject"] == report.subject
    assert f"[{sealed.game_id[:8]}]" in report.subject and f"version {report.version}" in report.subject
    assert message["To"] == "p2@example.org, p2b@example.org"


def test_a_report_is_lean_by_default_text_and_report_json_well_under_what_the_desk_accepts(sealed, games):
    """The drawing is most of a full report's weight (its PNG alone is over 150 KiB encoded): by
    default a report is its text and report.json, small enough to forward to the order desk, and
    no PNG is even drawn."""
    report = build_report(games, sealed.game_id, ALLIES, 0)
    lean = report_message(report, "casus@example.org", ["p2@example.org"])
    assert [p.get_content_type() for p in lean.iter_parts()] == ["text/plain", "application/json"]
    assert lean.get_body(("plain",)).get_content() == report.text
    assert "png" not in vars(report)  # never rendered
    assert len(bytes(lean)) < MAX_MESSAGE_BYTES / 4
    full = report_message(report, "casus@example.org", ["p2@example.org"], "both")
    assert len(bytes(full)) > 4 * len(bytes(lean))


@pytest.mark.parametrize("choice, html, png", [("none", False, False), ("svg", True, False), ("png", False, True),
                                               ("both", True, True)])
def test_a_seat_chooses_what_its_report_carries(sealed, games, choice, html, png):
    report = build_report(games, sealed.game_id, ALLIES, 40)
    message = report_message(report, "casus@example.org", ["p2@example.org"], choice)
    assert (message.get_body(("html",)) is not None) == html
    assert [p.get_filename() for p in message.iter_attachments()] == ["status.png"] * png + ["report.json"]
    if html:
        assert "<svg" in message.get_body(("html",)).get_content()


def test_an_unknown_attachment_choice_is_refused(sealed, games):
    report = build_report(games, sealed.game_id, ALLIES, 40)
    with pytest.raises(ValueError, match="attachments"):
        report_message(report, "casus@example.org", ["p2@example.org"], "gif")


@pytest.mark.parametrize("ruleset, preset, seat", [("gathering-storm", "one-per-power", "germany"),
                                                   ("totaler-krieg", "three-player", None)])
def test_a_ruleset_without_a_drawn_projection_reports_without_svg_or_png(app, games, ruleset, preset, seat):
    table = create_game_table(app.test_client(), ruleset, preset)
    seat = seat or next(iter(table.tokens))
    report = build_report(games, table.game_id, seat, 0, title="Our game")
    assert (report.svg, report.png) == (None, None) and "<svg" not in report.html
    assert report.subject.startswith(f"[{table.game_id[:8]}] Our game")
    for name, data in report.data["projections"].items():
        assert data == table.projection(name, seat)
        assert f"\n{name.replace('-', ' ').capitalize()}\n" in report.text
    assert "1. The game was created" in report.text
    message = report_message(report, "casus@example.org", ["a@example.org"], "both")
    assert [p.get_filename() for p in message.iter_attachments()] == ["report.json"]
    assert message.get_body(("html",)) is None  # nothing drawn: the text says it all


@pytest.mark.parametrize("seat, after, field", [("nobody", 0, "seat"), (AXIS, -1, "after"), (AXIS, 10_000, "after"),
                                                (AXIS, "3", "after")])
def test_bad_input_is_a_clear_error(dod3, games, seat, after, field):
    with pytest.raises(Problem) as error:
        build_report(games, dod3.game_id, seat, after)
    assert error.value.status == 422 and field in error.value.extra["errors"]


def test_an_unknown_game_is_not_found(games):
    with pytest.raises(Problem) as error:
        build_report(games, "0" * 32, AXIS, 0)
    assert error.value.status == 404


def test_a_mail_without_recipients_is_refused(sealed, games):
    report = build_report(games, sealed.game_id, ALLIES, 40)
    with pytest.raises(ValueError, match="recipient"):
        report_message(report, "casus@example.org", [])
