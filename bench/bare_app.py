"""The baseline for bench/http.py: a bare Flask endpoint that accepts a JSON body and answers 201.

It answers in the shape of the real command endpoint -- the game id in the body, the next
version in the ETag (If-Match + 1) -- so that bench/wrk/commands.lua does the same work for
both servers; it checks nothing and stores nothing."""
from flask import Flask, request

app = Flask("bare")


@app.get("/healthz")
def healthz():
    return {"ok": True}


@app.post("/games/<game_id>/commands")
def command(game_id):
    body = request.get_json()
    version = int(request.headers.get("If-Match", '"0"').strip('"')) + 1
    return ({"version": version, "replayed": False, "events": [{"type": body["type"], "game_id": game_id}]},
            201, {"ETag": f'"{version}"'})
