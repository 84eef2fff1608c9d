"""Malformed input never makes a server error: every URL pattern of the site (the admin's and
allauth's included) with each path part and each query parameter the views read replaced by
malformed text, by GET and POST, as a visitor, a player and a superuser; and every socket
route, plus addresses no route knows, answered by an accepted or a refused handshake.

Patterns served by the same code are walked once per kind of malformed value, not once per
model (`kind`): the 14 admin models share ModelAdmin's object views, which read the path part
through the primary key's field, and a visitor or player is sent to the admin's sign-in by
one guard whatever the address. The walk stays a cross product of kinds, values, methods and
users; what it drops are repeats of the same code with the same input."""

from __future__ import annotations

from datetime import date

import pytest
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib import admin
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils.regex_helper import normalize

from config.asgi import application
from config.routing import websocket_urlpatterns
from games import services
from tests.admin.support import finished_match
from tests.games.support import make_user, me, ruleset

MALFORMED = [
    "%00",  # NUL: PostgreSQL text cannot hold it
    "%ED%A0%80",  # a lone surrogate, UTF-8 encoded
    "%FF%FE",  # not UTF-8 at all
    "%C3%A9",  # é
    "%C2%B2",  # ², a digit to str.isdigit() that int() refuses
    "..",
    "-1",
    "99999999999999999999999999999999",
    "x" * 3000,
    "%0D%0ASet-Cookie:%20x=1",
    "",
]

# A query or form is decoded with the bad bytes replaced: a lone surrogate reads as "%FF%FE"
# does (U+FFFD), so the query walk sends one of the two.
QUERY_MALFORMED = [value for value in MALFORMED if value != "%ED%A0%80"]

QUERY_PARAMETERS = [
    # the site's views
    "room", "player", "t", "step", "copy", "seed", "day", "next",
    # the admin's changelists and forms
    "q", "o", "p", "e", "_changelist_filters", "_popup", "_to_field", "open", "state", "family",
    "status", "created_at__gte", "created_at__lt", "day__gte", "reason", "action", "index",
    # allauth and i18n
    "key", "login", "email", "language", "process",
]  # fmt: skip


def url_patterns(resolver: URLResolver = None, prefix: str = "") -> list[tuple[str, tuple, object]]:
    """Every pattern as a %-format of its path, with the names of its parts and its view,
    walked through every include (namespaced or not)."""
    resolver = resolver or get_resolver()
    found = []
    for entry in resolver.url_patterns:
        regex = entry.pattern.regex.pattern.lstrip("^").removesuffix(r"\Z").removesuffix("$")
        if isinstance(entry, URLResolver):
            found += url_patterns(entry, prefix + regex)
        else:
            assert isinstance(entry, URLPattern)
            found += [(fmt, tuple(params), entry.callback) for fmt, params in normalize(prefix + regex)]
    return sorted({(fmt, params): (fmt, params, view) for fmt, params, view in found}.values(), key=str)


def url_formats() -> list[tuple[str, tuple]]:
    return [(fmt, params) for fmt, params, _ in url_patterns()]


MODEL_ADDRESS = {f"admin/{m._meta.app_label}/{m._meta.model_name}/": m for m in admin.site._registry}


# A query or form reaches these the same way on every model: the history pages page through
# the admin's log, the object address only redirects to its change page.
SAME_ON_EVERY_MODEL = {"history_view", "view"}


def kind(fmt: str, params: tuple, view, staff: bool, *, query: bool = False):
    """What decides a malformed request's answer: the same kind, the same code on the same
    input. A non-staff user meets only the admin's guard (the views built by admin_view carry
    their site or model admin); a superuser meets a model's object views (the path part read
    through its primary key's field) as every model with that field and those views does.
    For the `query`, the list, add, change and delete pages stay one kind per model: they
    read it through each model's own filters, search and form fields."""
    guarded = hasattr(view, "admin_site") or hasattr(view, "model_admin")
    if guarded and not staff:
        return ("the admin's guard", params)
    prefix = next((p for p in MODEL_ADDRESS if fmt.startswith(p)), None)
    if prefix is None or not params or (query and view.__name__ not in SAME_ON_EVERY_MODEL):
        return fmt
    model = MODEL_ADDRESS[prefix]
    model_admin = type(admin.site._registry[model])
    code = [getattr(model_admin, name, None) for name in ("get_object", view.__name__)]
    return (fmt.removeprefix(prefix), params, type(model._meta.pk), *code)


def walk(staff: bool, **kw):
    """One pattern of each kind, the first in order (so every run walks the same ones)."""
    seen = set()
    for fmt, params, view in url_patterns():
        key = kind(fmt, params, view, staff, **kw)
        if key not in seen:
            seen.add(key)
            yield fmt, params


def fill(fmt: str, params, value: str) -> str:
    return "/" + fmt % {name: value for name in params}


@pytest.fixture
def world(db):
    """A private room (its invitation), a finished match, a player, a superuser."""
    host = make_user("Host")
    private = services.do_create_room(identity=me(host), ruleset=ruleset(), is_private=True)
    match = finished_match()
    player = make_user("Player")
    boss = make_user("Boss")
    boss.is_superuser = boss.is_staff = True
    boss.save()
    good = {
        "code": private.code,
        "token": private.invite_token,
        "match_id": str(match.pk),
        "object_id": str(match.pk),
        "key": player.display_name,
        "day": date(2024, 2, 2).isoformat(),
    }
    return {"player": player, "boss": boss, "good": good}


READERS = ("visitor", "player", "superuser")
METHODS = ("GET", "POST")
# One test per reader and method, so a parallel run spreads the walks (each is thousands of requests).
each_reader_and_method = pytest.mark.parametrize(
    "who, method", [(who, method) for who in READERS for method in METHODS]
)


def reader(world, who: str):
    """The reader's user (None: a visitor) and a client of its own."""
    user = {"visitor": None, "player": world["player"], "superuser": world["boss"]}[who]
    return user, Client(raise_request_exception=False)


def request(client, user, method: str, url: str, form: str = ""):
    """The request (a POST's body is `form`, already encoded), signed in again if a sign-out
    address has ended the session."""
    session = client.cookies.get(settings.SESSION_COOKIE_NAME)
    if user is not None and (session is None or not session.value):
        client.force_login(user)
    if method == "GET":
        return client.get(url)
    return client.post(url, form, content_type="application/x-www-form-urlencoded")


def test_the_walk_finds_the_admin_and_allauth():
    assert len(url_formats()) > 50


@each_reader_and_method
def test_every_url_with_malformed_path_parts_answers_below_500(world, who, method):
    user, client = reader(world, who)
    failures = []
    for fmt, params in walk(staff=bool(user and user.is_staff)):
        for value in MALFORMED if params else [""]:
            url = fill(fmt, params, value)
            status = request(client, user, method, url).status_code
            if status >= 500:
                failures.append(f"{method} {url[:120]} as {who}: {status}")
    assert not failures, "\n".join(failures)


@each_reader_and_method
def test_every_query_parameter_with_malformed_text_answers_below_500(world, who, method):
    """Each pattern, its path filled with well-formed parts of real rows where there are any,
    gets every parameter the views read with each malformed value, in the query and the form.
    (A visitor's or player's admin request is sent to the sign-in page before anything is read:
    the path test covers those. The superuser walks the admin only: no page of the site reads
    its query differently for staff, so there it would repeat the player's walk.)"""
    user, client = reader(world, who)
    failures = []
    for fmt, params in walk(staff=bool(user and user.is_staff), query=True):
        if fmt.startswith("admin/") != bool(user and user.is_superuser):
            continue
        url = "/" + fmt % {name: world["good"].get(name, "1") for name in params}
        for value in QUERY_MALFORMED:
            query = "&".join(f"{name}={value}" for name in QUERY_PARAMETERS)
            response = request(client, user, method, f"{url}?{query}", query)
            if response.status_code >= 500:
                failures.append(f"{method} {url}?…={value[:20]} as {who}: {response.status_code}")
    assert not failures, "\n".join(failures)


SOCKET_PATHS = ["/ws/nothing/", "/ws/", "/", "/ws/room/", "/ws/lobby/extra/", "/admin/", "/ws/health/%00/"]


def socket_paths() -> list[str]:
    paths = list(SOCKET_PATHS)
    for entry in websocket_urlpatterns:
        regex = entry.pattern.regex.pattern.lstrip("^").removesuffix(r"\Z").removesuffix("$")
        for fmt, params in normalize(regex):
            paths += [fill(fmt, params, value) for value in MALFORMED if params]
    return paths


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", socket_paths())
async def test_every_socket_route_with_malformed_parts_is_refused(path):
    """None of these names a socket: the handshake is refused (an exception here, the old
    router's 'No route found' or a consumer's database error, failed the handshake)."""
    communicator = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://testserver")])
    connected, _ = await communicator.connect(timeout=10)
    if connected:
        await communicator.disconnect()
    assert not connected


def test_the_admins_view_on_site_address_with_an_id_a_date_key_cannot_hold_is_not_found(world):
    """Django's own view answered 500: it catches ValueError, not a date key's ValidationError
    (the seed scan met it with every row's id on every address)."""
    from django.contrib.contenttypes.models import ContentType

    from social.models import DailyAnnouncement

    client = Client(raise_request_exception=False)
    client.force_login(world["boss"])
    content_type = ContentType.objects.get_for_model(DailyAnnouncement)
    assert client.get(f"/admin/r/{content_type.pk}/76/").status_code == 404
