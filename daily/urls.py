from datetime import date

from django.urls import path, register_converter

from daily import views


class DayConverter:
    regex = r"\d{4}-\d{2}-\d{2}"

    def to_python(self, value: str) -> date:
        return date.fromisoformat(value)

    def to_url(self, value: date) -> str:
        return value.isoformat()


register_converter(DayConverter, "day")

app_name = "daily"
urlpatterns = [
    path("daily/", views.today, name="today"),
    path("daily/start/", views.start, name="start"),
    path("daily/verify/", views.verify, name="verify"),
    path("daily/verify/shuffle.md", views.shuffle_doc, name="shuffle_doc"),
    path("daily/<day:day>/", views.day, name="day"),
    path("daily/<day:day>/practice/", views.practice, name="practice"),
]
