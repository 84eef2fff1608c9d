from django.apps import AppConfig


class LeaderboardConfig(AppConfig):
    name = "leaderboard"

    def ready(self):
        from leaderboard import receivers  # noqa: F401  (connects the signal receivers)
