"""Exact German Rummy hand solver: least points left, best first meld, best discard (docs/rummy-solver.md).

A hand is a multiset of natural cards (at most two copies each, two decks) plus a number of
jokers.  The search always decides the lowest remaining natural card: it stays in hand, or it
is the lowest natural of one meld, built from the remaining cards and the joker pool.  A joker
may stand for a card the hand holds (that card can be busy in another meld), so a run's places
branch on natural-or-joker.  The memo is keyed on the remaining counts (two bits a card), the
jokers left and, for the first meld, whether a card has been kept back for the discard.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import accumulate, combinations, product
from operator import itemgetter
from typing import Any, TypeVar

from games.rules.cards import ALL_CARDS, JOKER_COUNT, NATURAL_COUNT, Card, card
from games.rules.rummy.melds import SET_SUIT_ORDER, Meld, card_points, meld_points
from games.rules.rummy.rules import RummyRules

T = TypeVar("T")

_CACHE_LIMIT = 1 << 18
"""Memo entries kept per rule variant before the memo is dropped, so a server's memory stays bounded."""
_NEG = -(1 << 30)

_FIELD = 3
"""Bits per natural card in a counts int: the copies held (0..2) and a guard bit for subtraction."""
_FIELD_MASK = (1 << _FIELD) - 1
_ONES = sum(1 << (_FIELD * c) for c in range(NATURAL_COUNT))
_GUARD = _ONES << 2

_TIE = 1 << 14
"""A discard's search value is (hand points melded + the card's points) * _TIE + `_tie_break(card)`."""
_TIE_MASK = _TIE - 1


def _tie_break(c: Card, rules: RummyRules) -> int:
    """Below `_TIE`, larger for the discard preferred on a tie: a natural before a joker, then the
    costlier card, then the lower card (its index is 127 less the low seven bits)."""
    return (0 if c.is_joker else 1 << 13) | card_points(c, rules) << 7 | (127 - c)


Layout = tuple[tuple[int, ...], int, str]
"""A meld found by the search: the natural card each place stands for, a bit per joker place, the kind."""
Found = tuple[int, int, int, int, Layout]
"""A meld found for a lowest natural: the copies it takes (as counts), jokers, gain, the most its
naturals could gain, layout."""
Candidate = tuple[int, int, int, int, Layout, int, int]
"""A meld of the hand: the copies it takes (as counts), jokers it takes, its gain, the most its
naturals could gain (for the search's bound), its layout, what taking it subtracts from a memo key,
and how far taking it lowers the search's bound at least."""


@dataclass(frozen=True)
class Arrangement:
    """One best way to lay a hand out: the melds and the cards left in hand."""

    score: int
    """Points left in hand (`arrange`) or first-meld value laid down (`arrange_first_meld`)."""
    melds: tuple[Meld, ...]
    left: tuple[Card, ...]


def _set_labels(*, fixed_groups: bool, fixed_jokers: bool) -> dict[tuple[int, int], tuple[int, ...]]:
    """(natural suits as a 4-bit mask over places C, S, H, D, jokers) -> the jokers' places, if legal."""
    labels = {}
    for mask in range(1, 16):
        places = [p for p in range(4) if mask >> p & 1]
        missing = [p for p in range(4) if not mask >> p & 1]
        for jokers in range(len(places) + 1):
            if not 3 <= len(places) + jokers <= 4:
                continue
            for joker_places in combinations(missing, jokers):
                ordered = sorted([*places, *joker_places])
                if fixed_groups:
                    if ordered[-1] - ordered[0] != len(ordered) - 1:
                        continue
                    flags = [p in joker_places for p in ordered]
                    if fixed_jokers and any(a and b for a, b in zip(flags, flags[1:], strict=False)):
                        continue
                labels[mask, jokers] = joker_places
                break
    return labels


class _Solver:
    """The memoised search for one rule variant and objective."""

    def __init__(self, rules: RummyRules, *, first_meld: bool) -> None:
        self.cyclic = rules.cyclic_runs
        self.fixed_jokers = rules.fixed_jokers
        self.first_meld = first_meld
        self.keep_one = first_meld and not rules.win_without_discard
        self.set_labels = _set_labels(fixed_groups=rules.fixed_groups, fixed_jokers=rules.fixed_jokers)
        # What a place is worth to the objective: hand points saved, or first-meld value.
        if first_meld:
            self.natural_gain = tuple(min(c % 13 + 1, 10) if c % 13 else 11 for c in range(NATURAL_COUNT))
            self.joker_gain = 0
        else:
            self.natural_gain = tuple(card_points(c, rules) for c in range(NATURAL_COUNT))
            self.joker_gain = card_points(NATURAL_COUNT, rules)
        # What discarding each card (natural or joker) scores in `_discard_search`, less what the rest melds.
        self.discard_score = tuple(
            _TIE * card_points(c, rules) + _tie_break(card(c), rules)
            for c in range(NATURAL_COUNT + JOKER_COUNT)
        )
        self.points = tuple(card_points(c, rules) for c in range(NATURAL_COUNT + JOKER_COUNT))
        """What each card (natural or joker) costs left in hand."""
        self.memo: dict[int, int] = {}
        self.set_tables: dict[tuple[int, int], dict[int, list[Candidate]]] = {}
        """Per (jokers, joker step): `sets_found`'s entries as candidates, each made when first met."""
        self.run_tables: dict[tuple[int, int], dict[int, list[list[Candidate]]]] = {}
        """Per (jokers, joker step): `runs_found`'s entries as `ranked` lists them, each made when first
        met (at most 1,276 per key: a table of the rules, filled as it is used)."""

    def trim(self) -> None:
        if len(self.memo) > _CACHE_LIMIT:
            self.memo.clear()

    def candidates(self, counts: int, jokers: int, *, whole: bool = True) -> list[list[list[Candidate]]]:
        """Per natural card of the hand and per number of jokers left, every meld of the hand whose
        lowest natural it is and that needs no more jokers (most candidates of a long suit with
        jokers are joker substitutions, which a node short of jokers need not even look at).

        Unless `whole`, runs longer than any run that cannot be cut in two (`_longest_uncut`) are left
        out: the value is the same, only the arrangement would show a long run in pieces.
        """
        longest = 13 if whole else _longest_uncut(jokers, ace_after_king=self.first_meld and self.cyclic)
        out: list[list[list[Candidate]]] = [[[]] * (jokers + 1)] * NATURAL_COUNT  # held cards get their own
        partners = _partners(self.cyclic, jokers)
        top = self.jokers_top(counts)
        # Jokers taken lower the bound by at least this much each, wherever the pool stands.
        step = min((top[k + 1] - top[k] for k in range(jokers)), default=0)
        present = (counts | counts >> 1) & _ONES
        runs_table = None
        if not whole and not self.cyclic and longest <= _TABLED_LONGEST:
            runs_found = self.runs_found(jokers, longest)
            runs_table = self.run_tables.setdefault((jokers, step), {})
            sets_found = self.sets_found(jokers)
            sets_table = self.set_tables.setdefault((jokers, step), {})
        run_reach, down_reach = _run_reach(longest), _down_reach(longest)
        rest = counts
        while rest:
            lowest = ((rest & -rest).bit_length() - 1) // _FIELD
            rest &= ~(_FIELD_MASK << (_FIELD * lowest))
            # A meld holds a second natural near its lowest one (a run's gaps are at most the jokers).
            if not present & partners[lowest] >> (_FIELD * (lowest + 1)) << (_FIELD * (lowest + 1)):
                continue
            if runs_table is None:
                without = counts - (1 << (_FIELD * lowest))
                found = self.melds_from(lowest, without, jokers, longest, shift=not whole)
                out[lowest] = self.ranked(found, jokers, step)
                continue
            # The runs come from the table (an ace's going up, then its going down to it), and the
            # sets (a same rank in a later suit) from another.
            key = (present & run_reach[lowest]) << 7 | lowest
            runs = runs_table.get(key)
            if runs is None:
                runs = runs_table[key] = self.ranked(runs_found[key], jokers, step)
            later = present & _LATER_SUITS[lowest]
            sets = ()
            if later:
                key = later << 7 | lowest
                sets = sets_table.get(key)
                if sets is None:
                    sets = sets_table[key] = _as_candidates(sets_found[key], step)
            down = ()
            if not lowest % 13:
                key = (present & down_reach[lowest]) << 7 | 64 | lowest
                down = runs_table.get(key)
                if down is None:
                    down = runs_table[key] = self.ranked(runs_found[key], jokers, step)
                down = down[-1]
            if sets or down:
                # Sets before runs of the same gain, as when all are built in one dict.
                ranked = sorted([*sets, *runs[-1], *down], key=itemgetter(2), reverse=True)
                runs = [[c for c in ranked if c[1] <= left] for left in range(jokers)] + [ranked]
            out[lowest] = runs
        return out

    def ranked(self, found: dict[int, Found], jokers: int, step: int) -> list[list[Candidate]]:
        """A card's melds as candidates, richest first, per number of jokers left."""
        melds = _as_candidates(found, step)
        # Richest melds first: they reach the bound soonest (a stable sort keeps ties in order).
        ranked = sorted(melds, key=itemgetter(2), reverse=True)
        return [[c for c in ranked if c[1] <= left] for left in range(jokers)] + [ranked]

    @lru_cache(maxsize=8)  # noqa: B019 - per solver, which lives as long as the process
    def sets_found(self, jokers: int) -> dict[int, dict[int, Found]]:
        """The sets of each card, for every way its rank can be present in the later suits, as
        `melds_from` finds them: keyed by those count fields (one copy each) << 7 | the card.  A table
        of the rules (195 entries, ~4 ms); `candidates` lists an entry for its joker step when first
        met (`set_tables`)."""
        table = {}
        for lowest in range(NATURAL_COUNT):
            later = [i for i in range(NATURAL_COUNT) if _LATER_SUITS[lowest] >> (_FIELD * i) & 1]
            for size in range(len(later) + 1):
                for chosen in combinations(later, size):
                    near = sum(1 << (_FIELD * i) for i in chosen)
                    found: dict[int, Found] = {}
                    self._sets_from(lowest, near, jokers, found)
                    table[near << 7 | lowest] = found
        return table

    @lru_cache(maxsize=16)  # noqa: B019 - per solver, which lives as long as the process
    def runs_found(self, jokers: int, longest: int) -> dict[int, dict[int, Found]]:
        """The runs of each card, for every way the later ranks of its suit that a run of `longest`
        places reaches going up can be present, as `melds_from` finds them: keyed by those count
        fields (one copy each) << 7 | the card; and an ace's runs going down to it (Q-K-A), keyed by
        the ranks below it << 7 | 64 | the ace (the two share no cards: a run holds at least two
        naturals).  A table of the rules, built once (1,276 entries with two jokers, 20-60 ms);
        `candidates` ranks an entry for its joker step when first met (`run_tables`)."""
        out = {}
        for lowest in range(NATURAL_COUNT):
            for flag, reach in ((0, _run_reach(longest)), (64, _down_reach(longest))):
                if flag and lowest % 13:
                    continue
                places = [i for i in range(NATURAL_COUNT) if reach[lowest] >> (_FIELD * i) & 1]
                for size in range(len(places) + 1):
                    for chosen in combinations(places, size):
                        near = sum(1 << (_FIELD * i) for i in chosen)
                        found: dict[int, Found] = {}
                        self._runs_from(lowest, near, jokers, longest, found, shift=True)
                        out[near << 7 | flag | lowest] = found
        return out

    def search(
        self, candidates: list[list[list[Candidate]]], hand: int
    ) -> Callable[[int, int, int, int], int]:
        """The memoised search over sub-hands of `hand` (counts), which these candidates were made for.

        `worth` is what the remaining naturals could gain at most; with what the jokers can gain it
        bounds the result, so a node stops as soon as it melds everything at full value (less the
        cheapest card of the hand when one must stay back for the discard).
        """
        memo = self.memo
        memo_get = memo.get
        keep_one = int(self.keep_one)
        natural_top = self.natural_gain  # an ace's 11 bounds its 1 in a low run
        held = _held(hand)
        jokers_top = self.jokers_top(hand)
        kept_back = min((natural_top[c] for c in held), default=0)

        def best(counts: int, jokers: int, kept: int, worth: int) -> int:
            """Largest gain of disjoint melds from `counts` and `jokers` (-inf if a card must be kept but cannot)."""
            if not counts:
                return 0 if kept or jokers or not keep_one else _NEG
            key = ((counts << 3 | jokers) << 1) | kept
            found = memo_get(key)
            if found is not None:
                return found
            full = worth + jokers_top[jokers]
            bound = full - kept_back if keep_one and not kept else full
            lowest = ((counts & -counts).bit_length() - 1) // _FIELD
            guarded = counts | _GUARD
            found = _NEG
            for need, used, gain, need_worth, _, shift, drop in candidates[lowest][jokers]:
                # The guard bit of a field survives the subtraction only when the hand holds enough
                # copies; a meld after which even the bound cannot beat what was found is not tried.
                if (guarded - need) & _GUARD == _GUARD and bound - drop > found:
                    # A sub-hand seen before is looked up here, without a call.
                    value = memo_get(key - shift)
                    if value is None:
                        value = best(counts - need, jokers - used, kept, worth - need_worth)
                    value += gain
                    if value > found:
                        found = value
                        if found >= bound:
                            break
            # Keeping `lowest` back may still do better.  Only a first meld tells a card kept from
            # none: for least points this is the very sub-hand a search for a discard reaches.
            if found < full - natural_top[lowest]:
                value = best(
                    counts - (1 << (_FIELD * lowest)), jokers, kept | keep_one, worth - natural_top[lowest]
                )
                if value > found:
                    found = value
            memo[key] = found
            return found

        return best

    def jokers_top(self, counts: int) -> list[int]:
        """Per number of jokers, the most they can gain in sub-hands of the hand `counts`.

        In a first meld a joker counts as the place it fills; above the highest natural of the hand
        it needs the places below it filled by jokers too, so j jokers count at most the j places
        after that natural (an ace in hand may be the place after a king).  Below the lowest natural
        places only get cheaper, unless runs wrap (Q-K-A-2): then 11 each.  Without wrapping, a joker
        gains 11 only as an ace: in a set of aces (which holds at least as many natural aces, so two
        or more) or right after a king's place; if that place is a joker too, it gains 10.  So
        beyond the natural aces (two or more) and kings held, jokers gain at most 10.5 each.
        """
        if not self.first_meld:
            return [j * self.joker_gain for j in range(7)]
        if self.cyclic:
            return [11 * j for j in range(7)]
        highest = (
            14
            if counts & _RANK_FIELDS[0]
            else next((r + 1 for r in range(12, 0, -1) if counts & _RANK_FIELDS[r]), 13)
        )
        aces, kings = (_copies(counts & _RANK_FIELDS[r]) for r in (0, 12))
        return _first_meld_jokers_top(highest, (aces if aces >= 2 else 0) + kings)

    def worth(self, counts: int) -> int:
        """What the naturals of `counts` gain at most."""
        total = 0
        while counts:
            index = ((counts & -counts).bit_length() - 1) // _FIELD
            copies = counts >> (_FIELD * index) & 3
            total += copies * self.natural_gain[index]
            counts -= copies << (_FIELD * index)
        return total

    def melds_from(
        self, lowest: int, counts: int, jokers: int, longest: int, *, shift: bool = False
    ) -> dict[int, Found]:
        """Every meld whose lowest natural is `lowest`, from `counts` (lowest already taken out) and the pool.

        Keyed by the cards and jokers it takes (`need << 3 | used`): placements taking the same ones
        differ only in gain, so the first of the best gain is kept.  With `shift` (values only, not the
        layout shown), a run's jokers below its lowest natural are tried only where they cannot sit on
        top instead (see `_runs_from`).
        """
        found: dict[int, Found] = {}
        self._sets_from(lowest, counts, jokers, found)
        self._runs_from(lowest, counts, jokers, longest, found, shift=shift)
        return found

    def _sets_from(self, lowest: int, counts: int, jokers: int, found: dict[int, Found]) -> None:
        rank0 = lowest % 13
        suit = lowest // 13
        # Only higher suits can still be in hand: the lowest card comes first.
        partners = [s for s in range(suit + 1, 4) if counts >> (_FIELD * (s * 13 + rank0)) & 3]
        if not partners:
            return
        gain_one = self.natural_gain[lowest]
        for size in range(len(partners) + 1):
            for chosen in combinations(partners, size):
                naturals = 1 + size
                need = 1 << (_FIELD * lowest)
                gain = gain_one
                mask = 1 << _PLACE_OF_SUIT[suit]
                for s in chosen:
                    index = s * 13 + rank0
                    need += 1 << (_FIELD * index)
                    gain += self.natural_gain[index]
                    mask |= 1 << _PLACE_OF_SUIT[s]
                for used in range(min(jokers, naturals, 4 - naturals) + 1):
                    joker_places = self.set_labels.get((mask, used))
                    if joker_places is None:
                        continue
                    total = gain + used * (gain_one if self.first_meld else self.joker_gain)
                    key = need << 3 | used
                    if key not in found or total > found[key][2]:
                        found[key] = (need, used, total, gain, _set_layout(rank0, mask, joker_places))

    def _runs_from(
        self, lowest: int, counts: int, jokers: int, longest: int, found: dict[int, Found], *, shift: bool
    ) -> None:
        """Runs are the lowest card plus a walk below it and a walk above it; the card itself is natural,
        so the two walks only meet through the totals (places, jokers, naturals).

        For least points, without `fixed_jokers`, jokers below the lowest natural take the same cards
        and gain the same as jokers on top of the walk above (which lists that run too) wherever they
        fit there: with `shift`, only the runs where they do not are built from the walk below.
        """
        rank = lowest % 13 + 1
        if self.cyclic:
            below_limit = above_limit = 12
        elif rank == 1:
            below_limit, above_limit = 12, 12  # the ace ends a run (Q-K-A) or starts one (A-2-3)
        else:
            below_limit, above_limit = rank - 1, 14 - rank
        below = self._walk(lowest, counts, jokers, step=-1, limit=min(below_limit, longest - 1))
        above_limit = min(above_limit, longest - 1)
        above = self._walk(lowest, counts, jokers, step=1, limit=above_limit)
        shift = shift and not self.first_meld and not self.fixed_jokers
        own = self.natural_gain[lowest] if rank != 1 or not self.first_meld else 1
        ace_inside_forbidden = rank == 1 and not self.cyclic
        first_meld = self.first_meld
        top_low = self.natural_gain[lowest]
        need_low = 1 << (_FIELD * lowest)
        for taken_b, used_b, naturals_b, gain_b, top_b, places_b, bits_b in below:
            # An ace after a king is worth 11 in a first meld; the king sits just below it.
            gain_low = gain_b + (11 if first_meld and rank == 1 and places_b else own)
            low_bits = _reversed_bits(bits_b, places_b)
            naturals_low = naturals_b + 1
            top_b += top_low
            need_b = need_low + taken_b
            short = 3 - 1 - places_b  # places the walk above must still fill
            room = longest - 1 - places_b
            # Below jokers alone fit on top of the walk above up to this many places.
            on_top = above_limit - places_b if shift and places_b and not naturals_b else -1
            for taken_a, used_a, naturals_a, gain_a, top_a, places_a, bits_a in above:
                used = used_b + used_a
                if places_a <= on_top:
                    continue
                if places_a < short or places_a > room or used > jokers or used > naturals_low + naturals_a:
                    continue
                if ace_inside_forbidden and places_b and places_a:
                    continue
                need = need_b + taken_a
                key = need << 3 | used
                gain = gain_low + gain_a
                if key not in found or gain > found[key][2]:
                    layout = (_stands(lowest, places_b, places_a), low_bits | bits_a << (places_b + 1), "run")
                    found[key] = (need, used, gain, top_b + top_a, layout)

    def _walk(
        self, lowest: int, counts: int, jokers: int, *, step: int, limit: int
    ) -> list[tuple[int, int, int, int, int, int, int]]:
        """Every way to fill 0..limit places next to `lowest` going `step`-wards, nearest place first.

        Lists (cards taken, as counts; jokers, naturals, gain, the most the naturals could gain,
        places, a bit per joker place).  Only higher cards of the suit can still be in hand, so a
        place below the lowest rank is a joker; a walk meets each rank once, so a card it takes is
        one `counts` holds.
        """
        base = lowest - lowest % 13
        rank = lowest % 13 + 1
        natural_gain = self.natural_gain
        first_meld = self.first_meld
        joker_gain = self.joker_gain
        fixed_jokers = self.fixed_jokers
        out = []
        stack = [(0, 0, 0, 0, 0, 0, 0, False)]
        while stack:
            taken, used, naturals, gain, top, place, bits, last_joker = stack.pop()
            out.append((taken, used, naturals, gain, top, place, bits))
            if place == limit:
                continue
            q = (rank - 1 + step * (place + 1)) % 13 + 1
            index = base + q - 1
            if first_meld and q == 1:
                value = 11 if step == 1 else 1  # walking up, an ace follows a king
            elif first_meld and q == 13 and step == -1 and place:
                value = 20  # the king below an ace: 10, and the ace now follows a king (+10)
            else:
                value = natural_gain[index]
            if q > rank and counts >> (_FIELD * index) & 3:
                taken_more = taken + (1 << (_FIELD * index))
                top_after = top + natural_gain[index]
                stack.append(
                    (taken_more, used, naturals + 1, gain + value, top_after, place + 1, bits, False)
                )
            if used < jokers and not (fixed_jokers and last_joker):
                joker_value = value if first_meld else joker_gain
                stack.append(
                    (taken, used + 1, naturals, gain + joker_value, top, place + 1, bits | 1 << place, True)
                )
        return out


_PLACE_OF_SUIT = {suit: place for place, suit in enumerate(SET_SUIT_ORDER)}


@cache
def _set_layout(rank0: int, mask: int, joker_places: tuple[int, ...]) -> Layout:
    places = sorted([p for p in range(4) if mask >> p & 1] + list(joker_places))
    stands = tuple(SET_SUIT_ORDER[p] * 13 + rank0 for p in places)
    joker_bits = sum(1 << i for i, p in enumerate(places) if p in joker_places)
    return stands, joker_bits, "set"


@cache
def _stands(lowest: int, below: int, above: int) -> tuple[int, ...]:
    """The cards a run's places stand for, low to high: `below` places under `lowest`, `above` over it."""
    base, rank0 = lowest - lowest % 13, lowest % 13
    return tuple(base + (rank0 + k) % 13 for k in range(-below, above + 1))


_RANK_FIELDS = tuple(
    sum(_FIELD_MASK << (_FIELD * (suit + rank)) for suit in range(0, 52, 13)) for rank in range(13)
)


_SUIT_FIELDS = tuple(
    sum(_FIELD_MASK << (_FIELD * (suit + rank)) for rank in range(13)) for suit in range(0, 52, 13)
)


def _copies(counts: int) -> int:
    """How many cards a counts int holds."""
    return (counts & _ONES).bit_count() + 2 * (counts >> 1 & _ONES).bit_count()


@cache
def _first_meld_jokers_top(highest: int, elevens: int) -> list[int]:
    """`_Solver.jokers_top` without wrapping runs: j jokers gain at most the j places after the rank
    `highest` (an ace held: 14), and beyond `elevens` jokers 10.5 each."""
    values = [11 if place >= 14 else min(place, 10) for place in range(highest + 1, highest + 7)]
    out = []
    for j in range(7):
        rest = max(0, j - elevens)
        out.append(min(sum(values[:j]), 11 * (j - rest) + 10 * rest + rest // 2))
    return out


@lru_cache(maxsize=1 << 14)  # keyed by whole hands: bounded, or a server's memory would grow for ever
def _held(counts: int) -> list[int]:
    """The cards a counts int holds, each once, in index order."""
    out = []
    while counts:
        index = ((counts & -counts).bit_length() - 1) // _FIELD
        out.append(index)
        counts &= ~(_FIELD_MASK << (_FIELD * index))
    return out


@cache
def _reversed_bits(bits: int, width: int) -> int:
    return sum(1 << (width - 1 - i) for i in range(width) if bits >> i & 1)


@cache
def _solver(rules_key: tuple[bool, ...], first_meld: bool) -> _Solver:
    cyclic_runs, fixed_jokers, fixed_groups, casino_scoring, win_without_discard = rules_key
    rules = RummyRules(
        cyclic_runs=cyclic_runs,
        fixed_jokers=fixed_jokers,
        fixed_groups=fixed_groups,
        casino_scoring=casino_scoring,
        win_without_discard=win_without_discard,
    )
    solver = _Solver(rules, first_meld=first_meld)
    _ALL_SOLVERS.append(solver)
    return solver


_ALL_SOLVERS: list[_Solver] = []


def _solver_for(rules: RummyRules, *, first_meld: bool) -> _Solver:
    key = (
        rules.cyclic_runs,
        rules.fixed_jokers,
        rules.fixed_groups,
        rules.casino_scoring,
        rules.win_without_discard,
    )
    solver = _solver(key, first_meld)
    solver.trim()
    return solver


def _as_candidates(found: dict[int, Found], step: int) -> list[Candidate]:
    """Found melds as the search's candidates: what each subtracts from a memo key (its key << 1)
    and how far it lowers the bound at least (`step` per joker taken)."""
    return [(*f, key << 1, f[3] - f[2] + f[1] * step) for key, f in found.items()]


_TABLED_LONGEST = 6
"""`_Solver.runs_found` is built for runs of at most this many places (two jokers)."""

_LATER_SUITS = tuple(
    sum(_FIELD_MASK << (_FIELD * (suit * 13 + c % 13)) for suit in range(c // 13 + 1, 4))
    for c in range(NATURAL_COUNT)
)
"""Per card, the count fields of its rank in later suits (its set partners)."""


@cache
def _run_reach(longest: int) -> tuple[int, ...]:
    """Per card, the low bit of each count field of the later ranks of its suit that a run of
    `longest` places holding it reaches going up, without wrapping."""
    return tuple(
        sum(1 << (_FIELD * (c + k)) for k in range(1, min(13 - c % 13, longest)))
        for c in range(NATURAL_COUNT)
    )


@cache
def _down_reach(longest: int) -> tuple[int, ...]:
    """Per ace, the low bit of each count field of the ranks of its suit that a run of `longest` places
    ending at it reaches (K, Q, ...); 0 for other cards."""
    return tuple(
        0 if c % 13 else sum(1 << (_FIELD * (c + 13 - k)) for k in range(1, min(13, longest)))
        for c in range(NATURAL_COUNT)
    )


@cache
def _longest_uncut(jokers: int, *, ace_after_king: bool) -> int:
    """The longest run, with at most `jokers` jokers, that cannot be cut into two runs (5 at least).

    A run cuts after place k (3 <= k <= length - 3) when both pieces hold no more jokers than
    naturals; every place keeps its card and its value, so a longer run is never needed for a value.
    With `ace_after_king` (first meld, cyclic runs) the cut between a king and an ace is barred, as the
    ace would lose its 11 (wherever it falls; without cyclic runs an ace after a king ends the run).
    """
    longest = 5
    for length in range(6, 14):
        for jokers_at in product((False, True), repeat=length):
            used = sum(jokers_at)
            if used > jokers or 2 * used > length:
                continue
            balance = list(accumulate((-1 if j else 1 for j in jokers_at), initial=0))
            cuts = [k for k in range(3, length - 2) if 0 <= balance[k] <= balance[-1]]
            if len(cuts) <= int(ace_after_king):
                longest = length
                break
    return longest


def _run_distance(a: int, b: int, *, cyclic: bool) -> int:
    """Places between two ranks along a run (an ace may sit at either end, or anywhere when cyclic)."""
    if cyclic:
        return min((a - b) % 13, (b - a) % 13)
    return min(abs(a - b), abs((a or 13) - (b or 13)) if 0 in (a, b) else 13)


@cache
def _partners(cyclic: bool, jokers: int) -> tuple[int, ...]:
    """Per card, the cards (as count bits) one of which a meld holding it must also hold."""
    out = []
    for c in range(NATURAL_COUNT):
        mask = 0
        for other in range(NATURAL_COUNT):
            same_rank = other % 13 == c % 13 and other != c
            near = (
                other // 13 == c // 13 and 0 < _run_distance(c % 13, other % 13, cyclic=cyclic) <= 1 + jokers
            )
            if same_rank or near:
                mask |= 1 << (_FIELD * other)
        out.append(mask)
    return tuple(out)


@dataclass(frozen=True)
class _Hand:
    counts: int
    """Two bits per natural card that can still meld: how many copies the hand holds."""
    jokers: tuple[Card, ...]
    stuck: tuple[Card, ...]
    """Cards no meld of this hand can hold."""


def _hand(cards: Iterable[int], rules: RummyRules) -> _Hand:
    counts = 0
    jokers: list[Card] = []
    stuck: list[Card] = []
    for c in cards:
        c = ALL_CARDS[c]
        if c >= NATURAL_COUNT:
            (jokers if rules.jokers else stuck).append(c)
            continue
        if counts >> (_FIELD * c) & 3 == 2:
            raise ValueError(f"a rummy hand holds at most two copies of {c}")
        counts += 1 << (_FIELD * c)
    partners = _partners(rules.cyclic_runs, len(jokers))
    present = (counts | counts >> 1) & _ONES
    rest = counts
    while rest:  # the naturals in index order
        c = ((rest & -rest).bit_length() - 1) // _FIELD
        rest &= ~(_FIELD_MASK << (_FIELD * c))
        if not present & partners[c]:
            copies = counts >> (_FIELD * c) & 3
            stuck.extend([ALL_CARDS[c]] * copies)
            counts -= copies << (_FIELD * c)
    return _Hand(counts, tuple(jokers), tuple(stuck))


def _best(hand: _Hand, solver: _Solver) -> int:
    best = solver.search(solver.candidates(hand.counts, len(hand.jokers), whole=False), hand.counts)
    return best(hand.counts, len(hand.jokers), int(bool(hand.stuck)), solver.worth(hand.counts))


def least_points(cards: Iterable[int], rules: RummyRules) -> int:
    """The least hand points left over every way of melding `cards` (jokers X1..X6, copies allowed)."""
    cards = list(cards)
    hand = _hand(cards, rules)
    solver = _solver_for(rules, first_meld=False)
    return sum(map(solver.points.__getitem__, cards)) - _best(hand, solver)


def best_first_meld(cards: Iterable[int], rules: RummyRules) -> int:
    """The highest first-meld value `cards` can lay down in one turn (0 if none).

    At least one card stays in hand for the discard, unless ``win_without_discard``.
    """
    return max(0, _best(_hand(cards, rules), _solver_for(rules, first_meld=True)))


def _lay_out(
    solver: _Solver,
    candidates: list[list[list[Candidate]]],
    best: Callable[[int, int, int, int], int],
    hand: _Hand,
) -> tuple[list[Layout], list[int]]:
    """One best way to lay `hand` out: the layouts of its melds and the naturals (indices) left.

    The lowest natural goes into the first candidate (richest first) that keeps the optimum, or stays.
    """
    counts, jokers, kept = hand.counts, len(hand.jokers), int(bool(hand.stuck))
    layouts: list[Layout] = []
    left: list[int] = []
    worth = solver.worth(counts)
    while counts:
        target = best(counts, jokers, kept, worth)
        lowest = ((counts & -counts).bit_length() - 1) // _FIELD
        guarded = counts | _GUARD
        for need, used, gain, need_worth, layout, _, _ in candidates[lowest][jokers]:
            fits = (guarded - need) & _GUARD == _GUARD
            if fits and gain + best(counts - need, jokers - used, kept, worth - need_worth) == target:
                layouts.append(layout)
                counts, jokers, worth = counts - need, jokers - used, worth - need_worth
                break
        else:
            left.append(lowest)
            counts, kept = counts - (1 << (_FIELD * lowest)), kept | int(solver.keep_one)
            worth -= solver.natural_gain[lowest]
    return layouts, left


def _arrangement(cards: Iterable[int], rules: RummyRules, *, first_meld: bool) -> Arrangement:
    hand = _hand(cards, rules)
    solver = _solver_for(rules, first_meld=first_meld)
    candidates = solver.candidates(hand.counts, len(hand.jokers))
    layouts, naturals_left = _lay_out(solver, candidates, solver.search(candidates, hand.counts), hand)
    pool = list(hand.jokers)
    melds = []
    for stands, bits, kind in layouts:
        placed = [pool.pop(0) if bits >> i & 1 else card(s) for i, s in enumerate(stands)]
        melds.append(Meld(kind, tuple(placed), tuple(map(card, stands))))
    left = [*hand.stuck, *map(card, naturals_left), *pool]
    score = sum(map(meld_points, melds)) if first_meld else sum(card_points(c, rules) for c in left)
    return Arrangement(score, tuple(melds), tuple(left))


def arrange(cards: Iterable[int], rules: RummyRules) -> Arrangement:
    """One arrangement leaving `least_points` in hand."""
    return _arrangement(cards, rules, first_meld=False)


def arrange_first_meld(cards: Iterable[int], rules: RummyRules) -> Arrangement:
    """One arrangement laying down `best_first_meld` (its score); no melds when nothing can be laid."""
    return _arrangement(cards, rules, first_meld=True)


def _melded_without_joker(hand: _Hand, solver: _Solver, rules: RummyRules, melded: int) -> int:
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
    present = (counts | counts >> 1) & _ONES
    fields = 0
    for rank_field in _RANK_FIELDS:
        if (present & rank_field).bit_count() >= 4 - jokers:
            fields |= rank_field
    for suit_field in _SUIT_FIELDS:
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
        cards = list(map(card, cards))
        self.rules = rules
        self.hand = hand = _hand(cards, rules)
        self.solver = solver = _solver_for(rules, first_meld=False)
        jokers = len(hand.jokers)
        candidates = solver.candidates(hand.counts, jokers, whole=False)
        self.best = best = solver.search(candidates, hand.counts)
        self.kept = int(bool(hand.stuck))
        self.melded = best(hand.counts, jokers, self.kept, solver.worth(hand.counts))
        layouts, naturals_left = _lay_out(solver, candidates, best, hand)
        jokers_loose = jokers > sum(bin(bits).count("1") for _, bits, _ in layouts)
        self.loose = {*hand.stuck, *map(card, naturals_left)}
        if jokers_loose or not rules.jokers:
            self.loose.update(hand.jokers)
        self.total = sum(card_points(c, rules) for c in cards)
        self.cards = tuple(dict.fromkeys(c for c in cards if not (c.is_joker and rules.fixed_jokers)))
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
                counts -= 1 << (_FIELD * c)
            melded = self.best(counts, jokers, self.kept, self.solver.worth(counts))
            self.found[c] = self.total - card_points(c, self.rules) - melded
        return self.found[c]

    def cheapest(
        self, among: Iterable[T], key: Callable[[T, int], Any], as_card: Callable[[T], Card] = card
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
    hand = _hand(cards, rules)
    solver = _solver_for(rules, first_meld=False)
    value = _discard_search(hand, solver, rules)
    if value < 0:
        raise ValueError("nothing to discard")
    return card(127 - (value & 127))


def _discard_search(hand: _Hand, solver: _Solver, rules: RummyRules) -> int:
    """max over the cards c the hand may discard of (points the rest melds + c's points) * _TIE + the
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
    layouts, naturals_left = _lay_out(solver, candidates, plain, hand)
    joker_goes = bool(rules.jokers and not rules.fixed_jokers and hand.jokers)
    jokers_loose = jokers > sum(bin(bits).count("1") for _, bits, _ in layouts)

    score = solver.discard_score.__getitem__
    loose = [c for c in hand.stuck if not (c.is_joker and rules.fixed_jokers)]
    loose.extend(map(card, naturals_left))
    if joker_goes and jokers_loose:
        loose.append(min(hand.jokers))
    found = max((_TIE * melded + score(c) for c in loose), default=_NEG)
    left_over = set(naturals_left)
    # The melded naturals whose floor can still win, best first: (score, the card's count field).
    chances = sorted(
        (
            (score(c), _FIELD_MASK << (_FIELD * c))
            for c in _held(counts)
            if c not in left_over and _TIE * melded + score(c) > found
        ),
        reverse=True,
    )
    if chances:
        found = max(
            found, _discard_among(candidates, plain, kept, solver, chances, hand, worth, melded, found)
        )
    if joker_goes and not jokers_loose:
        joker = min(hand.jokers)
        if _TIE * _melded_without_joker(hand, solver, rules, melded) + score(joker) > found:
            found = max(found, _TIE * plain(counts, jokers - 1, kept, worth) + score(joker))
    return found


def _discard_among(
    candidates: list[list[list[Candidate]]],
    plain: Callable[[int, int, int, int], int],
    kept: int,
    solver: _Solver,
    chances: list[tuple[int, int]],
    hand: _Hand,
    worth: int,
    melded: int,
    beat: int,
) -> int:
    """max over the naturals of `chances` (score, count field) of (what the rest of the hand melds)
    * _TIE + score, if above `beat` (else at most `beat`): one search with the discard still to come
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
        full = _TIE * (worth + jokers_top[jokers]) + (top & _TIE_MASK)
        bound = _TIE * melded + top
        if full < bound:
            bound = full
        if bound <= beat:
            below[key] = bound
            return bound
        found = beat
        lowest = ((counts & -counts).bit_length() - 1) // _FIELD
        field = _FIELD_MASK << (_FIELD * lowest)
        points = gains[lowest]
        rest = counts - (1 << (_FIELD * lowest))
        rest_melded = None
        if counts & among & field:
            # `lowest` is discarded: the rest is the least-points search's.
            rest_melded = plain(rest, jokers, kept, worth - points)
            value = _TIE * rest_melded + score_of[field]
            if value > found:
                found = value
                if found >= bound:
                    exact[key] = found
                    return found
        guarded = counts | _GUARD
        for need, used, gain, need_worth, _, _, _ in candidates[lowest][jokers]:
            if (guarded - need) & _GUARD == _GUARD:
                sub = counts - need
                if not sub & among:
                    continue
                left = jokers - used
                sub_key = sub << 3 | left
                value = exact_get(sub_key)
                if value is None:
                    sub_beat = found - _TIE * gain
                    value = below_get(sub_key)
                    if value is not None and value <= sub_beat:
                        continue
                    sub_melded = plain_get(sub_key << 1 | kept)
                    if sub_melded is None:
                        sub_melded = plain(sub, left, kept, worth - need_worth)
                    value = best(sub, left, worth - need_worth, sub_melded, sub_beat)
                value += _TIE * gain
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


def clear_memo() -> None:
    """Forget every memoised sub-hand (benchmarks time cold calls)."""
    for solver_for_rules in _ALL_SOLVERS:
        solver_for_rules.memo.clear()
    _held.cache_clear()
