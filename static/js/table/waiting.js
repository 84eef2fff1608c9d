// A table waiting for its players (gin or rummy): who sits where and which seats are still
// free, and the invitation link with a copy button. Once the game starts (a state frame, or
// a room frame no longer "open") the panel goes, and with it the Leave and Take-a-seat
// buttons: they are for a waiting table. Play stays disabled until then (the controls are
// disabled in the page and only a drawn frame enables them).
import { t } from "./texts.js";
import { $ } from "../dom.js";

function seatLine(seat, you) {
  const item = document.createElement("li");
  item.className = `waiting-seat ${seat.kind}`;
  const who =
    seat.index === you
      ? t("seat_you", { name: seat.name })
      : seat.kind === "bot"
        ? t("seat_bot", { name: seat.name })
        : seat.kind === "empty"
          ? t("seat_free")
          : t(seat.online ? "seat_here" : "seat_coming", { name: seat.name });
  item.textContent = t("seat_line", { n: seat.index + 1, who });
  return item;
}

export function showWaiting(room, started) {
  if (started || room.state !== "open") {
    for (const id of ["waiting", "leave-form", "sit-form"]) $(id)?.remove();
    return;
  }
  $("waiting-seats")?.replaceChildren(...room.seats.map((seat) => seatLine(seat, room.you)));
}

// The clipboard where the browser allows it (a secure page); else the link is selected for
// the player to copy.
export function bindInvite() {
  const button = $("copy-invite");
  const link = $("invite-link");
  if (!button || !link) return;
  const say = (text) => ($("copy-status").textContent = text);
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link.textContent.trim());
      say(t("link_copied"));
    } catch {
      getSelection().selectAllChildren(link);
      say(t("link_selected"));
    }
  });
}
