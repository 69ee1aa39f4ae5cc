import { Agent, request } from 'node:http';
import type { LoadResult, Step } from './load';

/**
 * Latency at a user's pace: `users` signed-in users each send requests at random moments (Poisson
 * arrivals, `rate` a second on average), whether or not their last answer has arrived, over up to
 * `users` keep-alive connections. Each latency runs from the moment the request was due to the end
 * of its response, so a stalled server cannot hide its queue (no coordinated omission).
 * autocannon's own pacing fires every connection's requests at the same instant of each second,
 * which measures a synchronised burst rather than users.
 *
 * With `steps` (writes that come in pairs, such as timer start → stop), each arrival sends the user's
 * next step, after that user's previous one has answered: a stop cannot overtake its start. The wait
 * for the previous answer counts in the latency, as the due moment does not move.
 */
export async function paced(options: {
  url: string;
  cookies: string[];
  users: number;
  rate: number;
  seconds: number;
  steps?: Step[];
}): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.users });
  const target = new URL(options.url);
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + options.seconds * 1000;
  const gap = () => (-Math.log(1 - Math.random()) * 1000) / options.rate;

  const steps = options.steps ?? [{ path: target.pathname + target.search }];
  const send = (cookie: string, due: number, step: Step) =>
    new Promise<void>((resolve) => {
      const body = step.body === undefined ? undefined : JSON.stringify(step.body);
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: step.method ?? 'GET',
          path: step.path,
          headers: body ? { cookie, 'content-type': 'application/json' } : { cookie },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) latencies.push(performance.now() - due);
            else failures++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        failures++;
        resolve();
      });
      req.end(body);
    });

  await Promise.all(
    Array.from({ length: options.users }, async (_, i) => {
      const cookie = options.cookies[i % options.cookies.length];
      const inFlight: Promise<void>[] = [];
      let previous = Promise.resolve();
      let next = 0;
      for (let due = performance.now() + gap(); due < end; due += gap()) {
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
        const step = steps[next++ % steps.length];
        if (options.steps) {
          previous = previous.then(() => send(cookie, due, step));
          inFlight.push(previous);
        } else inFlight.push(send(cookie, due, step));
      }
      // a pair is completed (the timer stopped, the clock out), so the next figure starts clean
      if (options.steps && next % steps.length !== 0)
        inFlight.push(previous.then(() => send(cookie, performance.now(), steps[next % steps.length])));
      await Promise.all(inFlight);
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    rps: Math.round(latencies.length / options.seconds),
    p50: at(0.5),
    p99: at(0.99),
    requests: latencies.length,
    failures,
  };
}
