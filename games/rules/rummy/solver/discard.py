"""The last stage: the discard leaving the least points, searched with the discard in the state."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from games.rules.cards import NATURAL_COUNT, Card, card
from games.rules.rummy.melds import card_points
from games.rules.rummy.rules import RummyRules
from games.rules.rummy.solver.fields import (
    FIELD,
    FIELD_MASK,
    GUARD,
    NEG,
    ONES,
    RANK_FIELDS,
    SUIT_FIELDS,
    TIE,
    TIE_MASK,
    held_cards,
)
from games.rules.rummy.solver.hand import read_hand
from games.rules.rummy.solver.layout import lay_out
from games.rules.rummy.solver.records import Candidate, Hand
from games.rules.rummy.solver.search import Solver, solver_for

T = TypeVar("T")


def _melded_without_joker(hand: Hand, solver: Solver, rules: RummyRules, melded: int) -> int:
    """The most `hand` less one (melded) joker can meld, given what the whole hand melds.

    A best layout of that hand with a meld that can take one more joker (a run under 13 places or a
    set of three, either with more naturals than jokers) melds the joker's points less than the
    whole hand does.  With at most one joker, every meld holds more naturals than jokers, so a
    layout with no such meld holds only sets of four and 13-place runs: it melds at most the
    naturals that could be in one, and the joker.
    """
    jokers = len(hand.jokers) - 1
    if jokers > 1:
        return melded
    joker = card_points(card(NATURAL_COUNT), rules)
    counts = hand.counts
    present = (counts | counts >> 1) & ONES
    fields = 0
    for rank_field in RANK_FIELDS:
        if (present & rank_field).bit_count() >= 4 - jokers:
            fields |= rank_field
    for suit_field in SUIT_FIELDS:
        if (present & suit_field).bit_count() >= 13 - jokers:
            fields |= suit_field
    saturated = jokers * joker + solver.worth(counts & fields)
    return min(melded, max(melded - joker, saturated))


class DiscardTable:
    """The least points left after each discard a hand may make, each searched only when asked for.

    One search serves every discard: the hand's candidates hold those of each sub-hand (the search
    tests each fits), and a card set aside in the hand stays so in the sub-hand.  A discard leaves at
    least `floor`: the whole hand's least points less the card's own (what melds without the card,
    the whole hand melds too).  A card that one best layout of the whole hand leaves over leaves
    exactly that, with no search: without it, that layout is still best.  A melded joker's floor is
    tighter (`_melded_without_joker`), so it is rarely searched before the naturals.
    """

    def __init__(self, cards: Iterable[int], rules: RummyRules) -> None:
        held = list(map(card, cards))
        self.rules = rules
        self.hand = hand = read_hand(held, rules)
        self.solver = solver = solver_for(rules, first_meld=False)
        jokers = len(hand.jokers)
        candidates = solver.candidates(hand.counts, jokers, whole=False)
        self.best = best = solver.search(candidates, hand.counts)
        self.kept = int(bool(hand.stuck))
        self.melded = best(hand.counts, jokers, self.kept, solver.worth(hand.counts))
        layouts, naturals_left = lay_out(solver, candidates, best, hand)
        jokers_loose = jokers > sum(bin(bits).count("1") for _, bits, _ in layouts)
        self.loose = {*hand.stuck, *map(card, naturals_left)}
        if jokers_loose or not rules.jokers:
            self.loose.update(hand.jokers)
        self.total = sum(card_points(c, rules) for c in held)
        self.cards = tuple(dict.fromkeys(c for c in held if not (c.is_joker and rules.fixed_jokers)))
        """Each card the hand may discard once, in hand order (jokers not under ``fixed_jokers``)."""
        self.found: dict[Card, int] = {}
        self.joker_floor: int | None = None

    def floor(self, c: Card) -> int:
        """The fewest points discarding `c` could leave."""
        if c.is_joker and c not in self.loose:
            if self.joker_floor is None:
                points = card_points(c, self.rules)
                self.joker_floor = (
                    self.total
                    - points
                    - _melded_without_joker(self.hand, self.solver, self.rules, self.melded)
                )
            return self.joker_floor
        return self.total - card_points(c, self.rules) - self.melded

    def points(self, c: Card) -> int:
        """The least points left after discarding `c`."""
        if c in self.loose:
            return self.total - card_points(c, self.rules) - self.melded
        if c not in self.found:
            counts, jokers = self.hand.counts, len(self.hand.jokers)
            if c.is_joker:
                jokers -= 1
            else:
                counts -= 1 << (FIELD * c)
            melded = self.best(counts, jokers, self.kept, self.solver.worth(counts))
            self.found[c] = self.total - card_points(c, self.rules) - melded
        return self.found[c]

    def cheapest(
        self, among: Iterable[T], key: Callable[[T, int], Any], as_card: Callable[[Any], Card] = card
    ) -> T:
        """The item of `among` (cards, or what `as_card` makes cards of) whose `key(item, points left)` is
        least.  `key` must not fall as the points rise and must differ per item: then an item whose
        floor's key cannot beat the best exact key found is not searched, nor any after it."""
        chosen, chosen_key = None, None
        for c in sorted(among, key=lambda c: key(c, self.floor(as_card(c)))):
            if chosen_key is not None and key(c, self.floor(as_card(c))) >= chosen_key:
                break
            exact = key(c, self.points(as_card(c)))
            if chosen_key is None or exact < chosen_key:
                chosen, chosen_key = c, exact
        if chosen is None:
            raise ValueError("nothing to discard")
        return chosen


def points_after_discard(cards: Iterable[int], rules: RummyRules) -> dict[Card, int]:
    """For each card the hand may discard (each distinct card once, hand order), the least points left.

    Jokers cannot be discarded under ``fixed_jokers``.  See `DiscardTable`.
    """
    table = DiscardTable(cards, rules)
    return {c: table.points(c) for c in table.cards}


def best_discard(cards: Iterable[int], rules: RummyRules) -> Card:
    """The discard leaving the least points; on a tie a natural before a joker, then the costlier card,
    then the lower card.

    One search, with the discard in its state (`_discard_search`), rather than one per discard.
    """
    cards = list(map(card, cards))
    hand = read_hand(cards, rules)
    solver = solver_for(rules, first_meld=False)
    value = _discard_search(hand, solver, rules)
    if value < 0:
        raise ValueError("nothing to discard")
    return card(127 - (value & 127))


def _discard_search(hand: Hand, solver: Solver, rules: RummyRules) -> int:
    """max over the cards c the hand may discard of (points the rest melds + c's points) * TIE + the
    tie-break of c (negative when nothing may go).

    The whole hand's least-points search and one best layout first: a card that layout leaves over
    (or a card set aside) leaves exactly the hand's least points less its own, and the best of them
    is the value to beat.  A melded natural can beat it only when its floor does (the hand's least
    points less its own); those few are searched together, in one search whose state is the sub-hand
    while the discard is still to come: the lowest natural is the lowest of a fitting meld, stays in
    hand, or (when it is one of those few) is discarded, and then the rest is the least-points
    search's (same memo).  A sub-hand X holding one of them can do no better than X's least points
    (memoised) plus the best of its own points and tie-break, which ends a node as soon as reached
    and skips the melds that cannot reach what was found; and X is searched only above what it must
    beat to matter (`_discard_among`).  A melded joker is searched on its own when its floor
    (`_melded_without_joker`) can still win.
    """
    counts, jokers = hand.counts, len(hand.jokers)
    candidates = solver.candidates(counts, jokers, whole=False)
    plain = solver.search(candidates, counts)
    kept = int(bool(hand.stuck))
    worth = solver.worth(counts)
    melded = plain(counts, jokers, kept, worth)
    layouts, naturals_left = lay_out(solver, candidates, plain, hand)
    joker_goes = bool(rules.jokers and not rules.fixed_jokers and hand.jokers)
    jokers_loose = jokers > sum(bin(bits).count("1") for _, bits, _ in layouts)

    score = solver.discard_score.__getitem__
    loose = [c for c in hand.stuck if not (c.is_joker and rules.fixed_jokers)]
    loose.extend(map(card, naturals_left))
    if joker_goes and jokers_loose:
        loose.append(min(hand.jokers))
    found = max((TIE * melded + score(c) for c in loose), default=NEG)
    left_over = set(naturals_left)
    # The melded naturals whose floor can still win, best first: (score, the card's count field).
    chances = sorted(
        (
            (score(c), FIELD_MASK << (FIELD * c))
            for c in held_cards(counts)
            if c not in left_over and TIE * melded + score(c) > found
        ),
        reverse=True,
    )
    if chances:
        found = max(
            found, _discard_among(candidates, plain, kept, solver, chances, hand, worth, melded, found)
        )
    if joker_goes and not jokers_loose:
        joker = min(hand.jokers)
        if TIE * _melded_without_joker(hand, solver, rules, melded) + score(joker) > found:
            found = max(found, TIE * plain(counts, jokers - 1, kept, worth) + score(joker))
    return found


def _discard_among(
    candidates: list[list[list[Candidate]]],
    plain: Callable[[int, int, int, int], int],
    kept: int,
    solver: Solver,
    chances: list[tuple[int, int]],
    hand: Hand,
    worth: int,
    melded: int,
    beat: int,
) -> int:
    """max over the naturals of `chances` (score, count field) of (what the rest of the hand melds)
    * TIE + score, if above `beat` (else at most `beat`): one search with the discard still to come
    in its state (`_discard_search`).

    A sub-hand's value is searched only above what it must beat to matter (what the hand must beat,
    less what the melds on the way gained): a value not above it only says the sub-hand cannot do
    better, and is kept apart from the exact ones (`below`), for a later path that must beat as much.
    """
    gains = solver.natural_gain
    plain_get = solver.memo.get
    jokers_top = solver.jokers_top(hand.counts)
    among = 0
    score_of = {}
    for value, field in chances:
        among |= field
        score_of[field] = value
    exact: dict[int, int] = {}
    exact_get = exact.get
    below: dict[int, int] = {}
    below_get = below.get

    def best(counts: int, jokers: int, worth: int, melded: int, beat: int) -> int:
        """The value for the sub-hand `counts` (holding one of `chances` at least), which melds
        `melded`, if above `beat`; else at most `beat`."""
        key = counts << 3 | jokers
        for top, field in chances:  # noqa: B007 - the first held is the best
            if counts & field:
                break
        # Discarding a card leaves at most `melded`, and at most all the rest, melded: the bound.
        full = TIE * (worth + jokers_top[jokers]) + (top & TIE_MASK)
        bound = TIE * melded + top
        if full < bound:
            bound = full
        if bound <= beat:
            below[key] = bound
            return bound
        found = beat
        lowest = ((counts & -counts).bit_length() - 1) // FIELD
        field = FIELD_MASK << (FIELD * lowest)
        points = gains[lowest]
        rest = counts - (1 << (FIELD * lowest))
        rest_melded = None
        if counts & among & field:
            # `lowest` is discarded: the rest is the least-points search's.
            rest_melded = plain(rest, jokers, kept, worth - points)
            discarded = TIE * rest_melded + score_of[field]
            if discarded > found:
                found = discarded
                if found >= bound:
                    exact[key] = found
                    return found
        guarded = counts | GUARD
        for need, used, gain, need_worth, _, _, _ in candidates[lowest][jokers]:
            if (guarded - need) & GUARD == GUARD:
                sub = counts - need
                if not sub & among:
                    continue
                left = jokers - used
                sub_key = sub << 3 | left
                value = exact_get(sub_key)
                if value is None:
                    sub_beat = found - TIE * gain
                    value = below_get(sub_key)
                    if value is not None and value <= sub_beat:
                        continue
                    sub_melded = plain_get(sub_key << 1 | kept)
                    if sub_melded is None:
                        sub_melded = plain(sub, left, kept, worth - need_worth)
                    value = best(sub, left, worth - need_worth, sub_melded, sub_beat)
                value += TIE * gain
                if value > found:
                    found = value
                    if found >= bound:
                        break
        else:
            if rest & among:
                # `lowest` stays in hand.
                value = exact_get(rest << 3 | jokers)
                if value is None:
                    value = below_get(rest << 3 | jokers)
                    if value is None or value > found:
                        if rest_melded is None:
                            rest_melded = plain(rest, jokers, kept, worth - points)
                        value = best(rest, jokers, worth - points, rest_melded, found)
                if value > found:
                    found = value
        if found > beat:
            exact[key] = found
        else:
            below[key] = found
        return found

    return best(hand.counts, len(hand.jokers), worth, melded, beat)
