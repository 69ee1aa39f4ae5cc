import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { compileMessages } from '../../precompile-messages';
import { pseudoLocalize, pseudoResources } from './pseudo-locale';

type Ast = ReturnType<IntlMessageFormat['getAst']>;

/** Messages as the browser gets them (web/precompile-messages.ts), then pseudo-localized. */
const pseudo = (messages: Record<string, unknown>) => pseudoResources(compileMessages(messages, 'en'));

describe('the pseudo-locale', () => {
  it('accents the letters and makes the text longer', () => {
    const out = pseudoLocalize('Save changes') as string;
    expect(out.startsWith('Šáṽé çĥáñĝéš')).toBe(true);
    expect(out.length).toBeGreaterThanOrEqual(Math.ceil('Save changes'.length * 1.3));
  });

  it('keeps arguments and plural keywords, accenting the cases', () => {
    const { message } = pseudo({ message: '{count, plural, one {# task} other {# tasks}} for {name}' });
    const format = (count: number) =>
      new IntlMessageFormat(message as Ast, 'en').format({ count, name: 'Ada' });
    expect(format(1)).toMatch(/^1 ţášķ .*ƒöŕ .*Ada$/);
    expect(format(2)).toMatch(/^2 ţášķš .*ƒöŕ .*Ada$/);
  });

  it('keeps the markup of rich text (<Trans> finds its elements by it), accenting the text', () => {
    const { rich } = pseudo({ rich: "Don't lose <strong>{name}</strong>'s work" });
    const text = new IntlMessageFormat(rich as Ast, 'en').format({ name: 'Ada' });
    expect(text).toMatch(/^Ðöñ'ţ ļöšé .*<strong>.*Ada.*<\/strong>.*'š ŵöŕķ/);
  });

  it('walks nested message groups', () => {
    expect(pseudo({ list: { empty: 'No tasks' } })).toEqual({
      list: { empty: expect.stringMatching(/^Ñö ţášķš/) },
    });
  });
});
