"""The table's card faces, rendered on the server (the rules pages show real cards).

The markup is the one static/js/table/cards.js builds, so table.css draws both alike:
an ivory face with two corner indices and one large pip, or a green back.
"""

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

register = template.Library()

RANKS = {
    "A": ("A", "ace"),
    "2": ("2", "two"),
    "3": ("3", "three"),
    "4": ("4", "four"),
    "5": ("5", "five"),
    "6": ("6", "six"),
    "7": ("7", "seven"),
    "8": ("8", "eight"),
    "9": ("9", "nine"),
    "T": ("10", "ten"),
    "J": ("J", "jack"),
    "Q": ("Q", "queen"),
    "K": ("K", "king"),
}
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
JOKER = "X"


def card_name(code: str) -> str:
    """ "seven of hearts", in the page's language (the table's own texts)."""
    if code == JOKER:
        return _("joker")
    return _("{rank} of {suit}").format(rank=_(RANKS[code[0]][1]), suit=_(SUITS[code[1]]))


def _corner(code: str, place: str) -> str:
    return format_html(
        '<span class="corner {}" data-rank="{}"><svg class="sym"><use href="#suit-{}"/></svg></span>',
        place,
        RANKS[code[0]][0],
        code[1],
    )


def _face(code: str) -> str:
    if code == "B":
        return mark_safe(
            '<span class="card back"><svg class="fan" aria-hidden="true"><use href="#deco-fan"/></svg></span>'
        )
    if code == JOKER:
        star = '<span class="corner {}" data-rank="★"></span>'
        return format_html(
            '<span class="card face joker" role="img" aria-label="{}">{}'
            '<svg class="pip" aria-hidden="true"><use href="#deco-fan"/></svg>{}</span>',
            card_name(code),
            format_html(star, "tl"),
            format_html(star, "br"),
        )
    if len(code) != 2 or code[0] not in RANKS or code[1] not in SUITS:
        raise template.TemplateSyntaxError(f"no card {code!r}")
    return format_html(
        '<span class="card face suit-{}{}" role="img" aria-label="{}">{}'
        '<svg class="pip" aria-hidden="true"><use href="#suit-{}"/></svg>{}</span>',
        code[1],
        " court" if code[0] in "JQK" else "",
        card_name(code),
        _corner(code, "tl"),
        code[1],
        _corner(code, "br"),
    )


@register.simple_tag
def cards(codes: str, label: str = "") -> str:
    """A row of cards, e.g. `{% cards "7H 8H 9H" %}`; `X` is a joker, `B` a card's back.
    `label` names the row for screen readers (a meld, a hand)."""
    faces = format_html_join("", "{}", ((_face(code),) for code in codes.split()))
    if label:
        return format_html('<span class="card-row" role="group" aria-label="{}">{}</span>', label, faces)
    return format_html('<span class="card-row">{}</span>', faces)
