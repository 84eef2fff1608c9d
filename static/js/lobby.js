// The lobby: the open public rooms kept live over /ws/lobby/, and the computer's level
// greyed out for the arcade rules (they always play the arcade computer).
import { GameSocket } from "./socket.js";

const texts = JSON.parse(document.getElementById("lobby-texts").textContent);
const body = document.querySelector("#rooms tbody");

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

function render(rooms) {
  body.replaceChildren();
  if (!rooms.length) {
    const row = document.createElement("tr");
    row.className = "empty";
    const td = cell(texts.empty);
    td.colSpan = 5;
    row.append(td);
    body.append(row);
    return;
  }
  for (const room of rooms) {
    const row = document.createElement("tr");
    const link = document.createElement("a");
    link.href = room.url;
    link.textContent = texts.join;
    const action = document.createElement("td");
    action.append(link);
    row.append(
      cell(room.ruleset),
      cell(`${room.players.join(", ")} (${room.seats_taken}/${room.seats})`),
      cell(room.turn_seconds ? `${room.turn_seconds} s` : "—"),
      cell(room.rated ? texts.rated : texts.casual),
      action,
    );
    body.append(row);
  }
}

const computer = document.getElementById("computer-form");
const level = computer.elements.level;
const ruleset = computer.elements.ruleset;
const arcade = () => /arcade/i.test(ruleset.selectedOptions[0]?.textContent ?? "");
const syncLevel = () => (level.disabled = arcade());
ruleset.addEventListener("change", syncLevel);
computer.addEventListener("submit", () => (level.disabled = false)); // a disabled field is not sent
syncLevel();

new GameSocket("/ws/lobby/", { onOther: (message) => message.type === "rooms" && render(message.rooms) });
