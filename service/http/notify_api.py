"""REST endpoints of the schedule's outside world (CORE-deadline): a seat's notifications, its
webhooks and their delivery logs, and the calendar feed. The schedule itself is set with
commands (``SetSchedule``, ...) and read as the ``schedule`` and ``lateness`` projections."""
from __future__ import annotations

from flask import Response, g, url_for
from flask.views import MethodView
from marshmallow import Schema, fields, validate

from service.notify import calendar
from service.http.api_common import PROBLEM
from service.http.request_parsing import Blueprint
from service.http.seats import current_seat, game_state
from service.notify.notifications import KINDS, stream
from service.http.problems import Problem, not_found
from service.http.schemas import StrictSchema
from service.notify.webhooks import public

deadlines = Blueprint("deadlines", __name__, url_prefix="/games",
                      description="Deadlines: notifications, webhooks, calendar feed")
ICS = "text/calendar"


def problems(operation_id: str, *codes: int):
    return deadlines.doc(operationId=operation_id, responses={str(code): PROBLEM for code in codes})


class NotificationSchema(Schema):
    id = fields.String(required=True, metadata={"description": "Unique per game, version and seat; the webhook-id"})
    game_id = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": "The event that caused it (0: a service notice)"})
    seat = fields.String(required=True)
    kind = fields.String(required=True, metadata={"enum": [*KINDS, "webhook_disabled"]})
    at = fields.String(required=True)
    data = fields.Dict(required=True)


class NotificationsQuery(Schema):
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=2**53))
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=500))


class NotificationPageSchema(Schema):
    seat = fields.String(required=True)
    notifications = fields.List(fields.Nested(NotificationSchema), required=True)
    after = fields.Integer(required=True, metadata={"description": "The version read up to: the next page's `after`"})


class SubscribeSchema(StrictSchema):
    url = fields.String(required=True, validate=validate.Length(1, 2000))


class SubscriptionSchema(Schema):
    id = fields.String(required=True)
    seat = fields.String(required=True)
    url = fields.String(required=True)
    active = fields.Boolean(required=True)
    failures = fields.Integer(required=True, metadata={"description": "Failed deliveries in a row"})
    disabled_reason = fields.String(allow_none=True)
    created_at = fields.String(required=True)
    secret = fields.String(metadata={"description": "whsec_<base64 key>: shown once, at creation"})


class SubscriptionListSchema(Schema):
    webhooks = fields.List(fields.Nested(SubscriptionSchema), required=True)


class DeliverySchema(Schema):
    message_id = fields.String(required=True)
    attempt = fields.Integer(required=True)
    ok = fields.Boolean(required=True)
    status = fields.Integer(allow_none=True)
    error = fields.String(allow_none=True)
    at = fields.String(required=True)
    ms = fields.Float(required=True)


class DeliveryLogSchema(Schema):
    deliveries = fields.List(fields.Nested(DeliverySchema), required=True)


class FeedSchema(Schema):
    seat = fields.String(required=True)
    url = fields.String(required=True, metadata={"description": "The seat's calendar.ics, its feed token included"})


class CalendarQuery(Schema):
    token = fields.String(validate=validate.Regexp(r"^[0-9a-f]{32}$", error="a feed token: 32 hex digits"))


SIGNATURE_HEADERS = [
    {"in": "header", "name": "webhook-id", "required": True, "schema": {"type": "string"},
     "description": "The notification's id: the same on every retry of it"},
    {"in": "header", "name": "webhook-timestamp", "required": True, "schema": {"type": "string"},
     "description": "Unix seconds of this attempt"},
    {"in": "header", "name": "webhook-signature", "required": True, "schema": {"type": "string"},
     "description": "Standard Webhooks: `v1,` + base64 HMAC-SHA256 over `id.timestamp.body`, keyed by the "
                    "base64 key after `whsec_`"},
]
WEBHOOK_PAYLOAD = {"type": "object", "required": ["type", "timestamp", "data"], "properties": {
    "type": {"type": "string", "enum": [*KINDS, "webhook_disabled"]},
    "timestamp": {"type": "string"},
    "data": {"$ref": "#/components/schemas/Notification"}}}
CALLBACKS = {"notification": {"{$request.body#/url}": {"post": {
    "summary": "A notification, signed (Standard Webhooks); retried with backoff until a 2xx",
    "parameters": SIGNATURE_HEADERS,
    "requestBody": {"required": True, "content": {"application/json": {"schema": WEBHOOK_PAYLOAD}}},
    "responses": {"200": {"description": "Any 2xx: delivered"}}}}}}


def _seat(game_id: str) -> str:
    return current_seat(game_id, required=True)


@deadlines.route("/<game_id>/notifications")
class Notifications(MethodView):
    @deadlines.arguments(NotificationsQuery, location="query")
    @deadlines.response(200, NotificationPageSchema)
    @problems("listNotifications", 401, 404, 422)
    def get(self, query, game_id):
        """This seat's notifications after a version (the moderator's: every one once)."""
        seat = _seat(game_id)
        state = game_state(game_id)
        notices = g.services.webhooks.notices if g.services.webhooks else None
        found, after = stream(g.services.games, game_id, seat, query["after"], query["limit"], notices)
        return {"seat": seat, "notifications": [n.to_dict() for n in found], "after": after}


@deadlines.route("/<game_id>/webhooks")
class Webhooks(MethodView):
    @deadlines.response(200, SubscriptionListSchema)
    @problems("listWebhooks", 401, 404)
    def get(self, game_id):
        """This seat's webhooks (the moderator's: every webhook of the game), without secrets."""
        seat = _seat(game_id)
        subscriptions = g.services.webhooks.subscriptions(game_id)
        return {"webhooks": [public(s) for s in subscriptions if seat in (s["seat"], "moderator")]}

    @deadlines.arguments(SubscribeSchema)
    @deadlines.response(201, SubscriptionSchema)
    @deadlines.doc(callbacks=CALLBACKS)
    @problems("createWebhook", 400, 401, 404, 413, 415, 422)
    def post(self, body, game_id):
        """Subscribe a URL to this seat's notifications (the moderator's: the game's). The answer
        shows the signing secret once. Failed deliveries are retried with backoff; after too many
        in a row the webhook is disabled and the moderator's webhooks are told."""
        seat = _seat(game_id)
        subscription = g.services.webhooks.subscribe(game_id, seat, body["url"])
        location = url_for("deadlines.Webhook", game_id=game_id, subscription_id=subscription["id"])
        return subscription, 201, {"Location": location, "Cache-Control": "no-store"}


@deadlines.route("/<game_id>/webhooks/<subscription_id>")
class Webhook(MethodView):
    @deadlines.response(204)
    @problems("deleteWebhook", 401, 404)
    def delete(self, game_id, subscription_id):
        """Remove one of this seat's webhooks (the moderator: any)."""
        if not g.services.webhooks.unsubscribe(game_id, _seat(game_id), subscription_id):
            raise not_found(f"webhook {subscription_id!r}")
        return Response(status=204)


@deadlines.route("/<game_id>/webhooks/<subscription_id>/deliveries")
class Deliveries(MethodView):
    @deadlines.response(200, DeliveryLogSchema)
    @problems("listWebhookDeliveries", 401, 404)
    def get(self, game_id, subscription_id):
        """The delivery log of one of this seat's webhooks (its last 50 attempts)."""
        seat = _seat(game_id)
        owned = [s for s in g.services.webhooks.subscriptions(game_id)
                 if s["id"] == subscription_id and seat in (s["seat"], "moderator")]
        if not owned:
            raise not_found(f"webhook {subscription_id!r}")
        return {"deliveries": g.services.webhooks.deliveries(game_id, subscription_id)}


@deadlines.route("/<game_id>/calendar-feed")
class CalendarFeed(MethodView):
    @deadlines.response(200, FeedSchema)
    @problems("getCalendarFeed", 401, 404)
    def get(self, game_id):
        """This seat's calendar URL (with its feed token: it reads the feed and nothing else)."""
        seat = _seat(game_id)
        token = calendar.feed_token(g.services.games.secrets, game_id, seat)
        return {"seat": seat, "url": url_for("deadlines.CalendarView", game_id=game_id, token=token, _external=True)}


@deadlines.route("/<game_id>/calendar.ics")
class CalendarView(MethodView):
    @deadlines.arguments(CalendarQuery, location="query")
    @deadlines.doc(responses={"200": {"description": "The game's deadlines (a seat's, with its feed token)",
                                      "content": {ICS: {"schema": {"type": "string"}}}}})
    @problems("getCalendar", 401, 404, 422)
    def get(self, query, game_id):
        """The deadlines as an iCalendar feed; ``token`` (from ``calendar-feed``) gives a seat's."""
        games = g.services.games
        state = game_state(game_id)
        seat = None
        if "token" in query:
            seat = calendar.seat_of(games.secrets, game_id, state.seats, query["token"])
            if seat is None:
                raise Problem(401, "unauthorized", "Unauthorized", "the feed token is not valid for this game")
        body = calendar.ics(game_id, state.ruleset, calendar.deadlines(games.store, game_id), seat)
        return Response(body, mimetype=ICS)

