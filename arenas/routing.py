from django.urls import path

import games.converters  # noqa: F401  (registers <id:>)
from arenas.consumers import ArenaConsumer

websocket_urlpatterns = [path("ws/arena/<id:pk>/", ArenaConsumer.as_asgi())]
