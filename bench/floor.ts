// The benchmark's floors: bare node:http answering each endpoint's JSON from memory (FLOOR=memory),
// or running the same SQL the app ran for it, then answering the same response bytes (FLOOR=sql), on
// a pg pool of the app's size, or PGlite. No framework, validation, session logic or mapping: what
// this machine and this database can do at all for that response. A statement the app prepared
// under a name is prepared under the same name here too, so both pay the same planning cost.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Capture } from './lib/capture';

const captured: Capture = JSON.parse(readFileSync(process.env.FLOOR_FILE!, 'utf8'));
const mode = process.env.FLOOR ?? 'memory';

let runQuery: (query: string, params: unknown[], name?: string) => Promise<unknown[]> = async () => [];
if (mode === 'sql') {
  if (process.env.DATABASE_URL) {
    // Without JIT, as the app runs its reports (`set local jit = off` is not a SELECT, so it is not
    // in the capture); the other reads are far below the cost where JIT would start.
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off' });
    runQuery = async (text, values, name) => (await pool.query({ text, values, name })).rows;
  } else {
    const db = await PGlite.create(process.env.DATA_DIR!);
    runQuery = async (q, p) => (await db.query(q, p as unknown[])).rows;
  }
}

createServer(async (req, res) => {
  // The connection's session cookie picks the user whose statements and response to replay.
  const byUser = captured[req.url ?? ''];
  const entry = byUser?.[req.headers.cookie ?? ''] ?? (byUser && Object.values(byUser)[0]);
  if (req.url === '/api/health') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  if (!entry) {
    res.writeHead(404).end();
    return;
  }
  if (mode === 'sql') for (const q of entry.queries) await runQuery(q.query, q.params, q.name);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(entry.body);
}).listen(Number(process.env.PORT), '127.0.0.1');

// Exits cleanly on SIGTERM, so a --cpu-prof of the floor gets written.
process.on('SIGTERM', () => process.exit(0));
