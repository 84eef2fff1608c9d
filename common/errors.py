"""The error every app's services raise for a request they refuse."""

from __future__ import annotations


class ServiceError(Exception):
    """A refused request: `code` for programs, `message` for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
