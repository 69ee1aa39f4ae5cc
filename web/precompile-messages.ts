import IntlMessageFormat from 'intl-messageformat';
import type { Plugin } from 'vite';

/**
 * Message files parsed at build time (docs/decisions/035-languages.md, "Cost in the browser"): each
 * `locales/<language>/<area>.json` reaches the browser with its ICU messages already parsed, so the
 * browser needs FormatJS's formatter but not its parser (web/vite.config.ts aliases the parser to its
 * `no-parser` entry; https://formatjs.github.io/docs/guides/advanced-usage#pre-compiling-messages).
 *
 * A message that is plain text (no argument, no escape) stays a string, the smallest form; any other
 * becomes its syntax tree, which lib/i18n.ts formats with `IntlMessageFormat`. The files in the
 * repository, the server and the tests keep the ICU strings.
 */
const MESSAGE_FILE = /[\\/]locales[\\/]([^\\/]+)[\\/][^\\/]+\.json$/;

type MessageFormatElement = ReturnType<IntlMessageFormat['getAst']>[number];
export type CompiledMessages = { [key: string]: string | MessageFormatElement[] | CompiledMessages };

/** A message as the browser gets it: the string when it is plain text, else its syntax tree. */
export function compileMessage(message: string, locale?: string): string | MessageFormatElement[] {
  // `ignoreTag`: `<strong>…</strong>` stays text for react-i18next's <Trans>, as i18next-icu had it.
  // (FormatJS's own parser, through the formatter's public face: no second copy of it to keep in step.)
  const ast = new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).getAst();
  if (message === '' || (ast.length === 1 && ast[0].type === 0 && ast[0].value === message)) return message;
  return ast;
}

/** Every message of a file compiled, nested groups kept. */
export function compileMessages(messages: Record<string, unknown>, locale?: string): CompiledMessages {
  const out: CompiledMessages = {};
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') out[key] = compileMessage(value, locale);
    else if (value && typeof value === 'object')
      out[key] = compileMessages(value as Record<string, unknown>, locale);
    else throw new Error(`${key}: a message is a string or a group of messages`);
  }
  return out;
}

export function precompileMessages(): Plugin {
  return {
    name: 'workbench:precompile-messages',
    // Before Vite's JSON plugin, which then makes the module of the compiled file as of any JSON.
    enforce: 'pre',
    transform(code, id) {
      const file = MESSAGE_FILE.exec(id.split('?')[0]);
      if (!file) return null;
      const language = file[1] === 'pseudo' ? 'en' : file[1];
      try {
        return { code: JSON.stringify(compileMessages(JSON.parse(code), language)), map: null };
      } catch (error) {
        this.error(`${id}: ${(error as Error).message}`);
      }
    },
  };
}
