"""Settings, read from the environment (see README, "Configuration").

Unset variables give a single-process development site: SQLite, the in-memory channel
layer and a local-memory cache.  `DATABASE_URL` and `REDIS_URL` switch to PostgreSQL and
Redis, which every production deployment and the test suite use.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.redis_sentinel import connection_options, sentinel_addresses

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG")

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set SECRET_KEY (or DEBUG=1 for a development site).")
    SECRET_KEY = "development-only-key-never-use-in-production-6f1c2b7e9a"

# The Daily Gin seeds are HMAC(DAILY_SECRET, date): a production site must keep its own.
DAILY_SECRET = os.environ.get("DAILY_SECRET", "") or SECRET_KEY

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "daphne",
    "moderation.apps.StaffAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "channels",
    "allauth",
    "allauth.account",
    "accounts",
    "games",
    "games.chat",
    "leaderboard",
    "daily",
    "review",
    "pages",
    "social",
    "arenas",
    "moderation",  # last: it gives the staff roles every other app's permissions after migrate
]

MIDDLEWARE = [
    "config.health.HealthCheckMiddleware",  # first: a probe needs no Host check, HTTPS or session
    "common.logs.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "config.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "config.input_guard.RejectNulMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "accounts.middleware.PreferredLanguageMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "accounts.context_processors.table_preferences",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        # Each Daphne process runs its sockets' database work in DATABASE_THREADS threads:
        # keeping each thread's connection saves a PostgreSQL backend start (a fork) on almost
        # every socket message.
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "600")),
        # No health check: it costs a `SELECT 1` round trip before every database trip a
        # socket makes.  A connection that died (say, PostgreSQL restarted) fails one trip and
        # is then dropped; the socket closes, and the browser reconnects and resends the
        # action it had no ack for (applied once: actions carry ids).
        conn_health_checks=False,
    )
}
# The threads a Daphne process gives its sockets' database work (common/db.py): commits wait
# for the disk, and on several threads those waits overlap (docs/benchmarks.md, session 16).
DATABASE_THREADS = int(os.environ.get("DATABASE_THREADS") or 4)
# PgBouncer in transaction mode (DATABASE_PGBOUNCER=1) lends a server connection for one
# transaction only: a server-side cursor (a queryset's .iterator()) would outlive it.  Django
# keeps its client connection to PgBouncer (DB_CONN_MAX_AGE), which PgBouncer pools; Django's
# psycopg connections prepare no statements (prepare_threshold None), which the pooler needs.
if env_bool("DATABASE_PGBOUNCER"):
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The sweepers' advisory lock needs a session of its own, so straight to PostgreSQL, past any
# PgBouncer in transaction mode (games/sweeper_lock.py); unset: the default database.
SWEEPER_LOCK_DATABASE_URL = os.environ.get("SWEEPER_LOCK_DATABASE_URL", "")

REDIS_URL = os.environ.get("REDIS_URL", "")
# With Sentinel (config/redis_sentinel.py) REDIS_URL names only the database and password.
REDIS_SENTINELS = sentinel_addresses(env_list("REDIS_SENTINELS"))
REDIS_SENTINEL_MASTER = os.environ.get("REDIS_SENTINEL_MASTER", "mymaster")
if REDIS_URL:
    if REDIS_SENTINELS:
        sentinel = {"sentinels": REDIS_SENTINELS, "master_name": REDIS_SENTINEL_MASTER}
        layer_host = {**sentinel, **connection_options(REDIS_URL)}
        cache_options = {"pool_class": "config.redis_sentinel.SentinelPool", **sentinel}
    else:
        layer_host, cache_options = {"address": REDIS_URL}, {}
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "config.channel_layer.BatchingRedisChannelLayer",
            # redis-py 8 reads with a 5 s socket timeout by default, which breaks the layer's
            # blocking receive (channels_redis#422): an idle socket's consumer would crash.
            "CONFIG": {
                "hosts": [{**layer_host, "socket_timeout": None}],
                "capacity": 1000,
                "expiry": 30,
            },
        }
    }
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": cache_options,
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_USER_MODEL = "accounts.User"
SESSION_ENGINE = "accounts.sessions"  # Django's database sessions, read by written-out SQL
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
SITE_ID = 1
LOGIN_REDIRECT_URL = "/"
ACCOUNT_SIGNUP_REDIRECT_URL = "/play/"  # a new player lands in the lobby
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_USER_DISPLAY = str  # the display name (User.__str__), never the username
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_SIGNUP_FORM_CLASS = "accounts.forms.SignupForm"
ACCOUNT_EMAIL_VERIFICATION = os.environ.get("ACCOUNT_EMAIL_VERIFICATION", "optional")
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_RATE_LIMITS = {}  # allauth's defaults; they live in the cache, shared through Redis when set

EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Rummy Deco <noreply@localhost>")

LANGUAGE_CODE = "en"
LANGUAGES = [("es", _("Spanish")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG

# Behind a TLS-terminating proxy, HTTPS=1 turns on every transport protection.
HTTPS = env_bool("HTTPS")
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000" if HTTPS else "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# LOG_FORMAT=json: a JSON object a line with the room, match and request ids (common/logs.py).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "common.logs.JsonFormatter"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            **({"formatter": "json"} if os.environ.get("LOG_FORMAT") == "json" else {}),
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}

# Error tracking only where SENTRY_DSN is set; sentry-sdk is not even imported otherwise.
SENTRY_DSN = os.environ.get("SENTRY_DSN", "")
if SENTRY_DSN:
    import sentry_sdk

    sentry_sdk.init(
        dsn=SENTRY_DSN,
        environment=os.environ.get("SENTRY_ENVIRONMENT", "production"),
        traces_sample_rate=float(os.environ.get("SENTRY_TRACES_SAMPLE_RATE", "0")),
        send_default_pii=False,
    )
