"""The day's par: the best first-hand line a search finds against the arcade bot.

With the seed known the first hand is a one-player puzzle: the stock order is fixed and the
arcade bot's reply is a pure function of the position, so a line of the player's actions
determines the whole hand.  The search is a beam search over the player's turns (each turn:
draw from the stock or the pile, then knock or discard one of the 11 cards; the bot's reply
is played at once).  Every knock reached is settled exactly and kept when it beats the best
so far (more points, then fewer turns); positions still open are ranked by the player's
deadwood (lower first), then the bot's (higher first, the bot farther from knocking), and the
best `width` go on to the next turn.  Widths 4, 8, 16, ... run until the time budget ends.

The result is the best line found, not a proven optimum: a beam drops positions that a
cleverer line might have used.  It needs only the rules engine and the bot, no database.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from daily.seeds import COMPUTER, PLAYER, first_hand
from games.ai import choose_action
from games.rules.gin import GinState, apply, legal_actions, view_for
from games.rules.melds import min_deadwood

Action = dict[str, Any]
MAX_TURNS = 40
FIRST_WIDTH = 4
METHOD = "beam search over the player's turns, widths doubling from 4 within the time budget"


@dataclass(frozen=True)
class Par:
    actions: tuple[Action, ...]
    """The player's actions in the first hand, in order."""
    result: int
    turns: int
    nodes: int
    """Positions expanded, over every width tried."""
    seconds: float
    width: int
    """The widest beam that ran to the end."""


def result_of(state: GinState) -> int | None:
    """The player's result of the first hand: + the points won, - the points the bot won."""
    if not state.history:
        return None
    hand = state.history[0]
    return hand.points if hand.winner == PLAYER else -hand.points


def bot_replies(state: GinState, memo: dict | None = None) -> tuple[GinState, list[Action]]:
    """The arcade bot's moves until the player is to act again or the hand is over.

    `memo` remembers decisions by what the arcade bot reads (its phase, its cards, the pile's
    top, the card it may not discard, the knock limit): sibling lines share most of them.
    """
    memo = {} if memo is None else memo
    played = []
    while state.turn == COMPUTER:
        key = (
            state.phase,
            frozenset(state.hands[COMPUTER]),
            state.discard_pile[-1:],
            state.taken,
            state.knock_limit,
        )
        if key not in memo:
            memo[key] = choose_action("arcade", view_for(state, COMPUTER), seed=0)  # deterministic level
        state, _ = apply(state, COMPUTER, memo[key])
        played.append(memo[key])
    return state, played


def play_line(seed: bytes, actions: list[Action]) -> tuple[GinState, list[tuple[int, Action]]]:
    """The first hand after the player's `actions` with the bot's replies: the final state and
    every move as (seat, action).  Raises IllegalAction for a line that does not fit the deal."""
    state, moves = first_hand(seed), []
    for action in actions:
        state, _ = apply(state, PLAYER, action)
        moves.append((PLAYER, action))
        state, replies = bot_replies(state)
        moves += [(COMPUTER, a) for a in replies]
    return state, moves


@dataclass
class _Search:
    deadline: float
    clock: Callable[[], float]
    nodes: int = 0
    best: tuple[int, int] | None = None
    """(result, -turns) of the best line so far."""
    line: tuple[Action, ...] = ()
    seen: set = field(default_factory=set)
    memo: dict = field(default_factory=dict)

    def offer(self, state: GinState, actions: tuple[Action, ...]) -> None:
        turns = sum(a["type"] == "draw" for a in actions)
        key = (result_of(state), -turns)
        if self.best is None or key > self.best:
            self.best, self.line = key, actions

    def beam(self, start: GinState, width: int) -> bool:
        """One beam search; False when the clock ran out first."""
        level = [(start, ())]
        for _ in range(MAX_TURNS):
            children = []
            for state, actions in level:
                if self.clock() > self.deadline:
                    return False
                self.nodes += 1
                children += self._expand(state, actions)
            children.sort(key=lambda child: child[0])
            level = [(state, actions) for _, state, actions in children[:width]]
            if not level:
                break
        return True

    def _expand(self, state: GinState, actions: tuple[Action, ...]) -> list[tuple[Any, GinState, tuple]]:
        open_positions = []
        for draw in legal_actions(state, PLAYER):
            drawn, _ = apply(state, PLAYER, draw)
            for move in legal_actions(drawn, PLAYER):
                after, _ = apply(drawn, PLAYER, move)
                after, _ = bot_replies(after, self.memo)
                line = (*actions, draw, move)
                if after.history:
                    self.offer(after, line)
                    continue
                key = _position_key(after)
                if key in self.seen:
                    continue
                self.seen.add(key)
                cap = after.rules.max_meld_size
                rank = (min_deadwood(after.hands[PLAYER], cap), -min_deadwood(after.hands[COMPUTER], cap))
                open_positions.append((rank, after, line))
        return open_positions


def _position_key(state: GinState) -> tuple:
    return (frozenset(state.hands[PLAYER]), frozenset(state.hands[COMPUTER]), state.stock, state.discard_pile)


def search(seed: bytes, *, seconds: float, clock: Callable[[], float] = time.monotonic) -> Par:
    """The best first-hand line found within `seconds` (at least one width-4 beam is completed)."""
    began = clock()
    run = _Search(deadline=float("inf"), clock=clock)
    start = first_hand(seed)
    width, finished = FIRST_WIDTH, 0
    while True:
        run.seen = set()
        if not run.beam(start, width):
            break
        finished = width
        run.deadline = began + seconds  # the first beam always completes, so a par always exists
        if clock() > run.deadline:
            break
        width *= 2
    if run.best is None:
        raise RuntimeError("no line ended the hand within the turn limit")
    result, turns = run.best
    return Par(
        actions=run.line,
        result=result,
        turns=-turns,
        nodes=run.nodes,
        seconds=round(clock() - began, 2),
        width=finished,
    )
