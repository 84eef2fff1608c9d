from django.apps import AppConfig


class PagesConfig(AppConfig):
    """The site's own pages around the games: the home page, the rules, the favicon."""

    name = "pages"
