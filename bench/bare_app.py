"""The baseline for bench/http.py: a bare Flask endpoint that accepts a JSON body and answers 201."""
from flask import Flask, request

app = Flask("bare")


@app.post("/games/<game_id>/commands")
def command(game_id):
    body = request.get_json()
    return {"version": 1, "replayed": False, "events": [{"type": body["type"]}]}, 201
