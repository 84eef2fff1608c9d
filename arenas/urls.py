from django.urls import path

from arenas import views

app_name = "arenas"
urlpatterns = [
    path("arenas/", views.arena_list, name="list"),
    path("arenas/<int:pk>/", views.arena_detail, name="detail"),
    path("arenas/<int:pk>/<str:action>/", views.arena_action, name="action"),
]
