from django.dispatch import receiver

from arenas.models import ArenaGame
from arenas.services import arena_changed
from games import broadcast
from games.signals import match_finished


@receiver(match_finished)
def standings_changed(sender, match, **kwargs):
    """A finished arena match changes the standings: the arena's sockets read them again."""
    arena_id = ArenaGame.objects.filter(match=match).values_list("arena_id", flat=True).first()
    if arena_id is not None:
        broadcast.send_on_commit(arena_changed(arena_id))
