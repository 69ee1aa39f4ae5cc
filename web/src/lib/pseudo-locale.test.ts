import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { pseudoLocalize, pseudoResources } from './pseudo-locale';

describe('the pseudo-locale', () => {
  it('accents the letters and makes the text longer', () => {
    const out = pseudoLocalize('Save changes');
    expect(out.startsWith('Šáṽé çĥáñĝéš')).toBe(true);
    expect(out.length).toBeGreaterThanOrEqual(Math.ceil('Save changes'.length * 1.3));
  });

  it('keeps arguments and plural keywords, accenting the cases', () => {
    const out = pseudoLocalize('{count, plural, one {# task} other {# tasks}} for {name}');
    expect(out).toContain('{count, plural, one {# ţášķ');
    expect(out).toContain('{name}');
    const text = new IntlMessageFormat(out, 'en').format({ count: 2, name: 'Ada' });
    expect(text).toContain('2 ţášķš');
    expect(text).toContain('Ada');
  });

  it('walks nested message groups', () => {
    expect(pseudoResources({ list: { empty: 'No tasks' } })).toEqual({
      list: { empty: expect.stringMatching(/^Ñö ţášķš/) },
    });
  });
});
