// The opponent away (issue #5): how long, and once the claim is open the two ways to end the
// wait: claim the win, or let the computer play their seat to the end. The server judges the
// claim (do_claim); its result comes back as the usual frames.
import { announce } from "./announce.js";
import { awayFor, canClaim } from "./presence.js";
import { mmss, t } from "./texts.js";

let stage = "here"; // here, away, claim

function button(kind, label, primary) {
  const b = document.createElement("button");
  b.type = "button";
  b.dataset.claim = kind;
  b.textContent = label;
  if (primary) b.className = "primary";
  return b;
}

function build(box, next, name) {
  const text = document.createElement("p");
  text.className = "away-text";
  if (next !== "claim") return box.replaceChildren(text);
  const actions = document.createElement("div");
  actions.className = "away-actions";
  actions.append(button("win", t("claim_win"), true), button("bot", t("claim_bot"), false));
  const note = document.createElement("p");
  note.className = "note";
  note.textContent = t("claim_explain", { name });
  box.replaceChildren(text, actions, note);
}

// `watching`: a seated player at a match being played (nobody claims for a spectator).
export function renderAway(box, { room, them, name, watching }) {
  const away = watching ? awayFor(room, them) : null;
  const next = away === null ? "here" : canClaim(room, them) ? "claim" : "away";
  if (next !== stage) {
    if (next === "away" && stage === "here") announce(t("went_away", { name }));
    else if (next === "claim") announce(t("claim_open", { name }));
    else if (next === "here" && watching && room.seats[them].kind === "player") announce(t("came_back", { name }));
    stage = next;
    box.hidden = next === "here";
    build(box, next, name);
  }
  if (away !== null) box.querySelector(".away-text").textContent = t("away_notice", { name, time: mmss(away) });
}
