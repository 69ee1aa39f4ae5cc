import WebSocket from 'ws';
import type { TestContext } from './harness';
import { until } from './until';

type Frame = { type: string; data: Record<string, unknown> };

/**
 * A signed-in client's live socket (`createTestApp({ listen: true })`), recording every frame it
 * receives: `count(type)` says how many of a type arrived, `heard(type, n)` waits for them.
 */
export async function openLiveSocket(base: string, cookie: string | undefined) {
  const frames: Frame[] = [];
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/ws`, { headers: { cookie: cookie ?? '' } });
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
  await until(() => frames.some((f) => f.type === 'ready'), 'the ready event');
  const count = (type: string) => frames.filter((f) => f.type === type).length;
  return {
    frames,
    count,
    /** Waits until `n` frames of the type have arrived. */
    heard: (type: string, n = 1) => until(() => count(type) >= n, `${n} ${type}`),
    close: () => ws.close(),
  };
}

/** Every event is pushed to all its sockets at once; a short pause lets any stray one arrive. */
export const quiet = () => new Promise((r) => setTimeout(r, 150));

/** A person of the role, signed in (joined on `joined.createdAt`), with their live socket open. */
export async function listeningAs(
  t: TestContext,
  role: 'employee' | 'manager' | 'admin',
  joined: { createdAt: Date },
) {
  const { user, api } = await t.userClient(role, joined);
  return { user, api, socket: await openLiveSocket(t.base, api.cookie) };
}
