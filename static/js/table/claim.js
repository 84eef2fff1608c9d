// The opponents away (issue #5): how long, and once the claim is open the two ways to end the
// wait: claim the win, or let the computer play the absent seats to the end. The server
// judges the claim (do_claim); its result comes back as the usual frames. One opponent at the
// gin table, up to three at the rummy table: any one of them away a minute opens the claim.
import { announce } from "./announce.js";
import { awayFor, canClaim } from "./presence.js";
import { mmss, t } from "./texts.js";

let shown = ""; // what the notice was built for: stage and the seats that can be claimed
let away = new Set(); // seats away when last drawn

// "Bo", "Bo and Cy", "Bo, Cy and Di" (in the page's language).
export const nameList = (names) => new Intl.ListFormat(document.documentElement.lang || "en").format(names);

function button(kind, label, primary) {
  const b = document.createElement("button");
  b.type = "button";
  b.dataset.claim = kind;
  b.textContent = label;
  if (primary) b.className = "primary";
  return b;
}

// `several`: a table of three or four, whose claim the note explains for every seat; `canWin`:
// every other person is away (the server refuses a win claimed against people still playing).
function build(box, stage, names, several, canWin) {
  const text = document.createElement("p");
  text.className = "away-text";
  if (stage !== "claim") return box.replaceChildren(text);
  const actions = document.createElement("div");
  actions.className = "away-actions";
  if (canWin) actions.append(button("win", t("claim_win"), true));
  actions.append(button("bot", t("claim_bot"), !canWin));
  const note = document.createElement("p");
  note.className = "note";
  const explain = !several ? "claim_explain" : canWin ? "claim_explain_seats" : "claim_explain_others";
  note.textContent = t(explain, { name: names[0], names: nameList(names) });
  box.replaceChildren(text, actions, note);
}

// `others`: the seats besides yours; `names`: every seat's name; `watching`: a seated player
// at a match being played (nobody claims for a spectator).
export function renderAway(box, { room, others, names, watching }) {
  const now = new Set(watching ? others.filter((seat) => awayFor(room, seat) !== null) : []);
  const claimable = [...now].filter((seat) => canClaim(room, seat));
  const people = others.filter((seat) => room.seats[seat].kind === "player");
  const canWin = claimable.length === people.length;
  const stage = !now.size ? "here" : claimable.length ? "claim" : "away";
  for (const seat of now) if (!away.has(seat) && !canClaim(room, seat)) announce(t("went_away", { name: names[seat] }));
  for (const seat of away) {
    if (!now.has(seat) && watching && room.seats[seat].kind === "player") announce(t("came_back", { name: names[seat] }));
  }
  away = now;
  const key = `${stage} ${claimable} ${canWin}`;
  if (key !== shown) {
    const who = claimable.map((seat) => names[seat]);
    if (stage === "claim") {
      const open = !canWin ? "claim_open_others" : who.length > 1 ? "claim_open_many" : "claim_open";
      announce(t(open, { name: who[0], names: nameList(who) }));
    }
    shown = key;
    box.hidden = stage === "here";
    build(box, stage, who, others.length > 1, canWin);
  }
  if (now.size) {
    const lines = [...now].map((seat) => t("away_notice", { name: names[seat], time: mmss(awayFor(room, seat)) }));
    box.querySelector(".away-text").textContent = lines.join(" ");
  }
}

const pressable = (box, on) => box.querySelectorAll("button").forEach((b) => (b.disabled = !on));

// The two buttons send the claim frame on `socket`, once: they stay pressed until the result's
// frames redraw the notice, or a refusal (`claimRefused`) frees them.
export function bindClaim(box, socket) {
  box.addEventListener("click", (e) => {
    const button = e.target.closest("[data-claim]");
    if (!button) return;
    pressable(box, false);
    socket.send({ type: "claim", bot: button.dataset.claim === "bot" });
  });
}

export const claimRefused = (box) => pressable(box, true);
