"""`casus mail` says what is wrong in one line: missing or unsafe settings, a mailbox that does not
answer (nothing listens on the port given)."""
import pytest

from service import bootstrap
from service.cli import main as casus
from tests.support.server import free_port


@pytest.mark.parametrize("env,said", [
    ({}, "set CASUS_IMAP_HOST and CASUS_SMTP_HOST"),
    ({"CASUS_IMAP_HOST": "mail.example.org", "CASUS_IMAP_SECURITY": "none", "CASUS_SMTP_HOST": "127.0.0.1"},
     "CASUS_IMAP_SECURITY=none is allowed only for 127.0.0.1/localhost"),
    ({"CASUS_IMAP_HOST": "127.0.0.1", "CASUS_IMAP_PORT": "PORT", "CASUS_IMAP_SECURITY": "none",
      "CASUS_SMTP_HOST": "127.0.0.1", "CASUS_SMTP_SECURITY": "none"}, "unreachable"),
])
def test_casus_mail_refuses_in_one_line(env, said, monkeypatch, tmp_path, capsys):
    for name in ("CASUS_IMAP_HOST", "CASUS_SMTP_HOST"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("CASUS_DB", str(tmp_path / "mail.db"))
    monkeypatch.delenv("REDIS_URL", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, str(free_port()) if value == "PORT" else value)
    bootstrap.from_env.cache_clear()  # the CLI's services are per process: build them on this test's store
    try:
        assert casus(["mail", "poll"]) == 1
    finally:
        bootstrap.from_env.cache_clear()
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1 and "Traceback" not in err
