"""The one error every game family's engine raises for an action its rules refuse."""


class IllegalAction(ValueError):
    """An action refused by the rules.  `code` is stable (clients branch on it), `message` is for people.

    Each family lists its codes: docs/rules-gin.md and docs/rules-rummy.md.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
