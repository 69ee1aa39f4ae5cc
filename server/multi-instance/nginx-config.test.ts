import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findNginx, NGINX_CONF, writeNginxConfig } from './cluster';

const dir = mkdtempSync(join(tmpdir(), 'wb-nginx-conf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('deploy/nginx.conf', () => {
  it('is shown in the README exactly as the multi-instance test runs it', () => {
    const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
    expect(readme).toContain(`\`\`\`nginx\n${readFileSync(NGINX_CONF, 'utf8')}\`\`\``);
  });

  it("becomes the test's site with only the instances and the listening port changed", () => {
    const main = writeNginxConfig(dir, 18080, [18001, 18002]);
    const site = readFileSync(join(dir, 'workbench.conf'), 'utf8');
    const template = readFileSync(NGINX_CONF, 'utf8');
    const servers = site.split('\n').filter((l) => /^\s*server 127/.test(l));
    expect(servers.map((l) => l.trim())).toEqual([
      'server 127.0.0.1:18001 max_fails=3 fail_timeout=10s;',
      'server 127.0.0.1:18002 max_fails=3 fail_timeout=10s;',
    ]);
    expect(site).toContain('listen 127.0.0.1:18080;');
    const unchanged = (text: string) => text.split('\n').filter((l) => !/^\s*(server 127|listen )/.test(l));
    expect(unchanged(site)).toEqual(unchanged(template));
    const nginx = findNginx();
    if (nginx) {
      const check = spawnSync(nginx, ['-t', '-q', '-p', dir, '-e', join(dir, 'error.log'), '-c', main], {
        encoding: 'utf8',
      });
      expect(check.stderr).toBe('');
      expect(check.status).toBe(0);
    }
  });
});
