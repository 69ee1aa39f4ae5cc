import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Trans } from './trans';

const render = (message: string, components = {}, values?: Record<string, unknown>) =>
  renderToStaticMarkup(
    createElement(Trans, {
      t: (_key, given) => message.replace(/\{(\w+)\}/g, (_, name) => String(given?.[name])),
      i18nKey: 'key',
      values,
      components,
    }),
  );

describe('Trans', () => {
  it('puts the text of each tag into its component', () => {
    expect(
      render("Don't have an account? <a>Register here</a>", { a: createElement('a', { href: '/r' }) }),
    ).toBe('Don&#x27;t have an account? <a href="/r">Register here</a>');
  });

  it('formats the values first, and handles several tags, a self-closing one and one without a component', () => {
    const html = render(
      'Seen <time>{seen}</time>, signed in <time>{at}</time><br/> by <x>me</x>',
      { time: createElement('time'), br: createElement('br') },
      { seen: 'today', at: 'Monday' },
    );
    expect(html).toBe('Seen <time>today</time>, signed in <time>Monday</time><br/> by &lt;x&gt;me&lt;/x&gt;');
  });

  it('leaves plain text as it is', () => {
    expect(render('Just text')).toBe('Just text');
  });
});
