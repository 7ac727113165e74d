"""A real HTTP server for client tests: the Flask app under werkzeug's threaded WSGI server on a
port of this suite's range (7700-7799), in a thread of the test process."""
import threading

import pytest
from werkzeug.serving import make_server

from service.http.app import create_app
from service.config import Config
from tests.support.server import free_port

PORTS = range(7700, 7800)


@pytest.fixture
def served(tmp_path):
    """The base URL of a running service on a fresh SQLite file."""
    app = create_app(Config(database=str(tmp_path / "client.db")))
    server = make_server("127.0.0.1", free_port(PORTS), app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=10)
