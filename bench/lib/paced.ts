import { Agent, request } from 'node:http';
import type { LoadResult } from './load';

/**
 * Latency at a user's pace: `users` signed-in users each send requests at random moments (Poisson
 * arrivals, `rate` a second on average), whether or not their last answer has arrived, over up to
 * `users` keep-alive connections. Each latency runs from the moment the request was due to the end
 * of its response, so a stalled server cannot hide its queue (no coordinated omission).
 * autocannon's own pacing fires every connection's requests at the same instant of each second,
 * which measures a synchronised burst rather than users.
 */
export async function paced(options: {
  url: string;
  cookies: string[];
  users: number;
  rate: number;
  seconds: number;
}): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.users });
  const target = new URL(options.url);
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + options.seconds * 1000;
  const gap = () => (-Math.log(1 - Math.random()) * 1000) / options.rate;

  const send = (cookie: string, due: number) =>
    new Promise<void>((resolve) => {
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          headers: { cookie },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) latencies.push(performance.now() - due);
            else failures++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        failures++;
        resolve();
      });
      req.end();
    });

  await Promise.all(
    Array.from({ length: options.users }, async (_, i) => {
      const cookie = options.cookies[i % options.cookies.length];
      const inFlight: Promise<void>[] = [];
      for (let due = performance.now() + gap(); due < end; due += gap()) {
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
        inFlight.push(send(cookie, due));
      }
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
