// The felt after each gin event, for table/event_steps.js: the pile, the stock and the hand
// sizes (the player's own cards are the frame's own: other seats' moves never change them).

function afterEvent(view, event) {
  const pile = [...view.discard_pile];
  const counts = [...view.hand_counts];
  let stock = view.stock_count;
  switch (event.type) {
    case "draw":
    case "take_upcard":
      if (event.source === "stock") stock -= 1;
      else pile.pop();
      counts[event.seat] += 1;
      break;
    case "discard":
    case "knock":
      if (event.card) {
        pile.push(event.card);
        counts[event.seat] -= 1;
      }
      break;
    case "recycle":
      stock = event.stock;
      pile.splice(0, pile.length - 1);
      break;
    default:
      break;
  }
  const turn = event.seat === undefined ? view.turn : event.type === "discard" ? 1 - event.seat : event.seat;
  return { ...view, discard_pile: pile, hand_counts: counts, stock_count: stock, turn };
}

// hand_end and match_end change nothing on the felt: they ride with the move before them.
const changesFelt = (event) => event.type !== "hand_end" && event.type !== "match_end";

export const GIN_STEPS = {
  afterEvent,
  changesFelt,
  deal: (view) => view.hand_number,
  publicKeys: ["discard_pile", "hand_counts", "stock_count"],
};
