import { readFileSync } from 'node:fs';

import { lazy } from '../lazy';
import { packageFile } from '../paths';
import type { World } from '../types';
import type { WorldCacheSetting } from './cache';
import { cacheWorld, cachedWorld, worldCacheDir } from './cache';
import { compiledWorld } from './compiled';
import type * as JsonSyntaxModule from './json-syntax';
import { ScenarioError, jsonPath } from './problems';
import { shareNestedValues } from './share';
import type * as ResolveModule from './resolve';
import type { ScenarioInput } from './schema';

/** The JSON checker (syntax errors, repeated keys): loaded when a scenario file is read. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred load (src/lazy.ts)
const jsonSyntax = lazy(() => require('./json-syntax') as typeof JsonSyntaxModule);
/** Validation and resolution (zod, faker): not loaded when a compiled world stands in. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred load (src/lazy.ts)
const resolveModule = lazy(() => require('./resolve') as typeof ResolveModule);

/** Where a world comes from: a scenario document, else a file (default: the shipped default). */
export interface WorldSource {
  /** a scenario file; default: the shipped `fixtures/default.json` (ignored when `scenario` is given) */
  fixtures?: string;
  /** a scenario document, instead of a file */
  scenario?: ScenarioInput;
  /**
   * the world of a fresh Rocket.Chat at its first boot (`fixtures/first-boot.json`): the bot user
   * `rocket.cat`, `#general` (`_id` `GENERAL`) as the default channel, the default settings and
   * permissions, no other user. Instead of `fixtures` and `scenario` (giving either too is refused).
   */
  firstBoot?: boolean;
  /** overrides the scenario's `seed` */
  seed?: number;
  /**
   * where resolved worlds of scenarios that generate entities are kept between runs (a directory),
   * or `false` for nowhere; default: `ROCKETCHAT_FAKE_WORLD_CACHE`, else `<tmpdir>/rocketchat-fake-<uid>/worlds`
   */
  worldCache?: WorldCacheSetting;
}

/** The scenario `npm start` and `createFakeServer()` use when given none. */
export const DEFAULT_FIXTURES = packageFile('fixtures', 'default.json');

/** The world of a fresh Rocket.Chat (`firstBoot: true`, `--first-boot`). */
export const FIRST_BOOT_FIXTURES = packageFile('fixtures', 'first-boot.json');

/** Why a file could not be read, without its path (the label names it). */
function readProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'cannot read the file: it does not exist';
  if (code === 'EACCES' || code === 'EPERM') return 'cannot read the file: permission denied';
  if (code === 'EISDIR') return 'cannot read the file: it is a directory';
  return `cannot read the file${code ? ` (${code})` : ''}`;
}

function readText(file: string, label = file): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new ScenarioError(label, [{ path: '$', message: readProblem(error) }]);
  }
}

/**
 * Parses a scenario file's text. Bad JSON is refused as `file:line:column`, with the reason and the
 * offending line with a caret under the column.
 */
function parseText(file: string, text: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body) as unknown;
  } catch {
    const error = jsonSyntax().findJsonSyntaxError(body);
    if (!error) throw new ScenarioError(file, [{ path: '$', message: 'not valid JSON' }]);
    throw new ScenarioError(`${file}:${error.line}:${error.column}`, [
      { path: '$', message: `not valid JSON: ${error.reason}${indented(error.excerpt)}` },
    ]);
  }
  refuseDuplicateKeys(file, body);
  return parsed;
}

/** An excerpt (a line and its caret) as a problem's message shows it: each line on its own, indented. */
function indented(excerpt: string): string {
  return excerpt
    .split('\n')
    .map((line) => `\n      ${line}`)
    .join('');
}

/**
 * Refuses a text whose objects repeat a key (`JSON.parse` keeps the last one and drops the others
 * silently: a second `"users"` list would replace the first), like a syntax error: as
 * `file:line:column` of the first repeat, each repeat by its JSON path, line and column, with the
 * line and a caret; nothing else of the document is read, since which value was meant is unknown.
 */
function refuseDuplicateKeys(file: string, body: string): void {
  const repeats = jsonSyntax().findDuplicateKeys(body);
  const [head] = repeats;
  if (!head) return;
  throw new ScenarioError(
    `${file}:${head.at.line}:${head.at.column}`,
    repeats.map(({ path, at, first }) => ({
      path: jsonPath(path),
      message: `${at.reason} at ${at.line}:${at.column}, first at ${first.line}:${first.column} (JSON keeps only the last value)${indented(at.excerpt)}`,
    })),
  );
}

/** Reads and parses a scenario file; an unreadable file or bad JSON is a {@link ScenarioError} too. */
export function readScenarioFile(file: string): unknown {
  return parseText(file, readText(file));
}

/** How many entities a scenario asks to generate, all kinds together (0 when `generate` is malformed). */
export function generatedCount(input: unknown): number {
  if (typeof input !== 'object' || input === null) return 0;
  const generate = (input as { generate?: unknown }).generate;
  if (typeof generate !== 'object' || generate === null) return 0;
  return Object.values(generate).reduce<number>(
    (sum, n) => sum + (typeof n === 'number' && n > 0 ? n : 0),
    0,
  );
}

/** Whether a scenario asks for generated entities: the costly part, and all the cache keeps. */
function generates(input: unknown): boolean {
  return generatedCount(input) > 0;
}

/**
 * Refuses, before anything is generated, a scenario that asks for more than `limit` generated
 * entities (a session's world: one request must not be able to build a world that stops the server).
 */
export function checkGenerated(input: unknown, limit: number | undefined, source: string): void {
  if (limit === undefined) return;
  const asked = generatedCount(input);
  if (asked > limit)
    throw new ScenarioError(source, [
      {
        path: '$.generate',
        message: `asks for ${asked} generated entities; a session's world has at most ${limit} (the sessionWorldLimit option, --session-world-limit)`,
      },
    ]);
}

/** JSON text of a document, or undefined when it has none (a cycle, a BigInt: resolution reports it). */
function textOf(scenario: unknown): string | undefined {
  try {
    return JSON.stringify(scenario);
  } catch {
    return undefined;
  }
}

/**
 * The world of a scenario: one that generates is read back from the world cache when it was kept
 * (by its text), else resolved and kept; any other is resolved (milliseconds: no cache I/O, no
 * fingerprint of the code for it).
 */
function resolveKept(
  scenario: unknown,
  text: () => string | undefined,
  source: string,
  options: Pick<WorldSource, 'seed' | 'worldCache'>,
): World {
  const { seed } = options;
  const kept = generates(scenario) ? text() : undefined;
  const dir = kept === undefined ? undefined : worldCacheDir(options.worldCache);
  const cached = kept === undefined ? undefined : cachedWorld(dir, kept, seed);
  if (cached) return cached;
  const world = shareNestedValues(resolveModule().resolveScenario(scenario, { source, seed }));
  if (kept !== undefined) cacheWorld(dir, kept, seed, world);
  return world;
}

/**
 * Reads, validates and builds the world of a scenario file: the compiled one when the build made
 * one for this text, else a cached one, else resolved.
 */
export function loadScenarioFile(
  file: string,
  options: Omit<WorldSource, 'fixtures' | 'scenario'> & {
    /** how problems name the file (default its path): a session names it as it was asked for */
    label?: string;
    /** the most entities it may generate (a session's world) */
    maxGenerated?: number;
  } = {},
): World {
  const label = options.label ?? file;
  const text = readText(file, label);
  const compiled = compiledWorld(text, options.seed);
  if (compiled) return compiled;
  const input = parseText(label, text);
  checkGenerated(input, options.maxGenerated, label);
  return resolveKept(input, () => text, label, options);
}

/** Validates and builds the world the options describe. Throws ScenarioError naming every problem. */
export function buildWorld(options: WorldSource = {}): World {
  const { scenario } = options;
  if (options.firstBoot === true) {
    if (scenario !== undefined || options.fixtures !== undefined)
      throw new ScenarioError('firstBoot', [
        { path: '$', message: 'firstBoot is a world of its own: give it without fixtures or scenario' },
      ]);
    return loadScenarioFile(FIRST_BOOT_FIXTURES, options);
  }
  if (scenario !== undefined) return resolveKept(scenario, () => textOf(scenario), 'scenario', options);
  return loadScenarioFile(options.fixtures ?? DEFAULT_FIXTURES, options);
}
