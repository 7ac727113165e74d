"""The README's "Using the API" session runs as written: the fenced block between the
`api-session` markers is run with bash (-e, pipefail) against a real `casus serve` on a port of
this suite's range; every command in it succeeds."""
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.server import casus_serve, free_port

ROOT = Path(__file__).resolve().parents[2]
SESSION = re.compile(r"<!-- api-session -->\s*```sh\n(.*?)```\s*<!-- /api-session -->", re.S)
PORTS = range(7700, 7800)


def readme_session() -> str:
    found = SESSION.search((ROOT / "README.md").read_text(encoding="utf-8"))
    assert found, "README.md has no fenced sh block between <!-- api-session --> markers"
    return found.group(1)


@pytest.fixture
def casus_serve_here(tmp_path):
    with casus_serve(free_port(PORTS), {"CASUS_DB": str(tmp_path / "casus.db"), "REDIS_URL": None},
                     "--workers", "1", cwd=tmp_path) as process:
        yield process.base


def test_the_readme_session_runs_as_written(casus_serve_here):
    missing = [tool for tool in ("bash", "curl", "jq") if shutil.which(tool) is None]
    if missing:
        if os.environ.get("REQUIRE_README_SESSION") == "1":
            pytest.fail(f"the README session needs {missing}")
        pytest.skip(f"the README session needs {missing}; set REQUIRE_README_SESSION=1 to require them")
    done = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", readme_session()], capture_output=True, text=True,
                          env={**os.environ, "CASUS": casus_serve_here}, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert "dod3" in lines  # the rulesets
    assert any(line.startswith("id: ") for line in lines)  # the event stream's catch-up
    assert "sealed" in lines[-1]  # the text of rule DOD3-6.1
    bid_version = next(line for line in lines if re.fullmatch(r"[0-9]+", line))
    assert int(bid_version) > 20  # turn 1 was played through before the bid
