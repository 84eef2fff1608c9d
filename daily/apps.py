from django.apps import AppConfig


class DailyConfig(AppConfig):
    name = "daily"
