// A WebSocket that reconnects by itself (exponential backoff with jitter), keeps the last
// version it saw, and asks for a resync when a version is missing. Protocol: docs/protocol.md.

const PING_MS = 15000;
const MAX_BACKOFF_MS = 15000;

export class GameSocket {
  constructor(path, { onState, onRoom, onError, onStatus, onClosed, onOther } = {}) {
    this.path = path;
    this.handlers = { onState, onRoom, onError, onStatus, onClosed, onOther };
    this.version = null;
    this.match = null;
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
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.status("open");
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), PING_MS);
      for (const message of this.pending.values()) ws.send(JSON.stringify(message));
    };
    ws.onmessage = (event) => this.receive(JSON.parse(event.data));
    ws.onclose = (event) => {
      clearInterval(this.pingTimer);
      if (this.closedForGood || event.code === 4000 || event.code === 4403) {
        this.status("closed");
        return;
      }
      this.status("reconnecting");
      const backoff = Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempt);
      this.attempt += 1;
      setTimeout(() => this.connect(), backoff / 2 + Math.random() * (backoff / 2));
    };
  }

  status(value) {
    this.handlers.onStatus?.(value);
  }

  receive(message) {
    switch (message.type) {
      case "state": {
        const gap = this.match === message.match && this.version !== null && message.version > this.version + 1;
        if (this.match === message.match && this.version !== null && message.version <= this.version && !gap) {
          return; // an old or repeated update
        }
        this.match = message.match;
        this.version = message.version;
        this.handlers.onState?.(message);
        if (gap) this.send({ type: "resync" });
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
        if (message.state) {
          this.match = message.state.match;
          this.version = message.state.version;
        }
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

  send(message) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  // Sends a game action made against the current version; retried after a reconnect until
  // acknowledged (the server answers a repeated id and never applies it twice).
  act(action) {
    const id = crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
    const message = { type: "act", version: this.version, id, action };
    this.pending.set(id, message);
    this.send(message);
    return id;
  }
}
