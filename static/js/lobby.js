// The lobby: the open public rooms kept live over /ws/lobby/ (one's own marked "yours", not
// "Join"), the computer's level greyed out for the arcade rules (they always play the arcade
// computer), and a rummy table's computer players limited to its seats (all of them: the
// creator watches the computers play).
import { GameSocket } from "./socket.js";
import { pageData } from "./dom.js";

const texts = pageData("lobby-texts");
const yours = new Set(pageData("your-rooms"));
const body = document.querySelector("#rooms tbody");

// `label`: the column's name, shown beside the value when a narrow screen stacks the row.
function cell(text, label) {
  const td = document.createElement("td");
  td.textContent = text;
  if (label) td.dataset.label = label;
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
    link.textContent = yours.has(room.code) ? texts.yours : texts.join;
    const action = document.createElement("td");
    action.className = "action";
    action.append(link);
    row.append(
      cell(room.ruleset, texts.rules),
      cell(`${room.players.join(", ")} (${room.seats_taken}/${room.seats})`, texts.players),
      cell(room.turn_seconds ? `${room.turn_seconds} s` : "—", texts.timer),
      cell(room.rated ? texts.rated : texts.casual, texts.rated),
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

// More computer players than seats are greyed out. A guest keeps the computer in every other
// seat at least: a table waiting for people needs an account.
const rummy = document.getElementById("rummy-form");
if (rummy) {
  const { ruleset: table, bot_seats: bots } = rummy.elements;
  const seats = () => Number(table.selectedOptions[0]?.dataset.seats ?? bots.options.length - 1);
  const syncBots = () => {
    const most = seats();
    for (const option of bots.options) option.disabled = Number(option.value) > most;
    if (Number(bots.value) > most) bots.value = String(most);
  };
  table.addEventListener("change", () => {
    if ("guest" in rummy.dataset) bots.value = String(seats() - 1);
    syncBots();
  });
  syncBots();
}

new GameSocket("/ws/lobby/", { onOther: (message) => message.type === "rooms" && render(message.rooms) });
