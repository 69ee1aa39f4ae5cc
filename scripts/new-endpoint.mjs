// `npm run new:endpoint -- --feature labels --name archive --method POST --path /api/labels/{id}/archive
//   --summary "Archive a label" [--access manager,admin] [--group labelsApi] [--web]`
//
// Writes the places an endpoint lives (docs/architecture.md, "Adding an endpoint, end to end"): its
// entry in the feature's contract group, a service function that throws until it is written, its route
// line, and an API test that fails until then; with --web, the browser's hook too. The developer starts
// from a skeleton that compiles and a test that says what is left to do.
//
// Every new text is worked out before anything is written: a refusal (exit 1, one line) leaves the
// checkout as it was. The edits are plain text on files biome keeps formatted, so what is inserted is
// written formatted already (2 spaces, single quotes, trailing commas, lines of at most 110), and the
// result passes `biome check` as it is. The functions that edit take a file's text and return the new
// text (exported for scripts/new-endpoint.test.ts); the CLI at the bottom only reads and writes.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const USAGE =
  'npm run new:endpoint -- --feature <feature> --name <endpointKey> --method <GET|POST|PATCH|PUT|DELETE> ' +
  '--path </api/...> --summary "<one sentence>" [--access employee,manager,admin] [--group <xxxApi>] [--web]';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
// contract/roles.ts (a .ts file, which plain Node does not import)
const ROLES = ['admin', 'manager', 'employee'];
// biome.json's formatter.lineWidth
const WIDTH = 110;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
// What the contract's paths may hold (server/test/openapi-check.ts turns them into patterns on that basis).
const PATH = /^\/api(\/([A-Za-z0-9._-]+|\{[A-Za-z_]\w*\}))+$/;
// Words that cannot name a variable, for the test's helper named after the endpoint.
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally ' +
    'for function if import in instanceof new null return super switch this throw true try typeof var void ' +
    'while with yield let static implements interface package private protected public await'
  ).split(' '),
);

/** A refusal: the CLI prints its message on one line and exits 1, having written nothing. */
export class Refusal extends Error {}
const refuse = (message) => {
  throw new Refusal(message);
};

// --- the command line

/** The options, checked: a missing or malformed one is refused before any file is read. */
export function parseOptions(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        feature: { type: 'string' },
        name: { type: 'string' },
        method: { type: 'string' },
        path: { type: 'string' },
        summary: { type: 'string' },
        access: { type: 'string' },
        group: { type: 'string' },
        web: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    refuse(`${error.message.split('\n')[0]} (usage: ${USAGE})`);
  }
  for (const option of ['feature', 'name', 'method', 'path', 'summary']) {
    if (!values[option]?.trim()) refuse(`--${option} is missing (usage: ${USAGE})`);
  }
  const feature = values.feature.trim();
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(feature))
    refuse(
      `--feature must name a feature's folder (lower case and dashes, e.g. time-entries), not "${feature}"`,
    );
  const key = values.name.trim();
  if (!IDENTIFIER.test(key))
    refuse(`--name must be a JavaScript identifier (the endpoint's key), not "${key}"`);
  const method = values.method.trim().toUpperCase();
  if (!METHODS.includes(method))
    refuse(`--method must be one of ${METHODS.join(', ')}, not "${values.method}"`);
  const path = values.path.trim();
  if (!path.startsWith('/api/')) refuse(`--path must start with /api/, not "${path}"`);
  if (!PATH.test(path))
    refuse(`--path may hold letters, digits, '-', '.', '_', '/' and {params} only, not "${path}"`);
  const params = paramsOf(path);
  if (new Set(params).size !== params.length) refuse(`--path names a parameter twice: "${path}"`);
  const summary = values.summary.trim();
  if (/[\r\n]/.test(summary)) refuse('--summary must be one line');
  if (values.group !== undefined && !IDENTIFIER.test(values.group))
    refuse(`--group must name the contract's group (e.g. labelsApi), not "${values.group}"`);
  return {
    feature,
    key,
    method,
    path,
    summary,
    access: accessOf(values.access),
    group: values.group,
    web: values.web,
  };
}

/** `manager,admin` → ['manager', 'admin'] (in the order given: the first is the test's caller); none → 'signedIn'. */
function accessOf(option) {
  if (option === undefined || option.trim() === 'signedIn') return 'signedIn';
  const roles = [...new Set(option.split(',').map((role) => role.trim()))];
  const unknown = roles.filter((role) => !ROLES.includes(role));
  if (roles.length === 0 || unknown.length)
    refuse(`--access takes roles among ${ROLES.join(', ')} (comma-separated), not "${option}"`);
  return roles;
}

const paramsOf = (path) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
const upperFirst = (word) => word[0].toUpperCase() + word.slice(1);
const pascal = (feature) => feature.split('-').map(upperFirst).join('');
/** 'TimeEntries' → 'TimeEntry', 'Labels' → 'Label'; 'Attendance', 'Status' stay. */
const singular = (word) =>
  /ies$/.test(word) ? `${word.slice(0, -3)}y` : /[^su]s$/.test(word) ? word.slice(0, -1) : word;

// The first words of a read's key that are verbs already; other reads are named get… (stats → getProjectStats).
const READ_VERBS = new Set(['get', 'list', 'export', 'search', 'find', 'count', 'preview', 'download']);

/** The service function, after the project's: the key with the feature's record in it. */
function serviceNameOf(key, feature, read) {
  const plural = pascal(feature);
  const one = singular(plural);
  const [first, ...rest] = key.split(/(?=[A-Z])/);
  if (key.toLowerCase().includes(one.toLowerCase())) return key;
  if (key === 'list') return `list${plural}`;
  if (key === 'remove') return `delete${one}`;
  if (read && !READ_VERBS.has(first)) return `get${one}${upperFirst(key)}`;
  return `${first}${one}${rest.join('')}`;
}

/**
 * The names the endpoint brings: its service function (archive → archiveLabel, addMember →
 * addProjectMember, list → listLabels, remove → deleteLabel, a GET's stats → getProjectStats), its
 * schemas (that name with Request, Response or Params) and its hook (`use` and that name, without a
 * read's get or list).
 */
export function namesFor({ feature, key, method, path }) {
  const read = method === 'GET';
  const service = serviceNameOf(key, feature, read);
  const params = paramsOf(path);
  return {
    service,
    params,
    // {id} alone is contract/common.ts's idParam; other sets get a schema of their own.
    paramsSchema:
      params.length === 0 ? null : params.length === 1 && params[0] === 'id' ? 'idParam' : `${service}Params`,
    request: read || method === 'DELETE' ? null : `${service}Request`,
    // A DELETE answers 204 without a body, as the contract's other DELETEs do.
    response: method === 'DELETE' ? null : `${service}Response`,
    status: method === 'DELETE' ? 204 : 200,
    hook: `use${upperFirst(read ? service.replace(/^(get|list)(?=[A-Z])/, '') : service)}`,
    // Test files are named in dashes, as the repository's are: removeMember → remove-member.test.ts.
    testFile: `server/features/${feature}/${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.test.ts`,
  };
}

// --- reading TypeScript just enough: strings, comments and brackets

/** The index just past the string, comment, template or regex starting at `i`; `i` when none does. */
function skip(text, i) {
  const c = text[i];
  const next = text[i + 1];
  if (c === '/' && next === '/') {
    const end = text.indexOf('\n', i);
    return end === -1 ? text.length : end;
  }
  if (c === '/' && next === '*') {
    const end = text.indexOf('*/', i + 2);
    return end === -1 ? text.length : end + 2;
  }
  if (c === "'" || c === '"') {
    let j = i + 1;
    while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
    return j + 1;
  }
  if (c === '`') {
    let j = i + 1;
    while (j < text.length && text[j] !== '`') {
      if (text[j] === '\\') j += 2;
      else if (text[j] === '$' && text[j + 1] === '{') j = closing(text, j + 1) + 1;
      else j += 1;
    }
    return j + 1;
  }
  if (c === '/' && startsRegex(text, i)) {
    let j = i + 1;
    let inClass = false;
    while (j < text.length && text[j] !== '\n' && (inClass || text[j] !== '/')) {
      if (text[j] === '\\') j += 1;
      else if (text[j] === '[') inClass = true;
      else if (text[j] === ']') inClass = false;
      j += 1;
    }
    j += 1;
    while (/[a-z]/.test(text[j] ?? '')) j += 1;
    return j;
  }
  return i;
}

/** A `/` starts a regex where a value is expected: after an operator, a bracket or `return`. */
function startsRegex(text, i) {
  const before = text.slice(0, i).trimEnd();
  return before === '' || /[(,=:[!&|?{};+\-*%<>~^]$/.test(before) || /\b(return|typeof|case)$/.test(before);
}

/** The index of the bracket that closes the one at `open`; -1 when the text ends first. */
export function closing(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; ) {
    const after = skip(text, i);
    if (after !== i) {
      i = after;
      continue;
    }
    if ('([{'.includes(text[i])) depth += 1;
    else if (')]}'.includes(text[i])) {
      depth -= 1;
      if (depth === 0) return i;
    }
    i += 1;
  }
  return -1;
}

/** The comma-separated items between the brackets at `open` and `close`, with where each starts. */
function items(text, open, close) {
  const found = [];
  let depth = 0;
  let start = open + 1;
  const push = (end) => {
    if (text.slice(start, end).trim()) found.push({ start, text: text.slice(start, end) });
  };
  for (let i = open + 1; i < close; ) {
    const after = skip(text, i);
    if (after !== i) {
      i = after;
      continue;
    }
    if ('([{'.includes(text[i])) depth += 1;
    else if (')]}'.includes(text[i])) depth -= 1;
    else if (text[i] === ',' && depth === 0) {
      push(i);
      start = i + 1;
    }
    i += 1;
  }
  push(close);
  return found;
}

const LEADING = /^(\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/;

/** An object item's key (`name: …`, `'name': …`, `name,`); null for a spread. */
function keyOf(item) {
  const code = item.replace(LEADING, '');
  const match = /^(?:(['"])(.+?)\1|([A-Za-z_$][\w$]*))\s*(:|,|$)/.exec(code);
  return match ? (match[2] ?? match[3]) : null;
}

const lineStart = (text, at) => text.lastIndexOf('\n', at - 1) + 1;
const indentAt = (text, at) => /^[ \t]*/.exec(text.slice(lineStart(text, at)))[0];
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const mentions = (text, name) => new RegExp(`(^|[^\\w$])${escapeRegExp(name)}($|[^\\w$])`).test(text);

/**
 * Adds an item as the last of the object literal whose braces are at `open` and `close`, after a
 * comma on the one before. `linesAt(indent)` writes it at the indentation of the items already there
 * (which it needs to know where a line has to break).
 */
function appendItem(text, open, close, linesAt) {
  const existing = items(text, open, close);
  const closeIndent = indentAt(text, close);
  const indent = existing.length
    ? indentAt(text, existing[0].start + /^\s*/.exec(existing[0].text)[0].length)
    : `${closeIndent}  `;
  const body = linesAt(indent).join('\n');
  if (!existing.length) return `${text.slice(0, open + 1)}\n${body}\n${closeIndent}${text.slice(close)}`;
  // The last item's end (before any comment after it): it gets a comma when it has none.
  const last = existing.at(-1);
  const lastCode = last.text.replace(/(\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*$/, '');
  const lastEnd = last.start + lastCode.length;
  const comma = text.slice(lastEnd, close).trimStart().startsWith(',') ? '' : ',';
  const head = `${text.slice(0, lastEnd)}${comma}${text.slice(lastEnd, close)}`.trimEnd();
  return `${head}\n${body}\n${closeIndent}${text.slice(close)}`;
}

// --- formatting what is written, as biome would

/** A string literal in biome's quotes: single, unless that takes more escapes than double. */
export function jsString(value) {
  const singles = value.split("'").length - 1;
  const doubles = value.split('"').length - 1;
  const quote = singles > doubles ? '"' : "'";
  return quote + value.replaceAll('\\', '\\\\').replaceAll(quote, `\\${quote}`) + quote;
}

/** An object literal that breaks onto one line per property when it does not fit. */
const object = (...props) => ({ props });
const inline = (arg) =>
  typeof arg === 'string' ? arg : arg.props.length ? `{ ${arg.props.join(', ')} }` : '{}';

/**
 * `head(args)tail` at `indent`: on one line when it fits; else a last object argument opens on the
 * line and lists its properties below; else one argument per line.
 */
function call(indent, head, args, tail) {
  const one = `${indent}${head}(${args.map(inline).join(', ')})${tail}`;
  if (one.length <= WIDTH) return [one];
  const last = args.at(-1);
  if (last && typeof last !== 'string' && last.props.length) {
    const before = args.slice(0, -1).map(inline);
    return [
      `${indent}${head}(${[...before, '{'].join(', ')}`,
      ...last.props.map((prop) => `${indent}  ${prop},`),
      `${indent}})${tail}`,
    ];
  }
  return [`${indent}${head}(`, ...args.map((arg) => `${indent}  ${inline(arg)},`), `${indent})${tail}`];
}

/** `start => body`: on one line when it fits, else the body on the next line, indented. */
function arrow(indent, start, bodyHead, args, tail) {
  const one = `${indent}${start} => ${bodyHead}(${args.map(inline).join(', ')})${tail}`;
  if (one.length <= WIDTH) return [one];
  return [`${indent}${start} =>`, ...call(`${indent}  `, bodyHead, args, tail)];
}

/** Named imports, one line or one name per line. */
function importLine(names, from, typeOnly) {
  const one = `import ${typeOnly ? 'type ' : ''}{ ${names.join(', ')} } from '${from}';`;
  if (one.length <= WIDTH) return one;
  return `import ${typeOnly ? 'type ' : ''}{\n${names.map((name) => `  ${name},`).join('\n')}\n} from '${from}';`;
}

/** A doc comment holding `text` (a `*` + `/` in it would end the comment early). */
const docComment = (text) => `/** ${text.replaceAll('*/', '* /')} */`;

/**
 * Imports `name` from `from`: into an import of that module already there (a type into `import type`,
 * or as `type name` into a value import), else on a line of its own after the last import. Nothing
 * changes when the name is imported already.
 */
export function addImport(text, from, name, { typeOnly = false } = {}) {
  const pattern = new RegExp(
    `^import (type )?\\{([^}]*)\\} from ['"]${escapeRegExp(from)}['"];[^\\n]*$`,
    'gm',
  );
  const found = [...text.matchAll(pattern)].map((match) => ({
    match,
    typeOnly: Boolean(match[1]),
    names: match[2]
      .split(',')
      .map((spec) => spec.trim())
      .filter(Boolean),
  }));
  const local = (spec) =>
    spec
      .replace(/^type\s+/, '')
      .split(/\s+as\s+/)
      .at(-1);
  if (found.some((imp) => imp.names.some((spec) => local(spec) === name))) return text;
  const into =
    found.find((imp) => !imp.typeOnly) ?? (typeOnly ? found.find((imp) => imp.typeOnly) : undefined);
  if (into) {
    const spec = typeOnly && !into.typeOnly ? `type ${name}` : name;
    const sortKey = (s) => s.replace(/^type\s+/, '').toLowerCase();
    const at = into.names.findIndex((s) => sortKey(s) > sortKey(spec));
    const names = [...into.names];
    names.splice(at === -1 ? names.length : at, 0, spec);
    const { index } = into.match;
    return (
      text.slice(0, index) + importLine(names, from, into.typeOnly) + text.slice(index + into.match[0].length)
    );
  }
  const line = importLine([name], from, typeOnly);
  const imports = [...text.matchAll(/^import\b[^;]*;[^\n]*$/gm)];
  if (!imports.length) return `${line}\n${text}`;
  const end = imports.at(-1).index + imports.at(-1)[0].length;
  return `${text.slice(0, end)}\n${line}${text.slice(end)}`;
}

// --- the contract

const GROUP = /^export const ([A-Za-z_$][\w$]*) = endpoints\(\s*(['"])(?:(?!\2).)*\2,\s*\{/gm;

/** Each `export const x = endpoints('Tag', {…})` group of a contract file, with its entries. */
export function groupsOf(text) {
  return [...text.matchAll(GROUP)].map((match) => {
    const open = match.index + match[0].length - 1;
    const close = closing(text, open);
    const entries = close === -1 ? [] : items(text, open, close).map((item) => entryOf(item.text));
    return { name: match[1], declaredAt: match.index, open, close, entries };
  });
}

/** An entry's key, method and path, read from its text (also from a helper's call: `download('/api/…')`). */
function entryOf(text) {
  const method = /\bmethod:\s*['"](\w+)['"]/.exec(text)?.[1] ?? null;
  const path = (/\bpath:\s*['"]([^'"]+)['"]/.exec(text) ?? /['"](\/api\/[^'"]*)['"]/.exec(text))?.[1] ?? null;
  return { key: keyOf(text), method, path };
}

/** `/api/labels/{id}` and `/api/labels/{labelId}` are one route to Fastify. */
const routeOf = (path) => path.replace(/\{\w+\}/g, '{}');

/**
 * The entry of `group` already answering method and path, if any. An entry whose method cannot be
 * read (a helper builds it) counts as answering every method of its path: better refused than a
 * route Fastify would reject at start-up.
 */
export function clashIn(group, method, path) {
  return group.entries.find(
    (entry) => entry.path && routeOf(entry.path) === routeOf(path) && (entry.method ?? method) === method,
  );
}

/** The group the endpoint goes into: `--group`, or the file's first. */
export function pickGroup(text, groupName, file) {
  const groups = groupsOf(text);
  if (groupName) {
    const group = groups.find((g) => g.name === groupName);
    if (!group) refuse(`${file} has no group "export const ${groupName} = endpoints(…)"`);
    return group;
  }
  if (!groups.length) refuse(`${file} has no group "export const <x>Api = endpoints(…)"`);
  return groups[0];
}

/**
 * The contract file with the endpoint's entry added at the end of its group, and the schemas it names
 * (`z.object({})` to fill in) declared above the group. Returns the new text and the group's name.
 */
export function addToContract(
  text,
  options,
  names = namesFor(options),
  file = `contract/${options.feature}.ts`,
) {
  const group = pickGroup(text, options.group, file);
  if (group.close === -1) refuse(`${file}: ${group.name}'s braces do not close`);
  if (group.entries.some((entry) => entry.key === options.key))
    refuse(`${file}: ${group.name} already has an endpoint "${options.key}"`);
  const clash = clashIn(group, options.method, options.path);
  if (clash) refuse(`${file}: ${group.name}.${clash.key} already answers ${options.method} ${clash.path}`);

  const declarations = [];
  if (names.paramsSchema && names.paramsSchema !== 'idParam') {
    const shape = object(...names.params.map((param) => `${param}: z.uuid()`));
    declarations.push(...call('', `export const ${names.paramsSchema} = z.object`, [shape], ';'));
  }
  if (names.request) declarations.push(`export const ${names.request} = z.object({});`);
  if (names.response) declarations.push(`export const ${names.response} = z.object({});`);
  for (const name of [names.paramsSchema, names.request, names.response]) {
    if (name && name !== 'idParam' && mentions(text, name)) refuse(`${file} already has a "${name}"`);
  }

  const access =
    options.access === 'signedIn' ? "'signedIn'" : `[${options.access.map((r) => `'${r}'`).join(', ')}]`;
  const entry = [
    `${options.key}: {`,
    `  method: '${options.method}',`,
    `  path: '${options.path}',`,
    `  summary: ${jsString(options.summary)},`,
    `  access: ${access},`,
    ...(names.paramsSchema ? [`  params: ${names.paramsSchema},`] : []),
    ...(names.request ? [`  body: ${names.request},`] : []),
    `  responses: { ${names.status}: ${names.response ?? 'null'} },`,
    '},',
  ];
  let result = appendItem(text, group.open, group.close, (indent) => entry.map((line) => indent + line));
  if (declarations.length) {
    // Above the group, and above the comment that describes it, if any.
    let at = group.declaredAt;
    for (;;) {
      const previous = lineStart(result, at - 1);
      if (at === 0 || !/^\s*(\/\/|\/\*\*?|\*)/.test(result.slice(previous, at))) break;
      at = previous;
    }
    result = `${result.slice(0, at)}${declarations.join('\n')}\n\n${result.slice(at)}`;
    result = addImport(result, 'zod', 'z');
  }
  if (names.paramsSchema === 'idParam') result = addImport(result, './common', 'idParam');
  return { text: result, group: group.name };
}

// --- the server

/**
 * The service file with the endpoint's function added (or created, when `text` is undefined): it
 * takes the request's Context and the validated input, and throws until someone writes it, which
 * is what makes the generated test fail.
 */
export function addToService(text, options, names = namesFor(options)) {
  const file = `server/features/${options.feature}/${options.feature}.service.ts`;
  if (text !== undefined && mentions(text, names.service))
    refuse(`${file} already has "${names.service}": pick another --name`);
  // Unused until written: the underscore keeps `noUnusedParameters` quiet; the developer drops it.
  const parameters = [
    '_ctx: Context',
    ...names.params.map((param) => `_${param}: string`),
    ...(names.request ? [`_input: z.output<typeof ${names.request}>`] : []),
  ];
  const returns = names.response ? `Promise<z.input<typeof ${names.response}>>` : 'Promise<void>';
  const head = `export async function ${names.service}(`;
  const signature = `${head}${parameters.join(', ')}): ${returns} {`;
  const message = jsString(`${names.service} is not written yet: make ${names.testFile} pass`);
  const fn = [
    docComment(options.summary),
    ...(signature.length <= WIDTH
      ? [signature]
      : [head, ...parameters.map((parameter) => `  ${parameter},`), `): ${returns} {`]),
    ...call('  ', 'throw new Error', [message], ';'),
    '}',
  ].join('\n');

  // The params arrive as strings, so only the body's and the answer's schemas are imported.
  const schemas = [names.request, names.response].filter(Boolean);
  if (text === undefined) {
    const lines = [
      ...(schemas.length ? ["import type { z } from 'zod';"] : []),
      ...(schemas.length ? [importLine(schemas, `@contract/${options.feature}`, true)] : []),
      "import type { Context } from '../../lib/context';",
    ];
    return `${lines.join('\n')}\n\n${fn}\n`;
  }
  let result = text;
  if (schemas.length) result = addImport(result, 'zod', 'z', { typeOnly: true });
  for (const schema of schemas)
    result = addImport(result, `@contract/${options.feature}`, schema, { typeOnly: true });
  result = addImport(result, '../../lib/context', 'Context', { typeOnly: true });
  return `${result.trimEnd()}\n\n${fn}\n`;
}

/** The handler of the endpoint: it passes the path's params one by one and the body whole. */
function routeLines(indent, options, names) {
  const input = [...(names.params.length ? ['params'] : []), ...(names.request ? ['body'] : [])];
  const start = `${options.key}: (ctx${input.length ? `, { ${input.join(', ')} }` : ''})`;
  const args = ['ctx', ...names.params.map((param) => `params.${param}`), ...(names.request ? ['body'] : [])];
  return arrow(indent, start, names.service, args, ',');
}

/** The routes file with the route in `implement(<group>, {…})` and the service function imported. */
export function addToRoutes(text, options, group, names = namesFor(options), file = 'the routes file') {
  const at = new RegExp(`\\bimplement\\(\\s*${escapeRegExp(group)}\\s*,\\s*\\{`).exec(text);
  if (!at) refuse(`${file} has no implement(${group}, {…})`);
  const open = at.index + at[0].length - 1;
  const close = closing(text, open);
  if (close === -1) refuse(`${file}: implement(${group}, {…}) does not close`);
  if (mentions(text, names.service)) refuse(`${file} already uses "${names.service}": pick another --name`);
  const result = appendItem(text, open, close, (indent) => routeLines(indent, options, names));
  return addImport(result, `./${options.feature}.service`, names.service);
}

const article = (role) => (/^[aeiou]/.test(role) ? `an ${role}` : `a ${role}`);

/**
 * The endpoint's API test, through the harness's typed call: the first role it allows gets the
 * success status (which fails until the service is written, and says so), the roles it does not
 * allow get 403 (which passes from the start: the guard answers before the service runs).
 */
export function testFileFor(options, group, names = namesFor(options)) {
  const roles = options.access === 'signedIn' ? ROLES : options.access;
  const refused = ROLES.filter((role) => !roles.includes(role));
  const caller = options.access === 'signedIn' ? 'employee' : options.access[0];
  const helper =
    RESERVED.has(options.key) || ['t', 'logged', 'errors'].includes(options.key)
      ? `call${upperFirst(options.key)}`
      : options.key;
  const input = [
    ...(names.params.length
      ? [`params: ${inline(object(...names.params.map((p) => `${p}: MISSING_ID`)))}`]
      : []),
    ...(names.request ? ['body: {}'] : []),
  ];
  const harness = [
    'createTestApp',
    ...(names.params.length ? ['MISSING_ID'] : []),
    'type TestApi',
    'type TestContext',
  ];
  const lines = [
    "import { afterAll, beforeAll, describe, expect, it } from 'vitest';",
    importLine([group], `@contract/${options.feature}`, false),
    importLine(harness, '../../test/harness', false),
    '',
    'let t: TestContext;',
    '/** What the app logs as errors: why it answered 500 (until the service is written, "not written yet"). */',
    'const logged: { msg: string; err?: { message: string } }[] = [];',
    'beforeAll(async () => {',
    '  t = await createTestApp({',
    "    logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },",
    '  });',
    '});',
    'afterAll(() => t.close());',
    '',
    "const errors = () => logged.map((line) => line.err?.message ?? line.msg).join('\\n');",
    ...arrow(
      '',
      `const ${helper} = (api: TestApi)`,
      'api.call',
      [`${group}.${options.key}`, ...(input.length ? [object(...input)] : [])],
      ';',
    ),
    '',
    `describe(${jsString(`${options.method} ${options.path}: ${options.summary}`)}, () => {`,
    `  it('answers ${article(caller)} ${names.status}', async () => {`,
    `    const api = await t.signIn(await t.createUser('${caller}'));`,
    '    // Next: make what it acts on, send what a caller sends, and check the answer as well as its status.',
    `    const res = await ${helper}(api);`,
    `    expect(res.statusCode, errors()).toBe(${names.status});`,
    '  });',
    ...(refused.length
      ? [
          '',
          `  it('refuses ${refused.map(article).join(' and ')} with 403', async () => {`,
          `    for (const role of [${refused.map((role) => `'${role}'`).join(', ')}] as const) {`,
          '      const api = await t.signIn(await t.createUser(role));',
          `      expect((await ${helper}(api)).statusCode, role).toBe(403);`,
          '    }',
          '  });',
        ]
      : []),
    '});',
    '',
  ];
  return lines.join('\n');
}

// --- the browser

/**
 * The feature's api.ts with the endpoint's hook: `useApiQuery` for a GET (its params as arguments),
 * `useApiMutation` otherwise, refreshing the group's read whose path covers the endpoint's, if any
 * (docs/architecture.md: a refresh reaches every read under its path).
 */
export function addHook(text, options, group, reads = [], names = namesFor(options), file = 'api.ts') {
  if (mentions(text, names.hook)) refuse(`${file} already has "${names.hook}"`);
  const endpoint = `${group}.${options.key}`;
  let lines;
  if (options.method === 'GET') {
    const start = `export const ${names.hook} = (${names.params.map((p) => `${p}: string`).join(', ')})`;
    const input = names.params.length ? object(`params: ${inline(object(...names.params))}`) : '{}';
    lines = arrow('', start, 'useApiQuery', [endpoint, input], ';');
  } else {
    const covering = reads
      .filter((read) => read.method === 'GET' && read.path && read.key !== options.key)
      .filter((read) => `${routeOf(options.path)}/`.startsWith(`${routeOf(read.path)}/`))
      .sort((a, b) => a.path.length - b.path.length)[0];
    const args = [endpoint, ...(covering ? [object(`refreshes: [${group}.${covering.key}]`)] : [])];
    lines = arrow('', `export const ${names.hook} = ()`, 'useApiMutation', args, ';');
  }
  let result = addImport(text, `@contract/${options.feature}`, group);
  result = addImport(result, '@/lib/api', options.method === 'GET' ? 'useApiQuery' : 'useApiMutation');
  return `${result.trimEnd()}\n${lines.join('\n')}\n`;
}

// --- the plan: every file's new text, before any is written

/**
 * What the endpoint changes: `[{ path, text, created }]`, worked out from the files `read` gives
 * (undefined for a missing one) and the folders `list` gives (undefined for a missing one).
 */
export function planEndpoint(options, { read, list }) {
  const names = namesFor(options);
  const { feature } = options;
  const contractFile = `contract/${feature}.ts`;
  const contractText = read(contractFile);
  if (contractText === undefined) refuse(`${contractFile} not found: --feature names a contract file`);
  const contract = addToContract(contractText, options, names, contractFile);
  const group = groupsOf(contractText).find((g) => g.name === contract.group);

  // Another group may hold the route already (a project's billing, /api/projects/{id}/billing, is billingApi's).
  for (const name of list('contract') ?? []) {
    const other = `contract/${name}`;
    if (!/\.ts$/.test(name) || /\.test\.ts$/.test(name)) continue;
    for (const g of groupsOf(other === contractFile ? contractText : (read(other) ?? ''))) {
      const clash = g.name !== contract.group && clashIn(g, options.method, options.path);
      if (clash) refuse(`${other}: ${g.name}.${clash.key} already answers ${options.method} ${clash.path}`);
    }
  }

  const serverDir = `server/features/${feature}`;
  const serverFiles = list(serverDir);
  if (!serverFiles)
    refuse(`${serverDir} not found: a new feature is set up by hand first (server/features/index.ts)`);
  const routesCandidates = [`${feature}.routes.ts`, ...serverFiles.filter((f) => f.endsWith('.routes.ts'))];
  const routesFile = routesCandidates
    .map((name) => `${serverDir}/${name}`)
    .find((path) =>
      new RegExp(`\\bimplement\\(\\s*${escapeRegExp(contract.group)}\\s*,`).test(read(path) ?? ''),
    );
  if (!routesFile) refuse(`no implement(${contract.group}, {…}) in ${serverDir}/*.routes.ts`);

  const serviceFile = `${serverDir}/${feature}.service.ts`;
  const serviceText = read(serviceFile);
  if (read(names.testFile) !== undefined) refuse(`${names.testFile} exists already: pick another --name`);

  const changes = [
    { path: contractFile, text: contract.text, created: false },
    {
      path: serviceFile,
      text: addToService(serviceText, options, names),
      created: serviceText === undefined,
    },
    {
      path: routesFile,
      text: addToRoutes(read(routesFile), options, contract.group, names, routesFile),
      created: false,
    },
    { path: names.testFile, text: testFileFor(options, contract.group, names), created: true },
  ];
  if (options.web) {
    const hookFile = `web/src/features/${feature}/api.ts`;
    const hookText = read(hookFile);
    if (hookText === undefined)
      refuse(`${hookFile} not found: leave out --web and add the hook where the screen needs it`);
    changes.push({
      path: hookFile,
      text: addHook(hookText, options, contract.group, group.entries, names, hookFile),
      created: false,
    });
  }
  return { names, group: contract.group, changes };
}

// --- the command

function main() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const options = parseOptions(process.argv.slice(2));
  const io = {
    read: (path) => (existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined),
    list: (dir) => (existsSync(join(root, dir)) ? readdirSync(join(root, dir)) : undefined),
  };
  const { names, group, changes } = planEndpoint(options, io);
  for (const change of changes) writeFileSync(join(root, change.path), change.text);

  const endpoint = `${group}.${options.key}`;
  const hook = options.method === 'GET' ? 'useApiQuery' : 'useApiMutation';
  console.log(`new:endpoint: ${endpoint}, ${options.method} ${options.path}`);
  for (const change of changes) console.log(`  ${change.created ? 'created' : 'changed'} ${change.path}`);
  console.log('Next:');
  const contract = `contract/${options.feature}.ts`;
  const fill = [
    names.request && `${names.request} (what the caller sends)`,
    names.response && `${names.response} (the answer, or use a schema the feature has)`,
    names.paramsSchema && names.paramsSchema !== 'idParam' && `${names.paramsSchema} (its params are UUIDs)`,
  ].filter(Boolean);
  const steps = [
    `${fill.length ? `Fill in ${fill.join(' and ')}` : 'Check the entry'} in ${contract}; a refusal only the service knows (a 409, a 404 without a path id) goes in its responses as errorBody.`,
    `See the test fail ("${names.service} is not written yet"): npx vitest run ${names.testFile}`,
    `Write ${names.service} in server/features/${options.feature}/${options.feature}.service.ts and the test's checks, until it passes.`,
    options.web
      ? `Check the hook ${names.hook} in web/src/features/${options.feature}/api.ts${hook === 'useApiMutation' ? ' (which reads it refreshes)' : ''}.`
      : `Add the hook where the screen needs it (web/src/features/${options.feature}/api.ts): ${hook}(${endpoint}, …), or run again with --web.`,
    'npm run typecheck, npx biome check --write <the files above>, node scripts/check-boundaries.mjs',
  ];
  for (const [i, step] of steps.entries()) console.log(`  ${i + 1}. ${step}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    console.error(`new:endpoint: ${error.message}`);
    process.exit(1);
  }
}
