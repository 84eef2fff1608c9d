"""Cards as text: rank and suit symbol, red suits marked, with the card's name for screen readers."""

from django import template
from django.utils.html import format_html

from games.card_faces import card_face as face

register = template.Library()


@register.filter
def card_face(code) -> str:
    shown = face(str(code))
    return format_html(
        '<span class="pc{}" title="{}">{}</span>',
        " red" if shown["red"] else "",
        shown["code"],
        shown["text"],
    )
