from django.urls import path

from pages import views

app_name = "pages"
urlpatterns = [
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<slug:page>/", views.rules, name="rules"),
    path("favicon.ico", views.favicon, name="favicon"),
]
