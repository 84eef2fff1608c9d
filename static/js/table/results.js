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

// Ends the dialog with its `row` of actions and shows it, the first action focused.
export function openResult(dialog, row) {
  dialog.append(row);
  if (!dialog.open) dialog.showModal();
  row.querySelector("button, a")?.focus();
}

export function closeResult(dialog) {
  if (dialog.open) dialog.close();
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
