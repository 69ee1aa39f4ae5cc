import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket, stubBrowserForSocket } from './fake-web-socket';

beforeAll(stubBrowserForSocket);
afterAll(() => vi.unstubAllGlobals());

describe('the shared live socket', () => {
  it("treats the server's resync event like its own reconnect: catch-up listeners run, event listeners do not see it", async () => {
    const { onLiveReconnect, subscribeLive } = await import('./socket');
    const events: string[] = [];
    let catchUps = 0;
    const offEvents = subscribeLive((event) => events.push(event.type));
    const offReconnect = onLiveReconnect(() => catchUps++);
    const socket = FakeWebSocket.last as FakeWebSocket;
    expect(socket.url).toBe('ws://app.test/api/ws');
    socket.readyState = FakeWebSocket.OPEN;
    socket.onopen?.();
    socket.receive({ type: 'ready', data: { userId: 'u1' } });
    expect(catchUps).toBe(0);
    socket.receive({ type: 'resync', data: {} });
    expect(catchUps).toBe(1);
    socket.receive({ type: 'message.created', data: {} });
    expect(events).toEqual(['ready', 'message.created']);
    offReconnect();
    offEvents();
  });
});
