"""The review's pages; config/urls.py serves them in the `games` namespace (`games:review`)."""

from django.urls import path

from review import views

urlpatterns = [
    path("games/match/<int:match_id>/review/", views.review_page, name="review"),
    path("games/match/<int:match_id>/review/start/", views.start_review, name="review_start"),
]
