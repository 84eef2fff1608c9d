from django.urls import path

from games import converters  # noqa: F401 (registers <room:>)
from games.consumers import LobbyConsumer, RoomConsumer

websocket_urlpatterns = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/room/<room:code>/", RoomConsumer.as_asgi()),
]
