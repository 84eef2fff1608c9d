from django.urls import path

from moderation import views

app_name = "moderation"
urlpatterns = [path("report/", views.report, name="report")]
