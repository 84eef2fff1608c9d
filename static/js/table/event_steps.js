// One state frame can carry several events (a player's discard, then the computer's draw
// and discard, even a knock). To show them one at a time, this rebuilds the public part of
// the table after each event from the previous view, by the game's own
// `game`: { afterEvent, changesFelt, deal, publicKeys } (gin/event_steps.js, rummy/event_steps.js).

// The views to show in turn, each with the events that led to it; the last is the frame's own.
export function eventSteps(previous, frame, game) {
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
