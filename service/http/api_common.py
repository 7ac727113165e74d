"""The games blueprint (api.py routes the resources of games_api, reads_api and upkeep_api on
it), and what the API's resources share: the problem responses each operation documents, the reads
that depend on the bearer token, and the Link header of a paged list."""
from __future__ import annotations

from service.http import schemas as s
from service.http.error_responses import PROBLEM_JSON
from service.http.request_parsing import Blueprint

games = Blueprint("games", __name__, url_prefix="/games", description="Games, commands, events, projections")

PROBLEM = {"description": "Problem details (RFC 9457)", "content": {PROBLEM_JSON: {"schema": s.ProblemSchema}}}
# Reads whose bytes depend on the bearer token: they vary on Authorization and are private.
PER_SEAT_READS = frozenset({"games.State", "games.Events", "games.LegalCommands", "games.ProjectionView",
                            "export.Export"})


def problems(operation_id: str, *codes: int):
    """Name the operation and document the problem responses it can give."""
    return games.doc(operationId=operation_id, responses={str(code): PROBLEM for code in codes})


def link(next_url: str | None) -> dict:
    return {"Link": f'<{next_url}>; rel="next"'} if next_url else {}
