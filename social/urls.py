from django.urls import path

from social import views

app_name = "social"
urlpatterns = [
    path("friends/", views.friends, name="friends"),
    path("friends/add/<int:user_id>/", views.send_request, name="send_request"),
    path("friends/requests/<int:friendship_id>/<str:answer>/", views.answer_request, name="answer_request"),
    path("friends/remove/<int:user_id>/", views.remove_friend, name="remove_friend"),
    path("challenge/<int:user_id>/", views.challenge, name="challenge"),
    path("challenges/<int:challenge_id>/<str:answer>/", views.answer_challenge, name="answer_challenge"),
    path("notifications/", views.notifications, name="notifications"),
    path("notifications/<int:notification_id>/", views.open_notification, name="open"),
    path("notifications/read/", views.mark_read, name="mark_read"),
    path("notifications/preferences/", views.preferences, name="preferences"),
]
