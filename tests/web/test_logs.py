"""Structured logs (LOG_FORMAT=json) carry the room, match and request ids; sentry-sdk is
imported only when SENTRY_DSN is set."""

import json
import logging
import os
import subprocess
import sys

import pytest

from common import logs
from tools.servers import ROOT


def test_a_json_line_names_the_room_match_and_request_it_was_logged_for():
    def log_line() -> dict:
        record = logging.LogRecord(
            "games.consumers", logging.ERROR, __file__, 1, "act %s failed", ("x1",), None
        )
        return json.loads(logs.JsonFormatter().format(record))

    tokens = [logs.ROOM.set("abcd2345"), logs.MATCH.set(7), logs.REQUEST_ID.set("r1")]
    try:
        line = log_line()
    finally:
        for var, token in zip([logs.ROOM, logs.MATCH, logs.REQUEST_ID], tokens, strict=True):
            var.reset(token)
    assert line["message"] == "act x1 failed" and line["level"] == "ERROR"
    assert (line["room"], line["match"], line["request_id"]) == ("abcd2345", 7, "r1")
    assert "room" not in log_line()  # outside that socket's context


@pytest.mark.django_db
def test_each_response_names_its_request_id(client):
    given = client.get("/rules/", headers={"X-Request-ID": "fromproxy42"})
    assert given["X-Request-ID"] == "fromproxy42"
    made = client.get("/rules/", headers={"X-Request-ID": "no spaces; allowed"})
    assert made["X-Request-ID"].isalnum() and made["X-Request-ID"] != given["X-Request-ID"]


@pytest.mark.parametrize("dsn, imported", [("", False), ("https://key@127.0.0.1/1", True)])
def test_sentry_is_imported_only_with_a_dsn(dsn, imported):
    code = "import django, sys; django.setup(); print('sentry_sdk' in sys.modules)"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.test_settings", "SENTRY_DSN": dsn}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == str(imported)
