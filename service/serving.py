"""How `casus serve` runs gunicorn, as a gunicorn settings module: `casus serve` reads it, and
`gunicorn -c python:service.serving` serves any WSGI app the same way (bench/http.py serves its
bare baseline so). bind, workers and worker_connections come from `casus serve`'s options."""
from __future__ import annotations

# Greenlets: a request is one while it runs, and an idle SSE stream one that waits (sqlite3 and
# Redis calls are short; see service/streams.py).
worker_class = "gevent"
timeout = 60
graceful_timeout = 5  # open SSE streams must not hold a shutdown for long
accesslog = "-"
# The path without its query: a ?stream_token= stays out of the logs.
access_log_format = '%(h)s %(l)s %(u)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(b)s "%(f)s" "%(a)s"'
# Above the service's own limits (service/http.py), so oversized requests get its problem+json
# answer instead of gunicorn's HTML page.
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
