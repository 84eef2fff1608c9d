"""Cards as text: rank and suit symbol, red suits marked, with the card's name for screen readers."""

from django import template
from django.utils.html import format_html

register = template.Library()

SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


@register.filter
def card_face(code) -> str:
    text = str(code)
    rank, suit = text[:-1], text[-1]
    return format_html(
        '<span class="pc{}" title="{}">{}{}</span>',
        " red" if suit in "DH" else "",
        text,
        "10" if rank == "T" else rank,
        SUITS[suit],
    )
