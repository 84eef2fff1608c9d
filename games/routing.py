from django.urls import path

from games.consumers import LobbyConsumer, RoomConsumer

websocket_urlpatterns = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/room/<str:code>/", RoomConsumer.as_asgi()),
]
