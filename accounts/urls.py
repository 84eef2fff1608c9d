from django.urls import path

from accounts import views

app_name = "accounts"
urlpatterns = [
    path("profile/", views.profile, name="profile"),
    path("preferences/", views.table_preferences, name="table_preferences"),
    path("blocks/", views.blocks, name="blocks"),
    path("block/<int:user_id>/", views.block, name="block"),
    path("unblock/<int:user_id>/", views.unblock, name="unblock"),
]
