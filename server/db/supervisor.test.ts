import { describe, expect, it } from 'vitest';
import { until } from '../test/until';
import { defaultRestartPolicy, type ExitStatus, type Plan, restartDelay, supervise } from './supervisor';

/** A fake run: exits when the test says so, or when stopped. */
function fakeRun(name: string) {
  let exit!: (status: ExitStatus) => void;
  const exited = new Promise<ExitStatus>((done) => {
    exit = done;
  });
  const run = {
    name,
    stopped: false,
    exited,
    exit,
    async stop() {
      run.stopped = true;
      exit({ code: 0, signal: null });
    },
  };
  return run;
}
type FakeRun = ReturnType<typeof fakeRun>;

const policy = { firstDelayMs: 5, maxDelayMs: 20, maxAttempts: 4, stableMs: 1_000 };
const killed: ExitStatus = { code: null, signal: 'SIGKILL' };

/** Supervises `first` with a fake clock, recording every event as a line. */
function watch(first: FakeRun, restart: () => Promise<FakeRun>, rule = policy) {
  const clock = { now: 0 };
  const events: string[] = [];
  const plan = (next: Plan) => (next ? `next ${next.attempt} in ${next.delayMs}` : 'no more');
  const supervisor = supervise(
    first,
    restart,
    {
      exited: (status, next) => events.push(`exited ${status.signal ?? status.code}, ${plan(next)}`),
      restarted: (run, attempt) => events.push(`restarted ${run.name} (attempt ${attempt})`),
      restartFailed: (err, attempt, next) => events.push(`failed ${attempt}: ${err.message}, ${plan(next)}`),
      gaveUp: (attempts) => events.push(`gave up after ${attempts}`),
    },
    rule,
    () => clock.now,
  );
  return { supervisor, events, clock };
}

describe('supervisor', () => {
  it('waits twice as long before each attempt, up to the cap', () => {
    expect([0, 1, 2, 3, 4, 40].map((n) => restartDelay(n, defaultRestartPolicy))).toEqual([
      500, 1_000, 2_000, 4_000, 4_000, 4_000,
    ]);
    expect(defaultRestartPolicy).toMatchObject({ maxAttempts: 5, stableMs: 30_000 });
  });

  it('restarts a run that exits on its own, with back-off, and gives up after the attempts in a row fail', async () => {
    const first = fakeRun('first');
    const { supervisor, events } = watch(first, async () => {
      throw new Error('cannot start');
    });
    expect(supervisor.state()).toEqual({ kind: 'running' });
    first.exit(killed);
    await until(() => events.length > 0, 'the exit to be seen');
    expect(supervisor.current()).toBeUndefined();
    await until(() => supervisor.state().kind === 'gave up', 'giving up');
    expect(events).toEqual([
      'exited SIGKILL, next 1 in 5',
      'failed 1: cannot start, next 2 in 10',
      'failed 2: cannot start, next 3 in 20',
      'failed 3: cannot start, next 4 in 20',
      'failed 4: cannot start, no more',
      'gave up after 4',
    ]);
  });

  it('counts a run that dies before it has lasted stableMs as a failed attempt; one that lasted starts the count again', async () => {
    const runs = [fakeRun('second'), fakeRun('third'), fakeRun('fourth')];
    const first = fakeRun('first');
    const { supervisor, events, clock } = watch(first, async () => runs.shift()!);
    first.exit(killed);
    await until(() => supervisor.current()?.name === 'second', 'the first restart');
    // dies at once: the next attempt is the second of this outage
    supervisor.current()!.exit({ code: 1, signal: null });
    await until(() => supervisor.current()?.name === 'third', 'the second restart');
    // runs long enough: its exit is a new outage, attempt 1 again
    clock.now += policy.stableMs;
    supervisor.current()!.exit(killed);
    await until(() => supervisor.current()?.name === 'fourth', 'the third restart');
    expect(events).toEqual([
      'exited SIGKILL, next 1 in 5',
      'restarted second (attempt 1)',
      'exited 1, next 2 in 10',
      'restarted third (attempt 2)',
      'exited SIGKILL, next 1 in 5',
      'restarted fourth (attempt 1)',
    ]);
    expect(supervisor.state()).toEqual({ kind: 'running' });
    await supervisor.stop();
  });

  it('gives up on a run that keeps dying right after each restart', async () => {
    const first = fakeRun('first');
    let n = 0;
    const { supervisor, events } = watch(first, async () => {
      const run = fakeRun(`run ${++n}`);
      setTimeout(() => run.exit({ code: 2, signal: null }), 1);
      return run;
    });
    first.exit(killed);
    await until(() => supervisor.state().kind === 'gave up', 'giving up');
    expect(events.at(-2)).toBe('exited 2, no more');
    expect(events.at(-1)).toBe('gave up after 4');
    expect(n).toBe(4);
  });

  it('takes an exit after expectExit or stop for what it is: nothing is restarted', async () => {
    const first = fakeRun('first');
    let restarts = 0;
    const { supervisor, events } = watch(first, async () => {
      restarts += 1;
      return fakeRun('again');
    });
    supervisor.expectExit();
    first.exit({ code: 0, signal: null });
    await supervisor.stop();
    expect(first.stopped).toBe(true); // stop() still asks the current run (a no-op once it has exited)
    await new Promise((r) => setTimeout(r, 30));
    expect(restarts).toBe(0);
    expect(events).toEqual([]);
    expect(supervisor.state()).toEqual({ kind: 'stopped' });
  });

  it('stop during the wait cancels the restart; stop during an attempt stops what it started', async () => {
    const first = fakeRun('first');
    let restarts = 0;
    const waiting = watch(
      first,
      async () => {
        restarts += 1;
        return fakeRun('again');
      },
      { ...policy, firstDelayMs: 60_000, maxDelayMs: 60_000 },
    );
    first.exit(killed);
    await until(() => waiting.supervisor.state().kind === 'restarting', 'the exit to be seen');
    expect(waiting.supervisor.state()).toMatchObject({ kind: 'restarting', attempt: 1 });
    await waiting.supervisor.stop();
    await new Promise((r) => setTimeout(r, 30));
    expect(restarts).toBe(0);

    const other = fakeRun('other');
    const started = fakeRun('started');
    let finishStart!: () => void;
    const starting = watch(other, () => new Promise<FakeRun>((done) => (finishStart = () => done(started))));
    other.exit(killed);
    await until(() => finishStart !== undefined, 'the attempt to begin');
    const stopped = starting.supervisor.stop();
    finishStart();
    await stopped;
    expect(started.stopped).toBe(true);
    expect(starting.supervisor.current()).toBeUndefined();
    expect(starting.events).toEqual(['exited SIGKILL, next 1 in 5']);
  });
});
