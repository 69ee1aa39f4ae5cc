import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config';

describe('config', () => {
  it('has working defaults for a fresh machine, production mode among them', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    // the zero-setup default is a PostgreSQL server of the app's own (decision 023)
    expect(config.WORKBENCH_STORAGE).toBe('embedded');
    expect(loadConfig({ WORKBENCH_STORAGE: 'pglite' }).WORKBENCH_STORAGE).toBe('pglite');
    expect(() => loadConfig({ WORKBENCH_STORAGE: 'sqlite' })).toThrow(/WORKBENCH_STORAGE/);
    expect(config.NODE_ENV).toBe('production');
    expect(config.isProduction).toBe(true);
    expect(loadConfig({ NODE_ENV: '' }).isProduction).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).isProduction).toBe(false);
    expect(config.defaultTimeZone).toBe('UTC');
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      NODE_ENV: 'production',
      TZ: 'Europe/Berlin',
      DATABASE_URL: 'postgres://u@h:5432/db',
    });
    expect(config.PORT).toBe(8080);
    expect(config.isProduction).toBe(true);
    expect(config.defaultTimeZone).toBe('Europe/Berlin');
  });

  it('refuses a bad value with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});

describe('.env.example', () => {
  const example = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
  const listed = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);

  it('lists every variable the server reads', () => {
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(20);
    expect(CONFIG_VARIABLES.filter((name) => !listed.includes(name))).toEqual([]);
  });

  it('holds values the server accepts: loaded as it is, it configures a working server', () => {
    const values = Object.fromEntries(
      [...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2].replace(/^"(.*)"$/, '$1')]),
    );
    const config = loadConfig(values);
    expect(config.PORT).toBe(3000);
    expect(config.WORKBENCH_STORAGE).toBe('embedded');
    expect(config.MAIL_FROM).toBe('Workbench <no-reply@workbench.local>');
  });
});
