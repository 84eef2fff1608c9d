from django.urls import path

from leaderboard import views

app_name = "leaderboard"
urlpatterns = [
    path("leaderboard/", views.index, name="index"),
    path("players/<str:key>/", views.player, name="player"),
    path("players/<str:key>/games/", views.player_games, name="player_games"),
]
