/**
 * The OpenAPI documents: `GET /api/docs/json` (the real server's route, 7.10 on: OpenAPI 3.0.3 in
 * its envelope) made from the operation table, and `GET /__admin/openapi.json` (3.1) made from the
 * control API's table. Both validate with an OpenAPI validator and list exactly what the tables do.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { byEra } from '../src/eras';
import { OPERATIONS } from '../src/operations/table';
import { profileOf } from '../src/profiles';
import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { ROUTES } from '../src/surface/routes';

type Doc = {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        deprecated?: boolean;
        description?: string;
        security?: unknown;
        parameters?: unknown[];
        requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> };
        responses?: Record<string, unknown>;
      }
    >
  >;
};

/** The validator's verdict (run in a child process: it is an ES module). */
function valid(doc: object): Promise<{ valid: boolean; errors?: unknown }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(__dirname, 'support', 'validate-openapi.mjs')]);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('close', () => resolve(JSON.parse(out) as { valid: boolean; errors?: unknown }));
    child.stdin.end(JSON.stringify(doc));
  });
}

describe('GET /api/docs/json', () => {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = createFakeServer();
    await fake.start(0);
  });
  afterAll(() => fake.stop());

  it('is a valid OpenAPI 3.0.3 document of exactly the routes the operation table serves', async () => {
    const res = await fetch(`${fake.url}/api/docs/json`);
    expect(res.status).toBe(200);
    const { success, ...doc } = (await res.json()) as Doc & { success: boolean };
    expect(success).toBe(true);
    expect(await valid(doc)).toEqual({ valid: true });
    // the validator does refuse: a document without paths or info is not one
    expect((await valid({ openapi: '3.0.3' })).valid).toBe(false);
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info).toEqual({ title: 'Rocket.Chat API', description: 'Rocket.Chat API', version: '8.9.0' });
    expect(doc.servers).toEqual([{ url: fake.url }]);
    // a route the release line does not serve (GET /api/v1/info, gone since 3.0) is not listed
    const served = OPERATIONS.filter(
      (op) => !op.openApi?.servedIn || byEra(profileOf('8.9'), op.openApi.servedIn),
    );
    expect(served.map((op) => op.name)).not.toContain('v1.info');
    expect((await fetch(`${fake.url}/api/v1/info`)).status).toBe(404);
    const expected = served
      .flatMap((op) =>
        (op.also === undefined ? [op.method] : [op.method, op.also]).map(
          (m) =>
            `${m.toLowerCase()} ${op.prefix ? `${op.path}${(op.openApi?.pathParameters ?? ['integrationId', 'token']).map((n) => `{${n}}`).join('/')}` : op.path}`,
        ),
      )
      .sort();
    const listed = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m} ${path}`))
      .sort();
    expect(listed).toEqual(expected);
    // the auth headers where the route needs them; a release's own validator as its parameters
    expect(doc.paths['/api/v1/channels.setReadOnly']?.post?.security).toEqual([
      { userId: [], authToken: [] },
    ]);
    expect(doc.paths['/api/v1/login']?.post?.security).toBeUndefined();
    const setReadOnly = OPERATIONS.find((op) => op.name === 'channels.setReadOnly');
    const schema = setReadOnly?.validator && byEra(profileOf('8.9'), setReadOnly.validator)?.schema;
    expect(schema).toBeDefined();
    expect(
      doc.paths['/api/v1/channels.setReadOnly']?.post?.requestBody?.content['application/json']?.schema,
    ).toEqual(schema);
    const list = doc.paths['/api/v1/channels.list']?.get?.parameters as { name: string; in: string }[];
    expect(list.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:count', 'query:offset', 'query:sort']),
    );
    // a validator that takes one of two names (oneOf/anyOf) lists both, saying one is needed
    type Parameter = { name: string; required: boolean; description?: string };
    const history = doc.paths['/api/v1/channels.history']?.get?.parameters as Parameter[];
    expect(history.find((p) => p.name === 'roomId')).toMatchObject({ required: false });
    expect(history.find((p) => p.name === 'roomId')?.description).toMatch(/^one of .*roomId.* is required$/);
    const info = doc.paths['/api/v1/channels.info']?.get?.parameters as Parameter[];
    expect(info.filter((p) => ['roomId', 'roomName'].includes(p.name))).toEqual([
      expect.objectContaining({ name: 'roomId', description: 'one of roomId, roomName is required' }),
      expect.objectContaining({ name: 'roomName', description: 'one of roomId, roomName is required' }),
    ]);
    const withParameters = Object.entries(doc.paths)
      .filter(([, methods]) => (methods.get?.parameters ?? []).length > 0)
      .map(([path]) => path);
    expect(withParameters).toEqual(
      expect.arrayContaining([
        '/api/v1/users.info',
        '/api/v1/groups.info',
        '/api/v1/rooms.get',
        '/api/v1/im.list',
      ]),
    );
    // the statuses a route answers besides 200 and 400, and a 200 with no body where there is none
    expect(Object.keys(doc.paths['/api/v1/login']?.post?.responses ?? {})).toEqual([
      '200',
      '400',
      '401',
      '429',
    ]);
    expect(doc.paths['/api/v1/logout']?.post?.responses?.['200']).toEqual({
      description: 'done, with no body',
    });
    // the 200 as the route declares it; the refusals by status with the declared errors' words
    type Answer = { content: Record<string, { schema: { required?: string[] } }>; description: string };
    const readOnly = doc.paths['/api/v1/channels.setReadOnly']?.post?.responses as Record<string, Answer>;
    expect(readOnly['200']?.content['application/json']?.schema.required).toEqual(['channel', 'success']);
    expect(readOnly['400']?.description).toMatch(/error-room-not-found.*error-action-not-allowed/);
    const hook = doc.paths['/hooks/{integrationId}/{token}']?.post;
    expect(Object.keys(hook?.responses ?? {})).toEqual(['200', '400', '404', '429', '503']);
    expect(hook?.requestBody?.required).toBe(false);
    expect(Object.keys(hook?.requestBody?.content ?? {})).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
  });

  it('marks deprecated the operations the release line deprecates, with the route to use instead', async () => {
    const at = createFakeServer({ profile: '7.10' });
    await at.start(0);
    try {
      const res = await fetch(`${at.url}/api/docs/json`);
      const { success: _success, ...doc } = (await res.json()) as Doc & { success: boolean };
      expect(await valid(doc)).toEqual({ valid: true });
      const upload = doc.paths['/api/v1/rooms.upload/{rid}']?.post;
      expect(upload).toMatchObject({
        operationId: 'rooms.upload',
        deprecated: true,
        description: 'Deprecated: to be removed on version 8.0.0; use rooms.media instead',
      });
      // exactly the operations whose declaration deprecates them on 7.10
      const deprecated = OPERATIONS.filter(
        (op) =>
          op.openApi?.deprecated &&
          byEra(profileOf('7.10'), op.openApi.deprecated) &&
          (!op.openApi.servedIn || byEra(profileOf('7.10'), op.openApi.servedIn)),
      ).map((op) => op.name);
      expect(deprecated).toContain('rooms.upload');
      const marked = Object.values(doc.paths)
        .flatMap((methods) => Object.values(methods))
        .filter((object) => object.deprecated === true)
        .map((object) => object.operationId);
      expect(marked.sort()).toEqual(deprecated.sort());
      // a route not deprecated has neither
      expect(doc.paths['/api/v1/rooms.media/{rid}']?.post).not.toHaveProperty('deprecated');
      expect(doc.paths['/api/v1/rooms.media/{rid}']?.post).not.toHaveProperty('description');
    } finally {
      await at.stop();
    }
    // 8.x: the route is gone, so is its entry
    const res = await fetch(`${fake.url}/api/docs/json`);
    const doc = (await res.json()) as Doc;
    expect(doc.paths['/api/v1/rooms.upload/{rid}']).toBeUndefined();
    expect(
      Object.values(doc.paths).flatMap((methods) => Object.values(methods).filter((o) => o.deprecated)),
    ).toEqual([]);
  });

  it('answers only withUndocumented, and is absent before 7.10', async () => {
    const bad = await fetch(`${fake.url}/api/docs/json?fields=x`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      success: false,
      error: 'must NOT have additional properties [invalid-params]',
      errorType: 'invalid-params',
    });
    expect((await fetch(`${fake.url}/api/docs/json?withUndocumented=true`)).status).toBe(200);
    const old = fake.session({ profile: '7.0' });
    expect((await fetch(`${old.url}/api/docs/json`)).status).toBe(404);
    const newer = fake.session({ profile: '7.10' });
    const answer = (await (await fetch(`${newer.url}/api/docs/json`)).json()) as Doc;
    expect(answer.info.version).toBe('7.10.0');
    await old.close();
    await newer.close();
  });
});

describe('GET /__admin/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document of every control route', async () => {
    const fake = createFakeServer();
    await fake.start(0);
    try {
      const doc = (await (await fetch(`${fake.url}/__admin/openapi.json`)).json()) as Doc;
      expect(await valid(doc)).toEqual({ valid: true });
      expect(doc.openapi).toBe('3.1.0');
      const expected = [
        ...Object.values(ROUTES).map(
          (r) => `${r.method.toLowerCase()} /__admin${r.path.replace(/:(\w+)/g, '{$1}')}`,
        ),
        'get /__admin/events',
        'get /__admin/ui',
      ].sort();
      const listed = Object.entries(doc.paths)
        .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m} ${path}`))
        .sort();
      expect(listed).toEqual(expected);
      expect(doc.paths['/__admin/stubs']?.post?.operationId).toBe('addStub');
    } finally {
      await fake.stop();
    }
  });

  it('says what each route takes and answers, as the routes do', async () => {
    const fake = createFakeServer();
    await fake.start(0);
    try {
      const doc = (await (await fetch(`${fake.url}/__admin/openapi.json`)).json()) as Doc & {
        security: unknown;
      };
      // the token where the server has one (none where it has none); health never needs it
      expect(doc.security).toEqual([{ adminToken: [] }, {}]);
      expect(doc.paths['/__admin/health']?.get?.security).toEqual([]);
      expect(doc.paths['/__admin/ui']?.get?.security).toEqual([]);
      expect(doc.paths['/__admin/state']?.get?.security).toBeUndefined();
      const query = (path: string, method = 'get'): string[] =>
        ((doc.paths[path]?.[method]?.parameters ?? []) as { name: string; in: string; required: boolean }[])
          .filter((p) => p.in === 'query')
          .map((p) => `${p.name}${p.required ? '!' : ''}`);
      expect(query('/__admin/requests')).toEqual(['path', 'method', 'status', 'modelled']);
      expect(query('/__admin/requests/last')).toEqual(['path', 'method', 'status', 'modelled']);
      expect(query('/__admin/deliveries')).toEqual(['wait', 'timeoutMs']);
      expect(query('/__admin/pact')).toEqual([
        'consumer!',
        'provider',
        'path',
        'method',
        'status',
        'modelled',
      ]);
      expect(query('/__admin/state')).toEqual(['diff']);
      expect(Object.keys(doc.paths['/__admin/deliveries']?.get?.responses ?? {})).toContain('504');
      expect(Object.keys(doc.paths['/__admin/stubs/{id}']?.delete?.responses ?? {})).toContain('404');
      expect(Object.keys(doc.paths['/__admin/scenario']?.put?.responses ?? {})).toEqual(
        expect.arrayContaining(['200', '400', '401', '403', '413', '415']),
      );
      // what the document says, the routes do: a route it gives a query refuses one it does not
      // take, and a body it says is required is refused when missing (and nothing changes)
      const before = await (await fetch(`${fake.url}/__admin/state`)).text();
      for (const [path, methods] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(methods)) {
          if (/\{/.test(path) || path === '/__admin/shutdown' || path === '/__admin/events') continue;
          const url = `${fake.url}${path}`;
          if (query(path, method).length > 0) {
            const res = await fetch(`${url}?bogus=1`, { method: method.toUpperCase() });
            expect(`${method} ${path} ?bogus=1 → ${res.status}`).toBe(`${method} ${path} ?bogus=1 → 400`);
          }
          if (operation.requestBody?.required === true) {
            const res = await fetch(url, { method: method.toUpperCase() });
            expect(`${method} ${path} without a body → ${res.status}`).toBe(
              `${method} ${path} without a body → 400`,
            );
          }
        }
      }
      expect(await (await fetch(`${fake.url}/__admin/state`)).text()).toBe(before);
      // a session's document is the session's: its base URL, without what only the root answers
      const session = fake.session();
      const own = (await (await fetch(`${session.url}/__admin/openapi.json`)).json()) as Doc;
      expect(own.servers).toEqual([{ url: session.url }]);
      expect(Object.keys(own.paths)).not.toContain('/__admin/sessions');
      expect(Object.keys(own.paths)).not.toContain('/__admin/shutdown');
      expect(Object.keys(own.paths)).toContain('/__admin/reset');
      expect(await valid(own)).toEqual({ valid: true });
      await session.close();
    } finally {
      await fake.stop();
    }
  });
});
