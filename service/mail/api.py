"""REST endpoints of play by email: a seat registers its addresses, order password and what mail
it wants (when reports come, what they carry); the moderator reads the game's mail log. Orders
themselves arrive by mail (service/mail/processor.py)."""
from __future__ import annotations

import orjson
from flask import Response, g
from flask.views import MethodView
from marshmallow import Schema, fields, validate

from domain.kernel import MODERATOR
from service.http.api_common import PROBLEM
from service.http.request_parsing import Blueprint
from service.http.seats import current_seat, game_state
from service.mail.processor import game_address
from service.mail.seats import ATTACHMENTS, MAX_ADDRESSES, NOTIFY, PASSWORD_LENGTH, MailSeats
from service.mail.transport import MailSettings
from service.http.problems import Problem, not_found
from service.http.schemas import StrictSchema

mail = Blueprint("mail", __name__, url_prefix="/games", description="Play by email: seats' addresses, mail log")


def problems(operation_id: str, *codes: int):
    return mail.doc(operationId=operation_id, responses={str(code): PROBLEM for code in codes})


NOTIFY_TEXT = ("events: a report after every change; steps: a report when a step this seat owes orders in "
               "begins or ends, or a turn ends (the moderator: every step); turns: a report when a turn ends. "
               "By mail: NOTIFY <choice>")
ATTACHMENTS_TEXT = ("What a report carries beside its text and report.json: none (lean, the default), svg (an "
                    "HTML part with the status display inline), png (status.png attached), both. By mail: "
                    "ATTACHMENTS <choice>")


class RegistrationSchema(StrictSchema):
    addresses = fields.List(fields.String(validate=validate.Length(3, 254)), required=True,
                            validate=validate.Length(1, MAX_ADDRESSES),
                            metadata={"description": "Where this seat mails from and wants its mail"})
    order_password = fields.String(required=True, validate=validate.Length(*PASSWORD_LENGTH), load_only=True,
                                   metadata={"description": "Goes in every order mail (`SIGNON <seat> <password>`); "
                                                            "stored hashed, never shown again"})
    notify = fields.String(load_default="steps", validate=validate.OneOf(NOTIFY), metadata={"description": NOTIFY_TEXT})
    attachments = fields.String(load_default="none", validate=validate.OneOf(ATTACHMENTS),
                                metadata={"description": ATTACHMENTS_TEXT})


class MailSeatSchema(Schema):
    seat = fields.String(required=True)
    addresses = fields.List(fields.String(), required=True)
    notify = fields.String(required=True, validate=validate.OneOf(NOTIFY), metadata={"description": NOTIFY_TEXT})
    attachments = fields.String(required=True, validate=validate.OneOf(ATTACHMENTS),
                                metadata={"description": ATTACHMENTS_TEXT})


class MailSettingsSchema(Schema):
    game_address = fields.String(required=True, metadata={"description": "Where this game's orders are mailed"})
    seats = fields.List(fields.Nested(MailSeatSchema), required=True)


class MailLogEntrySchema(Schema):
    at = fields.String(required=True)
    message_id = fields.String(required=True)
    sender = fields.String(required=True)
    seat = fields.String(allow_none=True)
    outcome = fields.String(required=True, metadata={"enum": ["applied", "partly applied", "refused", "ignored"]})
    reason = fields.String(required=True)
    version = fields.Integer(allow_none=True)


class MailLogSchema(Schema):
    entries = fields.List(fields.Nested(MailLogEntrySchema), required=True)


def _address(game_id: str) -> str:
    # Only the address: the IMAP and SMTP settings are `casus mail`'s to check, not an API read's.
    return game_address(MailSettings.address_from_env(), game_id)


def _may_manage(game_id: str, seat: str) -> str:
    caller = current_seat(game_id, required=True)
    if seat not in (*game_state(game_id).seats, MODERATOR):
        raise not_found(f"seat {seat!r}")
    if caller not in (seat, MODERATOR):
        raise Problem(403, "forbidden", "Forbidden", f"only {seat!r} or the moderator registers {seat!r}'s mail")
    return caller


@mail.route("/<game_id>/mail")
class GameMail(MethodView):
    @mail.response(200, MailSettingsSchema)
    @problems("getMailSettings", 401, 404)
    def get(self, game_id):
        """The game's order address, and the mail registrations this seat may read (its own; the
        moderator's: every seat's). Passwords are never shown."""
        caller = current_seat(game_id, required=True)
        registered = MailSeats(g.services.games.secrets).seats(game_id)
        return {"game_address": _address(game_id),
                "seats": [s.public() for s in registered.values() if caller in (s.seat, MODERATOR)]}


@mail.route("/<game_id>/mail/seats/<seat>")
class SeatMail(MethodView):
    @mail.arguments(RegistrationSchema)
    @mail.response(200, MailSeatSchema)
    @problems("registerSeatMail", 400, 401, 403, 404, 413, 415, 422)
    def put(self, body, game_id, seat):
        """Register (or replace) a seat's mail: its addresses, order password and preferences."""
        _may_manage(game_id, seat)
        entry = MailSeats(g.services.games.secrets).register(game_id, seat, body["addresses"], body["order_password"],
                                                             body["notify"], body["attachments"])
        return entry.public(), 200, {"Cache-Control": "no-store"}

    @mail.response(204)
    @problems("deleteSeatMail", 401, 403, 404)
    def delete(self, game_id, seat):
        """Stop this seat's play by email (its mail is refused from now on)."""
        _may_manage(game_id, seat)
        if not MailSeats(g.services.games.secrets).unregister(game_id, seat):
            raise not_found(f"mail registration of {seat!r}")
        return Response(status=204)


@mail.route("/<game_id>/mail/log")
class MailLog(MethodView):
    @mail.response(200, MailLogSchema)
    @problems("getMailLog", 401, 403, 404)
    def get(self, game_id):
        """Moderator: every message the game's mailbox received, what was done with it and why."""
        if current_seat(game_id, required=True) != MODERATOR:
            raise Problem(403, "forbidden", "Forbidden", "the mail log is the moderator's")
        raw = g.services.games.secrets.get(game_id, "mail-log")
        return {"entries": orjson.loads(raw) if raw else []}
