from django.apps import AppConfig


class ArenasConfig(AppConfig):
    name = "arenas"
    verbose_name = "Arenas"

    def ready(self):
        from arenas import sweeping
        from games import sweeper

        sweeper.register(sweeping.sweep_arenas)
