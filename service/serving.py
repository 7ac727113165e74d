"""How `casus serve` runs gunicorn, as a gunicorn settings module: `casus serve` reads it, and
`gunicorn -c python:service.serving` serves any WSGI app the same way (bench/http.py serves its
bare baseline so). bind, workers and worker_connections come from `casus serve`'s options."""
from __future__ import annotations

import re
from ssl import SSLError

import orjson
from gunicorn import util
from gunicorn.http.errors import (
    ExpectationFailed,
    InvalidResponseHeader,
    InvalidResponseHeaderName,
    LimitRequestHeaders,
    LimitRequestLine,
    ParseException,
)
from gunicorn.workers.ggevent import GeventWorker
from werkzeug.http import HTTP_STATUS_CODES

from service.http.problems import http_problem, type_url

# Greenlets: a request is one while it runs, and an idle SSE stream one that waits (sqlite3 and
# Redis calls are short; see service/streams.py). ProblemWorker is gevent's, answering its own
# refusals as problem+json.
worker_class = "service.serving.ProblemWorker"
timeout = 60
graceful_timeout = 5  # open SSE streams must not hold a shutdown for long
accesslog = "-"
# The path without its query: a ?stream_token= stays out of the logs.
access_log_format = '%(h)s %(l)s %(u)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(b)s "%(f)s" "%(a)s"'
# Above the service's own limits (service/http/request_parsing.py), so the app answers most oversized
# requests itself; past these gunicorn refuses them (ProblemWorker: 414, 431).
limit_request_line = 8190
limit_request_field_size = 32768
limit_request_fields = 200


def post_worker_init(worker) -> None:
    """After a worker has loaded the app: its long-lived objects (rulesets, packs, the app) leave
    the garbage collector's generations, so a full collection does not walk them while a thousand
    streams wait on it."""
    import gc

    gc.collect()
    gc.freeze()


def post_request(worker, req, environ, resp) -> None:
    """After each answer is sent, the other connections get their turn. A greenlet yields only
    when its socket would block, so a keep-alive client whose next request is already there (a
    fast client, or one pipelining on purpose) was served again and again while every other
    player and stream waited: under load a second at the 99th percentile. The price is one
    switch per request (a few percent of throughput; README, bench.http)."""
    import gevent

    gevent.sleep(0)


class ProblemWorker(GeventWorker):
    """gunicorn's gevent worker, answering what gunicorn refuses before the app sees it as the app
    answers every error: problem+json (RFC 9457) whose ``type`` is the service's page of it.
    gunicorn's own answer is a text/html page. The statuses are gunicorn's
    (gunicorn/workers/base.py ``handle_error``): 414 past ``limit_request_line``, 431 past
    ``limit_request_fields`` or ``limit_request_field_size``, 400 for the rest of what is not
    HTTP/1.x (a garbage request line, ``HTTP/9.9``, ``Content-Length: abc``), 500 for its own
    failure."""

    def handle_error(self, req, client, addr, exc):
        status = refused_status(exc)
        if status >= 500:
            self.log.exception("Error handling request")
            detail = "the error was logged"
        else:
            self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
            detail = str(exc)[:200]  # gunicorn's words; a refused request line can be 8 KB
            if status == 431:
                detail += (f": at most {self.cfg.limit_request_fields} fields of at most "
                           f"{self.cfg.limit_request_field_size} bytes each")
        problem = http_problem(status, detail)
        root = f"{'https' if self.cfg.is_ssl else 'http'}://{_host(req or getattr(exc, 'req', None), client)}"
        body = orjson.dumps(problem.body(type_url(root, problem.slug)))
        head = (f"HTTP/1.1 {status} {HTTP_STATUS_CODES.get(status, 'Error')}\r\nConnection: close\r\n"
                f"Content-Type: application/problem+json\r\nContent-Length: {len(body)}\r\n\r\n")
        try:
            util.write_nonblock(client, head.encode("latin-1") + body)
        except Exception:  # the client is gone: nothing to answer, as gunicorn does
            self.log.debug("Failed to send error message.")


def refused_status(exc: BaseException) -> int:
    """The status gunicorn's ``handle_error`` gives ``exc``: a parse error's ``code`` (400 unless
    it names another), and the few it sets itself."""
    match exc:
        case LimitRequestLine():
            return 414
        case LimitRequestHeaders():
            return 431
        case ExpectationFailed():
            return 417
        case InvalidResponseHeader() | InvalidResponseHeaderName():  # the app's fault, not the client's
            return 500
        case ParseException():
            return getattr(exc, "code", 400)
        case SSLError():
            return 403
    return 500


_HOST = re.compile(r"[A-Za-z0-9.:\[\]-]{1,255}")


def _host(req, client) -> str:
    """The Host the request named, when gunicorn read that far; else the address it reached."""
    host = next((value for name, value in getattr(req, "headers", ()) if name == "HOST"), "")
    if _HOST.fullmatch(host):
        return host
    local = client.getsockname()
    if not isinstance(local, tuple):  # a Unix socket
        return "localhost"
    return f"[{local[0]}]:{local[1]}" if ":" in local[0] else f"{local[0]}:{local[1]}"
