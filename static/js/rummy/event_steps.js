// A rummy frame can carry a whole lap of bot turns (draw, melds, layoffs, discard, each).
// The event steps of table/event_steps.js go through them with these rules of the felt: the pile,
// the stock, the hand sizes, the melds on the table and who has come out.

function afterEvent(view, event) {
  const pile = [...view.discard_pile];
  const counts = [...view.hand_counts];
  const table = [...view.table];
  const cameOut = [...view.came_out];
  let { stock_count: stock, turn, phase } = view;
  const seat = event.seat;
  switch (event.type) {
    case "draw":
      if (event.source === "stock") stock -= 1;
      else pile.pop();
      counts[seat] += 1;
      [turn, phase] = [seat, "play"];
      break;
    case "call": // the called card and a penalty card from the stock
      pile.pop();
      stock -= 1;
      counts[seat] += 2;
      break;
    case "meld":
      for (const meld of event.melds) table[meld.index] = meld;
      counts[seat] -= event.melds.reduce((n, meld) => n + meld.cards.length, 0);
      cameOut[seat] = true;
      break;
    case "lay_off":
    case "exchange":
      table[event.meld] = { index: event.meld, ...event.after };
      if (event.type === "lay_off") counts[seat] -= 1;
      break;
    case "discard":
      pile.push(event.card);
      counts[seat] -= 1;
      [turn, phase] = [(seat + 1) % view.seats, "draw"];
      break;
    default:
      break;
  }
  return { ...view, discard_pile: pile, hand_counts: counts, stock_count: stock, table, came_out: cameOut, turn, phase };
}

// The end of a round (and of the stock) rides with the move before it.
const changesFelt = (event) => !["stock_exhausted", "round_end", "match_end"].includes(event.type);

export const RUMMY_STEPS = {
  afterEvent,
  changesFelt,
  deal: (view) => view.round,
  publicKeys: ["discard_pile", "hand_counts", "stock_count", "table", "came_out", "turn", "phase"],
};
