"""The gin state machine: moves as pure functions of (state, seat, action).

`apply` checks who may act, then hands the parsed action to the move of its type; a move
returns the new state and the public events it caused.  `legal_actions` lists exactly what
`apply` accepts from a seat.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from games.rules.cards import Card, display_key
from games.rules.errors import required
from games.rules.gin.actions import Action, IllegalAction, check_seat, parse_action
from games.rules.gin.rules import GinRules
from games.rules.gin.scoring import settle
from games.rules.gin.state import GinState, HandRecord, MatchResult
from games.rules.melds import best_melds, deadwood_after_discards, min_deadwood
from games.rules.shuffle import deck_order

Event = dict[str, Any]
Outcome = tuple[GinState, list[Event]]

HAND_SIZE = 10


def new_match(rules: GinRules, *, first_dealer: int = 1) -> GinState:
    """A match waiting for its first deal.  The non-dealer plays first (seat 0 by default)."""
    if first_dealer not in (0, 1):
        raise ValueError("first_dealer must be 0 or 1")
    return GinState(rules=rules, phase="deal", dealer=first_dealer, turn=None, knock_limit=rules.knock_limit)


def apply(state: GinState, seat: int | None, action: Any) -> Outcome:
    """The state after `seat` (None: the server) plays `action`, and the public events it caused.

    Raises `IllegalAction` for anything the rules refuse; `state` is never changed.
    """
    seat = check_seat(seat)
    act = parse_action(action, state.rules)
    if state.phase == "match_over":
        raise IllegalAction("match_over", "the match is over")
    if seat != state.turn:
        waiting = "the server's deal" if state.turn is None else f"seat {state.turn}"
        raise IllegalAction("not_your_turn", f"waiting for {waiting}")
    if act.type not in _PHASE_ACTIONS[state.phase]:
        raise IllegalAction("wrong_phase", f"no {act.type!r} in phase {state.phase!r}")
    new_state, events = _MOVES[act.type](state, seat, act)
    return new_state, [dict(e) for e in events]


def legal_actions(state: GinState, seat: int | None) -> list[dict[str, Any]]:
    """Every action `apply` accepts from `seat` now, cards in display order.

    The server's deal is not listed: it is legal in phases "deal" and "hand_over" with any seed.
    """
    seat = check_seat(seat)
    if seat is None or seat != state.turn:
        return []
    if state.phase == "upcard":
        return [{"type": "take_upcard"}, {"type": "pass"}]
    if state.phase == "draw":
        sources = ["stock"] if state.must_draw_stock else ["stock", "discard"]
        return [{"type": "draw", "source": s} for s in sources]
    rules, limit = state.rules, state.knock_limit
    hand = sorted(state.hands[seat], key=display_key)
    playable = [c for c in hand if c != state.taken]
    actions = [{"type": "discard", "card": str(c)} for c in playable]
    if rules.knock_timing == "before_discard":
        if min_deadwood(hand, rules.max_meld_size) <= limit:
            actions.append({"type": "knock"})
        return actions
    after = deadwood_after_discards(hand, rules.max_meld_size)
    actions += [{"type": "knock", "card": str(c)} for c in playable if after[c] <= limit]
    if rules.big_gin and min_deadwood(hand, rules.max_meld_size) == 0:
        actions.append({"type": "big_gin"})
    return actions


def replay(rules: GinRules, entries: Iterable[Any], *, first_dealer: int = 1) -> GinState:
    """The state reached by applying a move log of ``{"seat": ..., "action": {...}}`` entries."""
    state = new_match(rules, first_dealer=first_dealer)
    for entry in entries:
        if not isinstance(entry, dict) or set(entry) != {"seat", "action"}:
            raise IllegalAction("bad_action", f"a log entry is {{'seat': ..., 'action': ...}}, not {entry!r}")
        state, _ = apply(state, entry["seat"], entry["action"])
    return state


# --- moves -------------------------------------------------------------------------------


def _deal(state: GinState, seat: None, act: Action) -> Outcome:
    seed = required(act.seed)
    deck = deck_order(bytes.fromhex(seed))
    first, dealer = 1 - state.dealer, state.dealer
    dealt = 2 * HAND_SIZE
    upcard = deck[dealt]
    event = {"type": "deal", "hand": state.hand_number + 1, "dealer": dealer, "upcard": str(upcard)}
    new_state = replace(
        state,
        phase="upcard" if state.rules.upcard_offer else "draw",
        turn=first,
        knock_limit=_knock_limit(state.rules, upcard),
        seed=seed,
        hands=_pair(first, tuple(deck[0:dealt:2]), tuple(deck[1:dealt:2])),
        stock=tuple(deck[dealt + 1 :]),
        discard_pile=(upcard,),
        drawn=None,
        drawn_from=None,
        log=(event,),
    )
    return new_state, [event]


def _take_upcard(state: GinState, seat: int, act: Action) -> Outcome:
    return _draw_from(state, seat, "discard", "take_upcard")


def _pass(state: GinState, seat: int, act: Action) -> Outcome:
    event = {"type": "pass", "seat": seat}
    if seat == state.dealer:  # second pass: the non-dealer draws from the stock
        return _logged(state, event, phase="draw", turn=1 - seat), [event]
    return _logged(state, event, turn=state.dealer), [event]


def _draw(state: GinState, seat: int, act: Action) -> Outcome:
    if act.source == "discard" and state.must_draw_stock:
        raise IllegalAction("must_draw_stock", "both passed the upcard: draw from the stock")
    return _draw_from(state, seat, required(act.source), "draw")


def _discard(state: GinState, seat: int, act: Action) -> Outcome:
    state, event = _play_to_pile(state, seat, required(act.card), "discard")
    rules = state.rules
    if rules.stock_exhausted == "dead_hand" and len(state.stock) <= rules.dead_hand_stock:
        return _end_hand(state, _dead_record(state), [event])
    state = replace(state, phase="draw", turn=1 - seat)
    if state.stock:
        return state, [event]
    return _recycle(state, [event])


def _knock(state: GinState, seat: int, act: Action) -> Outcome:
    if act.card is None:  # before_discard: knock holding all 11 cards
        event = {"type": "knock", "seat": seat}
        state = _logged(state, event)
    else:
        state, event = _play_to_pile(state, seat, act.card, "knock")
    deadwood = min_deadwood(state.hands[seat], state.rules.max_meld_size)
    if deadwood > state.knock_limit:
        raise IllegalAction(
            "knock_too_high", f"deadwood {deadwood} is above this hand's limit {state.knock_limit}"
        )
    return _end_hand(state, _settled_record(state, seat), [event])


def _big_gin(state: GinState, seat: int, act: Action) -> Outcome:
    if min_deadwood(state.hands[seat], state.rules.max_meld_size) != 0:
        raise IllegalAction("not_melded", "big gin needs all 11 cards melded")
    event = {"type": "big_gin", "seat": seat}
    state = _logged(state, event)
    return _end_hand(state, _settled_record(state, seat), [event])


_MOVES: dict[str, Callable[[GinState, Any, Action], Outcome]] = {
    "deal": _deal,
    "take_upcard": _take_upcard,
    "pass": _pass,
    "draw": _draw,
    "discard": _discard,
    "knock": _knock,
    "big_gin": _big_gin,
}
_PHASE_ACTIONS = {
    "deal": {"deal"},
    "hand_over": {"deal"},
    "upcard": {"take_upcard", "pass"},
    "draw": {"draw"},
    "discard": {"discard", "knock", "big_gin"},
}


# --- helpers -----------------------------------------------------------------------------


def _knock_limit(rules: GinRules, upcard: Card) -> int:
    """Oklahoma: the upcard's deadwood value, an ace meaning gin only; never above the rule set's."""
    if not rules.oklahoma:
        return rules.knock_limit
    return 0 if upcard.rank == 1 else min(upcard.deadwood, rules.knock_limit)


def _logged(state: GinState, event: Event, **changes: Any) -> GinState:
    """The state with `changes` made and `event` added to the hand's public log."""
    return replace(state, log=state.log + (event,), **changes)


def _pair(seat: int, mine: Any, theirs: Any) -> tuple[Any, Any]:
    """A per-seat pair holding `mine` at `seat` and `theirs` at the other seat."""
    return (mine, theirs) if seat == 0 else (theirs, mine)


def _draw_from(state: GinState, seat: int, source: str, event_type: str) -> Outcome:
    """Move the top of the stock or of the discard pile into `seat`'s hand."""
    stock, pile = state.stock, state.discard_pile
    if source == "stock":
        card, stock = stock[0], stock[1:]
    else:
        card, pile = pile[-1], pile[:-1]
    event: Event = {"type": event_type, "seat": seat}
    if event_type == "draw":
        event["source"] = source
    if source == "discard":  # a card from the stock stays secret to the drawer
        event["card"] = str(card)
    new_state = _logged(
        state,
        event,
        phase="discard",
        hands=_pair(seat, state.hands[seat] + (card,), state.hands[1 - seat]),
        stock=stock,
        discard_pile=pile,
        drawn=card,
        drawn_from=source,
    )
    return new_state, [event]


def _play_to_pile(state: GinState, seat: int, card: Card, event_type: str) -> tuple[GinState, Event]:
    """Move `card` from `seat`'s hand onto the discard pile (a discard, or a knock's discard)."""
    hand = state.hands[seat]
    if card not in hand:
        raise IllegalAction("card_not_in_hand", f"{card} is not in your hand")
    if card == state.taken:
        raise IllegalAction("cannot_discard_taken_card", f"{card} was just taken from the discard pile")
    event = {"type": event_type, "seat": seat, "card": str(card)}
    new_state = _logged(
        state,
        event,
        hands=_pair(seat, tuple(c for c in hand if c != card), state.hands[1 - seat]),
        discard_pile=state.discard_pile + (card,),
        drawn=None,
        drawn_from=None,
    )
    return new_state, event


def _recycle(state: GinState, events: list[Event]) -> Outcome:
    """The stock is empty: all of the discard pile but its top becomes the stock, unshuffled.

    Turned over as one packet, the pile's bottom card (the oldest discard) becomes the top of
    the stock, so the bottom-first pile is exactly the top-first stock.
    """
    pile = state.discard_pile
    event = {"type": "recycle", "stock": len(pile) - 1}
    return _logged(state, event, stock=pile[:-1], discard_pile=pile[-1:]), [*events, event]


def _dealt_seed(state: GinState) -> str:
    if state.seed is None:
        raise ValueError("a hand is recorded only after its deal")
    return state.seed


def _settled_record(state: GinState, knocker: int) -> HandRecord:
    """The hand settled by `settle` after `knocker` knocked (or declared big gin)."""
    defender = 1 - knocker
    result = settle(state.hands[knocker], state.hands[defender], state.rules, knock_limit=state.knock_limit)
    return HandRecord(
        number=state.hand_number,
        dealer=state.dealer,
        seed=_dealt_seed(state),
        knock_limit=state.knock_limit,
        kind=result.kind,
        knocker=knocker,
        winner=knocker if result.winner == "knocker" else defender,
        points=result.points,
        hands=state.hands,
        melds=_pair(knocker, _melds(result.knocker_melds), _melds(result.defender_melds)),
        deadwood_cards=_pair(
            knocker, tuple(result.knocker_deadwood_cards), tuple(result.defender_deadwood_cards)
        ),
        deadwood=_pair(knocker, result.knocker_deadwood, result.defender_deadwood),
        layoffs=tuple((card, index) for card, index in result.layoffs),
    )


def _dead_record(state: GinState) -> HandRecord:
    """An unscored hand: the stock ran down to `dead_hand_stock` cards without a knock."""
    best = [best_melds(hand, state.rules.max_meld_size) for hand in state.hands]
    return HandRecord(
        number=state.hand_number,
        dealer=state.dealer,
        seed=_dealt_seed(state),
        knock_limit=state.knock_limit,
        kind="dead",
        knocker=None,
        winner=None,
        points=0,
        hands=state.hands,
        melds=tuple(_melds(b.melds) for b in best),
        deadwood_cards=tuple(tuple(b.deadwood_cards) for b in best),
        deadwood=tuple(b.deadwood for b in best),
        layoffs=(),
    )


def _melds(melds: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(m) for m in melds)


def _end_hand(state: GinState, record: HandRecord, events: list[Event]) -> Outcome:
    """Record the finished hand; then the next deal, or the end of the match."""
    event = {
        "type": "hand_end",
        "hand": record.number,
        "kind": record.kind,
        "knocker": record.knocker,
        "winner": record.winner,
        "points": record.points,
    }
    state = _logged(state, event, turn=None, drawn=None, drawn_from=None, history=state.history + (record,))
    events = [*events, event]
    if max(state.scores) < state.rules.match_target:
        # The deal alternates after a scored hand; after a dead hand the same dealer deals again.
        dealer = state.dealer if record.winner is None else 1 - state.dealer
        return replace(state, phase="hand_over", dealer=dealer), events
    result = _match_result(state)
    event = {"type": "match_end", "winner": result.winner}
    state = _logged(state, event, phase="match_over", result=result)
    return state, [*events, event]


def _match_result(state: GinState) -> MatchResult:
    """Hand points plus the match bonuses, in RULES.md's order: line, game, shutout double."""
    rules, points, won = state.rules, state.scores, state.hands_won
    winner = 0 if points[0] >= rules.match_target else 1
    line = tuple(n * rules.line_bonus_points if rules.line_bonus else 0 for n in won)
    game = rules.game_bonus_points if rules.game_bonus else 0
    doubled = rules.shutout_double and won[1 - winner] == 0
    totals = [p + b for p, b in zip(points, line, strict=True)]
    totals[winner] = (totals[winner] + game) * (2 if doubled else 1)
    return MatchResult(
        winner=winner, points=points, line_bonus=line, game_bonus=game, doubled=doubled, totals=tuple(totals)
    )
