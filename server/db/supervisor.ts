// Keeps a child process running: restarts it with back-off when it exits on its own, and gives up
// after a run of failed attempts (docs/decisions/028-supervised-embedded-server.md). Generic, so
// the rule is tested with fake processes; embedded.ts supervises the app's own PostgreSQL with it.

export type ExitStatus = { code: number | null; signal: NodeJS.Signals | null };

/** Something started that will exit one day: a run of the supervised program. */
export type Running = { exited: Promise<ExitStatus>; stop(): Promise<void> };

export type RestartPolicy = {
  /** the first restart waits this long, each further attempt twice as long, up to `maxDelayMs` */
  firstDelayMs: number;
  maxDelayMs: number;
  /** this many attempts in a row without a run that lasts `stableMs`: give up */
  maxAttempts: number;
  stableMs: number;
};

/** 0.5 s, 1 s, 2 s, 4 s, 4 s: about 12 s of trying before the whole app exits (decision 028). */
export const defaultRestartPolicy: RestartPolicy = {
  firstDelayMs: 500,
  maxDelayMs: 4_000,
  maxAttempts: 5,
  stableMs: 30_000,
};

/** The next attempt, or null when the supervisor gives up instead. */
export type Plan = { attempt: number; delayMs: number } | null;

export type SupervisorEvents<R> = {
  /** it exited without being asked to (called at once, before any wait) */
  exited(status: ExitStatus, next: Plan): void;
  restarted(run: R, attempt: number, downMs: number): void;
  restartFailed(error: Error, attempt: number, next: Plan): void;
  /** no more attempts: `attempts` failed in a row (the app should exit) */
  gaveUp(attempts: number): void;
};

export type SupervisorState =
  | { kind: 'running' }
  | { kind: 'restarting'; since: number; attempt: number }
  | { kind: 'gave up' }
  | { kind: 'stopped' };

export type Supervisor<R> = {
  current(): R | undefined;
  state(): SupervisorState;
  /** From now on an exit is the app's own doing, not a crash: nothing is restarted. */
  expectExit(): void;
  /** Stops the current run (and an attempt under way); nothing is restarted after. */
  stop(): Promise<void>;
};

export const restartDelay = (failed: number, policy: RestartPolicy) =>
  Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.min(failed, 30));

export function supervise<R extends Running>(
  first: R,
  restart: () => Promise<R>,
  events: SupervisorEvents<R>,
  policy: RestartPolicy = defaultRestartPolicy,
  now: () => number = Date.now,
): Supervisor<R> {
  let current: R | undefined = first;
  let upSince = now();
  let downSince = 0;
  /** attempts since the last run that lasted `stableMs` */
  let attempts = 0;
  let state: SupervisorState = { kind: 'running' };
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let attemptUnderWay: Promise<void> | undefined;

  const plan = (): Plan =>
    attempts >= policy.maxAttempts
      ? null
      : { attempt: attempts + 1, delayMs: restartDelay(attempts, policy) };

  function follow(run: R) {
    void run.exited.then((status) => {
      if (stopping || run !== current) return;
      current = undefined;
      downSince = now();
      if (downSince - upSince >= policy.stableMs) attempts = 0;
      const next = plan();
      events.exited(status, next);
      carryOn(next);
    });
  }

  function carryOn(next: Plan) {
    if (!next) {
      state = { kind: 'gave up' };
      events.gaveUp(attempts);
      return;
    }
    state = { kind: 'restarting', since: downSince, attempt: next.attempt };
    timer = setTimeout(() => {
      attemptUnderWay = attempt();
    }, next.delayMs);
  }

  async function attempt() {
    if (stopping) return;
    attempts += 1;
    let run: R;
    try {
      run = await restart();
    } catch (err) {
      if (stopping) return;
      const next = plan();
      events.restartFailed(err as Error, attempts, next);
      carryOn(next);
      return;
    }
    if (stopping) {
      await run.stop();
      return;
    }
    current = run;
    upSince = now();
    state = { kind: 'running' };
    follow(run);
    events.restarted(run, attempts, upSince - downSince);
  }

  follow(first);
  return {
    current: () => current,
    state: () => state,
    expectExit() {
      stopping = true;
      clearTimeout(timer);
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await attemptUnderWay;
      state = { kind: 'stopped' };
      await current?.stop();
    },
  };
}
