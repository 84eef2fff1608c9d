"""The quick phrases: sent as codes, each reader sees them in their own language."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

PHRASES = {
    "hello": _("Hello!"),
    "good_luck": _("Good luck!"),
    "good_game": _("Good game"),
    "nice_gin": _("Nice gin!"),
    "well_played": _("Well played"),
    "thanks": _("Thanks!"),
    "oops": _("Oops"),
    "one_more": _("One more?"),
    "bye": _("Bye!"),
}


def phrase_texts() -> dict[str, str]:
    """Each code's text in the active language (the table's page sends them to the browser)."""
    return {code: str(text) for code, text in PHRASES.items()}
