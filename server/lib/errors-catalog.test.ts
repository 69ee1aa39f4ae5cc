import { describe, expect, it } from 'vitest';
import en from '../../locales/en/errors.json';
import { messageIn } from './errors';

describe('the error messages', () => {
  it('write every English message without arguments exactly as the catalog holds it', () => {
    for (const [code, text] of Object.entries(en))
      if (!text.includes('{')) expect(messageIn('en', code)).toBe(text);
  });
});
