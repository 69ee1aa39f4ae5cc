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
 * Asks the app (started with LOG_SQL=true) for each path as each signed-in user and records the
 * response and the SELECTs it ran, so the SQL floor replays exactly the statements, with the same
 * parameters, that the app runs for the user behind each connection (100 users' rows, not one's).
 */
export async function captureReads(app: Proc, paths: string[], cookies: string[]): Promise<Capture> {
  const captured: Capture = {};
  for (const path of paths) {
    captured[path] = {};
    for (const cookie of cookies) {
      await settled(app);
      const from = app.lines.length;
      const res = await fetch(app.url + path, { headers: { cookie } });
      const body = await res.text();
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 200)}`);
      await settled(app);
      captured[path][cookie] = { body, queries: selectsIn(app.lines.slice(from)) };
    }
  }
  return captured;
}
