"""ASGI entry point: HTTP to Django, WebSockets through origin and session checks."""

import os
import sys

from django.core.asgi import get_asgi_application

# The event loop and the database thread share the GIL.  After each query the database
# thread waits for the loop to hand it back, by default up to 5 ms, so a move's handful
# of queries took tens of milliseconds whenever the loop was busy (a "convoy"; measured in
# docs/benchmarks.md).  1 ms bounds that wait at a small cost in thread switches.
sys.setswitchinterval(0.001)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddleware, get_user  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from channels.sessions import CookieMiddleware, InstanceSessionWrapper, SessionMiddleware  # noqa: E402
from django.conf import settings  # noqa: E402

from common.db import database_sync_to_async  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402


class SocketSessionMiddleware(SessionMiddleware):
    """Channels' session middleware for the sockets, which read the session and never write
    it: without the wrapper it puts around every frame sent, which saves a session that an
    HTTP response changed (its checks cost a tenth of forwarding a frame)."""

    async def __call__(self, scope, receive, send):
        wrapper = InstanceSessionWrapper(scope, send)
        await wrapper.resolve_session()
        return await self.inner(wrapper.scope, receive, send)


class SocketAuthMiddleware(AuthMiddleware):
    """Channels' auth middleware, its read of the session and the user on the process's
    database threads (`common.db`): channels' own wrapper ran it on asgiref's one thread,
    copying every context variable there and back, at each socket's opening."""

    async def resolve_scope(self, scope):
        scope["user"]._wrapped = await database_sync_to_async(get_user.func)(scope)


router = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            CookieMiddleware(SocketSessionMiddleware(SocketAuthMiddleware(URLRouter(websocket_urlpatterns))))
        ),
    }
)


def _with_in_process_sweeper(app):
    """The in-memory channel layer reaches only this process, so its clocks run here too."""

    async def wrapper(scope, receive, send):
        from games.sweeper import start_in_process

        start_in_process()
        return await app(scope, receive, send)

    return wrapper


application = router if settings.REDIS_URL else _with_in_process_sweeper(router)
