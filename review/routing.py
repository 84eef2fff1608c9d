from django.urls import path

from review.consumers import ReviewConsumer

websocket_urlpatterns = [path("ws/review/<int:match_id>/", ReviewConsumer.as_asgi())]
