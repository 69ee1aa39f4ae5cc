import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { rowsOf } from '../db/rows';
import type { Db } from '../db/types';
import { outbox } from '../db/schema';
import type { Clock } from './clock';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** the same content as HTML; plain text only when absent */
  html?: string;
  /** e.g. 'verification', 'invitation', 'notification:task_assigned' */
  kind: string;
  /** structured extras the outbox page can show, e.g. `{code}` */
  data?: Record<string, string>;
};

export interface Mailer {
  /**
   * Queues the mail in the outbox; with `tx` it commits (or not) with the change that caused it.
   * Nothing is sent here: the dispatcher sends what is queued, so a slow or failing SMTP server
   * never slows or fails a request, and a restart loses nothing (docs/decisions/013-notifications-and-profile.md).
   */
  send(mail: Mail, tx?: Db): Promise<void>;
  /** Tells the dispatcher that mail was committed: send it now rather than at the next poll. */
  kick(): void;
  /** 'smtp' sends the queue; 'outbox' keeps it in the database (development, tests, no SMTP_URL). */
  readonly transport: 'smtp' | 'outbox';
  start(): void;
  /** Stops polling and waits for a round in progress. */
  stop(): Promise<void>;
}

/** E-mails queued and neither sent nor given up (served by the dispatcher's partial index). */
export async function queuedMailCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), isNull(outbox.failedAt)));
  return row.count;
}

export type DispatchOptions = {
  smtpUrl?: string;
  from: string;
  clock: Clock;
  /** how often the queue is looked at without a kick */
  pollMs?: number;
  /** the first retry's delay; it doubles per failure up to `maxDelayMs` */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** how long a claimed mail belongs to the dispatcher that claimed it (a crash mid-send frees it then) */
  leaseMs?: number;
  /** a mail not sent within this is given up: a sign-in code or "task assigned" days late only confuses */
  maxAgeMs?: number;
  batch?: number;
  onError?: (err: unknown, mail?: { id: string; to: string }) => void;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The delay before try n+1 after n failed tries: base·2^(n−1), at most max. */
export const retryDelay = (attempts: number, baseMs: number, maxMs: number) =>
  Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));

/** A refusal that will not change by retrying: the server rejected the address or the mail for good. */
function isPermanent(err: unknown) {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The durable outbox and, with `smtpUrl`, the dispatcher that sends it over SMTP through nodemailer. */
export function createMailer(db: Db, options: DispatchOptions): Mailer {
  const pollMs = options.pollMs ?? 5_000;
  const baseDelayMs = options.baseDelayMs ?? 30_000;
  const maxDelayMs = options.maxDelayMs ?? 60 * 60 * 1000;
  const leaseMs = options.leaseMs ?? 2 * 60 * 1000;
  const maxAgeMs = options.maxAgeMs ?? 3 * DAY_MS;
  const batch = options.batch ?? 20;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let started = false;

  /**
   * Claims due mails (skipping ones another instance holds), each for a lease, counting the try.
   * A mail is marked sent right after the SMTP server accepts it; its Message-ID is derived from its
   * id, so even a crash between the two (the one window for a repeat) gives the same message twice,
   * which mail systems drop as a duplicate.
   */
  async function round(): Promise<number> {
    if (!transport) return 0;
    const now = options.clock.now();
    await db
      .update(outbox)
      .set({ failedAt: now, lastError: 'Not sent in time; given up' })
      .where(
        and(
          isNull(outbox.sentAt),
          isNull(outbox.failedAt),
          lte(outbox.createdAt, new Date(now.getTime() - maxAgeMs)),
        ),
      );
    const rows = await rowsOf<{
      id: string;
      to_email: string;
      subject: string;
      text: string;
      html: string | null;
      attempts: number;
    }>(
      db,
      sql`
      update outbox set attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
      where id in (
        select id from outbox
        where sent_at is null and failed_at is null and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, id
        limit ${batch}
        for update skip locked
      )
      returning id, to_email, subject, text, html, attempts`,
    );
    for (const mail of rows) {
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to_email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          messageId: `<${mail.id}@workbench>`,
        });
        await db
          .update(outbox)
          .set({ sentAt: options.clock.now(), lastError: null })
          .where(eq(outbox.id, mail.id));
      } catch (err) {
        options.onError?.(err, { id: mail.id, to: mail.to_email });
        const at = options.clock.now();
        await db
          .update(outbox)
          .set(
            isPermanent(err)
              ? { failedAt: at, lastError: String((err as Error).message ?? err).slice(0, 500) }
              : {
                  nextAttemptAt: new Date(at.getTime() + retryDelay(mail.attempts, baseDelayMs, maxDelayMs)),
                  lastError: String((err as Error).message ?? err).slice(0, 500),
                },
          )
          .where(eq(outbox.id, mail.id));
      }
    }
    return rows.length;
  }

  /** One round at a time; a kick during a round runs another right after it. */
  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          // A full batch means more may be due: keep going until the queue is drained.
          while ((await round()) === batch) {}
        } while (again);
      } catch (err) {
        options.onError?.(err);
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  function schedule(delay: number) {
    clearTimeout(timer);
    if (!started) return;
    timer = setTimeout(() => {
      void run().finally(() => schedule(pollMs));
    }, delay);
    timer.unref();
  }

  const kick = () => {
    if (started) schedule(0);
  };

  return {
    transport: transport ? 'smtp' : 'outbox',
    async send(mail, tx) {
      await (tx ?? db).insert(outbox).values({
        toEmail: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        kind: mail.kind,
        data: mail.data ?? null,
        createdAt: options.clock.now(),
        nextAttemptAt: options.clock.now(),
      });
      // Outside a transaction the row is committed already.
      if (!tx) kick();
    },
    kick,
    start() {
      if (!transport || started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await running;
    },
  };
}
