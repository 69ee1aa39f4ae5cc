import { describe, expect, it } from 'vitest';
import { pickLanguage } from './languages';

describe('pickLanguage', () => {
  it('takes the most preferred of our languages from an Accept-Language header', () => {
    expect(pickLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(pickLanguage('fr-FR,fr;q=0.9,en-GB;q=0.8,de;q=0.7')).toBe('en');
    expect(pickLanguage('en;q=0.5, de;q=0.6')).toBe('de');
  });
  it('reads a browser list of tags', () => {
    expect(pickLanguage(['fr-CA', 'de-AT'])).toBe('de');
  });
  it('is null for none of ours, q=0 or nothing', () => {
    expect(pickLanguage('fr, es;q=0.8')).toBeNull();
    expect(pickLanguage('de;q=0')).toBeNull();
    expect(pickLanguage('')).toBeNull();
    expect(pickLanguage(undefined)).toBeNull();
  });
});
