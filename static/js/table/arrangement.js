// The order of the player's cards. The hand sorts itself into melds (the server's best
// melds, then the unmelded cards) until the player moves a card; from then on their order is
// kept, new cards are added at the right, and "Sort into melds" restores the sorted order.

export function sortedIntoMelds(view) {
  const melded = (view.melds ?? []).flat();
  return [...melded, ...(view.hand ?? []).filter((card) => !melded.includes(card))];
}

// card -> index of its meld in view.melds (cards missing from the map are unmelded).
export function meldOf(view) {
  const index = new Map();
  (view.melds ?? []).forEach((meld, i) => meld.forEach((card) => index.set(card, i)));
  return index;
}

export class HandArrangement {
  order = [];
  manual = false;
  deal = null;

  arrange(view) {
    // A new deal (gin's hand, rummy's round) sorts again.
    const deal = view.hand_number ?? view.round;
    if (deal !== this.deal) {
      this.deal = deal;
      this.manual = false;
    }
    const hand = view.hand ?? [];
    if (!this.manual) {
      this.order = sortedIntoMelds(view);
    } else {
      const kept = this.order.filter((card) => hand.includes(card));
      this.order = [...kept, ...hand.filter((card) => !kept.includes(card))];
    }
    return this.order;
  }

  sort(view) {
    this.manual = false;
    return this.arrange(view);
  }

  moveTo(card, index) {
    const from = this.order.indexOf(card);
    if (from < 0) return;
    const to = Math.max(0, Math.min(this.order.length - 1, index));
    this.order.splice(from, 1);
    this.order.splice(to, 0, card);
    this.manual = true;
  }

  move(card, delta) {
    this.moveTo(card, this.order.indexOf(card) + delta);
  }
}
