"""The rummy state machine: moves as pure functions of (state, seat, action).

`apply` checks who may act, then hands the parsed action to the move of its type; a move
returns the new state and the public events it caused.  `legal_actions` summarises what
`apply` accepts from a seat (docs/rules-rummy.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from games.rules.cards import Card
from games.rules.errors import required
from games.rules.rummy.actions import OUT_OF_TURN, Action, IllegalAction, check_seat, parse_action
from games.rules.rummy.deck import CardId, card_of, deck_ids
from games.rules.rummy.melds import (
    End,
    Meld,
    classify_meld,
    exchange_joker,
    lay_off,
    meld_points,
    meld_readings,
)
from games.rules.rummy.rules import RulesError, RummyRules
from games.rules.rummy.scoring import score_round
from games.rules.rummy.solver import best_first_meld
from games.rules.rummy.state import PLAYING, MatchResult, RoundRecord, RummyState, TableMeld
from games.rules.shuffle import shuffled_indices

Event = dict[str, Any]
Outcome = tuple[RummyState, list[Event]]


def new_match(rules: RummyRules, *, seats: int, rounds: int, first_seat: int) -> RummyState:
    """A match of `rounds` rounds waiting for its first deal; `first_seat` starts round 1."""
    problems = rules.problems(seats=seats)
    if problems:
        raise RulesError("; ".join(problems))
    if rounds < 1 or not 0 <= first_seat < seats:
        raise ValueError("a match has at least one round and a first seat among its seats")
    return RummyState(rules=rules, seats=seats, rounds=rounds, first_seat=first_seat)


def apply(state: RummyState, seat: int | None, action: Any) -> Outcome:
    """The state after `seat` (None: the server) plays `action`, and the public events it caused.

    Raises `IllegalAction` for anything the rules refuse; `state` is never changed.
    """
    seat = check_seat(seat, state.seats)
    act = parse_action(action, state.rules)
    if state.phase == "match_over":
        raise IllegalAction("match_over", "the match is over")
    if act.type not in _PHASE_ACTIONS[state.phase]:
        raise IllegalAction("wrong_phase", f"no {act.type!r} in phase {state.phase!r}")
    if seat != state.turn and act.type not in OUT_OF_TURN:
        waiting = "the server's deal" if state.turn is None else f"seat {state.turn}"
        raise IllegalAction("not_your_turn", f"waiting for {waiting}")
    new_state, events = _MOVES[act.type](state, seat, act)
    return new_state, [dict(e) for e in events]


def legal_actions(state: RummyState, seat: int | None) -> list[dict[str, Any]]:
    """What `seat` may do now: every draw, call, discard, layoff and joker exchange `apply`
    accepts, and ``{"type": "meld"}`` when the hand holds melds it may lay down (the
    combinations are too many to list).

    The server's deal is not listed: it is legal in phases "deal" and "round_over" with any seed.
    """
    seat = check_seat(seat, state.seats)
    if seat is None or state.phase not in PLAYING:
        return []
    if seat != state.turn:
        return [] if _call_refusal(state, seat) else [{"type": "call"}]
    if state.phase == "draw":
        sources = ["stock", "discard"] if state.discard_pile else ["stock"]
        return [{"type": "draw", "source": s} for s in sources]
    hand = state.hands[seat]
    out: list[dict[str, Any]] = []
    if len(hand) > 1 or state.rules.win_without_discard:
        if _may_meld(state, seat):
            out.append({"type": "meld"})
        if state.came_out[seat] is not None:
            out += _layoffs(state, hand) + _exchanges(state, hand)
    out += [{"type": "discard", "card": c} for c in sorted(hand) if _discard_refusal(state, seat, c) is None]
    return out


def replay(
    rules: RummyRules, entries: Iterable[Any], *, seats: int, rounds: int, first_seat: int
) -> RummyState:
    """The state reached by applying a move log of ``{"seat": ..., "action": {...}}`` entries."""
    state = new_match(rules, seats=seats, rounds=rounds, first_seat=first_seat)
    for entry in entries:
        if not isinstance(entry, dict) or set(entry) != {"seat", "action"}:
            raise IllegalAction("bad_action", f"a log entry is {{'seat': ..., 'action': ...}}, not {entry!r}")
        state, _ = apply(state, entry["seat"], entry["action"])
    return state


# --- moves -------------------------------------------------------------------------------


def _deal(state: RummyState, seat: None, act: Action) -> Outcome:
    ids = deck_ids(state.rules)
    deck = [ids[i] for i in shuffled_indices(bytes.fromhex(required(act.seed)), len(ids))]
    number, n = state.round + 1, state.seats
    starter = state.starter_of(number)
    dealt = n * state.rules.hand_size(n)
    # One card at a time clockwise from the starter: seat s gets deck[k] for k = s - starter (mod n).
    hands = tuple(tuple(deck[(s - starter) % n : dealt : n]) for s in range(n))
    event = {"type": "deal", "round": number, "starter": starter, "upcard": deck[dealt]}
    new_state = replace(
        state,
        phase="draw",
        round=number,
        turn=starter,
        turn_number=1,
        seed=act.seed,
        hands=hands,
        stock=tuple(deck[dealt + 1 :]),
        discard_pile=(deck[dealt],),
        table=(),
        came_out=(None,) * n,
        laid=((),) * n,
        drawn=None,
        freed_jokers=(),
        callable=False,
        log=(event,),
    )
    return new_state, [event]


def _draw(state: RummyState, seat: int, act: Action) -> Outcome:
    stock, pile = state.stock, state.discard_pile
    if act.source == "discard":
        if not pile:
            raise IllegalAction("empty_pile", "the discard pile is empty")
        card, pile = pile[-1], pile[:-1]
    elif not stock:
        exhausted = {"type": "stock_exhausted", "seat": seat}
        return _end_round(_logged(state, exhausted), None, [exhausted])
    else:
        card, stock = stock[0], stock[1:]
    event: Event = {"type": "draw", "seat": seat, "source": act.source}
    if act.source == "discard":  # a card from the stock stays secret to the drawer
        event["card"] = card
    new_state = replace(
        _with_hand(state, seat, state.hands[seat] + (card,)),
        phase="play",
        stock=stock,
        discard_pile=pile,
        drawn=card,
        callable=False,
    )
    return _logged(new_state, event), [event]


def _call(state: RummyState, seat: int | None, act: Action) -> Outcome:
    refusal = _call_refusal(state, seat)
    if refusal or seat is None:
        raise IllegalAction(*(refusal or _SERVER_CANNOT_CALL))
    card, penalty = state.discard_pile[-1], state.stock[0]
    event = {"type": "call", "seat": seat, "card": card}  # the penalty card stays secret
    new_state = replace(
        _with_hand(state, seat, state.hands[seat] + (card, penalty)),
        stock=state.stock[1:],
        discard_pile=state.discard_pile[:-1],
        callable=False,
    )
    return _logged(new_state, event), [event]


def _meld(state: RummyState, seat: int, act: Action) -> Outcome:
    rules = state.rules
    put = [c for ids in act.melds for c in ids]
    _check_in_hand(state, seat, put)
    made = []
    for ids, end in zip(act.melds, act.joker_ends, strict=True):
        meld = _reading(tuple(card_of(c) for c in ids), end, rules)
        if meld is None:
            raise IllegalAction("bad_meld", f"cards {list(ids)} form no legal set or run")
        made.append(_placed(seat, meld, ids))
    first = state.came_out[seat] is None
    points = sum(meld_points(m.meld) for m in made)
    if first and points < rules.first_meld_min:
        raise IllegalAction(
            "first_meld_too_low", f"the first meld is worth {points}, below {rules.first_meld_min}"
        )
    state = _played(state, seat, put)
    if first:
        state = replace(state, came_out=_at(state.came_out, seat, state.turn_number))
    start = len(state.table)
    event: Event = {
        "type": "meld",
        "seat": seat,
        "melds": [{"index": start + i, **m.to_json()} for i, m in enumerate(made)],
        "first": first,
        "points": points,
    }
    return _after_play(replace(state, table=state.table + tuple(made)), seat, event)


def _lay_off(state: RummyState, seat: int, act: Action) -> Outcome:
    card, index = required(act.card), required(act.meld)
    target = _table_meld(state, seat, index)
    _check_in_hand(state, seat, [card])
    meld = lay_off(target.meld, card_of(card), state.rules, end=act.end)
    if meld is None:
        raise IllegalAction("cannot_lay_off", f"card {card} does not fit meld {index}")
    new = _placed(target.owner, meld, target.ids + (card,))
    state = _played(state, seat, [card])
    event = {"type": "lay_off", "seat": seat, "card": card, "meld": index, "after": new.to_json()}
    return _after_play(_with_meld(state, index, new), seat, event)


def _exchange(state: RummyState, seat: int, act: Action) -> Outcome:
    card, index, joker = required(act.card), required(act.meld), required(act.joker)
    target = _table_meld(state, seat, index)
    _check_in_hand(state, seat, [card])
    if joker not in target.ids or not card_of(joker).is_joker:
        raise IllegalAction("bad_exchange", f"meld {index} holds no joker {joker}")
    done = exchange_joker(target.meld, card_of(card), state.rules)
    if done is None:
        raise IllegalAction("bad_exchange", f"card {card} cannot replace a joker of meld {index}")
    meld, freed = done
    wanted = card_of(joker)
    if freed != wanted:
        if meld.kind == "run":
            raise IllegalAction("bad_exchange", f"card {card} stands for another joker")
        # A set's jokers are alike: free the one the player chose, leave the other in its place.
        meld = Meld(meld.kind, tuple(freed if c == wanted else c for c in meld.cards), meld.stands_for)
    ids = tuple(c for c in target.ids if c != joker) + (card,)
    new = _placed(target.owner, meld, ids)
    hand = tuple(c for c in state.hands[seat] if c != card) + (joker,)
    # The freed joker is no longer on the table for whoever had laid it.
    laid = tuple(tuple(c for c in put if c != joker) for put in state.laid)
    state = replace(
        _with_hand(state, seat, hand),
        laid=_at(laid, seat, laid[seat] + (card,)),
        freed_jokers=state.freed_jokers + (joker,),
    )
    event = {
        "type": "exchange",
        "seat": seat,
        "card": card,
        "meld": index,
        "joker": joker,
        "after": new.to_json(),
    }
    return _logged(_with_meld(state, index, new), event), [event]


def _discard(state: RummyState, seat: int, act: Action) -> Outcome:
    card = required(act.card)
    _check_in_hand(state, seat, [card])
    refusal = _discard_refusal(state, seat, card)
    if refusal:
        raise IllegalAction(*refusal)
    hand = tuple(c for c in state.hands[seat] if c != card)
    event = {"type": "discard", "seat": seat, "card": card}
    state = _logged(replace(_with_hand(state, seat, hand), discard_pile=state.discard_pile + (card,)), event)
    if not hand:
        return _end_round(state, seat, [event])
    new_state = replace(
        state,
        phase="draw",
        turn=(seat + 1) % state.seats,
        turn_number=state.turn_number + 1,
        drawn=None,
        freed_jokers=(),
        callable=state.rules.calling,
    )
    return new_state, [event]


_MOVES: dict[str, Callable[[RummyState, Any, Action], Outcome]] = {
    "deal": _deal,
    "draw": _draw,
    "call": _call,
    "meld": _meld,
    "lay_off": _lay_off,
    "exchange": _exchange,
    "discard": _discard,
}
_PHASE_ACTIONS = {
    "deal": {"deal"},
    "round_over": {"deal"},
    "draw": {"draw", "call"},
    "play": {"meld", "lay_off", "exchange", "discard"},
}


# --- checks shared by the moves and legal_actions ------------------------------------------


_SERVER_CANNOT_CALL = ("cannot_call", "the player to draw takes the discard by drawing it")


def _call_refusal(state: RummyState, seat: int | None) -> tuple[str, str] | None:
    """Why `seat` may not call the top discard now (None: it may)."""
    if seat is None or seat == state.turn or state.turn is None:
        return _SERVER_CANNOT_CALL
    if not state.callable:
        return "nothing_to_call", "no card was just discarded, or it was already taken"
    if seat == (state.turn - 1) % state.seats:
        return "cannot_call", "you cannot call your own discard"
    if not state.stock:
        return "cannot_call", "the stock is empty: there is no penalty card"
    return None


def _discard_refusal(state: RummyState, seat: int, card: CardId) -> tuple[str, str] | None:
    """Why `seat` may not discard `card` from its hand now (None: it may)."""
    rules, hand = state.rules, state.hands[seat]
    if not rules.fixed_jokers:
        return None
    # A freed joker must be played when it can be: laid off without emptying the hand.
    playable = len(hand) > 1 or rules.win_without_discard
    if playable and any(j in hand and _fits_table(state, j) for j in state.freed_jokers):
        return "must_play_joker", "a freed joker must be played this turn"
    if card_of(card).is_joker and not all(card_of(c).is_joker for c in hand):
        return "cannot_discard_joker", "jokers cannot be discarded"
    return None


def _may_meld(state: RummyState, seat: int) -> bool:
    """Whether the hand holds melds `seat` may lay down now (the first meld: worth enough)."""
    rules = state.rules
    best = best_first_meld([card_of(c) for c in state.hands[seat]], rules)
    return best > 0 and (state.came_out[seat] is not None or best >= rules.first_meld_min)


def _layoffs(state: RummyState, hand: Sequence[CardId]) -> list[dict[str, Any]]:
    """Every layoff from `hand`; a joker on a run once per end it can take."""
    out = []
    for index, target in enumerate(state.table):
        for c in sorted(hand):
            card = card_of(c)
            if not _may_fit(target.meld, card):
                continue
            if card.is_joker and target.meld.kind == "run":
                ends: tuple[tuple[End, int], ...] = (("low", 0), ("high", -1))
                for end, place in ends:
                    meld = lay_off(target.meld, card, state.rules, end=end)
                    if meld is not None and meld.cards[place] == card:
                        out.append({"type": "lay_off", "card": c, "meld": index, "end": end})
            elif lay_off(target.meld, card, state.rules) is not None:
                out.append({"type": "lay_off", "card": c, "meld": index})
    return out


def _exchanges(state: RummyState, hand: Sequence[CardId]) -> list[dict[str, Any]]:
    """Every joker exchange from `hand` (in a set, any of its jokers may be freed)."""
    out = []
    for index, target in enumerate(state.table):
        if target.meld.natural_count == len(target.ids):
            continue
        for c in sorted(hand):
            if not _may_fit(target.meld, card_of(c)):
                continue
            done = exchange_joker(target.meld, card_of(c), state.rules)
            if done is None:
                continue
            jokers = [j for j in target.ids if card_of(j).is_joker]
            if target.meld.kind == "run":
                jokers = [j for j in jokers if card_of(j) == done[1]]
            out += [{"type": "exchange", "card": c, "meld": index, "joker": j} for j in jokers]
    return out


def _reading(cards: tuple[Card, ...], end: End | None, rules: RummyRules) -> Meld | None:
    """The meld `cards` form: spare run jokers at `end` when given; else, when the cards are
    listed in one of the meld's table orders, that reading (any joker placement); else the default."""
    if end is None:
        listed = next((m for m in meld_readings(cards, rules) if m.cards == cards), None)
        if listed:
            return listed
    return classify_meld(cards, rules, joker_end=end)


def _may_fit(meld: Meld, card: Card) -> bool:
    """A quick filter before the melds module decides: a joker, a set's rank or a run's suit."""
    return card.is_joker or (card.rank == meld.rank if meld.kind == "set" else card.suit == meld.suit)


def _fits_table(state: RummyState, joker: CardId) -> bool:
    return any(lay_off(m.meld, card_of(joker), state.rules) is not None for m in state.table)


def _check_in_hand(state: RummyState, seat: int, cards: Sequence[CardId]) -> None:
    hand = state.hands[seat]
    missing = [c for c in cards if c not in hand]
    if missing:
        raise IllegalAction("card_not_in_hand", f"cards {missing} are not in your hand")


def _table_meld(state: RummyState, seat: int, index: int) -> TableMeld:
    """The table meld a layoff or exchange targets, once `seat` has come out."""
    if state.came_out[seat] is None:
        raise IllegalAction("not_come_out", "lay down your first meld before any other play")
    if index >= len(state.table):
        raise IllegalAction("bad_meld_index", f"there is no meld {index} on the table")
    return state.table[index]


# --- helpers -----------------------------------------------------------------------------


def _at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return values[:index] + (value,) + values[index + 1 :]


def _with_hand(state: RummyState, seat: int, hand: tuple[CardId, ...]) -> RummyState:
    return replace(state, hands=_at(state.hands, seat, hand))


def _with_meld(state: RummyState, index: int, meld: TableMeld) -> RummyState:
    return replace(state, table=_at(state.table, index, meld))


def _logged(state: RummyState, *events: Event) -> RummyState:
    return replace(state, log=state.log + events)


def _placed(owner: int, meld: Meld, ids: Iterable[CardId]) -> TableMeld:
    """`meld` on the table, its physical ids in its table order (a meld never holds one card twice)."""
    by_card = {card_of(c): c for c in ids}
    return TableMeld(owner, tuple(by_card[c] for c in meld.cards), meld)


def _played(state: RummyState, seat: int, cards: Sequence[CardId]) -> RummyState:
    """`cards` leave `seat`'s hand for the table; the last card must be a discard unless
    win_without_discard."""
    hand = tuple(c for c in state.hands[seat] if c not in cards)
    if not hand and not state.rules.win_without_discard:
        raise IllegalAction("must_keep_card", "keep a card to discard: the last card must be a discard")
    return replace(_with_hand(state, seat, hand), laid=_at(state.laid, seat, state.laid[seat] + tuple(cards)))


def _after_play(state: RummyState, seat: int, event: Event) -> Outcome:
    """Log a meld or layoff; melding or laying off the last card (win_without_discard) goes out."""
    state = _logged(state, event)
    if state.hands[seat]:
        return state, [event]
    return _end_round(state, seat, [event])


def _end_round(state: RummyState, winner: int | None, events: list[Event]) -> Outcome:
    """Score the round; then wait for the next deal, or end the match."""
    rummy = winner is not None and state.came_out[winner] == state.turn_number
    laid = state.laid[winner] if winner is not None else ()
    points, table_points, scores = score_round(state.hands, laid, winner, rummy, state.rules)
    if state.seed is None:
        raise ValueError("a round is scored only after its deal")
    record = RoundRecord(
        number=state.round,
        starter=state.starter_of(state.round),
        seed=state.seed,
        winner=winner,
        rummy=rummy,
        hands=state.hands,
        hand_points=points,
        table_points=table_points,
        scores=scores,
    )
    state = replace(
        state,
        phase="round_over",
        turn=None,
        drawn=None,
        freed_jokers=(),
        callable=False,
        history=state.history + (record,),
    )
    event = {
        "type": "round_end",
        "round": record.number,
        "winner": winner,
        "rummy": rummy,
        "hands": [list(h) for h in state.hands],
        "hand_points": list(points),
        "table_points": table_points,
        "scores": list(scores),
        "totals": list(state.totals),
    }
    events = [*events, event]
    state = _logged(state, event)
    if state.round < state.rounds:
        return state, events
    totals = state.totals
    best = max(totals)
    result = MatchResult(totals=totals, winners=tuple(s for s, t in enumerate(totals) if t == best))
    event = {"type": "match_end", **result.to_json()}
    return _logged(replace(state, phase="match_over", result=result), event), [*events, event]
