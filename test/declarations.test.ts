/**
 * Routes declare themselves: every fact of a chat route lives in its declaration
 * (src/operations/<route>.ts, `route` of src/operations/route-groups.ts), and what is made of the
 * facts (the validators' warm-up, the OpenAPI document, the reference's route table, the tests'
 * shape checks) reads them there. No other source file hand-lists a route's name or path, nor a
 * realtime method's name: it reads them from the declarations (`op.name`, `op.path`, `METHODS`).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

import Ajv from 'ajv';

import { ERRORS } from '../src/errors';
import { GROUPS } from '../src/operations/route-groups';
import { readmeWithRoutes, referenceWithRoutes } from '../src/operations/route-docs';
import { warmValidators } from '../src/operations/schemas';
import { OPERATIONS } from '../src/operations/table';
import { METHODS } from '../src/realtime/methods';
import { lineAt, stringsOf } from './support/strings';

const ROOT = join(__dirname, '..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The declarations themselves: each route's module, the groups' (a group's prefix is where its
 * routes start: `/hooks/`, the webhook route's own path), and the realtime methods' table.
 */
const DECLARATIONS = new Set([
  ...OPERATIONS.map((op) => join(SRC, 'operations', `${op.name}.ts`)),
  join(SRC, 'operations', 'route-groups.ts'),
  join(SRC, 'realtime', 'methods.ts'),
  // the method table's own files (src/realtime/methods/*.ts: each helper's rows, spread into it)
  ...sourceFiles(join(SRC, 'realtime', 'methods')),
  // a command declares the method name it is (its realtime face answers to it)
  ...sourceFiles(join(SRC, 'commands')).filter((file) =>
    /^export default command[<(]/m.test(readFileSync(file, 'utf8')),
  ),
]);

/**
 * src/verify is the conformance suite: a client of any Rocket.Chat server (it imports nothing of
 * the fake's routes, by rule, .dependency-cruiser.cjs), which names the routes and methods it
 * calls as every client does.
 */
const CLIENT = join(SRC, 'verify');

/**
 * Strings that are a method's name but mean something else, each with why (`file: string`). A
 * name here that a file no longer holds fails the test too, so the list cannot go stale.
 */
const ALLOWED: Readonly<Record<string, string>> = {
  // the real server's error details name the Meteor method that refused, REST routes' too (im.create, chat.update)
  'src/errors.ts: createDirectMessage': "the refusal's details, word for word the real server's",
  'src/errors.ts: updateMessage': "the refusal's details, word for word the real server's",
  'src/errors/settings.ts: updateMessage': "the refusal's details, word for word the real server's",
  'src/errors/settings.ts: saveSetting': "the refusal's details, word for word the real server's",
  'src/errors/settings.ts: setUserStatus': "the refusal's details, word for word the real server's",
  'src/errors/users.ts: insertOrUpdateUser': "the refusal's details, word for word the real server's",
  'src/errors/users.ts: registerUser': "the refusal's details, word for word the real server's",
  'src/errors/users.ts: deleteUser': "the refusal's details, word for word the real server's",
  'src/errors/users.ts: setUserActiveStatus': "the refusal's details, word for word the real server's",
  'src/errors.ts: saveRoomSettings': "the refusal's details, word for word the real server's",
  'src/errors/rooms.ts: saveRoomSettings': "the refusal's details, word for word the real server's",
  'src/errors/users.ts: saveUserProfile': "the refusal's details, word for word the real server's",
  'src/errors/users.ts: deleteUserOwnAccount': "the refusal's details, word for word the real server's",
  'src/errors/users.ts: createToken': "the refusal's details, word for word the real server's",
  // a provider state's kind (`{kind: 'login'}`), not the route nor the method
  'src/pact/apply.ts: login': "a provider state's kind",
  'src/pact/states.ts: login': "a provider state's kind",
  // the README's row of the login routes (its area), not the method
  'src/operations/route-docs.ts: login': "the README's area of the login routes",
  // the realtime stream of the same name (the clients subscribe to it and call it)
  'src/realtime/connection.ts: stream-notify-room': 'the stream a client follows',
  'src/realtime/streams.ts: stream-notify-room': 'the stream a client follows',
  // the stream event a deletion sends (`<rid>/deleteMessage`), Rocket.Chat's name for it
  'src/realtime/streams.ts: deleteMessage': "a stream event's name",
  // an outgoing webhook's event (`sendMessage`), Rocket.Chat's name for it
  'src/scenario/build.ts: sendMessage': "an outgoing webhook's event",
  'src/store/webhooks.ts: sendMessage': "an outgoing webhook's event",
};

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a string hand-lists: a route's dotted name (`channels.setReadOnly`), a route's path
 * (`/api/v1/login`; a bare one-word name such as `login` or `info` is everyday English, so those
 * routes are found by their paths), or a realtime method's name, the whole string.
 */
function namedIn(text: string): string[] {
  const found: string[] = [];
  // a module's specifier (the table imports each route's module by its file name)
  if (text.startsWith('./') || text.startsWith('../')) return found;
  for (const op of OPERATIONS) {
    const byName = op.name.includes('.') && new RegExp(`(^|[^\\w.])${escape(op.name)}($|[^\\w])`).test(text);
    const byPath = op.prefix === true ? text.startsWith(op.path) : text.includes(op.path);
    if (byName || byPath) found.push(op.name);
  }
  if (Object.hasOwn(METHODS, text)) found.push(text);
  return found;
}

function handListings(files: readonly string[]): string[] {
  return files.flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    return stringsOf(source).flatMap(({ text, pos }) =>
      namedIn(text).map((name) => `${relative(ROOT, file)}:${lineAt(source, pos)}: ${name}`),
    );
  });
}

describe('routes that declare themselves', () => {
  it('finds a hand-listed route or method name, with its file and line', () => {
    expect(namedIn('/api/v1/channels.setReadOnly')).toEqual(['channels.setReadOnly']);
    expect(namedIn('channels.setReadOnly')).toEqual(['channels.setReadOnly']);
    expect(namedIn('/api/v1/me')).toEqual(['me']);
    expect(namedIn('loadHistory')).toEqual(['loadHistory']);
    expect(namedIn('me')).toEqual([]);
    expect(namedIn('/api/v1/channels.*')).toEqual([]);
    const source = "// 'channels.list'\nconst a = 1;\nconst b = `x${a}/api/v1/chat.delete`;\n";
    expect(stringsOf(source).map(({ text, pos }) => [namedIn(text), lineAt(source, pos)])).toEqual([
      [[], 3],
      [['chat.delete'], 3],
    ]);
  });

  it('no source file but a declaration hand-lists a route or a realtime method (the allowed ones say why)', () => {
    const files = sourceFiles(SRC).filter((file) => !DECLARATIONS.has(file) && !file.startsWith(CLIENT));
    expect(files.length).toBeGreaterThan(50);
    const found = handListings(files);
    const key = (listing: string): string => listing.replace(/:\d+:/, ':');
    expect(found.filter((listing) => !(key(listing) in ALLOWED))).toEqual([]);
    // every allowed one is still there (else it goes from the list)
    expect(Object.keys(ALLOWED).filter((allowed) => !found.map(key).includes(allowed))).toEqual([]);
  });

  it('every route is of a group, and states only what differs from it', () => {
    const groups = Object.values(GROUPS).map((group) => group.name);
    for (const op of OPERATIONS) {
      expect(groups).toContain(op.openApi?.group);
      const group = Object.values(GROUPS).find((g) => g.name === op.openApi?.group);
      expect(op.path.startsWith(group?.prefix ?? '?')).toBe(true);
    }
  });

  it('every route declares its 200 body as a schema, its errors from the table, and what it reads or changes', () => {
    const ajv = new Ajv({ strict: false });
    for (const op of OPERATIONS) {
      const facts = op.openApi ?? {};
      expect(facts.response).toBeDefined();
      expect(() => ajv.compile(facts.response ?? {})).not.toThrow();
      for (const code of facts.errors ?? []) expect(Object.keys(ERRORS)).toContain(code);
      // a route that changes the world's state says what it changes
      if (op.changesState) expect(facts.changes?.length).toBeGreaterThan(0);
    }
  });

  it('the validators warm-up compiles every era of every declared validator', () => {
    const declared = new Set(
      OPERATIONS.flatMap((op) => Object.values(op.validator ?? {})).filter((v) => v !== undefined),
    );
    expect(declared.size).toBeGreaterThanOrEqual(22);
    expect(warmValidators()).toBe(declared.size);
  });

  /** A file as `npm run lint` wants it (prettier, in a process of its own). */
  function formatted(file: string, text: string): string {
    const prettier = require.resolve('prettier/bin/prettier.cjs');
    return execFileSync(process.execPath, [prettier, '--stdin-filepath', file], {
      input: text,
      encoding: 'utf8',
    });
  }

  it('docs/reference.md holds the route table, as made from the declarations (run `npm run routes-table`)', () => {
    const file = join(ROOT, 'docs', 'reference.md');
    const text = readFileSync(file, 'utf8');
    expect(formatted(file, referenceWithRoutes(text, OPERATIONS))).toBe(text);
    for (const op of OPERATIONS) expect(text).toContain(`\`${op.path}`);
  });

  it("the README's summary of what it serves and its number of REST routes, as made from the declarations (run `npm run routes-table`)", () => {
    const file = join(ROOT, 'README.md');
    const text = readFileSync(file, 'utf8');
    expect(formatted(file, readmeWithRoutes(text, OPERATIONS))).toBe(text);
    expect(text).toContain(`It answers the ${OPERATIONS.length} REST routes`);
    const summary = /<!-- routes:summary -->([\s\S]*?)<!-- \/routes:summary -->/.exec(text)?.[1] ?? '';
    for (const op of OPERATIONS.filter((o) => o.openApi?.aliasOf === undefined))
      expect(summary).toMatch(new RegExp(`\`(${escape(op.name)}|${escape(op.path)})`));
  });
});
