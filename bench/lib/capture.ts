import type { Proc } from './processes';

/** A statement the app ran; `name` when it ran as a named prepared statement (the floor does the same). */
export type CapturedQuery = { query: string; params: unknown[]; name?: string };
export type CapturedResponse = { body: string; queries: CapturedQuery[] };
/** path → session cookie → what the app answered that user and the SELECTs it ran for it. */
export type Capture = Record<string, Record<string, CapturedResponse>>;

/** Waits until the app's output has been quiet for a moment: the request's log lines are all in. */
async function settled(app: Proc) {
  let seen = -1;
  for (let i = 0; i < 100 && seen !== app.lines.length; i++) {
    seen = app.lines.length;
    await new Promise((r) => setTimeout(r, 15));
  }
}

function selectsIn(lines: string[]): CapturedQuery[] {
  const queries: CapturedQuery[] = [];
  for (const line of lines) {
    let entry: (CapturedQuery & { msg?: string }) | undefined;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    // Only reads: a one-off write (the session's once-a-minute touch) is not part of the read's cost.
    if (entry?.msg === 'sql' && /^\s*(select|with)\b/i.test(entry.query))
      queries.push({ query: entry.query, params: entry.params, name: entry.name });
  }
  return queries;
}

/**
 * The statements of `first` whose text also ran in `second` (as often as it ran there), in
 * `first`'s order: what a request runs every time. The app's jobs (the minute sweep, the ledger's
 * refresh) log their statements in the same stream, and one that fell into a request's window is
 * not part of that read's cost: the floor would replay it on every request of that user.
 */
export function ranBoth(first: CapturedQuery[], second: CapturedQuery[]): CapturedQuery[] {
  const left = new Map<string, number>();
  for (const q of second) left.set(q.query, (left.get(q.query) ?? 0) + 1);
  return first.filter((q) => {
    const n = left.get(q.query) ?? 0;
    if (n > 0) left.set(q.query, n - 1);
    return n > 0;
  });
}

/**
 * Asks the app (started with LOG_SQL=true) for each path as each signed-in user and records the
 * response and the SELECTs it ran for it, so the SQL floor replays exactly the statements, with the same
 * parameters, that the app runs for the user behind each connection (100 users' rows, not one's).
 * Each request is made twice and only the statements of both are kept (`ranBoth`).
 */
export async function captureReads(app: Proc, paths: string[], cookies: string[]): Promise<Capture> {
  const captured: Capture = {};
  const ask = async (path: string, cookie: string) => {
    await settled(app);
    const from = app.lines.length;
    const res = await fetch(app.url + path, { headers: { cookie } });
    const body = await res.text();
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 200)}`);
    await settled(app);
    return { body, queries: selectsIn(app.lines.slice(from)) };
  };
  for (const path of paths) {
    captured[path] = {};
    for (const cookie of cookies) {
      const first = await ask(path, cookie);
      const again = await ask(path, cookie);
      captured[path][cookie] = { body: first.body, queries: ranBoth(first.queries, again.queries) };
    }
  }
  return captured;
}
