// The pieces of both tables' result dialogs: elements, rows of cards, a score table, closing,
// and the rematch challenge at a new table.
import { cardFace } from "./cards.js";
import { t } from "./texts.js";

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function cardRow(codes, className) {
  const row = el("div", className);
  row.append(...codes.map((code) => cardFace(code)));
  return row;
}

export function scoreTable(names, values, caption) {
  const table = el("table", "score-table");
  table.append(el("caption", null, caption));
  names.forEach((name, seat) => {
    const row = el("tr");
    row.append(el("th", null, name), el("td", null, String(values[seat])));
    table.append(row);
  });
  return table;
}

// The dialog's last row. At the match's end: Rematch, pressed once (`note(mine)` says what
// follows, or null), the challenge to a new table, and the lobby; a spectator gets only the
// lobby. Otherwise the player's button to the next deal (`next`, its text).
export function resultActions({ room, you, over, next, note, actions }) {
  const row = el("div", "dialog-actions");
  const primary = (text, onClick) => {
    const button = el("button", "primary", text);
    button.type = "button";
    button.addEventListener("click", onClick);
    return button;
  };
  if (!over) {
    if (you !== null) row.append(primary(next, actions.nextHand));
    return row;
  }
  if (you !== null) {
    const mine = (room.offers ?? {})[String(you)] === "rematch";
    const rematch = primary(t("rematch"), actions.rematch);
    rematch.disabled = mine;
    row.append(rematch);
    const said = note(mine);
    if (said) row.append(el("span", "note", said));
    const challenge = rematchChallenge(room);
    if (challenge) row.append(challenge);
  }
  const lobby = el("a", "button-gold", t("lobby"));
  lobby.href = "/play/";
  row.append(lobby);
  return row;
}

const built = new WeakMap(); // dialog -> the markup it was last built with

// Shows `content` and its `row` of actions in the dialog, the first action focused; unless the
// open dialog already shows just that. A frame that changes nothing on it (the room's frame as
// the socket opens) must not rebuild it under the player's finger: a click pressed on one
// button and released on its rebuilt twin is lost, and a pressed Rematch would come back up.
export function openResult(dialog, content, row) {
  content.append(row);
  const markup = content.innerHTML;
  if (dialog.open && built.get(dialog) === markup) return;
  built.set(dialog, markup);
  dialog.replaceChildren(...content.childNodes);
  if (!dialog.open) dialog.showModal();
  row.querySelector("button, a")?.focus();
}

export function closeResult(dialog) {
  if (dialog.open) dialog.close();
  built.delete(dialog);
}

// Between two signed-in people: a challenge to the same terms at a new table (static/js/social.js
// sends it; the bell is there only for a signed-in player).  Null at any other table.
export function rematchChallenge(room) {
  const two = room.seats.length === 2 && room.seats.every((s) => s.kind === "player");
  if (room.hotseat || !two || !document.getElementById("bell")) return null;
  const button = el("button", "button-gold", t("rematch_new_table"));
  button.type = "button";
  button.dataset.rematchChallenge = room.code;
  return button;
}
