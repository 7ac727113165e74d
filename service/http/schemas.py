"""Marshmallow schemas for every request and response body (and so for openapi.yaml)."""
from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

VISIBILITIES = ("listed", "unlisted")
NAME = validate.Regexp(r"^[A-Za-z0-9_.-]{1,64}$", error="1-64 letters, digits, '_', '.' or '-'")


class StrictSchema(Schema):
    """Refuses unknown fields, naming the fields it takes."""

    class Meta:
        unknown = RAISE

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        allowed = sorted(f.data_key or name for name, f in self.load_fields.items())
        self.error_messages = {**self.error_messages, "unknown": f"Unknown field; allowed: {', '.join(allowed)}."}


class ProblemSchema(Schema):
    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String()
    instance = fields.String()
    rule_id = fields.String()
    rule_url = fields.String(metadata={"description": "The page of the rule `rule_id` names"})
    expected = fields.Integer()
    actual = fields.Integer()
    errors = fields.Raw()


class CreateGameSchema(StrictSchema):
    ruleset = fields.String(required=True, validate=validate.Length(1, 64))
    seats = fields.Dict(keys=fields.String(validate=NAME),
                        values=fields.List(fields.String(validate=validate.Length(1, 64)), validate=validate.Length(max=32)),
                        validate=validate.Length(1, 16))
    preset = fields.String(validate=validate.Length(1, 64))
    options = fields.Dict(keys=fields.String(validate=NAME), load_default=dict)
    pack = fields.Dict(allow_none=True, load_default=None,
                       metadata={"description": "A group's own data pack (as validated by `casus data validate`)"})
    visibility = fields.String(load_default="listed", validate=validate.OneOf(VISIBILITIES), metadata={
        "description": "`listed`: GET /games shows the game to everyone; `unlisted`: only to a reader sending "
                       "one of its tokens (anyone with its id can still read it)"})


class CreatedGameSchema(Schema):
    game_id = fields.String(required=True)
    ruleset = fields.String(required=True)
    version = fields.Integer(required=True)
    seats = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))
    tokens = fields.Dict(keys=fields.String(), values=fields.String(),
                         metadata={"description": "Bearer token per seat; shown once, stored hashed"})
    moderator_token = fields.String(required=True)


class GameSummarySchema(Schema):
    game_id = fields.String(required=True)
    ruleset = fields.String(required=True)
    version = fields.Integer(required=True)
    seats = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))
    terminal = fields.Boolean(required=True)
    created_at = fields.String(required=True, metadata={"description": "When the game was created (ISO 8601, UTC)"})
    visibility = fields.String(required=True, validate=validate.OneOf(VISIBILITIES))
    awaiting = fields.List(fields.String(), required=True, metadata={
        "description": "Whose move it is: the seats legal-commands offers something now"})


class GameListSchema(Schema):
    games = fields.List(fields.Nested(GameSummarySchema), required=True)
    next = fields.String(allow_none=True)


class GameListQuery(StrictSchema):
    after = fields.String(load_default="", validate=validate.Length(max=64))
    limit = fields.Integer(load_default=100, validate=validate.Range(1, 1000))


class GameStateSchema(Schema):
    game_id = fields.String(required=True)
    ruleset = fields.String(required=True)
    version = fields.Integer(required=True)
    seat = fields.String(required=True)
    seats = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))
    terminal = fields.Boolean(required=True)
    dice_commitment = fields.String()
    dice_seed = fields.String(allow_none=True)
    pending_undo = fields.Dict(allow_none=True)
    state = fields.Dict(required=True)


class AtQuery(StrictSchema):
    at = fields.Integer(validate=validate.Range(min=1, max=2**53))


class CommandSchema(StrictSchema):
    type = fields.String(required=True, validate=validate.Length(1, 64))
    data = fields.Dict(load_default=dict)


class EventSchema(Schema):
    game_id = fields.String()
    version = fields.Integer()
    position = fields.Integer()
    type = fields.String()
    schema_version = fields.Integer()
    data = fields.Dict()
    actor = fields.String()
    event_id = fields.String()
    command_id = fields.String(allow_none=True)
    correlation_id = fields.String(allow_none=True)
    recorded_at = fields.String()
    ruleset = fields.String()
    ruleset_version = fields.String()
    visibility = fields.Raw()
    reveals = fields.List(fields.String())
    prev_hash = fields.String()
    hash = fields.String()
    salt = fields.String()
    redacted = fields.Boolean()
    data_digest = fields.String()


class CommandResultSchema(Schema):
    version = fields.Integer(required=True)
    replayed = fields.Boolean(required=True)
    events = fields.List(fields.Nested(EventSchema), required=True)
    signed_head = fields.String(required=True, metadata={
        "description": "The server's Ed25519 signature over (game, version, last hash): keep it, and "
                       "`casus verify EXPORT --head SIGNED_HEAD` proves an export is exactly this history "
                       "(public keys at `GET /keys`)"})


class EventsQuery(StrictSchema):
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=2**53))
    limit = fields.Integer(load_default=None, validate=validate.Range(1, 1000), metadata={
        "description": "At most this many events: a JSON page holds 100 without it; a stream ends after "
                       "them (unlimited without it)"})
    follow = fields.Boolean(load_default=True, metadata={"description": "SSE only: keep the stream open"})
    stream_token = fields.String(load_default=None, metadata={
        "description": "SSE only: a token from POST /games/{game_id}/stream-tokens, for EventSource (read as its seat)"})


class EventsPageSchema(Schema):
    events = fields.List(fields.Nested(EventSchema), required=True)
    next = fields.String(allow_none=True, metadata={"description": "URL of the next page, if any"})


class CommandSpecSchema(Schema):
    type = fields.String(required=True)
    power = fields.String(allow_none=True, metadata={"description": "The power the seat acts for, if any"})
    choices = fields.Dict(metadata={"description": "Per data field: the allowed values, or {minimum, maximum}"})
    rule_id = fields.String(allow_none=True, metadata={"description": "The rule; its text is at /rules/{rule_id}"})
    data_schema = fields.Dict(required=True, metadata={
        "description": "JSON Schema (2020-12) of this command's `data`, narrowed by `choices`"})
    example = fields.Dict(required=True, allow_none=True, metadata={
        "description": "A complete body {type, data} the service accepts unchanged now; null when no single "
                       "body can be named (build one from `data_schema`)"})


class LegalCommandsSchema(Schema):
    seat = fields.String(required=True)
    version = fields.Integer(required=True)
    commands = fields.List(fields.Nested(CommandSpecSchema), required=True)


class ProjectionListSchema(Schema):
    projections = fields.List(fields.String(), required=True)


class ProjectionSchema(Schema):
    name = fields.String(required=True)
    ruleset = fields.String(required=True, metadata={"description": "The game's ruleset: which `data` it is"})
    version = fields.Integer(required=True)
    seat = fields.String(required=True)
    data = fields.Raw(required=True)


class JobSchema(Schema):
    id = fields.String(required=True)
    queue = fields.String()
    status = fields.String(required=True)
    result = fields.Raw(allow_none=True)
    error = fields.String(allow_none=True)


class VerifyReportSchema(Schema):
    ok = fields.Boolean(required=True)
    events = fields.Integer(required=True)
    chain_ok = fields.Boolean(required=True)
    dice_verifiable = fields.Boolean(required=True)
    dice_checked = fields.Integer(required=True)
    first_bad_version = fields.Integer(allow_none=True)
    problems = fields.List(fields.String(), required=True)


class RulesetSchema(Schema):
    id = fields.String(required=True)
    version = fields.String(required=True)
    title = fields.String(required=True)
    description = fields.String()
    commands = fields.List(fields.String(), metadata={"description": "The ruleset's own commands"})
    platform_commands = fields.List(fields.String(), metadata={
        "description": "Commands every game takes, whatever its ruleset (undo, the early dice seed reveal)"})
    events = fields.List(fields.String())
    projections = fields.List(fields.String())
    seat_presets = fields.Dict()


class ProblemTypeSchema(Schema):
    type = fields.String(required=True, metadata={"description": "The `type` URL of problems of this kind"})
    slug = fields.String(required=True)
    status = fields.Integer(required=True)
    title = fields.String(required=True)
    what = fields.String(required=True, metadata={"description": "What happened"})
    fix = fields.String(required=True, metadata={"description": "What a client does about it"})


class RuleSchema(Schema):
    id = fields.String(required=True)
    text = fields.String(required=True, metadata={"description": "The rule in one line (our words)"})
    rulesets = fields.List(fields.String(), required=True)


class RuleListSchema(Schema):
    rules = fields.List(fields.Nested(RuleSchema), required=True)


class RulesQuery(StrictSchema):
    ruleset = fields.String(validate=validate.Length(1, 64))


class RulesetListSchema(Schema):
    rulesets = fields.List(fields.Nested(RulesetSchema), required=True)


class KeysSchema(Schema):
    keys = fields.Dict(keys=fields.String(), values=fields.String(), required=True, metadata={
        "description": "key id -> raw Ed25519 public key (hex) of every head-signing key, old ones included"})


class HealthSchema(Schema):
    status = fields.String(required=True)
    store = fields.String(required=True)
    jobs = fields.String(required=True)
