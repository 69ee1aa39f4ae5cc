// Moving a PGlite data directory (the default before decision 023) into the embedded PostgreSQL
// server: every table of the app's schema is copied, then the old files are set aside, not deleted.
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Log } from './embedded';

/** The embedded server's cluster, inside DATA_DIR. */
export const EMBEDDED_DIR = 'postgres';

/** The entries of a PostgreSQL data directory, which is what PGlite kept directly in DATA_DIR. */
const PGDATA_ENTRY = /^(PG_VERSION|base|global|pg_\w+|postgresql(\.auto)?\.conf|postmaster\.(opts|pid))$/;

/** A PGlite database lives directly in `dataDir` (the embedded server's lives in `dataDir/postgres`). */
export const hasPgliteData = (dataDir: string) => existsSync(join(dataDir, 'PG_VERSION'));

/**
 * Moves PGlite's files into `dataDir/pglite-<date>`, where they stay until the operator deletes them.
 * Renames within one directory: DATA_DIR may be a mount point, which cannot itself be renamed.
 */
export function setAsidePglite(dataDir: string, log: Log): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const kept = join(dataDir, `pglite-${stamp}`);
  mkdirSync(kept);
  for (const entry of readdirSync(dataDir)) {
    if (PGDATA_ENTRY.test(entry)) renameSync(join(dataDir, entry), join(kept, entry));
  }
  log(`The old PGlite files are kept in ${kept}; delete that directory once you no longer need it.`);
  return kept;
}

/** The app's tables, each after the tables it references (the order the migrations created them in). */
async function tablesInOrder(source: PGlite): Promise<string[]> {
  const { rows: tables } = await source.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.oid`,
  );
  const { rows: refs } = await source.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return; // a cycle is covered by the replica role below
    path.add(table);
    for (const r of refs) if (r.child === table) visit(r.parent, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const t of tables) visit(t.name, new Set());
  return ordered;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Copies every row of every table of `source` (already migrated to the current schema) into `target`
 * (migrated too, and emptied here first: migrations may insert rows of their own), in one transaction,
 * then sets the sequences. Rows travel as JSON (`row_to_json` → `json_populate_recordset`), which keeps
 * every type's value exact. Returns the number of rows per table, after checking both sides agree.
 */
export async function copyTables(source: PGlite, target: pg.ClientBase, log: Log) {
  const tables = await tablesInOrder(source);
  const counts: Record<string, number> = {};
  await target.query('begin');
  try {
    // Triggers and foreign-key checks off for this transaction (as a restore does); the order above
    // is still the references' order.
    await target.query('set local session_replication_role = replica');
    if (tables.length) await target.query(`truncate ${tables.map(quote).join(', ')}`);
    await source.query('begin');
    try {
      for (const table of tables) {
        const { rows: columns } = await target.query<{ name: string }>(
          `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0
           and not attisdropped and attgenerated = '' order by attnum`,
          [`public.${quote(table)}`],
        );
        const list = columns.map((c) => quote(c.name)).join(', ');
        await source.query(
          `declare workbench_move no scroll cursor for select row_to_json(t)::text as r from public.${quote(table)} t`,
        );
        let copied = 0;
        for (;;) {
          const { rows } = await source.query<{ r: string }>('fetch 2000 from workbench_move');
          if (rows.length === 0) break;
          await target.query(
            `insert into public.${quote(table)} (${list}) overriding system value
             select ${list} from json_populate_recordset(null::public.${quote(table)}, $1::json)`,
            [`[${rows.map((x) => x.r).join(',')}]`],
          );
          copied += rows.length;
        }
        await source.query('close workbench_move');
        const { rows: count } = await target.query<{ n: number }>(
          `select count(*)::int as n from public.${quote(table)}`,
        );
        if (count[0].n !== copied)
          throw new Error(`${table}: ${copied} rows read, ${count[0].n} in PostgreSQL`);
        counts[table] = copied;
      }
      const { rows: sequences } = await source.query<{ name: string }>(
        `select sequencename as name from pg_sequences where schemaname = 'public'`,
      );
      for (const { name } of sequences) {
        const { rows } = await source.query<{ last_value: string; is_called: boolean }>(
          `select last_value, is_called from public.${quote(name)}`,
        );
        await target.query('select setval($1, $2, $3)', [
          `public.${quote(name)}`,
          rows[0].last_value,
          rows[0].is_called,
        ]);
      }
    } finally {
      await source.query('rollback');
    }
    await target.query('commit');
  } catch (err) {
    await target.query('rollback').catch(() => {});
    throw err;
  }
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  log(`Copied ${total} rows in ${tables.length} tables from PGlite into PostgreSQL.`);
  return counts;
}
