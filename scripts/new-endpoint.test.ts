import { describe, expect, it } from 'vitest';
import {
  addHook,
  addImport,
  addToContract,
  addToRoutes,
  addToService,
  groupsOf,
  namesFor,
  parseOptions,
  planEndpoint,
  Refusal,
  testFileFor,
} from './new-endpoint.mjs';

// The fixtures are cut-down copies of the real files (contract/labels.ts, contract/projects.ts,
// server/features/labels/*, web/src/features/projects/api.ts), formatted as biome keeps them.

const LABELS_CONTRACT = `import { z } from 'zod';
import { idParam, text } from './common';
import { endpoints } from './endpoint';
import { labelSchema } from './tasks';

const labelName = text({ required: 'label_name_required', max: 40, tooLong: 'label_name_too_long' });

export const createLabelRequest = z.object({ name: labelName, color: z.string() });

export const labelsApi = endpoints('Labels', {
  list: {
    method: 'GET',
    path: '/api/labels',
    summary: "The organisation's labels, by name",
    access: 'signedIn',
    responses: { 200: z.array(labelSchema) },
  },
  create: {
    method: 'POST',
    path: '/api/labels',
    summary: 'Add a label (name unique whatever its case)',
    access: ['manager', 'admin'],
    body: createLabelRequest,
    responses: { 201: labelSchema },
  },
  remove: {
    method: 'DELETE',
    path: '/api/labels/{id}',
    summary: 'Delete a label; the tasks carrying it lose it',
    access: ['manager', 'admin'],
    params: idParam,
    responses: { 204: null },
  },
});
`;

// No idParam imported yet, a doc comment above the group, and a second group after it.
const PROJECTS_CONTRACT = `import { z } from 'zod';
import { errorBody, text } from './common';
import { endpoints } from './endpoint';

export const projectSchema = z.object({ id: z.string(), name: z.string() });

/** Everything about projects. */
export const projectsApi = endpoints('Projects', {
  list: {
    method: 'GET',
    path: '/api/projects',
    summary: 'Every project, newest first',
    access: 'signedIn',
    responses: { 200: z.array(projectSchema) },
  },
});

export const projectAdminApi = endpoints('Project administration', {
  purge: {
    method: 'POST',
    path: '/api/projects/purge',
    summary: 'Purge the bin',
    access: ['admin'],
    responses: { 204: null, 409: errorBody },
  },
});
`;

const LABELS_SERVICE = `import { asc, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { createLabelRequest, Label } from '@contract/labels';
import { labels } from '../../db/schema';
import type { Context } from '../../lib/context';

export function listLabels({ db }: Context): Promise<Label[]> {
  return db.select().from(labels).orderBy(asc(sql\`lower(\${labels.name})\`));
}
`;

const LABELS_ROUTES = `import { labelsApi } from '@contract/labels';
import { implement } from '../../lib/routes';
import { createLabel, deleteLabel, listLabels } from './labels.service';

/** Labels: read by all, kept by managers and admins (the contract's access). */
export const labelsRoutes = implement(labelsApi, {
  list: (ctx) => listLabels(ctx),
  create: (ctx, { body }) => createLabel(ctx, body),
  remove: (ctx, { params }) => deleteLabel(ctx, params.id),
});
`;

const PROJECTS_WEB = `import { projectsApi } from '@contract/projects';
import { useApiMutation } from '@/lib/api';

export const useCreateProject = () => useApiMutation(projectsApi.create, { refreshes: [projectsApi.list] });
`;

const options = (argv: string) => parseOptions(argv.split(' '));
const archive = () =>
  options('--feature labels --name archive --method POST --path /api/labels/{id}/archive --summary Archive');

/** The message of the Refusal `run` throws (and fails when it throws something else, or nothing). */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(Refusal);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('the command line', () => {
  it('takes the options, upper-cases the method and reads the access as roles in the order given', () => {
    expect(
      parseOptions([
        '--feature',
        'time-entries',
        '--name',
        'archive',
        '--method',
        'patch',
        '--path',
        '/api/time-entries/{id}/archive',
        '--summary',
        "Archive someone's entry",
        '--access',
        'manager, admin',
      ]),
    ).toEqual({
      feature: 'time-entries',
      key: 'archive',
      method: 'PATCH',
      path: '/api/time-entries/{id}/archive',
      summary: "Archive someone's entry",
      access: ['manager', 'admin'],
      group: undefined,
      web: false,
    });
    expect(options('--feature labels --name x --method GET --path /api/labels/x --summary X').access).toBe(
      'signedIn',
    );
  });

  it('refuses a missing or malformed argument on one line', () => {
    const base = '--feature labels --name archive --method POST --path /api/labels/{id}/archive';
    expect(refusal(() => options(base))).toMatch(/^--summary is missing \(usage: npm run new:endpoint/);
    expect(refusal(() => options(`${base} --summary X --method FETCH`))).toBe(
      '--method must be one of GET, POST, PUT, PATCH, DELETE, not "FETCH"',
    );
    expect(refusal(() => options(`${base} --summary X --path /labels/{id}`))).toBe(
      '--path must start with /api/, not "/labels/{id}"',
    );
    expect(refusal(() => options(`${base} --summary X --path /api/labels/a?b`))).toMatch(/^--path may hold/);
    expect(refusal(() => options(`${base} --summary X --path /api/a/{id}/b/{id}`))).toMatch(/twice/);
    expect(refusal(() => options(`${base} --summary X --name archive-label`))).toBe(
      '--name must be a JavaScript identifier (the endpoint\'s key), not "archive-label"',
    );
    expect(refusal(() => options(`${base} --summary X --access manager,boss`))).toMatch(
      /^--access takes roles/,
    );
    expect(refusal(() => options(`${base} --summary X --verbose`))).toMatch(/^Unknown option '--verbose'/);
    for (const message of [refusal(() => options(base)), refusal(() => options(`${base} --summary X --x`))])
      expect(message).not.toContain('\n');
  });
});

describe('the names', () => {
  it("puts the feature's record into the service name, after the project's", () => {
    const name = (feature: string, key: string, method = 'POST', path = `/api/${feature}/x`) =>
      namesFor({ feature, key, method, path }).service;
    expect(name('labels', 'archive')).toBe('archiveLabel');
    expect(name('labels', 'archiveLabel')).toBe('archiveLabel');
    expect(name('projects', 'addMember')).toBe('addProjectMember');
    expect(name('time-entries', 'restore')).toBe('restoreTimeEntry');
    expect(name('attendance', 'fix')).toBe('fixAttendance');
    expect(name('labels', 'list', 'GET')).toBe('listLabels');
    expect(name('labels', 'remove', 'DELETE')).toBe('deleteLabel');
    expect(name('projects', 'stats', 'GET')).toBe('getProjectStats');
    expect(name('projects', 'export', 'GET')).toBe('exportProject');
  });

  it('names the schemas, the success status, the hook and the test file', () => {
    expect(namesFor(archive())).toEqual({
      service: 'archiveLabel',
      params: ['id'],
      paramsSchema: 'idParam',
      request: 'archiveLabelRequest',
      response: 'archiveLabelResponse',
      status: 200,
      hook: 'useArchiveLabel',
      testFile: 'server/features/labels/archive.test.ts',
    });
    const stats = namesFor({
      feature: 'projects',
      key: 'stats',
      method: 'GET',
      path: '/api/projects/{id}/s',
    });
    expect([stats.request, stats.response, stats.hook]).toEqual([
      null,
      'getProjectStatsResponse',
      'useProjectStats',
    ]);
    const remove = namesFor({
      feature: 'teams',
      key: 'removeMember',
      method: 'DELETE',
      path: '/api/teams/{id}/members/{userId}',
    });
    expect(remove).toMatchObject({
      params: ['id', 'userId'],
      paramsSchema: 'removeTeamMemberParams',
      request: null,
      response: null,
      status: 204,
      testFile: 'server/features/teams/remove-member.test.ts',
    });
  });
});

describe('the contract', () => {
  it("adds the entry last in a group of several, in the entries' style, and its schemas above the group", () => {
    const { text, group } = addToContract(LABELS_CONTRACT, archive());
    expect(group).toBe('labelsApi');
    const schemas =
      'export const archiveLabelRequest = z.object({});\nexport const archiveLabelResponse = z.object({});\n\n';
    const entry = `  archive: {
    method: 'POST',
    path: '/api/labels/{id}/archive',
    summary: 'Archive',
    access: 'signedIn',
    params: idParam,
    body: archiveLabelRequest,
    responses: { 200: archiveLabelResponse },
  },
`;
    // Exactly these, and nothing else moved.
    expect(text).toBe(
      LABELS_CONTRACT.replace('export const labelsApi', `${schemas}export const labelsApi`).replace(
        /\}\);\n$/,
        `${entry}});\n`,
      ),
    );
    expect(groupsOf(text)[0].entries.map((e) => e.key)).toEqual(['list', 'create', 'remove', 'archive']);
  });

  it('writes a GET without body, the roles of --access, and quotes a summary with an apostrophe as biome does', () => {
    const read = options(
      '--feature labels --name usage --method GET --path /api/labels/{id}/usage --summary x --access manager,admin',
    );
    const { text } = addToContract(LABELS_CONTRACT, { ...read, summary: "A label's tasks, by project" });
    const entry = text.slice(text.indexOf('  usage: {'), text.lastIndexOf('});'));
    expect(entry).toBe(`  usage: {
    method: 'GET',
    path: '/api/labels/{id}/usage',
    summary: "A label's tasks, by project",
    access: ['manager', 'admin'],
    params: idParam,
    responses: { 200: getLabelUsageResponse },
  },
`);
    expect(text).not.toContain('getLabelUsageRequest');
  });

  it('imports idParam for an {id} path, and gives other path params a schema of their own', () => {
    const byId = options(
      '--feature projects --name archive --method POST --path /api/projects/{id}/archive --summary A',
    );
    const withId = addToContract(PROJECTS_CONTRACT, byId).text;
    expect(withId).toContain("import { errorBody, idParam, text } from './common';");
    expect(withId).toContain('    params: idParam,');

    const two = options(
      '--feature projects --name removeMember --method DELETE --path /api/projects/{id}/members/{userId} --summary R',
    );
    const withTwo = addToContract(PROJECTS_CONTRACT, two).text;
    expect(withTwo).toContain(
      'export const removeProjectMemberParams = z.object({ id: z.uuid(), userId: z.uuid() });',
    );
    expect(withTwo).toContain('    params: removeProjectMemberParams,\n    responses: { 204: null },\n');
    expect(withTwo).not.toContain('idParam');
    // Above the group's doc comment, not between it and the group.
    expect(withTwo).toContain(
      'userId: z.uuid() });\n\n/** Everything about projects. */\nexport const projectsApi',
    );
  });

  it('goes into the group --group names, else the first', () => {
    const purge = options(
      '--feature projects --name restore --method POST --path /api/projects/restore --summary R',
    );
    expect(addToContract(PROJECTS_CONTRACT, purge).group).toBe('projectsApi');
    const { text, group } = addToContract(PROJECTS_CONTRACT, { ...purge, group: 'projectAdminApi' });
    expect(group).toBe('projectAdminApi');
    const [projects, admin] = groupsOf(text);
    expect(projects.entries.map((e) => e.key)).toEqual(['list']);
    expect(admin.entries.map((e) => e.key)).toEqual(['purge', 'restore']);
  });

  it('refuses a key or a method and path the group has, and a group it cannot find', () => {
    const file = 'contract/labels.ts';
    expect(
      refusal(() => addToContract(LABELS_CONTRACT, { ...archive(), key: 'remove' }, undefined, file)),
    ).toBe('contract/labels.ts: labelsApi already has an endpoint "remove"');
    // The same route under another parameter name is the same route to Fastify.
    const again = { ...archive(), key: 'drop', method: 'DELETE', path: '/api/labels/{labelId}' };
    expect(refusal(() => addToContract(LABELS_CONTRACT, again, undefined, file))).toBe(
      'contract/labels.ts: labelsApi.remove already answers DELETE /api/labels/{id}',
    );
    // Another method on that path is another endpoint.
    expect(() => addToContract(LABELS_CONTRACT, { ...again, method: 'PATCH' })).not.toThrow();
    expect(
      refusal(() => addToContract(LABELS_CONTRACT, { ...archive(), group: 'tagsApi' }, undefined, file)),
    ).toBe('contract/labels.ts has no group "export const tagsApi = endpoints(…)"');
    expect(refusal(() => addToContract("import { z } from 'zod';\n", archive(), undefined, file))).toBe(
      'contract/labels.ts has no group "export const <x>Api = endpoints(…)"',
    );
    const taken = `${LABELS_CONTRACT}\nexport const archiveLabelResponse = labelSchema;\n`;
    expect(refusal(() => addToContract(taken, archive(), undefined, file))).toBe(
      'contract/labels.ts already has a "archiveLabelResponse"',
    );
  });
});

describe('the server', () => {
  it('adds a service function that takes the context and the input and throws until it is written', () => {
    const text = addToService(LABELS_SERVICE, archive());
    expect(text).toContain(
      "import type { archiveLabelRequest, archiveLabelResponse, createLabelRequest, Label } from '@contract/labels';",
    );
    expect(
      text.endsWith(`
/** Archive */
export async function archiveLabel(
  _ctx: Context,
  _id: string,
  _input: z.output<typeof archiveLabelRequest>,
): Promise<z.input<typeof archiveLabelResponse>> {
  throw new Error('archiveLabel is not written yet: make server/features/labels/archive.test.ts pass');
}
`),
    ).toBe(true);
    expect(refusal(() => addToService(LABELS_SERVICE, { ...archive(), key: 'listLabels' }))).toMatch(
      /already has "listLabels"/,
    );
  });

  it('creates the service file when the feature has none', () => {
    const remove = options(
      '--feature teams --name remove --method DELETE --path /api/teams/{id} --summary Gone',
    );
    expect(addToService(undefined, remove)).toBe(`import type { Context } from '../../lib/context';

/** Gone */
export async function deleteTeam(_ctx: Context, _id: string): Promise<void> {
  throw new Error('deleteTeam is not written yet: make server/features/teams/remove.test.ts pass');
}
`);
  });

  it('adds the route line to implement(group, {…}) and imports the service function', () => {
    const text = addToRoutes(LABELS_ROUTES, archive(), 'labelsApi');
    expect(text).toBe(
      LABELS_ROUTES.replace('{ createLabel,', '{ archiveLabel, createLabel,').replace(
        '  remove: (ctx, { params }) => deleteLabel(ctx, params.id),\n',
        '  remove: (ctx, { params }) => deleteLabel(ctx, params.id),\n' +
          '  archive: (ctx, { params, body }) => archiveLabel(ctx, params.id, body),\n',
      ),
    );
    const list = options('--feature labels --name unused --method GET --path /api/labels/unused --summary U');
    expect(addToRoutes(LABELS_ROUTES, list, 'labelsApi')).toContain(
      '  unused: (ctx) => getLabelUnused(ctx),\n});',
    );
  });

  it('breaks a route line that is too long as biome does', () => {
    const long = {
      ...archive(),
      key: 'archiveEveryLabelNobodyHasUsedForAYear',
      path: '/api/labels/{id}/archive-every-label/{otherId}',
    };
    expect(addToRoutes(LABELS_ROUTES, long, 'labelsApi')).toContain(`
  archiveEveryLabelNobodyHasUsedForAYear: (ctx, { params, body }) =>
    archiveEveryLabelNobodyHasUsedForAYear(ctx, params.id, params.otherId, body),
});`);
  });

  it('refuses a routes file without the group, and a function name it uses already', () => {
    expect(
      refusal(() => addToRoutes(LABELS_ROUTES, archive(), 'tagsApi', undefined, 'labels.routes.ts')),
    ).toBe('labels.routes.ts has no implement(tagsApi, {…})');
    expect(
      refusal(() => addToRoutes(LABELS_ROUTES, { ...archive(), key: 'createLabel' }, 'labelsApi')),
    ).toMatch(/already uses "createLabel"/);
  });
});

describe('the test it writes', () => {
  it('calls the endpoint as its first allowed role for the success status, and as the others for 403', () => {
    const text = testFileFor({ ...archive(), access: ['manager', 'admin'] }, 'labelsApi');
    expect(text).toContain(
      'const archive = (api: TestApi) => api.call(labelsApi.archive, { params: { id: MISSING_ID }, body: {} });',
    );
    expect(text).toContain(`  it('answers a manager 200', async () => {
    const api = await t.signIn(await t.createUser('manager'));`);
    expect(text).toContain('expect(res.statusCode, errors()).toBe(200);');
    expect(text).toContain(`  it('refuses an employee with 403', async () => {
    for (const role of ['employee'] as const) {`);
    expect(text).toContain(
      "import { createTestApp, MISSING_ID, type TestApi, type TestContext } from '../../test/harness';",
    );
  });

  it('has no 403 test when every role may call, and no params or body when the endpoint has none', () => {
    const read = options('--feature labels --name unused --method GET --path /api/labels/unused --summary U');
    const text = testFileFor(read, 'labelsApi');
    expect(text).not.toContain('403');
    expect(text).not.toContain('MISSING_ID');
    expect(text).toContain('const unused = (api: TestApi) => api.call(labelsApi.unused);');
    expect(text).toContain("t.createUser('employee')");
    const remove = { ...read, key: 'delete', method: 'DELETE', path: '/api/labels/{id}', access: ['admin'] };
    const removal = testFileFor(remove, 'labelsApi');
    expect(removal).toContain(
      'const callDelete = (api: TestApi) => api.call(labelsApi.delete, { params: { id: MISSING_ID } });',
    );
    expect(removal).toContain('.toBe(204);');
    expect(removal).toContain("for (const role of ['manager', 'employee'] as const)");
  });
});

describe('the hook', () => {
  it('reads a GET with useApiQuery, its params as arguments', () => {
    const stats = options(
      '--feature projects --name stats --method GET --path /api/projects/{id}/stats --summary S',
    );
    const text = addHook(PROJECTS_WEB, stats, 'projectsApi');
    expect(text).toContain("import { useApiMutation, useApiQuery } from '@/lib/api';");
    expect(
      text.endsWith(
        'export const useProjectStats = (id: string) => useApiQuery(projectsApi.stats, { params: { id } });\n',
      ),
    ).toBe(true);
  });

  it("writes with useApiMutation, refreshing the group's read that covers its path", () => {
    const archiveProject = options(
      '--feature projects --name archive --method POST --path /api/projects/{id}/archive --summary A',
    );
    const reads = groupsOf(PROJECTS_CONTRACT)[0].entries;
    expect(addHook(PROJECTS_WEB, archiveProject, 'projectsApi', reads)).toContain(
      'export const useArchiveProject = () => useApiMutation(projectsApi.archive, { refreshes: [projectsApi.list] });',
    );
    const text = addHook(PROJECTS_WEB, { ...archiveProject, path: '/api/archive' }, 'projectsApi', reads);
    expect(text).toContain('export const useArchiveProject = () => useApiMutation(projectsApi.archive);');
    expect(refusal(() => addHook(text, archiveProject, 'projectsApi'))).toMatch(
      /already has "useArchiveProject"/,
    );
  });

  it('imports the group when the file does not yet', () => {
    const text = addHook("import { useApiQuery } from '@/lib/api';\n", archive(), 'labelsApi');
    expect(text).toBe(`import { useApiMutation, useApiQuery } from '@/lib/api';
import { labelsApi } from '@contract/labels';
export const useArchiveLabel = () => useApiMutation(labelsApi.archive);
`);
  });
});

describe('imports', () => {
  it('adds a name in order, as a type into a value import, and on a line of its own when none fits', () => {
    expect(addImport("import { b, d } from './x';\n", './x', 'c')).toBe("import { b, c, d } from './x';\n");
    expect(addImport("import { b } from './x';\n", './x', 'B', { typeOnly: true })).toBe(
      "import { b, type B } from './x';\n",
    );
    expect(addImport("import type { b } from './x';\n", './x', 'b')).toBe("import type { b } from './x';\n");
    expect(addImport("import a from 'a';\n\nconst x = 1;\n", './x', 'c')).toBe(
      "import a from 'a';\nimport { c } from './x';\n\nconst x = 1;\n",
    );
    const many = Array.from({ length: 9 }, (_, i) => `someLongName${i}`);
    expect(addImport(`import { ${many.join(', ')} } from './x';\n`, './x', 'someLongName9')).toBe(
      `import {\n${[...many, 'someLongName9'].map((n) => `  ${n},`).join('\n')}\n} from './x';\n`,
    );
  });
});

describe('the plan', () => {
  const files: Record<string, string> = {
    'contract/labels.ts': LABELS_CONTRACT,
    'contract/projects.ts': PROJECTS_CONTRACT,
    'server/features/labels/labels.routes.ts': LABELS_ROUTES,
    'server/features/labels/labels.service.ts': LABELS_SERVICE,
  };
  const io = (extra: Record<string, string> = {}) => {
    const all = { ...files, ...extra };
    return {
      read: (path: string) => all[path],
      list: (dir: string) => {
        const names = Object.keys(all)
          .filter((path) => path.startsWith(`${dir}/`))
          .map((path) => path.slice(dir.length + 1));
        return names.length ? names : undefined;
      },
    };
  };

  it('works out the four files before any is written', () => {
    const { changes } = planEndpoint(archive(), io());
    expect(changes.map((c) => [c.path, c.created])).toEqual([
      ['contract/labels.ts', false],
      ['server/features/labels/labels.service.ts', false],
      ['server/features/labels/labels.routes.ts', false],
      ['server/features/labels/archive.test.ts', true],
    ]);
  });

  it('refuses, with nothing to write, what a later step finds', () => {
    expect(refusal(() => planEndpoint(archive(), io({ 'server/features/labels/archive.test.ts': '' })))).toBe(
      'server/features/labels/archive.test.ts exists already: pick another --name',
    );
    expect(refusal(() => planEndpoint({ ...archive(), web: true }, io()))).toMatch(
      /^web\/src\/features\/labels\/api\.ts not found/,
    );
    // The route is another feature's already.
    const taken = { ...archive(), path: '/api/projects/purge' };
    expect(refusal(() => planEndpoint(taken, io()))).toBe(
      'contract/projects.ts: projectAdminApi.purge already answers POST /api/projects/purge',
    );
    // Or another group of the same file.
    const admin = options(
      '--feature projects --name purge2 --method POST --path /api/projects/purge --summary P',
    );
    expect(refusal(() => planEndpoint(admin, io()))).toBe(
      'contract/projects.ts: projectAdminApi.purge already answers POST /api/projects/purge',
    );
    expect(refusal(() => planEndpoint({ ...archive(), feature: 'tags' }, io()))).toBe(
      'contract/tags.ts not found: --feature names a contract file',
    );
  });
});
