import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Exchange } from '../journal/journal';
import { answerOf, matcher } from '../journal/journal';
import type { PactDocument, PactGenerator, PactInteraction, PactOptions, World } from '../types';
import { operationNamed } from '../operations/table';
import { shapeResponse } from './rules';
import type { ProviderState } from './states';
import { INJECTED, Replay, anonymousState, callerState, loginState, roomState } from './states';

/**
 * A world's journal as a Pact Specification v4 contract: one synchronous HTTP interaction per
 * distinct request and answer, in the order first seen, with matching rules (src/pact/rules.ts),
 * provider states (src/pact/states.ts), and the secrets left out: auth headers and passwords come
 * from the provider states at verification time, through Pact's provider-state generators.
 *
 * Layer: world (src/pact). Plain data in, a plain document out.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Interaction = PactInteraction;
type Generator = PactGenerator;

/** The example value of a header or field the provider state supplies; never a secret. */
const FROM_STATE = (name: string): string => `<${name} from the provider state>`;
/** Auth headers that were sent but did not authenticate: any such value is refused alike. */
const NOT_A_TOKEN = 'rocketchat-fake-no-such-token';
const ANY = { combine: 'AND' as const, matchers: [{ match: 'regex' as const, regex: '^.+$' }] };
const TYPE = { combine: 'AND' as const, matchers: [{ match: 'type' as const }] };

function fromState(name: string): Generator {
  return { type: 'ProviderState', expression: `\${${name}}`, dataType: 'STRING' };
}

function packageVersion(): string {
  const file = join(__dirname, '..', '..', 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The short form of a request for its description: the room or user it names. */
function summary(query: Record<string, unknown>, body: Record<string, unknown>): string {
  const named = { ...query, ...body };
  const parts: string[] = [];
  for (const key of ['roomName', 'roomId', 'username', 'user', 'email', 'readOnly', 'type']) {
    if (named[key] !== undefined && typeof named[key] !== 'object')
      parts.push(`${key}=${String(named[key])}`);
  }
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

function toInteraction(exchange: Exchange, replay: Replay): Interaction | undefined {
  const { entry, detail } = exchange;
  // an answer the journal cut or let go (its byte budget) cannot be a contract's expectation
  if (detail.fault || detail.answer === undefined || entry.status === 0 || entry.status === 429)
    return undefined;
  // the operation that answered, as the journal recorded it: what the contract needs to know of it
  const op = detail.operation === undefined ? undefined : operationNamed(detail.operation);
  const facts = op?.contract ?? {};
  const query = recordOf(entry.query);
  const body = recordOf(entry.body);
  const states: ProviderState[] = [];
  const request: Interaction['request'] = { method: entry.method, path: entry.path };
  const generators: NonNullable<Interaction['request']['generators']> = {};
  const headers: Record<string, string[]> = {};
  if (Object.keys(query).length > 0) {
    request.query = Object.fromEntries(
      Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : [String(v)]]),
    );
  }
  if (entry.user !== null) {
    states.push(callerState(entry.user, replay.roles(entry.user)));
    headers['X-Auth-Token'] = [FROM_STATE(INJECTED.authToken)];
    headers['X-User-Id'] = [FROM_STATE(INJECTED.userId)];
    generators.header = {
      'X-Auth-Token': fromState(INJECTED.authToken),
      'X-User-Id': fromState(INJECTED.userId),
    };
    request.matchingRules = { header: { 'X-Auth-Token': ANY, 'X-User-Id': ANY } };
  } else if (detail.authHeaders) {
    headers['X-Auth-Token'] = [NOT_A_TOKEN];
    headers['X-User-Id'] = [NOT_A_TOKEN];
  }
  const content: Record<string, Json> = {};
  for (const [key, value] of Object.entries(body)) content[key] = value as Json;
  if (facts.credentials) {
    const who = facts.credentials(body);
    if (who) {
      const username = who.username;
      const exists = username !== undefined ? replay.roles(username) !== undefined : true;
      states.push(loginState(who, entry.status === 200, exists));
      if (entry.status === 200 && 'password' in body) {
        content.password = FROM_STATE(INJECTED.password);
        generators.body = { '$.password': fromState(INJECTED.password) };
        request.matchingRules = { ...request.matchingRules, body: { '$.password': TYPE } };
      }
    }
  }
  const ref = {
    ...(stringOf(query.roomId ?? body.roomId) !== undefined
      ? { roomId: stringOf(query.roomId ?? body.roomId) }
      : {}),
    ...(stringOf(query.roomName ?? body.roomName) !== undefined
      ? { roomName: stringOf(query.roomName ?? body.roomName) }
      : {}),
  };
  if (!facts.credentials && (ref.roomId !== undefined || ref.roomName !== undefined)) {
    const room = replay.room(ref);
    states.push(roomState(ref, room));
    if (room && ref.roomId !== undefined) {
      // another server gives the room another _id: the state hands it over
      if (query.roomId !== undefined) {
        generators.query = { roomId: fromState(INJECTED.roomId) };
        request.query = { ...request.query, roomId: [FROM_STATE(INJECTED.roomId)] };
      } else {
        content.roomId = FROM_STATE(INJECTED.roomId);
        generators.body = { ...generators.body, '$.roomId': fromState(INJECTED.roomId) };
      }
    }
  }
  // every interaction has a state, also one that needs nothing of the world
  if (states.length === 0) states.push(anonymousState());
  if (entry.method !== 'GET' && entry.body !== null) {
    headers['Content-Type'] = ['application/json'];
    request.body = { content, contentType: 'application/json', encoded: false };
  }
  if (Object.keys(headers).length > 0) request.headers = headers;
  if (Object.keys(generators).length > 0) request.generators = generators;
  const parsed = answerOf(detail) as Json;
  const response: Interaction['response'] = {
    status: entry.status,
    headers: { 'Content-Type': ['application/json'] },
    matchingRules: {
      header: {
        'Content-Type': { combine: 'AND', matchers: [{ match: 'regex', regex: '^application/json(;.*)?$' }] },
      },
    },
  };
  const shaped = shapeResponse(parsed, facts);
  response.body = { content: shaped.body, contentType: 'application/json', encoded: false };
  if (Object.keys(shaped.rules).length > 0) response.matchingRules.body = shaped.rules;
  if (entry.status === 200 && op?.changesState) {
    replay.changed(recordOf(facts.changed?.(recordOf(parsed))));
  }
  const who = entry.user ?? 'nobody';
  return {
    type: 'Synchronous/HTTP',
    description: `${entry.method} ${entry.path}${summary(query, body)} as ${who}: ${entry.status}`,
    providerStates: states,
    request,
    response,
  };
}

/** The interactions of these exchanges, replayed from the baseline they started from (in order, not yet distinct). */
export function toInteractions(exchanges: readonly Exchange[], baseline: World): Interaction[] {
  const replay = new Replay(baseline);
  const out: Interaction[] = [];
  // every exchange moves the replay on, also those that make no interaction
  for (const exchange of exchanges) {
    const interaction = toInteraction(exchange, replay);
    if (interaction) out.push(interaction);
  }
  return out;
}

/** The key that makes two interactions one: same states, request and response. */
export function interactionKey(interaction: Interaction): string {
  const { providerStates, request, response } = interaction;
  return JSON.stringify([providerStates, request, response]);
}

/** The contract: the interactions matching the filter, each distinct one once, in the order first seen. */
export function pactOf(options: PactOptions, interactions: readonly Interaction[]): PactDocument {
  const keep = matcher(options.filter);
  const seen = new Set<string>();
  const descriptions = new Map<string, number>();
  const out: Interaction[] = [];
  for (const original of interactions) {
    const { method, path } = original.request;
    if (
      !keep({
        seq: 0,
        method,
        path,
        query: {},
        body: null,
        status: original.response.status,
        user: null,
        time: '',
      })
    )
      continue;
    const key = interactionKey(original);
    if (seen.has(key)) continue;
    seen.add(key);
    const interaction = structuredClone(original);
    const n = (descriptions.get(interaction.description) ?? 0) + 1;
    descriptions.set(interaction.description, n);
    if (n > 1) interaction.description = `${interaction.description} (${n})`;
    out.push(interaction);
  }
  return {
    consumer: { name: options.consumer },
    provider: { name: options.provider ?? 'rocketchat' },
    interactions: out,
    metadata: {
      pactSpecification: { version: '4.0' },
      'rocketchat-fake': { version: packageVersion() },
    },
  };
}
