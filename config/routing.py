from django.urls import path

from config.consumers import HealthConsumer
from games.routing import websocket_urlpatterns as games_sockets

websocket_urlpatterns = [
    path("ws/health/", HealthConsumer.as_asgi()),
    *games_sockets,
]
