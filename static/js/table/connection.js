// The room's socket as both table controllers (gin and rummy) use it: the connection's state
// on #table (data-connection, the offline look, the status line), room frames kept in
// `ui.room`, refusals told, and actions sent one at a time (busy until the next frame or a
// refusal), each with a client id (socket.js).
import { GameSocket } from "../socket.js";
import { announce, setStatus } from "./announce.js";
import { bindChat } from "./chat.js";
import { roomArrived } from "./presence.js";
import { t } from "./texts.js";

// Hooks: onState(frame); onRoomChange() after a room frame (names, presence, offers);
// onRefused(state or null) after an error frame, its state to be drawn at once.
export function connectTable(root, ui, { onState, onRoomChange, onRefused }) {
  const token = root.dataset.token ? `?t=${encodeURIComponent(root.dataset.token)}` : "";
  let chat = null; // the table chat takes its own frames (chat.js)
  const socket = new GameSocket(`/ws/room/${root.dataset.code}/${token}`, {
    onState,
    onOther: (frame) => chat?.receive(frame),
    onRoom(info) {
      ui.room = roomArrived(info);
      onRoomChange();
    },
    onError(error) {
      if (chat?.receive(error)) return;
      ui.busy = false;
      setStatus(t("refused"));
      announce(t("refused"));
      onRefused(error.state ?? null);
    },
    onStatus(status) {
      root.dataset.connection = status; // connecting, open, reconnecting, closed
      root.classList.toggle("offline", status === "reconnecting");
      if (status === "reconnecting") setStatus(t("reconnecting"));
    },
    onClosed() {
      setStatus(t("closed"));
      announce(t("closed"));
    },
  });
  chat = bindChat(socket);
  return {
    socket,
    // `extra` adds fields to the frame (pass-and-play: the acting seat).
    act(action, extra = {}) {
      if (ui.busy || !ui.frame) return;
      ui.busy = true;
      root.classList.add("busy");
      socket.act(action, extra);
    },
  };
}
