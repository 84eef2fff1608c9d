"""An attacker's HTTP client against a real Daphne: `python tools/attack_http.py [--json]`.

Independent of the test suite: it makes its own database (`rummy_attack`, or `$ATTACK_DB`)
on the PostgreSQL of `$DATABASE_URL`, uses `$ATTACK_REDIS_URL` (else `$REDIS_URL`, else Redis db 5), starts
`daphne config.asgi:application` with production settings (DEBUG=0) on a free port, signs
players up through the pages, and talks to it with http.client and raw sockets only.  Each
case prints what was sent, what came back and whether that is what a safe site answers; the
run ends with the server log's count of server errors (there must be none).  Summary in
docs/security.md, "HTTP and admin".
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
DAILY_SECRET = "attack-daily-secret"
PASSWORD = "attack-Passw0rd-long"
RESULTS: list[dict] = []


# --- the server ----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env() -> dict[str, str]:
    import psycopg

    base = os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/postgres"
    name = os.environ.get("ATTACK_DB", "rummy_attack")
    with psycopg.connect(urlunsplit(urlsplit(base)._replace(path="/postgres")), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": "attack-secret-key-" + "x" * 40,
        "DAILY_SECRET": DAILY_SECRET,
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": urlunsplit(urlsplit(base)._replace(path=f"/{name}")),
        "REDIS_URL": os.environ.get("ATTACK_REDIS_URL")
        or os.environ.get("REDIS_URL")
        or "redis://127.0.0.1:6379/5",
        "DB_CONN_MAX_AGE": "0",
    }


@contextmanager
def daphne(env: dict[str, str], log: Path):
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    port = free_port()
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        try:
            for _ in range(300):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    time.sleep(0.1)
            yield port
        finally:
            process.terminate()
            process.wait(timeout=10)


# --- a small browser: cookies, CSRF tokens, raw bytes ----------------------------------------


class Browser:
    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, *, body: bytes | str = b"", headers: dict | None = None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        all_headers = {"Host": f"127.0.0.1:{self.port}", **(headers or {})}
        if self.cookies and "Cookie" not in all_headers:
            all_headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if isinstance(body, str):
            body = body.encode()
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        for name, value in all_headers.items():
            connection.putheader(name, value)
        if body or method == "POST":
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body or None)
        response = connection.getresponse()
        content = response.read()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        connection.close()
        return response.status, dict(response.getheaders()), content.decode("utf-8", "replace")

    def get(self, path: str, **kw):
        return self.request("GET", path, **kw)

    def post_form(
        self, path: str, fields: dict, *, csrf_from: str | None = None, headers: dict | None = None
    ):
        """POST a form the way a page does: the CSRF token read from `csrf_from` (or the path)."""
        if csrf_from is not False:
            _, _, page = self.get(csrf_from or path)
            token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
            fields = {"csrfmiddlewaretoken": token.group(1) if token else "", **fields}
        return self.request(
            "POST",
            path,
            body=urlencode(fields),
            headers={
                "Content-Type": "application/x-www-form-urlencoded",
                "Referer": f"http://127.0.0.1:{self.port}/",
                "Origin": f"http://127.0.0.1:{self.port}",
                **(headers or {}),
            },
        )


def raw(port: int, data: bytes, timeout: float = 10) -> str:
    """Bytes on a socket, as no client library would send them; the status line back."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        try:
            reply = s.recv(4096)
        except TimeoutError:
            return "(no answer)"
    return reply.split(b"\r\n", 1)[0].decode("latin-1") or "(closed)"


def record(case: str, sent: str, got, ok: bool) -> None:
    RESULTS.append({"case": case, "sent": sent, "got": str(got), "ok": ok})


def below_500(status) -> bool:
    return isinstance(status, int) and status < 500


# --- the cases -------------------------------------------------------------------------------


def sign_up(port: int, name: str) -> Browser:
    b = Browser(port)
    email = f"{name.lower()}@example.com"
    fields = {"email": email, "display_name": name, "password1": PASSWORD, "password2": PASSWORD}
    status, headers, _ = b.post_form("/accounts/signup/", fields)
    assert status == 302, f"sign-up of {name} answered {status}"
    b.email = email
    return b


def malformed_paths(port: int, player: Browser, private_code: str) -> None:
    anonymous = Browser(port)
    parts = [
        "%00",
        "a%00b",
        "%ED%A0%80",
        "%FF",
        "%C2%B2",
        "..",
        "%2e%2e%2f",
        "-1",
        "9" * 40,
        "x" * 5000,
        "%0d%0a",
    ]
    templates = [
        "/r/{}/", "/r/{}/sit/", "/r/{}/leave/", "/r/{}/invite/{}/", "/players/{}/", "/daily/{}/",
        "/report/?room={}", "/report/?player={}", "/daily/verify/?seed={}", "/daily/verify/?day={}",
        "/admin/games/match/{}/change/", "/admin/games/room/?state={}", "/admin/games/ruleset/add/?copy={}",
        "/accounts/password/reset/key/{}-{}/", "/accounts/confirm-email/{}/", "/static/{}",
        "/?next={}", "/accounts/login/?next={}",
    ]  # fmt: skip
    worst = []
    for browser in (anonymous, player):
        for template in templates:
            for part in parts:
                path = template.replace("{}", part)
                for method in ("GET", "POST"):
                    status, _, _ = browser.request(method, path)
                    if not below_500(status):
                        worst.append(f"{method} {path[:60]} {status}")
    record("path and query fuzzing", f"{len(templates)} addresses x {len(parts)} parts, GET+POST, visitor and player",
           worst or "every answer below 500", not worst)  # fmt: skip
    status, _, _ = player.post_form(f"/r/{private_code}/sit/", {"t": "é"}, csrf_from="/play/")
    record("POST /r/<private>/sit/ t=é", "a non-ASCII invitation token", status, below_500(status))


def raw_requests(port: int) -> None:
    host = f"Host: 127.0.0.1:{port}\r\n".encode()
    cases = {
        "raw NUL byte in the path": b"GET /r/\x00/ HTTP/1.1\r\n" + host + b"\r\n",
        "raw non-UTF-8 bytes in the path": b"GET /players/\xff\xfe/ HTTP/1.1\r\n" + host + b"\r\n",
        "NUL in the session cookie": b"GET / HTTP/1.1\r\n" + host + b"Cookie: sessionid=%00%00%00%00%00%00%00%00%00\r\n\r\n",
        "a raw NUL byte in a cookie": b"GET / HTTP/1.1\r\n" + host + b"Cookie: sessionid=\x00\x00\x00\x00\x00\x00\x00\x00\r\n\r\n",
        "CRLF injected in a header value": b"GET / HTTP/1.1\r\n" + host + b"X-A: 1\r\nSet-Cookie: x=1\r\n\r\n",
        "a header of 100 KB": b"GET / HTTP/1.1\r\n" + host + b"X-Big: " + b"a" * 100_000 + b"\r\n\r\n",
        "a query string of 100 KB": b"GET /?q=" + b"a" * 100_000 + b" HTTP/1.1\r\n" + host + b"\r\n",
        "no Host header": b"GET / HTTP/1.1\r\n\r\n",
        "a foreign Host": b"GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n",
        "X-Forwarded-Host poisoning a reset mail": b"GET /accounts/password/reset/ HTTP/1.1\r\n" + host + b"X-Forwarded-Host: evil.example\r\n\r\n",
        "HTTP/0.9 style request": b"GET /\r\n\r\n",
        "an unknown method": b"BREW / HTTP/1.1\r\n" + host + b"\r\n",
        "TRACE": b"TRACE / HTTP/1.1\r\n" + host + b"\r\n",
        "a body longer than Content-Length says": b"POST /report/ HTTP/1.1\r\n" + host + b"Content-Length: 5\r\n\r\n0123456789",
        "a negative Content-Length": b"POST /report/ HTTP/1.1\r\n" + host + b"Content-Length: -1\r\n\r\n",
        "chunked and Content-Length at once (smuggling)": b"POST / HTTP/1.1\r\n" + host + b"Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /admin/ HTTP/1.1\r\n" + host + b"\r\n",
    }  # fmt: skip
    for case, data in cases.items():
        line = raw(port, data)
        status = int(line.split()[1]) if line.startswith("HTTP/") else line
        ok = not (isinstance(status, int) and status >= 500) and "evil" not in line
        record(case, repr(data[:70]), line, ok)


def big_bodies(port: int, player: Browser) -> None:
    big = "a" * (12 * 1024 * 1024)
    status, _, _ = player.request(
        "POST", "/accounts/preferences/", body=big, headers={"Content-Type": "application/json"}
    )
    record("a 12 MB body", "POST /accounts/preferences/", status, below_500(status))
    many = "&".join(f"f{n}=1" for n in range(5000))
    status, _, _ = player.request(
        "POST", "/report/?room=x", body=many, headers={"Content-Type": "application/x-www-form-urlencoded"}
    )
    record("5,000 form fields", "POST /report/", status, below_500(status))  # fmt: skip
    token = player.cookies.get("csrftoken", "")
    for label, body, kind in [
        ("JSON nested 100,000 deep", "[" * 100_000, "application/json"),
        ("JSON with a list where a choice goes", '{"cardSize": []}', "application/json"),
        ("a form body where JSON goes", "cardSize=big", "application/x-www-form-urlencoded"),
        ("JSON that is not UTF-8", b"\xff\xfe{}", "application/json"),
    ]:
        status, _, text = player.request(
            "POST",
            "/accounts/preferences/",
            body=body,
            headers={"Content-Type": kind, "X-CSRFToken": token, "Origin": f"http://127.0.0.1:{port}"},
        )
        record(f"preferences: {label}", "POST /accounts/preferences/", f"{status} {text[:40]}", status == 400)


def csrf(port: int, player: Browser) -> None:
    status, _, _ = player.post_form(
        "/play/computer/", {"ruleset": "gin-classic", "level": "easy"}, csrf_from=False
    )
    record("CSRF: a form posted without a token", "POST /play/computer/", status, status == 403)
    other = Browser(port)
    other.get("/")
    stolen = other.cookies.get("csrftoken", "")
    status, _, _ = player.request(
        "POST",
        "/play/computer/",
        body=urlencode({"csrfmiddlewaretoken": stolen, "ruleset": "gin-classic"}),
        headers={"Content-Type": "application/x-www-form-urlencoded", "Origin": f"http://127.0.0.1:{port}"},
    )
    record("CSRF: another browser's token", "POST /play/computer/", status, status == 403)
    status, _, _ = player.post_form(
        "/play/computer/", {"ruleset": "gin-classic"}, headers={"Origin": "http://evil.example"}
    )
    record("CSRF: a valid token from a foreign Origin", "POST /play/computer/ Origin: evil", status, status == 403)  # fmt: skip


def private_room(host: Browser) -> tuple[str, str]:
    """A private gin room made from the lobby's form; its code and invitation token."""
    _, _, lobby = host.get("/play/")
    ruleset = re.search(r'<option value="(\d+)"', lobby.split('action="/play/new/"', 1)[1]).group(1)
    status, headers, _ = host.post_form(
        "/play/new/", {"ruleset": ruleset, "private": "on"}, csrf_from="/play/"
    )
    code = headers.get("Location", "").strip("/").split("/")[-1]
    _, _, page = host.get(f"/r/{code}/")
    token = re.search(r"/invite/([\w-]+)/", page)
    return code, token.group(1) if token else ""


def idor(port: int, host: Browser, outsider: Browser, code: str, token: str) -> None:
    status, _, _ = outsider.get(f"/r/{code}/")
    record("IDOR: a private room's page by an outsider", f"GET /r/{code}/", status, status == 404)
    hidden, _, hidden_page = outsider.get(f"/report/?room={code}")
    missing, _, missing_page = outsider.get("/report/?room=zzzzzzzz")
    record("IDOR: reporting a private room by an outsider", f"GET /report/?room={code}", hidden,
           hidden == missing == 404 and hidden_page == missing_page)  # fmt: skip
    status, _, _ = outsider.post_form(f"/r/{code}/sit/", {"t": "wrong"}, csrf_from="/play/")
    after, _, _ = outsider.get(f"/r/{code}/")  # seated, they could open the room
    record("IDOR: a seat at a private room with a wrong token", "POST sit t=wrong",
           f"{status}, then the room: {after}", after == 404)  # fmt: skip
    status, _, _ = outsider.post_form(f"/r/{code}/leave/", {}, csrf_from="/play/")
    _, _, room_page = host.get(f"/r/{code}/")
    record(
        "IDOR: leaving another player's seat", "POST leave", status, below_500(status) and "Host" in room_page
    )
    status, headers, _ = outsider.get(f"/r/{code}/invite/{token}/")
    record("an invitation link still works", "GET /r/<code>/invite/<token>/", f"{status} {headers.get('Location')}", status == 302)  # fmt: skip
    status, _, _ = outsider.get(f"/r/{code}/invite/{token}%0d%0aSet-Cookie:x=1/")
    record("header injection through the invitation path", "token with CRLF", status, status == 404)


def open_redirects(port: int, player: Browser) -> None:
    for target in [
        "https://evil.example/",
        "//evil.example/",
        "/\\evil.example",
        "http:evil.example",
        "javascript:alert(1)",
    ]:
        status, headers, _ = player.post_form(
            "/i18n/setlang/", {"language": "es", "next": target}, csrf_from="/"
        )
        location = headers.get("Location", "")
        record(f"open redirect: setlang next={target}", "POST /i18n/setlang/", f"{status} {location}", "evil" not in location and "javascript" not in location)  # fmt: skip
    fresh = Browser(port)
    status, headers, _ = fresh.post_form(
        "/accounts/login/?next=https://evil.example/", {"login": player.email, "password": PASSWORD}
    )
    location = headers.get("Location", "")
    record("open redirect: sign-in next=https://evil.example/", "POST /accounts/login/", f"{status} {location}", "evil" not in location)  # fmt: skip


def daily_seed(port: int, env: dict[str, str], player: Browser, moderator: Browser) -> None:
    day = datetime.now(UTC).date().isoformat()
    seed = hmac.new(DAILY_SECRET.encode(), day.encode(), hashlib.sha256).digest()
    status, headers, _ = player.post_form("/daily/start/", {}, csrf_from="/daily/")
    code = headers.get("Location", "").strip("/").split("/")[-1]
    _, _, changelist = moderator.get(f"/admin/games/match/?q={code}")
    ids = sorted(set(re.findall(r"/admin/games/match/(\d+)/change/", changelist)))
    pages = [
        f"/admin/games/match/{i}/{suffix}"
        for i in ids
        for suffix in ("change/", "replay/", "history/", "delete/")
    ]
    pages += [
        f"/admin/games/match/?q={code}",
        f"/admin/games/room/?q={code}",
        "/admin/daily/dailyplay/",
        f"/r/{code}/",
    ]
    pages += [f"/daily/verify/?day={day}", f"/daily/{day}/"]
    encodings = [seed.hex(), seed.hex().upper(), str(int.from_bytes(seed, "big"))]
    leaked = []
    for page in pages:
        status, _, text = moderator.get(page)
        leaked += [page for e in encodings if e in text]
    record("today's Daily Gin seed on the admin (as a moderator)", f"{len(pages)} pages of match(es) {ids}",
           leaked or "not found on any", bool(ids) and not leaked)  # fmt: skip
    result = subprocess.run(
        [sys.executable, "manage.py", "daily_par", "--date", day, "--seconds", "0.1"],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )  # fmt: skip
    record(
        "manage.py daily_par on today", f"--date {day}", result.stderr.strip()[-80:], result.returncode != 0
    )


def user_id(env: dict[str, str], email: str) -> str:
    code = f"from accounts.models import User; print(User.objects.get(email={email!r}).pk)"
    shell = [sys.executable, "manage.py", "shell", "-v0", "-c", code]
    return subprocess.run(shell, cwd=ROOT, env=env, check=True, capture_output=True, text=True).stdout.strip()


def moderator_limits(env: dict[str, str], moderator: Browser, player_id: str) -> None:
    for path, wanted in [
        (f"/admin/accounts/user/{player_id}/change/", (200, 403)),
        ("/admin/auth/group/", (403, 404)),
        ("/admin/games/ruleset/add/", (403,)),
        ("/admin/auth/permission/", (403, 404)),
    ]:
        status, _, _ = moderator.get(path)
        record(f"moderator: GET {path}", "a moderator's session", status, status in wanted)
    status, _, _ = moderator.post_form(
        f"/admin/accounts/user/{player_id}/change/", {"is_superuser": "on", "is_staff": "on"}
    )
    promoted = subprocess.run(
        [sys.executable, "manage.py", "shell", "-v0", "-c",
         f"from accounts.models import User; print(User.objects.get(pk={player_id}).is_superuser)"],
        cwd=ROOT, env=env, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    record(
        f"moderator: making user {player_id} a superuser",
        "POST the user's change form",
        f"{status}, superuser: {promoted}",
        promoted == "False",
    )


def sockets_and_headers(port: int, player: Browser) -> None:
    def handshake(path: str, origin: str | None = f"http://127.0.0.1:{port}") -> str:
        lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Upgrade: websocket", "Connection: Upgrade",
                 "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"]  # fmt: skip
        if origin:
            lines.append(f"Origin: {origin}")
        return raw(port, ("\r\n".join(lines) + "\r\n\r\n").encode())

    for path, origin, wanted in [
        ("/ws/health/", None, "403"),
        ("/ws/health/", "http://evil.example", "403"),
        ("/ws/health/", f"http://127.0.0.1:{port}", "101"),
        ("/ws/room/%00/", f"http://127.0.0.1:{port}", "403"),
        ("/ws/room/%ED%A0%80/", f"http://127.0.0.1:{port}", "403"),
        ("/ws/nothing/", f"http://127.0.0.1:{port}", "403"),
        ("/ws/room/" + "x" * 4000 + "/", f"http://127.0.0.1:{port}", "403"),
    ]:
        line = handshake(path, origin)
        record(f"socket handshake {path[:30]} Origin={origin}", "raw upgrade", line, wanted in line)
    status, headers, body = player.get("/healthz", headers={"Host": "10.0.0.1"})
    record(
        "GET /healthz by address",
        "Host: 10.0.0.1",
        f"{status} {body}",
        status == 200 and "Set-Cookie" not in headers,
    )
    status, headers, _ = player.get("/play/")
    policy = headers.get("Content-Security-Policy", "")
    record(
        "Content-Security-Policy",
        "GET /play/",
        policy[:60] + "…",
        "unsafe" not in policy and "default-src 'self'" in policy,
    )
    record(
        "clickjacking", "GET /play/", headers.get("X-Frame-Options"), headers.get("X-Frame-Options") == "DENY"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    env = server_env()
    log = Path(tempfile.gettempdir()) / "attack_http_daphne.log"
    with daphne(env, log) as port:
        host, player, moderator = (sign_up(port, n) for n in ("Host", "Player", "Moderator"))
        subprocess.run([sys.executable, "manage.py", "grant_role", moderator.email, "moderator"], cwd=ROOT, env=env, check=True, capture_output=True)  # fmt: skip
        code, token = private_room(host)
        malformed_paths(port, player, code)
        raw_requests(port)
        big_bodies(port, player)
        csrf(port, player)
        idor(port, host, player, code, token)
        open_redirects(port, player)
        daily_seed(port, env, player, moderator)  # the moderator's site session opens the admin too
        for user in (player, moderator):  # a player's account, and the moderator's own
            moderator_limits(env, moderator, user_id(env, user.email))
        sockets_and_headers(port, player)
    # Django logs refused requests (403, 400) with their exception too; a server error shows
    # as "Internal Server Error" (Django) or "Exception inside application" (Daphne).
    text = log.read_text(errors="replace")
    errors = text.count("Internal Server Error") + text.count("Exception inside application")
    record("server log", str(log), f"{errors} server errors", errors == 0)
    if args.json:
        print(json.dumps(RESULTS, indent=1))
    else:
        for r in RESULTS:
            print(f"{'ok ' if r['ok'] else 'BAD'} {r['case']}: {r['got'][:110]}")
    bad = [r for r in RESULTS if not r["ok"]]
    print(f"{len(RESULTS)} cases, {len(bad)} not as a safe site answers")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
