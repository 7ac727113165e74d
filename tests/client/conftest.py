"""A real HTTP server for client tests: the Flask app under werkzeug's threaded WSGI server on a
port of this suite's range (7700-7799), in a thread of the test process."""
import socket
import threading

import pytest
from werkzeug.serving import make_server

from service.app import create_app
from service.config import Config

PORTS = range(7700, 7800)


def free_port() -> int:
    for port in PORTS:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {PORTS}")


@pytest.fixture
def served(tmp_path):
    """The base URL of a running service on a fresh SQLite file."""
    app = create_app(Config(database=str(tmp_path / "client.db")))
    server = make_server("127.0.0.1", free_port(), app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=10)
