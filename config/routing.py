from django.urls import path, re_path

from arenas.routing import websocket_urlpatterns as arena_sockets
from config.consumers import HealthConsumer, RefusedSocket
from games.routing import websocket_urlpatterns as games_sockets
from review.routing import websocket_urlpatterns as review_sockets
from social.routing import websocket_urlpatterns as social_sockets

websocket_urlpatterns = [
    path("ws/health/", HealthConsumer.as_asgi()),
    *games_sockets,
    *social_sockets,
    *arena_sockets,
    *review_sockets,
    re_path(r"", RefusedSocket.as_asgi()),  # last: everything else
]
