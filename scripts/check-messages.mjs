// The message files' check (docs/decisions/035-languages.md#the-check), run by `npm test`. Fails on:
// - a message file or key one language has and another lacks, a message that is not valid ICU, or a
//   translation whose ICU arguments differ from the English ({name} in one, {user} in the other);
// - a key the code uses that no message file has, and a key no code uses (unused words rot);
// - words a person reads written into the code instead of the message files: text in JSX, a string in
//   a JSX attribute or a property that is shown (title, label, placeholder, aria-label, description…),
//   and the message of a server error (`badRequest('…')`) that is not a key of locales/*/errors.json.
// Files still being moved to the message files are listed in scripts/messages-pending.json: each is
// reported as pending (not failed) and the list may only shrink.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseIcu } from '@formatjs/icu-messageformat-parser';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LOCALES = join(root, 'locales');
const problems = [];
const problem = (text) => problems.push(text);

// --- the message files

/** 'a.b.c' → message for every string leaf of a nested file. */
function flatten(object, prefix = '', out = new Map()) {
  for (const [key, value] of Object.entries(object)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object') flatten(value, path, out);
    else problem(`locales: ${path} is neither a message nor a group of messages`);
  }
  return out;
}

/** The names of an ICU message's arguments ({name}, {count, plural, …}), sorted. */
function argumentsOf(message, where) {
  const names = new Set();
  const walk = (elements) => {
    for (const el of elements) {
      if (el.value !== undefined && el.type !== 0 && el.type !== 7) names.add(el.value);
      if (el.options) for (const option of Object.values(el.options)) walk(option.value);
      if (el.children) walk(el.children);
    }
  };
  try {
    walk(parseIcu(message, { ignoreTag: true }));
  } catch (error) {
    problem(`${where}: not a valid ICU message (${error.message})`);
  }
  return [...names].sort().join(',');
}

const languages = readdirSync(LOCALES).filter((name) => statSync(join(LOCALES, name)).isDirectory());
const catalogs = new Map(); // language → area → Map(key → message)
for (const language of languages) {
  const areas = new Map();
  for (const file of readdirSync(join(LOCALES, language)).filter((f) => f.endsWith('.json'))) {
    const where = `locales/${language}/${file}`;
    try {
      areas.set(file.slice(0, -5), flatten(JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8'))));
    } catch (error) {
      problem(`${where}: ${error.message}`);
    }
  }
  catalogs.set(language, areas);
}
const english = catalogs.get('en') ?? new Map();
for (const [language, areas] of catalogs) {
  if (language === 'en') continue;
  for (const [area, messages] of english) {
    const translated = areas.get(area);
    if (!translated) {
      problem(`locales/${language}/${area}.json is missing (English has it)`);
      continue;
    }
    for (const [key, message] of messages) {
      if (!translated.has(key)) problem(`locales/${language}/${area}.json: "${key}" is missing`);
      else if (
        argumentsOf(message, `en/${area}:${key}`) !==
        argumentsOf(translated.get(key), `${language}/${area}:${key}`)
      )
        problem(`locales/${language}/${area}.json: "${key}" has other arguments than the English`);
    }
    for (const key of translated.keys())
      if (!messages.has(key))
        problem(`locales/${language}/${area}.json: "${key}" is not in the English file`);
  }
  for (const area of areas.keys())
    if (!english.has(area)) problem(`locales/${language}/${area}.json has no English file`);
}

// --- the code: keys it uses, words it should not hold

const SOURCE = /\.(ts|tsx)$/;
const SKIP = /(\.test\.tsx?|\.d\.ts)$/;
function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'test') yield* files(path);
    } else if (SOURCE.test(name) && !SKIP.test(name)) yield path;
  }
}

const used = new Set(); // 'area:key'
const usedPrefixes = new Set(); // 'area:prefix.' of a key built at run time (`status.${s}`)
// `--list-all`: report the pending files' words too (to see what is left in one of them).
const pending = new Set(
  process.argv.includes('--list-all')
    ? []
    : JSON.parse(readFileSync(join(root, 'scripts/messages-pending.json'), 'utf8')),
);
const pendingSeen = new Map();
// Props and attributes whose string a person reads.
const SHOWN = new Set([
  'title',
  'description',
  'label',
  'placeholder',
  'aria-label',
  'aria-description',
  'alt',
  'emptyText',
  'confirmLabel',
  'cancelLabel',
  'submitLabel',
  'pendingLabel',
  'message',
  'heading',
  'hint',
]);
const SERVER_ERRORS = new Set(['badRequest', 'conflict', 'notFound', 'forbidden', 'AppError', 'tooLarge']);
// Helpers that take an error code as their second argument (server/lib/errors.ts).
const SERVER_CODE_SECOND = new Set(['errorReply', 'messageIn']);
const ZOD_CHECKS =
  /^(min|max|length|regex|refine|superRefine|email|int|positive|nonnegative|nonempty|gte|lte|gt|lt|startsWith|endsWith|uuid|url|datetime|date|time|multipleOf|finite|safe)$/;
/**
 * A constant marked `i18n: stored data` in its comment is a text the server writes into the database
 * in English (a timer's "General work"); screens show it through a message key of theirs.
 */
const storedData = (node) => {
  const text = node.getSourceFile().text;
  const statement = node.parent?.parent ?? node;
  return (ts.getLeadingCommentRanges(text, statement.getFullStart()) ?? []).some((range) =>
    text.slice(range.pos, range.end).includes('i18n: stored data'),
  );
};
const KEY = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/;
const hasWords = (text) => /\p{L}{2,}/u.test(text);

function scan(file) {
  const rel = relative(root, file);
  const web = rel.startsWith('web/');
  const contract = rel.startsWith('contract/');
  const server = rel.startsWith('server/');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const literals = [];
  const areasHere = new Set(); // useTranslation('tasks') / t bound to an area
  const report = (node, what) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    literals.push(`${rel}:${line + 1}: ${what}`);
  };
  const serverError = (node, text) => {
    if (KEY.test(text)) used.add(`errors:${text}`);
    else report(node, `error message "${text}"`);
  };
  const keyOf = (text) =>
    text.includes(':') ? [text] : [...(areasHere.size ? areasHere : ['common'])].map((a) => `${a}:${text}`);

  const visit = (node) => {
    // useTranslation('tasks') or useTranslation(['tasks', 'common']), getFixedT(lng, 'mail')
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      const [first] = node.arguments;
      if (callee === 'useTranslation' || callee.endsWith('getFixedT')) {
        const arg = callee === 'useTranslation' ? first : node.arguments[1];
        if (arg && ts.isStringLiteral(arg)) areasHere.add(arg.text);
        if (arg && ts.isArrayLiteralExpression(arg))
          for (const el of arg.elements) if (ts.isStringLiteral(el)) areasHere.add(el.text);
      }
      if (/(^|\.)t$/.test(callee) && first) {
        // t('key'), t(`prefix.${x}`), and either side of t(cond ? 'a' : 'b')
        const keys = (arg) => {
          if (ts.isParenthesizedExpression(arg)) keys(arg.expression);
          else if (ts.isConditionalExpression(arg)) {
            keys(arg.whenTrue);
            keys(arg.whenFalse);
          } else if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg))
            for (const key of keyOf(arg.text)) used.add(key);
          else if (ts.isTemplateExpression(arg))
            for (const key of keyOf(arg.head.text)) usedPrefixes.add(key);
        };
        keys(first);
      }
      const name = ts.isNewExpression(node) ? '' : callee.split('.').pop();
      if (server && SERVER_ERRORS.has(name) && first && ts.isStringLiteral(first))
        serverError(node, first.text);
      const second = node.arguments[1];
      if (server && SERVER_CODE_SECOND.has(name) && second && ts.isStringLiteral(second))
        serverError(node, second.text);
      // A template literal is never a code: a message with variable parts takes ICU values instead.
      if (server && (SERVER_ERRORS.has(name) || SERVER_CODE_SECOND.has(name))) {
        const message = SERVER_CODE_SECOND.has(name) ? second : first;
        if (message && ts.isTemplateExpression(message))
          report(message, `error message \`${message.getText(source)}\``);
      }
    }
    if (ts.isNewExpression(node) && server && node.expression.getText(source) === 'AppError') {
      const message = node.arguments?.[1];
      if (message && ts.isStringLiteral(message)) serverError(node, message.text);
      if (message && ts.isTemplateExpression(message))
        report(message, `error message \`${message.getText(source)}\``);
    }
    // <Trans i18nKey="…" />, and a `msg('…')` marker for keys kept in data (a list of statuses).
    if (
      ts.isJsxAttribute(node) &&
      node.name.getText(source) === 'i18nKey' &&
      node.initializer &&
      ts.isStringLiteral(node.initializer)
    )
      for (const key of keyOf(node.initializer.text)) used.add(key);
    if (ts.isCallExpression(node) && node.expression.getText(source) === 'msg') {
      const [first] = node.arguments;
      if (first && ts.isStringLiteral(first)) for (const key of keyOf(first.text)) used.add(key);
    }
    if (contract) {
      // zod's messages: `.min(1, '…')`, `{ message: '…' }`, and constants holding one (`AVATAR_TOO_LARGE = '…'`).
      const isText = (n) =>
        n &&
        (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) &&
        / /.test(n.text) &&
        hasWords(n.text) &&
        !/^[a-z]+\/[\w.+-]+;/.test(n.text); // a media type ('text/csv; charset=utf-8')
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ZOD_CHECKS.test(node.expression.name.text)
      )
        for (const arg of node.arguments) if (isText(arg)) report(arg, `zod message "${arg.text}"`);
      // `{ message }`, and the messages of `text({ required, tooLong, notText })` (contract/common.ts)
      // A constant holding a sentence (`const PASSWORD_HINT = 'At least 8 characters…'`).
      if (
        web &&
        ts.isVariableDeclaration(node) &&
        /^[A-Z][A-Z0-9_]+$/.test(node.name.getText(source)) &&
        node.initializer &&
        ts.isStringLiteral(node.initializer) &&
        / /.test(node.initializer.text) &&
        hasWords(node.initializer.text)
      )
        report(node, `constant "${node.initializer.text}"`);
      // A prop's default text: `label = 'New password'` in a component's parameters.
      if (
        ts.isBindingElement(node) &&
        node.initializer &&
        SHOWN.has(node.name.getText(source)) &&
        ts.isStringLiteral(node.initializer) &&
        hasWords(node.initializer.text)
      )
        report(node, `default ${node.name.getText(source)} "${node.initializer.text}"`);
      if (
        ts.isPropertyAssignment(node) &&
        ['message', 'error', 'required', 'tooLong', 'notText'].includes(node.name.getText(source)) &&
        isText(node.initializer)
      )
        report(node, `zod message "${node.initializer.text}"`);
      if (
        ts.isPropertyAssignment(node) &&
        ['message', 'error', 'required', 'tooLong', 'notText'].includes(node.name.getText(source)) &&
        ts.isTemplateExpression(node.initializer)
      )
        report(node, `zod message \`${node.initializer.getText(source)}\``);
      if (ts.isCallExpression(node) && node.expression.getText(source) === 'dateTimeInput')
        for (const arg of node.arguments) if (isText(arg)) report(arg, `zod message "${arg.text}"`);
      if (
        ts.isVariableDeclaration(node) &&
        /^[A-Z][A-Z0-9_]+$/.test(node.name.getText(source)) &&
        isText(node.initializer) &&
        !storedData(node)
      )
        report(node, `message "${node.initializer.text}"`);
      if (
        ts.isTemplateExpression(node) &&
        node.parent &&
        ts.isCallExpression(node.parent) &&
        ts.isPropertyAccessExpression(node.parent.expression) &&
        ZOD_CHECKS.test(node.parent.expression.name.text)
      )
        report(node, `zod message \`${node.getText(source)}\``);
    }
    if (web) {
      if (ts.isJsxText(node) && hasWords(node.getText(source)))
        report(node, `text "${node.getText(source).trim()}"`);
      if (ts.isJsxAttribute(node) && SHOWN.has(node.name.getText(source)) && node.initializer) {
        const init = node.initializer;
        const text = ts.isStringLiteral(init)
          ? init.text
          : ts.isJsxExpression(init) && init.expression && ts.isStringLiteral(init.expression)
            ? init.expression.text
            : null;
        if (text !== null && hasWords(text)) report(node, `${node.name.getText(source)}="${text}"`);
      }
      if (
        ts.isPropertyAssignment(node) &&
        SHOWN.has(node.name.getText(source).replace(/['"]/g, '')) &&
        (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer)) &&
        hasWords(node.initializer.text) &&
        /[A-Z ]/.test(node.initializer.text)
      )
        report(node, `${node.name.getText(source)}: "${node.initializer.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // A key without an area in a file that names none is in `common` (i18next's default).
  if (literals.length) {
    if (pending.has(rel)) pendingSeen.set(rel, literals.length);
    else for (const l of literals) problem(`${l}: put it in a message file (locales/en/…)`);
  }
}

for (const dir of ['web/src', 'server', 'contract']) for (const file of files(join(root, dir))) scan(file);

// Contract messages are keys of the errors file (the server translates them, the forms too), and so
// are the codes the server keeps in constants (`const TEAM_NOT_FOUND = 'team_not_found'`).
for (const file of [...files(join(root, 'contract')), ...files(join(root, 'server'))]) {
  const text = readFileSync(file, 'utf8');
  for (const [, key] of text.matchAll(/['"]([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*)['"]/g))
    if (english.get('errors')?.has(key)) used.add(`errors:${key}`);
}

const unusedWhilePending = [];
for (const [area, messages] of english)
  for (const key of messages.keys()) {
    const full = `${area}:${key}`;
    if (used.has(full) || [...usedPrefixes].some((p) => full.startsWith(p))) continue;
    // While files are still being moved, their keys may be waiting for them: a warning until then.
    if (pending.size) unusedWhilePending.push(`${area}:${key}`);
    else problem(`locales/en/${area}.json: "${key}" is used nowhere`);
  }
for (const key of used) {
  const [area, ...rest] = key.split(':');
  const messages = english.get(area);
  if (!messages?.has(rest.join(':'))) problem(`${key} is used but no message file has it`);
}
for (const file of pending)
  if (!pendingSeen.has(file))
    problem(`scripts/messages-pending.json lists ${file}, which holds no words any more: take it off`);

// `--shrink-pending`: rewrite the list as the files that still hold words (it may only shrink).
if (process.argv.includes('--shrink-pending')) {
  const left = [...pending].filter((file) => pendingSeen.has(file)).sort();
  writeFileSync(join(root, 'scripts/messages-pending.json'), `${JSON.stringify(left, null, 2)}\n`);
  for (let i = problems.length - 1; i >= 0; i--)
    if (problems[i].startsWith('scripts/messages-pending.json')) problems.splice(i, 1);
}

const pendingCount = [...pendingSeen.values()].reduce((a, b) => a + b, 0);
if (unusedWhilePending.length)
  console.log(`unused for now (an error once nothing is pending): ${unusedWhilePending.join(', ')}`);
if (pendingSeen.size)
  console.log(
    `pending: ${pendingSeen.size} files still hold ${pendingCount} texts outside the message files`,
  );
if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} problems with the messages`);
  process.exit(1);
}
console.log(
  `messages: ${languages.length} languages, ${english.size} areas, ${[...english.values()].reduce((n, m) => n + m.size, 0)} messages each, all used`,
);
