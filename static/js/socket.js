// A WebSocket that reconnects by itself (exponential backoff with jitter), keeps the last
// version it saw, and asks for a resync when a version is missing. Protocol: docs/protocol.md.

const PING_MS = 15000; // a socket that sent nothing for this long pings (a move says as much)
const MAX_BACKOFF_MS = 15000;
const RESTARTING = 4012; // the server is restarting (config/serve.py): another one is up, come back now

export class GameSocket {
  constructor(path, { onState, onRoom, onError, onStatus, onClosed, onOther } = {}) {
    this.path = path;
    this.handlers = { onState, onRoom, onError, onStatus, onClosed, onOther };
    this.version = null; // the newest version seen (of any seat this socket plays)
    this.match = null;
    this.seen = new Map(); // seat -> last version delivered (pass-and-play gets one frame per seat)
    this.attempt = 0;
    this.closedForGood = false;
    this.pending = new Map(); // client id -> message, resent after a reconnect
    this.connect();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}${this.path}`;
  }

  connect() {
    this.status("connecting");
    this.synced = false;
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      for (const message of this.pending.values()) ws.send(JSON.stringify(message));
      this.pingLater();
    };
    ws.onmessage = (event) => this.receive(JSON.parse(event.data));
    ws.onclose = (event) => {
      clearTimeout(this.pingTimer);
      if (this.closedForGood || event.code === 4000 || event.code === 4403) {
        this.status("closed");
        return;
      }
      this.status("reconnecting");
      if (event.code === RESTARTING) {
        setTimeout(() => this.connect(), Math.random() * 250); // spread, not all on one tick
        return;
      }
      const backoff = Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempt);
      this.attempt += 1;
      setTimeout(() => this.connect(), backoff / 2 + Math.random() * (backoff / 2));
    };
  }

  status(value) {
    this.handlers.onStatus?.(value);
  }

  receive(message) {
    // "open" once the server's first frame has come, not at the handshake: by then the server
    // has counted this socket at its seats and joined it to its groups.
    if (!this.synced) {
      this.synced = true;
      this.status("open");
    }
    switch (message.type) {
      case "state": {
        if (!this.known(message)) return; // an old or repeated update
        this.handlers.onState?.(message);
        break;
      }
      case "room":
        this.handlers.onRoom?.(message);
        break;
      case "ack":
        this.pending.delete(message.id);
        break;
      case "error":
        if (message.id) this.pending.delete(message.id);
        if (message.state) this.known(message.state);
        this.handlers.onError?.(message);
        break;
      case "closed":
        this.closedForGood = true;
        this.handlers.onClosed?.(message);
        break;
      case "pong":
        break;
      default:
        this.handlers.onOther?.(message);
    }
  }

  // Records a state frame (one from the page itself, too); false when it is old or repeated.
  // A missing version (N+2 after N) asks for a resync.
  known(frame) {
    const seat = frame.view?.seat ?? null;
    const same = this.match === frame.match;
    if (same && frame.version <= (this.seen.get(seat) ?? -1)) return false;
    const gap = same && this.version !== null && frame.version > this.version + 1;
    if (!same) this.seen.clear();
    this.seen.set(seat, frame.version);
    this.match = frame.match;
    this.version = same ? Math.max(this.version ?? 0, frame.version) : frame.version;
    if (gap) this.send({ type: "resync" });
    return true;
  }

  send(message) {
    if (this.ws?.readyState !== WebSocket.OPEN) return;
    this.ws.send(JSON.stringify(message));
    this.pingLater();
  }

  // Keeps the connection known to be alive (to the server, and to any proxy between) with a
  // ping after PING_MS of sending nothing: a player making moves sends no pings.
  pingLater() {
    clearTimeout(this.pingTimer);
    this.pingTimer = setTimeout(() => this.send({ type: "ping" }), PING_MS);
  }

  // Sends a game action made against the current version; retried after a reconnect until
  // acknowledged (the server answers a repeated id and never applies it twice).
  // `extra` adds fields to the frame (pass-and-play: the acting seat).
  act(action, extra = {}) {
    const id = crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
    const message = { type: "act", version: this.version, id, action, ...extra };
    this.pending.set(id, message);
    this.send(message);
    return id;
  }
}
