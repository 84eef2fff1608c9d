from django import template

from social.selectors import friendship_between

register = template.Library()


@register.inclusion_tag("social/_player_actions.html", takes_context=True)
def player_actions(context, other, compact=False):
    """Befriend or challenge `other` (a player's page; at a table, `compact`: befriend only)."""
    request = context["request"]
    viewer = request.user
    friendship = friendship_between(viewer.pk, other.pk) if viewer.is_authenticated and other else None
    return {
        "viewer": viewer,
        "other": other,
        "friendship": friendship,
        "next": request.get_full_path(),
        "compact": compact,
    }
