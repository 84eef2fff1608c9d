"""The one error every game family's engine raises for an action its rules refuse."""

from typing import TypeVar

T = TypeVar("T")


class RulesError(ValueError):
    """An impossible mix of flags (or of flags and seats), or a flag no rule set has."""


class IllegalAction(ValueError):
    """An action refused by the rules.  `code` is stable (clients branch on it), `message` is for people.

    Each family lists its codes: docs/rules-gin.md and docs/rules-rummy.md.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def required(value: T | None) -> T:
    """A field its action's type requires: parsing has checked it is there (this tells the type
    checker, and refuses the action should a move ever be handed one without it)."""
    if value is None:
        raise IllegalAction("bad_action", "the action lacks a field its type requires")
    return value
