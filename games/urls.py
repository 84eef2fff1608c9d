from django.urls import path

from games import converters, replay_views, views  # noqa: F401 (converters registers <room:>, <invite:>, <match:>)

app_name = "games"
urlpatterns = [
    path("play/", views.lobby, name="lobby"),
    path("play/computer/", views.play_computer, name="play_computer"),
    path("play/new/", views.new_room, name="new_room"),
    path("play/local/", views.pass_and_play, name="pass_and_play"),
    path("play/rummy/", views.new_rummy_table, name="new_rummy_table"),
    path("r/<room:code>/", views.room, name="room"),
    path("r/<room:code>/sit/", views.take_seat, name="take_seat"),
    path("r/<room:code>/leave/", views.leave_seat, name="leave_seat"),
    path("r/<room:code>/invite/<invite:token>/", views.invite, name="invite"),
    path("games/", replay_views.my_games, name="my_games"),
    path("games/match/<match:match_id>/", replay_views.replay, name="replay"),
    path("games/match/<match:match_id>/record.txt", replay_views.record, name="record"),
]
