"""The session store reads Django's session rows by written-out SQL: what Django's own store
saved reads back the same, and an expired, unknown or missing key reads as a new session."""

from datetime import timedelta

import pytest
from django.contrib.sessions.backends.db import SessionStore as DjangoStore
from django.contrib.sessions.models import Session
from django.utils import timezone

from accounts.sessions import SessionStore

pytestmark = pytest.mark.django_db


def test_a_saved_session_reads_back_and_an_expired_or_unknown_one_is_new():
    saved = DjangoStore()
    saved["guest_key"] = "k" * 24
    saved["n"] = 7
    saved.save()
    read = SessionStore(saved.session_key)
    assert dict(read.items()) == {"guest_key": "k" * 24, "n": 7}
    assert read.session_key == saved.session_key

    Session.objects.filter(session_key=saved.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    expired = SessionStore(saved.session_key)
    assert dict(expired.items()) == {} and expired.session_key is None

    for key in ("x" * 32, None):
        unknown = SessionStore(key)
        assert dict(unknown.items()) == {} and unknown.session_key is None


def test_signing_in_and_out_goes_through_it(client, settings):
    from tests.games.support import make_user

    assert settings.SESSION_ENGINE == "accounts.sessions"
    user = make_user("Ana")
    client.force_login(user)
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    assert SessionStore(key)["_auth_user_id"] == str(user.pk)
    client.logout()
    assert dict(SessionStore(key).items()) == {}
