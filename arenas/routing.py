from django.urls import path

from arenas.consumers import ArenaConsumer

websocket_urlpatterns = [path("ws/arena/<int:pk>/", ArenaConsumer.as_asgi())]
