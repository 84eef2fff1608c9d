"""Settings for the test suite: the real ones, with a test key and unhashed static files."""

import os
import re
from urllib.parse import urlsplit, urlunsplit

os.environ.setdefault("SECRET_KEY", "tests-only-secret-key-0123456789abcdef0123456789abcdef")
os.environ.setdefault("DAILY_SECRET", "tests-only-daily-secret")
os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")


def redis_url_of_worker(url: str, worker: str) -> str:
    """REDIS_URL for pytest-xdist's worker `gwN`: database N places after the one given.

    Each worker has a test database of its own (pytest-django adds `_gwN`); its rooms' ids, and
    so its channel groups, queue and cache keys, repeat the other workers', so it needs a Redis
    database of its own too.  Set in the environment, so the servers a test starts use it.
    """
    match = re.fullmatch(r"gw(\d+)", worker)
    if not url or match is None:
        return url
    parts = urlsplit(url)
    db = int(parts.path.strip("/") or 0) + int(match.group(1))
    return urlunsplit(parts._replace(path=f"/{db}"))


# The servers and workers a test starts inherit both variables: the URL is moved once.
_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if "REDIS_URL" in os.environ and os.environ.get("REDIS_URL_WORKER") != _worker:
    os.environ["REDIS_URL"] = redis_url_of_worker(os.environ["REDIS_URL"], _worker)
    os.environ["REDIS_URL_WORKER"] = _worker

from config.settings import *  # noqa: E402,F403
from config.settings import STORAGES  # noqa: E402

STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
WHITENOISE_USE_FINDERS = True
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"

# A connection per request, as Django's test runner expects: a kept one in a socket's worker
# thread would outlive the test and hold the test database open.
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
# The suite signs up and signs in far more players a minute from 127.0.0.1 than a person could
# (allauth allows 20 and 30 per address and minute, counted in the shared Redis cache); the
# limit on failed sign-ins, which a test checks, stays.
ACCOUNT_RATE_LIMITS = {"signup": None, "login": None}  # noqa: F405
