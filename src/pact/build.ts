import { packageVersion } from '../surface/version';
import type { Exchange } from '../journal/journal';
import { answerOf, hasAnswer, matcher } from '../journal/journal';
import { tokenHash } from '../journal/changes';
import type { PactDocument, PactGenerator, PactInteraction, PactOptions, World } from '../types';
import { shapeResponse } from './rules';
import { withExampleHost } from './origin';
import type { ProviderState } from './states';
import {
  INJECTED,
  Replay,
  anonymousState,
  callerState,
  directState,
  hookState,
  loginState,
  messageState,
  roomState,
  userState,
} from './states';

/**
 * A world's journal as a Pact Specification v4 contract: one synchronous HTTP interaction per
 * distinct request and answer, in the order first seen (realtime frames make none, but a method
 * call's change moves the provider states on), with matching rules (src/pact/rules.ts),
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

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A path part %-decoded; as it is when its escapes are broken (a request the route refused). */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
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
  // a realtime frame is no Pact HTTP interaction; what a method call changed moves the replay on
  // as a REST change does (its change events, noted in its detail: none for a fault, a stub or a
  // refusal), below with every exchange
  if (entry.method === 'DDP') return undefined;
  // an answer the journal cut or let go (its byte budget) cannot be a contract's expectation
  if (detail.fault || !hasAnswer(detail) || entry.status === 0 || entry.status === 429) return undefined;
  // a route the fake does not model: its 404 says nothing of what the real server answers
  if (!entry.modelled || entry.stub !== undefined) return undefined;
  // the operation that answered, as the journal recorded it: what the contract needs to know of it
  const op = detail.operation;
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
  // the room a request names, and where its id sits (another server gives it another id)
  const message = recordOf(body.message);
  const channel = stringOf(body.channel);
  const idAt: [string, unknown][] = [
    ['query.roomId', query.roomId],
    ['$.roomId', body.roomId],
    ['$.rid', body.rid],
    ['$.message.rid', message.rid],
  ];
  const [idPath, idValue] = idAt.find(([, value]) => stringOf(value) !== undefined) ?? [undefined, undefined];
  const roomName =
    stringOf(query.roomName ?? body.roomName) ??
    (channel?.startsWith('#') ? channel.slice(1) : undefined) ??
    facts.roomNamed?.(body);
  const ref = {
    ...(stringOf(idValue) !== undefined ? { roomId: stringOf(idValue) } : {}),
    ...(roomName !== undefined ? { roomName } : {}),
  };
  const inject = (path: string): void => {
    if (path === 'query.roomId') {
      generators.query = { roomId: fromState(INJECTED.roomId) };
      request.query = { ...request.query, roomId: [FROM_STATE(INJECTED.roomId)] };
      return;
    }
    const keys = path.slice(2).split('.');
    let at: Record<string, Json> = content;
    for (const key of keys.slice(0, -1)) at = at[key] as Record<string, Json>;
    at[keys[keys.length - 1] ?? ''] = FROM_STATE(INJECTED.roomId);
    generators.body = { ...generators.body, [path]: fromState(INJECTED.roomId) };
  };
  const members = ref.roomId !== undefined ? replay.directMembers(ref.roomId) : undefined;
  if (!facts.credentials && members) {
    states.push(directState(members));
    if (idPath !== undefined) inject(idPath);
  } else if (!facts.credentials && (ref.roomId !== undefined || ref.roomName !== undefined)) {
    const room = replay.room(ref);
    states.push(roomState(ref, room));
    if (room && ref.roomId !== undefined && idPath !== undefined) inject(idPath);
  }
  // the states of what it changed unnamed go here, after the rooms it names: a later state (an
  // incoming webhook's) makes a room only when it is missing
  const afterRooms = states.length;
  if (channel?.startsWith('@')) states.push(userState(channel.slice(1)));
  const msgId = stringOf(query.msgId ?? body.msgId);
  if (msgId !== undefined) {
    const found = replay.messageFacts(msgId);
    states.push(messageState(msgId, found, found ? replay.directMembers(found.room) : undefined));
  }
  if (facts.webhookPath) {
    // `/hooks/<_id>/<token>` or `/hooks/<_id>/<userId>/<token>`: the id is the third part, the token the last
    const parts = entry.path.split('/');
    const id = decoded(parts[2] ?? '');
    const hook = replay.hook(id);
    states.push(hookState(hook, id));
    const last = parts.length > 3 ? (parts[parts.length - 1] ?? '') : undefined;
    if (hook && last !== undefined && tokenHash(decoded(last)) === hook.tokenHash) {
      // the token is a secret: the state hands it over
      const prefix = entry.path.slice(0, entry.path.length - last.length);
      request.path = `${prefix}${FROM_STATE(INJECTED.hookToken)}`;
      generators.path = {
        type: 'ProviderState',
        expression: `${prefix}\${${INJECTED.hookToken}}`,
        dataType: 'STRING',
      };
    }
  }
  // what the request changed and did not name: in its state as it was before (a thread's parent, a
  // room changed by a route that names it otherwise), so every route's changes need no hook of its own
  if (!facts.credentials) states.splice(afterRooms, 0, ...changedStates(detail, replay, states, entry.user));
  // every interaction has a state, also one that needs nothing of the world
  if (states.length === 0) states.push(anonymousState());
  if (entry.method !== 'GET' && entry.body !== null) {
    headers['Content-Type'] = ['application/json'];
    request.body = { content, contentType: 'application/json', encoded: false };
  }
  if (Object.keys(headers).length > 0) request.headers = headers;
  if (Object.keys(generators).length > 0) request.generators = generators;
  const parsed = withExampleHost(answerOf(detail) as Json, detail.host);
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
  const who = entry.user ?? 'nobody';
  return {
    type: 'Synchronous/HTTP',
    description: `${entry.method} ${request.path}${summary(query, body)} as ${who}: ${entry.status}`,
    providerStates: states,
    request,
    response,
  };
}

/**
 * The states of what a request changed (its change events' notes) that its parameters did not name:
 * a channel or group, a message or a user it updated or removed, as the replay knows it before the
 * request. What it made needs no state (another server gives it another id); what a state already
 * names is not named again.
 */
function changedStates(
  detail: Exchange['detail'],
  replay: Replay,
  named: readonly ProviderState[],
  caller: string | null,
): ProviderState[] {
  const out: ProviderState[] = [];
  const has = (kind: string, key: string, value: string): boolean =>
    [...named, ...out].some((state) => state.params?.kind === kind && state.params[key] === value);
  for (const note of detail.changes ?? []) {
    if ('omitted' in note || note.op === 'inserted') continue;
    if (note.kind === 'room' && note.t !== 'd') {
      const room = replay.roomById(note.id);
      if (room && !has('room', 'name', room.name)) out.push(roomState({ roomId: note.id }, room));
    } else if (note.kind === 'message') {
      const found = replay.messageFacts(note.id);
      if (found && !has('message', '_id', note.id))
        out.push(messageState(note.id, found, replay.directMembers(found.room)));
    } else if (note.kind === 'user') {
      const username = note.username;
      const known = replay.roles(username) !== undefined;
      if (known && username !== caller && !has('user', 'username', username)) out.push(userState(username));
    }
  }
  return out;
}

/** An entity the control API added to the state, after the journal entry numbered `after`. */
export type AddedEntity =
  | { after: number; kind: 'user'; entity: World['users'][number] }
  | { after: number; kind: 'channel'; entity: World['channels'][number] }
  | { after: number; kind: 'integration'; entity: World['integrations'][number] };

/**
 * The interactions of these exchanges, replayed from the baseline they started from (in order, not
 * yet distinct); the entities the control API added join the replay where they were added, so a
 * room or an incoming webhook added before a request is there in its provider state.
 */
export function toInteractions(
  exchanges: readonly Exchange[],
  baseline: World,
  added: readonly AddedEntity[] = [],
): Interaction[] {
  const replay = new Replay(baseline);
  const out: Interaction[] = [];
  let next = 0;
  const addUpTo = (seq: number): void => {
    for (; next < added.length && (added[next] as AddedEntity).after < seq; next += 1)
      addTo(replay, added[next] as AddedEntity);
  };
  // every exchange moves the replay on by what it changed, also those that make no interaction
  for (const exchange of exchanges) {
    addUpTo(exchange.entry.seq);
    const interaction = toInteraction(exchange, replay);
    if (interaction) out.push(interaction);
    replay.apply(exchange.detail.changes);
  }
  return out;
}

/**
 * A contract made as the requests are answered (a world that keeps its contract): each exchange
 * becomes its interaction when it is journaled, replayed from the baseline through every change so
 * far, so none is lost when the journal's ring drops old entries.
 */
export class ContractRecorder {
  readonly #replay: Replay;
  readonly #into: Map<string, Interaction>;

  /** Interactions go into `into` (keyed by {@link interactionKey}, first seen first). */
  constructor(baseline: World, into: Map<string, Interaction>) {
    this.#replay = new Replay(baseline);
    this.#into = into;
  }

  /** An entity the control API added: in the states of the requests after it. */
  added(item: AddedEntity): void {
    addTo(this.#replay, item);
  }

  /** One exchange, as it was journaled. */
  record(exchange: Exchange): void {
    const interaction = toInteraction(exchange, this.#replay);
    this.#replay.apply(exchange.detail.changes);
    if (interaction) {
      const key = interactionKey(interaction);
      if (!this.#into.has(key)) this.#into.set(key, interaction);
    }
  }
}

function addTo(replay: Replay, item: AddedEntity): void {
  if (item.kind === 'user') replay.addUser(item.entity);
  else if (item.kind === 'channel') replay.addChannel(item.entity);
  else replay.addIntegration(item.entity);
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
        modelled: true,
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
