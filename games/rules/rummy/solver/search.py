"""The third stage: the memoised search for the most a hand can meld (least points left, or the
best first meld), one solver per rule variant and objective."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from itertools import accumulate, product
from operator import itemgetter

from games.rules.cards import JOKER_COUNT, NATURAL_COUNT, card
from games.rules.rummy.melds import card_points
from games.rules.rummy.rules import RummyRules
from games.rules.rummy.solver.fields import (
    FIELD,
    FIELD_MASK,
    GUARD,
    LATER_SUITS,
    NEG,
    ONES,
    RANK_FIELDS,
    TABLED_LONGEST,
    TIE,
    card_count,
    held_cards,
    reach_down,
    reach_up,
    tie_break,
)
from games.rules.rummy.solver.finder import MeldFinder, set_labels_for
from games.rules.rummy.solver.hand import partner_fields, read_hand
from games.rules.rummy.solver.records import Candidate, Found, Hand

_BY_GAIN = itemgetter(2)  # a candidate's gain


class Solver(MeldFinder):
    """The memoised search for one rule variant and objective."""

    def __init__(self, rules: RummyRules, *, first_meld: bool) -> None:
        self.cyclic = rules.cyclic_runs
        self.fixed_jokers = rules.fixed_jokers
        self.first_meld = first_meld
        self.keep_one = first_meld and not rules.win_without_discard
        self.set_labels = set_labels_for(fixed_groups=rules.fixed_groups, fixed_jokers=rules.fixed_jokers)
        # What a place is worth to the objective: hand points saved, or first-meld value.
        if first_meld:
            self.natural_gain = tuple(min(c % 13 + 1, 10) if c % 13 else 11 for c in range(NATURAL_COUNT))
            self.joker_gain = 0
        else:
            self.natural_gain = tuple(card_points(c, rules) for c in range(NATURAL_COUNT))
            self.joker_gain = card_points(NATURAL_COUNT, rules)
        # What discarding each card (natural or joker) scores in `_discard_search`, less what the rest melds.
        self.discard_score = tuple(
            TIE * card_points(c, rules) + tie_break(card(c), rules)
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

        Unless `whole`, runs longer than any run that cannot be cut in two (`longest_uncut`) are left
        out: the value is the same, only the arrangement would show a long run in pieces.
        """
        longest = 13 if whole else longest_uncut(jokers, ace_after_king=self.first_meld and self.cyclic)
        out: list[list[list[Candidate]]] = [[[]] * (jokers + 1)] * NATURAL_COUNT  # held cards get their own
        partners = partner_fields(self.cyclic, jokers)
        top = self.jokers_top(counts)
        # Jokers taken lower the bound by at least this much each, wherever the pool stands.
        step = min((top[k + 1] - top[k] for k in range(jokers)), default=0)
        present = (counts | counts >> 1) & ONES
        runs_table = None
        if not whole and not self.cyclic and longest <= TABLED_LONGEST:
            runs_found = self.runs_found(jokers, longest)
            runs_table = self.run_tables.setdefault((jokers, step), {})
            sets_found = self.sets_found(jokers)
            sets_table = self.set_tables.setdefault((jokers, step), {})
        run_reach, down_reach = reach_up(longest), reach_down(longest)
        rest = counts
        while rest:
            lowest = ((rest & -rest).bit_length() - 1) // FIELD
            rest &= ~(FIELD_MASK << (FIELD * lowest))
            # A meld holds a second natural near its lowest one (a run's gaps are at most the jokers).
            if not present & partners[lowest] >> (FIELD * (lowest + 1)) << (FIELD * (lowest + 1)):
                continue
            if runs_table is None:
                without = counts - (1 << (FIELD * lowest))
                found = self.melds_from(lowest, without, jokers, longest, shift=not whole)
                out[lowest] = self.ranked(found, jokers, step)
                continue
            # The runs come from the table (an ace's going up, then its going down to it), and the
            # sets (a same rank in a later suit) from another.
            key = (present & run_reach[lowest]) << 7 | lowest
            runs = runs_table.get(key)
            if runs is None:
                runs = runs_table[key] = self.ranked(runs_found[key], jokers, step)
            later = present & LATER_SUITS[lowest]
            sets: list[Candidate] = []
            if later:
                key = later << 7 | lowest
                tabled = sets_table.get(key)
                if tabled is None:
                    tabled = sets_table[key] = _as_candidates(sets_found[key], step)
                sets = tabled
            down: list[Candidate] = []
            if not lowest % 13:
                key = (present & down_reach[lowest]) << 7 | 64 | lowest
                ranked_down = runs_table.get(key)
                if ranked_down is None:
                    ranked_down = runs_table[key] = self.ranked(runs_found[key], jokers, step)
                down = ranked_down[-1]
            if sets or down:
                # Sets before runs of the same gain, as when all are built in one dict.
                ranked = sorted([*sets, *runs[-1], *down], key=_BY_GAIN, reverse=True)
                runs = [[c for c in ranked if c[1] <= left] for left in range(jokers)] + [ranked]
            out[lowest] = runs
        return out

    def ranked(self, found: dict[int, Found], jokers: int, step: int) -> list[list[Candidate]]:
        """A card's melds as candidates, richest first, per number of jokers left."""
        melds = _as_candidates(found, step)
        # Richest melds first: they reach the bound soonest (a stable sort keeps ties in order).
        ranked = sorted(melds, key=_BY_GAIN, reverse=True)
        return [[c for c in ranked if c[1] <= left] for left in range(jokers)] + [ranked]

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
        held = held_cards(hand)
        jokers_top = self.jokers_top(hand)
        kept_back = min((natural_top[c] for c in held), default=0)

        def best(counts: int, jokers: int, kept: int, worth: int) -> int:
            """Largest gain of disjoint melds from `counts` and `jokers` (-inf if a card must be kept but cannot)."""
            if not counts:
                return 0 if kept or jokers or not keep_one else NEG
            key = ((counts << 3 | jokers) << 1) | kept
            found = memo_get(key)
            if found is not None:
                return found
            full = worth + jokers_top[jokers]
            bound = full - kept_back if keep_one and not kept else full
            lowest = ((counts & -counts).bit_length() - 1) // FIELD
            guarded = counts | GUARD
            found = NEG
            for need, used, gain, need_worth, _, shift, drop in candidates[lowest][jokers]:
                # The guard bit of a field survives the subtraction only when the hand holds enough
                # copies; a meld after which even the bound cannot beat what was found is not tried.
                if (guarded - need) & GUARD == GUARD and bound - drop > found:
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
                    counts - (1 << (FIELD * lowest)), jokers, kept | keep_one, worth - natural_top[lowest]
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
            if counts & RANK_FIELDS[0]
            else next((r + 1 for r in range(12, 0, -1) if counts & RANK_FIELDS[r]), 13)
        )
        aces, kings = (card_count(counts & RANK_FIELDS[r]) for r in (0, 12))
        return _first_meld_jokers_top(highest, (aces if aces >= 2 else 0) + kings)

    def worth(self, counts: int) -> int:
        """What the naturals of `counts` gain at most."""
        total = 0
        while counts:
            index = ((counts & -counts).bit_length() - 1) // FIELD
            copies = counts >> (FIELD * index) & 3
            total += copies * self.natural_gain[index]
            counts -= copies << (FIELD * index)
        return total


_CACHE_LIMIT = 1 << 18
"""Memo entries kept per rule variant before the memo is dropped, so a server's memory stays bounded."""


def _as_candidates(found: dict[int, Found], step: int) -> list[Candidate]:
    """Found melds as the search's candidates: what each subtracts from a memo key (its key << 1)
    and how far it lowers the bound at least (`step` per joker taken)."""
    return [(*f, key << 1, f[3] - f[2] + f[1] * step) for key, f in found.items()]


@cache
def _first_meld_jokers_top(highest: int, elevens: int) -> list[int]:
    """`Solver.jokers_top` without wrapping runs: j jokers gain at most the j places after the rank
    `highest` (an ace held: 14), and beyond `elevens` jokers 10.5 each."""
    values = [11 if place >= 14 else min(place, 10) for place in range(highest + 1, highest + 7)]
    out = []
    for j in range(7):
        rest = max(0, j - elevens)
        out.append(min(sum(values[:j]), 11 * (j - rest) + 10 * rest + rest // 2))
    return out


@cache
def longest_uncut(jokers: int, *, ace_after_king: bool) -> int:
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


@cache
def _solver(rules_key: tuple[bool, ...], first_meld: bool) -> Solver:
    cyclic_runs, fixed_jokers, fixed_groups, casino_scoring, win_without_discard = rules_key
    rules = RummyRules(
        cyclic_runs=cyclic_runs,
        fixed_jokers=fixed_jokers,
        fixed_groups=fixed_groups,
        casino_scoring=casino_scoring,
        win_without_discard=win_without_discard,
    )
    solver = Solver(rules, first_meld=first_meld)
    _ALL_SOLVERS.append(solver)
    return solver


_ALL_SOLVERS: list[Solver] = []


def solver_for(rules: RummyRules, *, first_meld: bool) -> Solver:
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


def best_value(hand: Hand, solver: Solver) -> int:
    best = solver.search(solver.candidates(hand.counts, len(hand.jokers), whole=False), hand.counts)
    return best(hand.counts, len(hand.jokers), int(bool(hand.stuck)), solver.worth(hand.counts))


def least_points(cards: Iterable[int], rules: RummyRules) -> int:
    """The least hand points left over every way of melding `cards` (jokers X1..X6, copies allowed)."""
    cards = list(cards)
    hand = read_hand(cards, rules)
    solver = solver_for(rules, first_meld=False)
    return sum(map(solver.points.__getitem__, cards)) - best_value(hand, solver)


def best_first_meld(cards: Iterable[int], rules: RummyRules) -> int:
    """The highest first-meld value `cards` can lay down in one turn (0 if none).

    At least one card stays in hand for the discard, unless ``win_without_discard``.
    """
    return max(0, best_value(read_hand(cards, rules), solver_for(rules, first_meld=True)))


def clear_memo() -> None:
    """Forget every memoised sub-hand (benchmarks time cold calls)."""
    for solver_for_rules in _ALL_SOLVERS:
        solver_for_rules.memo.clear()
    held_cards.cache_clear()
