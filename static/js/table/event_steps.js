// One state frame can carry several events (a player's discard, then the computer's draw
// and discard, even a knock). To show them one at a time, this rebuilds the public part of
// the table after each event from the previous view: the pile, the stock and the hand sizes.
// The player's own cards are the frame's own (other seats' moves never change them).
// Rummy passes its own `game`: { afterEvent, changesFelt, deal, publicKeys }.

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

const GIN = {
  afterEvent,
  changesFelt,
  deal: (view) => view.hand_number,
  publicKeys: ["discard_pile", "hand_counts", "stock_count"],
};

// The views to show in turn, each with the events that led to it; the last is the frame's own.
export function eventSteps(previous, frame, game = GIN) {
  const { view: final, events = [] } = frame;
  const moves = events.filter(game.changesFelt).length;
  if (!previous || moves < 2 || game.deal(previous) !== game.deal(final)) return [{ view: final, events }];
  let view = { ...final, ...Object.fromEntries(game.publicKeys.map((key) => [key, previous[key]])) };
  const steps = [];
  for (const event of events) {
    if (!game.changesFelt(event) && steps.length) {
      steps.at(-1).events.push(event);
      continue;
    }
    view = game.afterEvent(view, event);
    steps.push({ view, events: [event] });
  }
  steps.at(-1).view = final;
  return steps;
}
