from django.apps import AppConfig


class ArenasConfig(AppConfig):
    name = "arenas"
    verbose_name = "Arenas"

    def ready(self):
        from arenas import sweeping
        from games import signals

        signals.swept.connect(sweeping.on_sweep, dispatch_uid="arenas")
