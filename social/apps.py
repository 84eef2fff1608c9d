from django.apps import AppConfig


class SocialConfig(AppConfig):
    name = "social"

    def ready(self):
        from social import receivers  # noqa: F401  (the games' turns, the sweeper's ticks)
