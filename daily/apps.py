from django.apps import AppConfig


class DailyConfig(AppConfig):
    name = "daily"

    def ready(self):
        from daily import receivers  # noqa: F401  (connects the signal receivers)
