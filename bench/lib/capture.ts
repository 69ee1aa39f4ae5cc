import type { Proc } from './processes';

/** A statement the app ran; `name` when it ran as a named prepared statement (the floor does the same). */
export type CapturedQuery = { query: string; params: unknown[]; name?: string };
export type Capture = Record<string, { body: string; queries: CapturedQuery[] }>;

/**
 * Asks the app (started with LOG_SQL=true) for each path once and records the response and the
 * SELECTs it ran, so the SQL floor can replay exactly the same statements.
 */
export async function captureReads(app: Proc, paths: string[], cookie: string): Promise<Capture> {
  const captured: Capture = {};
  for (const path of paths) {
    // Twice: the first request may carry one-off writes (the session's once-a-minute touch).
    await fetch(app.url + path, { headers: { cookie } });
    await new Promise((r) => setTimeout(r, 100));
    const from = app.lines.length;
    const res = await fetch(app.url + path, { headers: { cookie } });
    const body = await res.text();
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 200)}`);
    await new Promise((r) => setTimeout(r, 150));
    const queries = app.lines
      .slice(from)
      .map((line) => {
        try {
          return JSON.parse(line) as CapturedQuery & { msg?: string };
        } catch {
          return undefined;
        }
      })
      .filter((q) => q?.msg === 'sql' && /^\s*(select|with)\b/i.test(q.query))
      .map((q) => ({ query: q!.query, params: q!.params, name: q!.name }));
    captured[path] = { body, queries };
  }
  return captured;
}
