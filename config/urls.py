from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from common import admin_shortcut
from games.urls import urlpatterns as game_urls
from pages import views as pages
from review.urls import urlpatterns as review_urls

urlpatterns = [
    path("", pages.home, name="home"),
    path("", include("pages.urls")),
    # The review app adds its pages to the games namespace (games:review), as the replay links them.
    path("", include((game_urls + review_urls, "games"))),
    path("", include("daily.urls")),
    path("", include("leaderboard.urls")),
    path("", include("moderation.urls")),
    path("", include("social.urls")),
    path("", include("arenas.urls")),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("allauth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    # The table's counted texts in the page's language (djangojs.po), as a script of its own.
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("admin/r/<int:content_type_id>/<path:object_id>/", admin_shortcut.shortcut),  # before the admin's
    path("admin/", admin.site.urls),
]
