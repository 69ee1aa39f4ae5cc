import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type i18n, type Resource } from 'i18next';
import ICU from 'i18next-icu';
import type IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { languages } from '@contract/languages';
import { compileMessages } from '../../precompile-messages';
import { precompiledIcu } from './precompiled-icu';

type Element = ReturnType<IntlMessageFormat['getAst']>[number];

const LOCALES = fileURLToPath(new URL('../../../locales', import.meta.url));
const raw: Resource = {};
const compiled: Resource = {};
for (const language of languages) {
  raw[language] = {};
  compiled[language] = {};
  for (const file of readdirSync(join(LOCALES, language)).filter((f) => f.endsWith('.json'))) {
    const area = file.slice(0, -'.json'.length);
    const messages = JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8'));
    raw[language][area] = messages;
    compiled[language][area] = compileMessages(messages, language);
  }
}

async function instance(format: object, resources: Resource): Promise<i18n> {
  const i = i18next.createInstance();
  await i.use(format as never).init({ resources, lng: 'en', fallbackLng: 'en', returnNull: false });
  return i;
}

/** Every message's key (`area:group.key`) with its text. */
function messagesOf(language: string): [string, string][] {
  const out: [string, string][] = [];
  const walk = (area: string, prefix: string, group: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(group)) {
      if (typeof value === 'string') out.push([`${area}:${prefix}${key}`, value]);
      else walk(area, `${prefix}${key}.`, value as Record<string, unknown>);
    }
  };
  for (const [area, messages] of Object.entries(raw[language])) walk(area, '', messages as never);
  return out;
}

/** Values for every argument of a message: a name, a number (for plurals: `count`), a date, a case. */
function valuesFor(elements: Element[], count: number, values: Record<string, unknown> = {}) {
  for (const element of elements) {
    if (element.type === 1) values[element.value] = 'Ada';
    else if (element.type === 2 || element.type === 6) values[element.value] = count;
    else if (element.type === 3 || element.type === 4)
      values[element.value] = new Date(Date.UTC(2026, 10, 26, 9));
    else if (element.type === 5) values[element.value] = Object.keys(element.options)[0];
    if (element.type === 5 || element.type === 6)
      for (const option of Object.values(element.options)) valuesFor(option.value, count, values);
    if (element.type === 8) valuesFor(element.children, count, values);
  }
  return values;
}

describe('messages parsed at build time (web/precompile-messages.ts)', () => {
  it('format in the browser exactly as i18next-icu formats the files', async () => {
    const server = await instance(ICU, raw);
    const browser = await instance(precompiledIcu, compiled);
    let compared = 0;
    for (const language of languages) {
      for (const [key, message] of messagesOf(language)) {
        const ast = compileMessages({ m: message }, language).m;
        for (const count of [0, 1, 2, 5]) {
          const values = Array.isArray(ast) ? valuesFor(ast, count) : {};
          expect(browser.t(key, { ...values, lng: language }), `${language} ${key}`).toBe(
            server.t(key, { ...values, lng: language }),
          );
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('keeps plain text a string and gives the rest as a syntax tree', () => {
    expect(
      compileMessages({ a: 'Save', b: "Don't", c: '{count, plural, one {# task} other {# tasks}}' }),
    ).toEqual({
      a: 'Save',
      b: "Don't",
      c: [expect.objectContaining({ type: 6, value: 'count' })],
    });
  });

  it('formats plurals, arguments and rich text from the tree', async () => {
    const messages = {
      tasks: '{count, plural, one {# Aufgabe} other {# Aufgaben}} für {name}',
      rich: 'Signed in as <strong>{name}</strong>',
      quote: "It''s {name}'s",
    };
    const browser = await instance(precompiledIcu, { de: { t: compileMessages(messages, 'de') } });
    expect(browser.t('t:tasks', { lng: 'de', count: 1, name: 'Ada' })).toBe('1 Aufgabe für Ada');
    expect(browser.t('t:tasks', { lng: 'de', count: 2, name: 'Ada' })).toBe('2 Aufgaben für Ada');
    expect(browser.t('t:rich', { lng: 'de', name: 'Ada' })).toBe('Signed in as <strong>Ada</strong>');
    expect(browser.t('t:quote', { lng: 'de', name: 'Ada' })).toBe("It's Ada's");
  });
});
