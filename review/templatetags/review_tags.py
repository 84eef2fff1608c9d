"""An action and a mark as the review page names them."""

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext as _

from daily.templatetags.deco_cards import card_face

register = template.Library()


@register.filter
def action_label(action, decision: str = "") -> str:
    """`decision` "knock": a discard there is the choice to play on.  A rummy `meld` and `wait`
    are the choices of the come-out decision (`games.ai.rummy.review`)."""
    kind = action.get("type")
    if kind == "take_upcard":
        return _("take the upcard")
    if kind == "pass":
        return _("pass")
    if kind == "draw":
        return _("draw from the pile") if action.get("source") == "discard" else _("draw from the stock")
    if kind == "knock":
        if "card" in action:
            return format_html("{} {}", _("knock, throwing"), card_face(action["card"]))
        return _("knock")
    if kind == "meld":
        return _("come out now")
    if kind == "wait":
        return _("wait")
    if kind == "discard" and decision == "knock":
        return format_html("{} {}", _("play on, discarding"), card_face(action["card"]))
    if kind == "discard":
        return format_html("{} {}", _("discard"), card_face(action["card"]))
    return kind


@register.filter
def mark_label(mark) -> str:
    return {"inaccuracy": _("Inaccuracy"), "mistake": _("Mistake"), "blunder": _("Blunder")}.get(mark, "")


@register.filter
def kind_label(kind) -> str:
    return {
        "upcard": _("Upcard"),
        "draw": _("Draw"),
        "knock": _("Knock or play on"),
        "discard": _("Discard"),
        "come_out": _("Come out or wait"),
    }.get(kind, kind)
