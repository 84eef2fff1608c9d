"""One adapter per game family, so rooms, services and consumers serve every family alike.

An adapter turns stored JSON into rule-engine values and back, and passes the few questions
the services ask of any game to the family's rules library: whose turn it is, whether the
server must deal, whether the match is over, the places, what a timed-out turn plays and what
may be played out of turn.  The rules themselves live in `games.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any, ClassVar, Protocol

from games.rules import gin, rummy
from games.rules.places import competition_places


class FamilyAdapter(Protocol):
    name: str
    illegal: type[Exception]
    """What the family's engine raises for an illegal action (with `.code` and `.message`)."""
    out_of_turn: frozenset[str]
    """Action types a seat may play out of turn (the engine decides when)."""

    def rules_from(self, flags: dict[str, Any]) -> Any: ...
    def new_match(self, rules: Any, *, seats: int, first_dealer: int, rounds: int | None) -> Any: ...
    def load(self, data: dict[str, Any]) -> Any: ...
    def dump(self, state: Any) -> dict[str, Any]: ...
    def apply(self, state: Any, seat: int | None, action: Any) -> tuple[Any, list[dict]]: ...
    def view_for(
        self, state: Any, seat: int | None, *, reveal_seeds: bool = True, history: int | None = None
    ) -> dict[str, Any]: ...
    def turn(self, state: Any) -> int | None: ...
    def needs_deal(self, state: Any) -> bool: ...
    def is_over(self, state: Any) -> bool: ...
    def winner(self, state: Any) -> int | None: ...
    def places(self, state: Any) -> list[int]:
        """Each seat's final place (0 first; tied seats share a place) in a finished match."""
        ...

    def timeout_action(self, state: Any) -> dict[str, Any]:
        """What a timed-out turn plays next for the seat in turn."""
        ...

    def callers(self, state: Any) -> list[int]:
        """Seats that may call the fresh discard out of turn now, in the order they are asked."""
        ...

    def bot_level(self, level: str) -> str: ...


@dataclass(frozen=True)
class _Family:
    """What both families answer alike, through their own library."""

    library: ClassVar[ModuleType]
    state_type: ClassVar[Any]

    def load(self, data: dict[str, Any]) -> Any:
        return self.state_type.from_json(data)

    def dump(self, state: Any) -> dict[str, Any]:
        return state.to_json()

    def apply(self, state, seat, action):
        return self.library.apply(state, seat, action)

    def is_over(self, state: Any) -> bool:
        return state.phase == "match_over"

    def places(self, state: Any) -> list[int]:
        return competition_places(state.result.totals)

    def timeout_action(self, state: Any) -> dict[str, Any]:
        return self.library.timeout_action(state)


@dataclass(frozen=True)
class GinAdapter(_Family):
    library = gin
    state_type = gin.GinState
    name: str = "gin"
    illegal: type[Exception] = gin.IllegalAction
    out_of_turn: frozenset[str] = gin.OUT_OF_TURN

    def rules_from(self, flags: dict[str, Any]) -> gin.GinRules:
        return gin.GinRules.from_dict(flags)

    def new_match(
        self, rules: gin.GinRules, *, seats: int, first_dealer: int, rounds: int | None
    ) -> gin.GinState:
        return gin.new_match(rules, first_dealer=first_dealer)

    def view_for(self, state, seat, *, reveal_seeds=True, history=None):
        return gin.view_for(state, seat, reveal_seeds=reveal_seeds, history=history)

    def turn(self, state: gin.GinState) -> int | None:
        return state.turn

    def needs_deal(self, state: gin.GinState) -> bool:
        return state.phase in ("deal", "hand_over")

    def winner(self, state: gin.GinState) -> int | None:
        return None if state.result is None else state.result.winner

    def callers(self, state: gin.GinState) -> list[int]:
        return []  # gin has no calling

    def bot_level(self, level: str) -> str:
        return level


@dataclass(frozen=True)
class RummyAdapter(_Family):
    library = rummy
    state_type = rummy.RummyState
    name: str = "rummy"
    illegal: type[Exception] = rummy.IllegalAction
    out_of_turn: frozenset[str] = rummy.OUT_OF_TURN

    def rules_from(self, flags: dict[str, Any]) -> rummy.RummyRules:
        return rummy.RummyRules.from_dict(flags)

    def new_match(self, rules, *, seats: int, first_dealer: int, rounds: int | None) -> rummy.RummyState:
        """`first_dealer` is the seat that starts the first round (the start passes clockwise)."""
        return rummy.new_match(rules, seats=seats, rounds=rounds or 1, first_seat=first_dealer)

    def view_for(self, state, seat, *, reveal_seeds=True, history=None):
        return rummy.view_for(state, seat, history=history)

    def turn(self, state: rummy.RummyState) -> int | None:
        return state.turn if state.phase in ("draw", "play") else None

    def needs_deal(self, state: rummy.RummyState) -> bool:
        return state.phase in ("deal", "round_over")

    def winner(self, state: rummy.RummyState) -> int | None:
        winners = [] if state.result is None else list(state.result.winners)
        return winners[0] if len(winners) == 1 else None

    def callers(self, state: rummy.RummyState) -> list[int]:
        """Clockwise from the seat after the player to draw (as `tools.rummy_duel` asks)."""
        if not state.callable:
            return []
        order = ((state.turn + step) % state.seats for step in range(1, state.seats))
        return [seat for seat in order if rummy.legal_actions(state, seat)]

    def bot_level(self, level: str) -> str:
        """Rummy's levels carry the stored names (Easy, Medium, Hard; an arcade seat plays Medium)."""
        return level if level in ("easy", "medium", "hard") else "medium"


ADAPTERS: dict[str, FamilyAdapter] = {"gin": GinAdapter(), "rummy": RummyAdapter()}


def adapter(family: str) -> FamilyAdapter:
    return ADAPTERS[family]
