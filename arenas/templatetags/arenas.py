"""`{% arena_honours player %}` on the player page: arena wins and podiums (a tag, so the
leaderboard app below arenas imports nothing of it)."""

from django import template

from arenas import selectors

register = template.Library()


@register.inclusion_tag("arenas/_honours.html")
def arena_honours(player):
    return selectors.honours(player)
