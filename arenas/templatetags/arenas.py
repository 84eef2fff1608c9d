"""`{% arena_honours player %}` on the player page: arena wins and podiums; `match|arena_of`
on the table and the replay: the arena that paired a match (tags, so the apps below arenas
import nothing of it)."""

from django import template

from arenas import selectors

register = template.Library()


@register.inclusion_tag("arenas/_honours.html")
def arena_honours(player):
    return selectors.honours(player)


@register.filter
def arena_of(match):
    return selectors.arena_of(match)
