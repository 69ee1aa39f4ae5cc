/**
 * The one WebSocket of the browser (`/api/ws`), shared by every feature that wants live events.
 * It opens while someone listens, reconnects with exponential back-off and jitter, treats a silent
 * connection (no heartbeat for a while) as dead, and tells `onLiveReconnect` listeners when it is
 * back, or when the server says it missed events (`resync`), so they can fetch what they missed.
 */
export type LiveEvent = { type: string; data: unknown };
type Listener = (event: LiveEvent) => void;

const MIN_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;
// The server sends a heartbeat every 25 s; two missed ones mean the connection is gone.
const SILENCE_MS = 60_000;

const listeners = new Set<Listener>();
const reconnectListeners = new Set<() => void>();
let socket: WebSocket | null = null;
let attempts = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let silenceTimer: ReturnType<typeof setTimeout> | undefined;
let hasOpenedBefore = false;

function url() {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/api/ws`;
}

function watchSilence() {
  clearTimeout(silenceTimer);
  silenceTimer = setTimeout(() => socket?.close(), SILENCE_MS);
}

function connect() {
  clearTimeout(retryTimer);
  if (socket || listeners.size === 0) return;
  const ws = new WebSocket(url());
  socket = ws;
  ws.onopen = () => {
    attempts = 0;
    watchSilence();
    if (hasOpenedBefore) for (const l of reconnectListeners) l();
    hasOpenedBefore = true;
  };
  ws.onmessage = (message) => {
    watchSilence();
    let event: LiveEvent;
    try {
      event = JSON.parse(String(message.data));
    } catch {
      return;
    }
    // The server missed events (its database connection dropped and came back): catch up as after
    // a reconnect of this socket.
    if (event.type === 'resync') {
      for (const l of reconnectListeners) l();
      return;
    }
    for (const l of listeners) l(event);
  };
  ws.onclose = () => {
    clearTimeout(silenceTimer);
    if (socket === ws) socket = null;
    scheduleReconnect();
  };
}

function scheduleReconnect() {
  if (listeners.size === 0) return;
  const delay = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** attempts) * (0.5 + Math.random() / 2);
  attempts += 1;
  retryTimer = setTimeout(connect, delay);
}

function disconnect() {
  clearTimeout(retryTimer);
  clearTimeout(silenceTimer);
  const ws = socket;
  socket = null;
  hasOpenedBefore = false;
  attempts = 0;
  ws?.close(1000);
}

// Coming back online or to the tab is a good moment to retry at once instead of waiting out the back-off.
if (typeof window !== 'undefined') {
  const retryNow = () => {
    if (!socket && listeners.size > 0) {
      attempts = 0;
      connect();
    }
  };
  window.addEventListener('online', retryNow);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && retryNow());
}

/** Receives every event while subscribed; the socket closes when the last listener leaves. */
export function subscribeLive(listener: Listener): () => void {
  listeners.add(listener);
  connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) disconnect();
  };
}

/** Called after the socket comes back from a drop: the moment to refetch what was missed. */
export function onLiveReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/** Sends an event if the socket is open; live hints (typing) are not worth queueing. */
export function sendLive(event: LiveEvent) {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(event));
}
