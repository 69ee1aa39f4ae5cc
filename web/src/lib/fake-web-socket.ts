import { vi } from 'vitest';

/** Just enough of the browser's WebSocket to drive the shared socket (lib/socket.ts) by hand in tests. */
export class FakeWebSocket {
  static readonly OPEN = 1;
  static last: FakeWebSocket | undefined;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.last = this;
  }
  receive(event: object) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  send() {}
  close() {}
}

/** Puts the fake socket and the little of `window` and `document` the socket reads in place. */
export function stubBrowserForSocket() {
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.stubGlobal('window', { location: { protocol: 'http:', host: 'app.test' }, addEventListener() {} });
  vi.stubGlobal('document', { addEventListener() {}, visibilityState: 'visible' });
}
