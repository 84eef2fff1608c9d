// The arena page: the countdown, the live standings over /ws/arena/<id>/, and the player's
// own pairing ("your game starts"), which also takes them to the table.
import { GameSocket } from "./socket.js";

const box = document.getElementById("arena");
const body = document.querySelector("#standings tbody");
const labels = [...document.querySelectorAll("#standings thead th")].map((th) => th.textContent);
const texts = Object.fromEntries(
  [...document.getElementById("arena-texts").content.querySelectorAll("[data-key]")].map((el) => [el.dataset.key, el.textContent]),
);
// The flame of a player whose next win scores double, as the page draws it.
const onFire = document.getElementById("on-fire").content.firstElementChild;
const me = document.querySelector("#standings tr.mine td:nth-child(2)")?.textContent;
let phase = box.dataset.phase;
const ends = { soon: new Date(box.dataset.starts), running: new Date(box.dataset.ends) };

// The phase follows the clock here; the server's frames may have been read a while ago.
function tick() {
  if (phase === "soon" && Date.now() >= ends.soon) showPhase("running");
  else if (phase === "running" && Date.now() >= ends.running) showPhase("finished");
  const target = ends[phase];
  const out = document.getElementById("countdown");
  if (!target) { out.textContent = ""; return; }
  const left = Math.max(0, Math.round((target - Date.now()) / 1000));
  out.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

function showPhase(next) {
  phase = next;
  for (const name of ["soon", "running", "finished"]) document.getElementById(`phase-${name}`).hidden = name !== next;
  tick();
}

function cell(text, label, num) {
  const td = document.createElement("td");
  td.textContent = text;
  td.dataset.label = label;
  if (num) td.className = "num";
  return td;
}

function render(standings) {
  if (standings.phase === "finished" && phase !== "finished") showPhase("finished");
  if (!standings.lines.length) return;
  body.replaceChildren(
    ...standings.lines.map((line, index) => {
      const row = document.createElement("tr");
      if (line.name === me) row.className = "mine";
      const streak = cell(String(line.streak), labels[3], true);
      if (line.on_fire) streak.prepend(onFire.cloneNode(true));
      row.append(
        cell(String(index + 1), labels[0]),
        cell(line.name, labels[1]),
        cell(String(line.points), labels[2], true),
        streak,
        cell(String(line.games), labels[4], true),
        cell(String(line.performance), labels[5], true),
      );
      return row;
    }),
  );
}

function pairing(room) {
  const next = document.getElementById("next-game");
  if (!next) return;
  if (!room) { next.textContent = phase === "running" ? texts.wait : next.textContent; return; }
  const link = document.createElement("a");
  link.className = "button-gold";
  link.href = `/r/${room}/`;
  link.textContent = texts.go;
  next.replaceChildren(link);
  link.focus();
  location.assign(link.href);
}

setInterval(tick, 1000);
tick();
new GameSocket(`/ws/arena/${box.dataset.arena}/`, {
  onOther: (message) => {
    if (message.type === "standings") render(message);
    else if (message.type === "pairing") pairing(message.room);
  },
});
