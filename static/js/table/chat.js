// The table chat: the players' chat (seated) or the spectators' one, in a drawer opened from
// the room bar. Every text goes into the page as text (textContent), so a message is never
// markup and a link is never clickable. Quick phrases arrive as codes and are shown in this
// reader's language (templates/games/_chat.html). Protocol: docs/protocol.md, "Chat".
import { $ } from "../dom.js";

const texts = Object.fromEntries(
  [...($("chat-texts")?.content.querySelectorAll("[data-k]") ?? [])].map((el) => [el.dataset.k, el.textContent]),
);
const t = (key, values = {}) =>
  (texts[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));

export function bindChat(socket) {
  const drawer = $("chat");
  const toggle = $("open-chat");
  if (!drawer || !toggle) return { receive: () => false };
  const me = drawer.dataset.me ? Number(drawer.dataset.me) : null;
  const log = $("chat-log");
  const phrases = JSON.parse($("chat-phrases-data").textContent);
  const muted = new Set();
  let unread = 0;
  let channel = null; // the chat whose history came last
  let newest = 0; // the newest message id this page has had

  const setOpen = (open) => {
    drawer.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    document.body.classList.toggle("chat-open", open);
    if (open) {
      unread = 0;
      badge();
      log.scrollTop = log.scrollHeight;
    }
  };
  const badge = () => {
    const count = toggle.querySelector(".chat-unread");
    count.textContent = unread ? String(unread) : "";
    count.hidden = !unread;
  };
  toggle.addEventListener("click", () => setOpen(drawer.hidden));
  $("chat-close").addEventListener("click", () => setOpen(false));

  for (const [code, text] of Object.entries(phrases)) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "chat-phrase";
    button.dataset.phrase = code;
    button.textContent = text;
    button.addEventListener("click", () => socket.send({ type: "chat", phrase: code }));
    $("chat-phrases").append(button);
  }
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("chat-text");
    if (!input.value.trim()) return;
    socket.send({ type: "chat", text: input.value });
    input.value = "";
  });

  const line = (message) => {
    const item = document.createElement("li");
    item.className = "chat-line";
    item.dataset.id = message.id;
    item.dataset.author = message.author_id ?? "";
    const name = document.createElement("b");
    name.className = "chat-author";
    name.textContent = `${message.author}: `;
    const said = document.createElement("span");
    said.className = "chat-said";
    item.append(name, said);
    show(item, message);
    if (me !== null && message.author_id !== null && message.author_id !== me) item.append(tools(message));
    return item;
  };
  const show = (item, message) => {
    const said = item.querySelector(".chat-said");
    said.textContent = message.removed ? t("removed") : message.phrase ? phrases[message.phrase] ?? message.phrase : message.text;
    item.classList.toggle("removed", Boolean(message.removed));
  };
  const tools = (message) => {
    const menu = document.createElement("span");
    menu.className = "chat-tools";
    const mute = document.createElement("button");
    mute.type = "button";
    mute.className = "link-button chat-mute";
    mute.dataset.player = message.author_id;
    mute.textContent = muted.has(message.author_id) ? t("unmute") : t("mute");
    mute.addEventListener("click", () =>
      socket.send({ type: "chat_mute", player: message.author_id, muted: !muted.has(message.author_id) }),
    );
    const report = document.createElement("a");
    report.className = "chat-report";
    report.href = `/report/?message=${encodeURIComponent(message.id)}`;
    report.textContent = t("report");
    const block = $("chat-block-form").content.firstElementChild.cloneNode(true);
    block.action = `/accounts/block/${encodeURIComponent(message.author_id)}/`;
    menu.append(mute, report, block);
    return menu;
  };
  const unseen = (count) => {
    if (!drawer.hidden || !count) return;
    unread += count;
    badge();
  };
  const add = (message) => {
    if (muted.has(message.author_id)) return;
    newest = Math.max(newest, message.id);
    log.append(line(message));
    log.scrollTop = log.scrollHeight;
    unseen(1);
  };
  // A history after a reconnect brings what was said meanwhile: unread, as if it had come live.
  // The first history of a page, or of another chat, is what was said before: read.
  const history = (frame) => {
    const { channel: now, messages } = frame; // without the muted's and the blocked's
    if (now === channel) unseen(messages.filter((m) => m.id > newest && m.author_id !== me).length);
    channel = now;
    newest = Math.max(newest, ...messages.map((m) => m.id));
    log.replaceChildren(...messages.map(line));
  };

  // Takes the chat's frames (true), leaving the others to the table.
  return {
    receive(frame) {
      switch (frame.type) {
        case "chat_history":
          muted.clear();
          for (const id of frame.muted) muted.add(id);
          $("chat-title").textContent = t(frame.channel);
          toggle.querySelector(".chat-label").textContent = t(frame.channel);
          history(frame);
          return true;
        case "chat":
          if (frame.message.author_id === me) $("chat-error").textContent = "";
          add(frame.message);
          return true;
        case "chat_removed": {
          const item = log.querySelector(`[data-id="${Number(frame.id)}"]`);
          if (item) show(item, { removed: true });
          return true;
        }
        case "chat_muted":
          if (frame.muted) muted.add(frame.player);
          else muted.delete(frame.player);
          for (const item of log.querySelectorAll(`[data-author="${Number(frame.player)}"]`)) {
            if (frame.muted) item.remove();
          }
          for (const button of log.querySelectorAll(`.chat-mute[data-player="${Number(frame.player)}"]`)) {
            button.textContent = frame.muted ? t("unmute") : t("mute");
          }
          return true;
        case "error":
          if (!frame.code?.startsWith("chat_")) return false;
          $("chat-error").textContent = frame.message;
          return true;
        default:
          return false;
      }
    },
  };
}
