"""The README's test command (`python -m pytest`, with pyproject.toml's addopts) says why each
skipped test was skipped (issue 22 item 14): a suite without Redis skips dozens of tests, and a
newcomer saw only "s" with no reason."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_the_test_command_prints_each_skip_reason(tmp_path):
    (tmp_path / "test_skipping.py").write_text(
        "import pytest\n\n\ndef test_needs_redis():\n    pytest.skip('no Redis at 127.0.0.1:6379')\n")
    run = subprocess.run([sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml"), "--rootdir",
                          str(tmp_path), "-p", "no:cacheprovider", "-p", "no:randomly", str(tmp_path)],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "SKIPPED [1]" in run.stdout and "no Redis at 127.0.0.1:6379" in run.stdout, run.stdout
