// The per-user socket (/ws/me/, docs/protocol.md): the header's bell counts unread
// notifications, a new one shows as a toast (a challenge with Accept and Decline), and an
// accepted challenge takes both players to their new table. Every text comes from the server.

const PING_MS = 30000;
const bell = document.getElementById("bell");
const toasts = document.getElementById("toasts");
let ws = null;
let attempt = 0;

function send(message) {
  if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
}

function showCount(unread) {
  const badge = bell.querySelector(".bell-count");
  badge.hidden = unread === 0;
  badge.textContent = unread > 99 ? "99+" : String(unread);
  bell.setAttribute("aria-label", unread ? `${bell.dataset.labelUnread} ${unread}` : bell.dataset.label);
}

function button(text, className, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = className;
  b.textContent = text;
  b.addEventListener("click", onClick);
  return b;
}

function toast(text, { href = null, challenge = null, notification = null } = {}) {
  const item = document.createElement("div");
  item.className = "toast";
  if (challenge) item.dataset.challenge = String(challenge);
  const body = document.createElement(href ? "a" : "span");
  body.textContent = text;
  if (href) body.href = href;
  item.append(body);
  if (challenge) {
    item.append(
      button(toasts.dataset.accept, "primary", () => send({ type: "answer", id: challenge, accept: true })),
      button(toasts.dataset.decline, "link-button", () => {
        send({ type: "answer", id: challenge, accept: false });
        item.remove();
      }),
    );
  }
  item.append(
    button("×", "toast-close", () => {
      if (notification) send({ type: "read", ids: [notification] });
      item.remove();
    }),
  );
  item.lastChild.setAttribute("aria-label", toasts.dataset.close);
  // Behind a modal dialog (the end of a match) the page is inert: the toasts join the dialog.
  const host = document.querySelector("dialog:modal") ?? document.body;
  if (toasts.parentElement !== host) host.append(toasts);
  toasts.append(item);
  return item;
}

// A "your turn" for the table on screen is no news: it is read at once.
function onThisPage(entry) {
  return entry.kind === "your_turn" && entry.url === location.pathname && document.visibilityState === "visible";
}

function receive(message) {
  switch (message.type) {
    case "notifications": {
      showCount(message.unread);
      const entry = message.new;
      if (!entry || entry.read) break;
      if (onThisPage(entry)) {
        send({ type: "read", ids: [entry.id] });
        break;
      }
      toasts.querySelector(`[data-notification="${entry.id}"]`)?.remove();
      const item = toast(entry.text, {
        href: `${bell.dataset.open}${entry.id}/`,
        challenge: entry.challenge?.id ?? null,
        notification: entry.id,
      });
      item.dataset.notification = String(entry.id);
      break;
    }
    case "challenge": // declined, expired or withdrawn: its toast goes, the news comes
      toasts.querySelector(`[data-challenge="${message.id}"]`)?.remove();
      toast(message.text);
      break;
    case "challenge.sent":
      toast(message.text);
      break;
    case "go":
      location.assign(message.url);
      break;
    case "error":
      toast(message.message);
      break;
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${scheme}//${location.host}/ws/me/`);
  let pinger = null;
  ws.onopen = () => {
    attempt = 0;
    document.documentElement.dataset.meSocket = "open"; // for tests: the socket is listening
    pinger = setInterval(() => send({ type: "ping" }), PING_MS);
  };
  ws.onmessage = (event) => receive(JSON.parse(event.data));
  ws.onclose = (event) => {
    clearInterval(pinger);
    delete document.documentElement.dataset.meSocket;
    if (event.code === 4403) return;
    const backoff = Math.min(15000, 500 * 2 ** attempt++);
    setTimeout(connect, backoff / 2 + Math.random() * (backoff / 2));
  };
}

// The end-of-match screen's "Rematch at a new table" (static/js/table/results.js) is a challenge.
document.addEventListener("click", (event) => {
  const target = event.target.closest?.("[data-rematch-challenge]");
  if (target) {
    target.disabled = true;
    send({ type: "rematch", room: target.dataset.rematchChallenge });
  }
});

if (bell && toasts) connect();
