"""Browser tests: Playwright driving Debian's Chromium (never a downloaded browser) against a real
`casus serve` on a temporary SQLite file. Skipped, with the reason, when Playwright or the browser
is missing, unless REQUIRE_BROWSER=1 (CI sets it): then they fail."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
import requests

from tests.support.server import ROOT, free_port, stop

CHROMIUM = os.environ.get("CASUS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install playwright axe-playwright-python)"
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


@pytest.fixture(scope="session")
def browser():
    reason = _missing()
    if reason:
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(f"REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory, browser):
    """`casus serve` on a fresh SQLite file, with the tests' tiny ruleset and no rate limits."""
    db = tmp_path_factory.mktemp("table") / "table.db"
    env = {"CASUS_DB": str(db), "CASUS_EXTRA_RULESETS": "tests.support.tiny_ruleset", "REDIS_URL": None,
           "CASUS_RATE_LIMIT_CREATE": "off", "CASUS_RATE_LIMIT_COMMANDS": "off"}
    with _serve(env) as process:
        process.db = db
        process.env = env
        yield process


@contextmanager
def _serve(env: dict, seconds: float = 60):
    """``casus serve --workers 2`` (as tests/support/server.py starts it), waited for with a
    patient health check: two shared cores may be busy with other suites."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    for name, value in env.items():
        if value is None:
            environment.pop(name, None)
        else:
            environment[name] = value
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "service.cli", "serve", "--port", str(port), "--workers", "2"],
                               cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    process.base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + seconds
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"casus serve exited: {process.stderr.read().decode()[-2000:]}")
            try:
                if requests.get(f"{process.base}/healthz", timeout=5).ok:
                    break
            except requests.RequestException:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        yield process
    finally:
        stop(process)
