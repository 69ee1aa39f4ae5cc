import { spawnSync } from 'node:child_process';

/** The nginx to run: NGINX_PATH, else the one on PATH, else Debian's; null when there is none. */
export function findNginx() {
  for (const candidate of [process.env.NGINX_PATH, 'nginx', '/usr/sbin/nginx']) {
    if (!candidate) continue;
    const probe = spawnSync(candidate, ['-v'], { stdio: 'ignore' });
    if (!probe.error && probe.status === 0) return candidate;
  }
  return null;
}
