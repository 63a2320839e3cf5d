import { byEra } from '../eras';
import type { Profile } from '../profiles';
import type { Deprecation, Operation, RouteMethod } from './operation';
import { registeredOperations } from './registry';
import { REFUSAL } from './responses';
import { refusalsByStatus } from './route-docs';

/**
 * The OpenAPI document of the chat routes the fake models, made from the operation table: each
 * operation's method and path, whether it needs the auth headers, its parameters as its
 * release's own validator describes them (the query of a GET, the JSON body of a POST), its 200
 * body as its declaration's `response` and its refusals as its declared error rows; a route the
 * release line declares deprecated is `deprecated: true`, its description naming the version
 * that removes it and the routes to use instead. It has the frame of the real server's
 * `GET /api/docs/json` (`apps/meteor/app/api/server/default/openApi.ts`):
 * OpenAPI 3.0.3, `info` "Rocket.Chat API" with the server's version, the Site URL as the server,
 * the `userId` and `authToken` security schemes.
 *
 * Layer: operations.
 */

type Json = Record<string, unknown>;

/**
 * A schema as OpenAPI 3.0 writes it: `const` (JSON Schema's, the declarations') as a one-value
 * `enum`, the `null` type as a nullable `null`.
 */
function openApiSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openApiSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'const') out.enum = [value];
    // OpenAPI 3.0 has no `null` type: a value that may only be null
    else if (key === 'type' && value === 'null') Object.assign(out, { nullable: true, enum: [null] });
    // a property named `const` is a name, not the keyword
    else out[key] = key === 'properties' ? mapValues(value as Json, openApiSchema) : openApiSchema(value);
  }
  return out;
}

function mapValues(object: Json, f: (value: unknown) => unknown): Json {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, f(value)]));
}

const ERROR = {
  description: 'a refusal in the Rocket.Chat envelope',
  content: { 'application/json': { schema: openApiSchema(REFUSAL) } },
};

/** A refusal's answer: why, else the declared refusals' words. */
function refusal(why: string | undefined, words: readonly string[] | undefined): Json {
  if (why !== undefined) return { ...ERROR, description: why };
  if (words === undefined) return ERROR;
  return { ...ERROR, description: `a refusal in the Rocket.Chat envelope: ${words.join(', ')}` };
}

/** The 200: the declared body, with "success": true. */
function success(op: Operation): Json {
  return {
    description: 'the answer, with "success": true',
    content: {
      'application/json': { schema: openApiSchema(op.openApi?.response ?? { type: 'object' }) },
    },
  };
}

/** A 200 with no body at all (logout on 7.4 on, Rocket.Chat#35922). */
const EMPTY_SUCCESS = { description: 'done, with no body' };

/** Slack's form of a webhook's body: one `payload` key holding the JSON. */
const FORM_PAYLOAD = {
  type: 'object',
  properties: { payload: { type: 'string', description: 'the message as JSON' } },
};

/** An upload route's form: one file part named `file`, and the message's text fields. */
const UPLOAD_FORM = {
  type: 'object',
  properties: {
    file: { type: 'string', format: 'binary' },
    msg: { type: 'string' },
    description: { type: 'string' },
    tmid: { type: 'string' },
  },
  required: ['file'],
};

/** `/hooks/` with its parameters: the path as OpenAPI writes parameters in it. */
function pathOf(op: Operation): { path: string; parameters: Json[] } {
  if (!op.prefix) return { path: op.path, parameters: [] };
  const names = op.openApi?.pathParameters ?? ['integrationId', 'token'];
  return {
    path: `${op.path.replace(/\/$/, '')}/${names.map((n) => `{${n}}`).join('/')}`,
    parameters: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
  };
}

/** The names a schema requires. */
function requiredOf(schema: Json): string[] {
  return Array.isArray(schema.required) ? (schema.required as string[]) : [];
}

/**
 * The query parameters of a GET's validator schema, each with its own schema: its properties and
 * those of its `allOf`, `oneOf` and `anyOf` branches (a validator such as `roomId` or `roomName`
 * is one of those). A parameter is required when the schema or an `allOf` branch requires it; one
 * that a `oneOf`/`anyOf` branch requires says which of them one is needed.
 */
function queryParameters(schema: Json): Json[] {
  const properties = new Map<string, Json>();
  const required = new Set(requiredOf(schema));
  const choices: string[][] = [];
  const take = (part: Json): void => {
    for (const [name, property] of Object.entries((part.properties ?? {}) as Record<string, Json>))
      if (!properties.has(name)) properties.set(name, property);
  };
  take(schema);
  for (const part of (schema.allOf ?? []) as Json[]) {
    take(part);
    for (const name of requiredOf(part)) required.add(name);
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = (schema[key] ?? []) as Json[];
    for (const part of branches) take(part);
    const needed = branches.flatMap((part) => requiredOf(part)).filter((name) => !required.has(name));
    if (needed.length > 0) choices.push([...new Set(needed)]);
  }
  return [...properties].map(([name, property]) => {
    const choice = choices.find((names) => names.includes(name));
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(choice && choice.length > 1 ? { description: `one of ${choice.join(', ')} is required` } : {}),
      schema: property,
    };
  });
}

/** What a deprecated route's description says: when it goes, and what to use instead. */
function deprecationNote(deprecation: Deprecation): string {
  const instead = deprecation.alternatives?.length
    ? `; use ${deprecation.alternatives.join(', ')} instead`
    : '';
  return `Deprecated: to be removed on version ${deprecation.version}${instead}`;
}

function operationObject(op: Operation, method: RouteMethod, profile: Profile): Json {
  const validator = op.validator === undefined ? undefined : byEra(profile, op.validator);
  const { parameters } = pathOf(op);
  const object: Json = {
    operationId: method === op.method ? op.name : `${op.name}.${method.toLowerCase()}`,
    tags: [op.name.split('.')[0] ?? op.name],
  };
  const deprecation = op.openApi?.deprecated && byEra(profile, op.openApi.deprecated);
  if (deprecation) {
    object.deprecated = true;
    object.description = deprecationNote(deprecation);
  }
  if (op.auth === true) object.security = [{ userId: [], authToken: [] }];
  else if (op.auth === 'optional') object.security = [{}, { userId: [], authToken: [] }];
  const declared = Object.entries(op.openApi?.query ?? {}).map(([name, description]) => ({
    name,
    in: 'query',
    required: false,
    description,
    schema: { type: 'string' },
  }));
  const query = method !== 'GET' ? [] : validator ? queryParameters(validator.schema) : declared;
  if (parameters.length + query.length > 0) object.parameters = [...parameters, ...query];
  const facts = op.openApi ?? {};
  // a body for POST and PUT alike
  if (method !== 'GET' && facts.multipart === true)
    object.requestBody = { required: true, content: { 'multipart/form-data': { schema: UPLOAD_FORM } } };
  else if (method !== 'GET')
    object.requestBody = {
      required: op.bodyRule === 'strict' && facts.formBody !== true,
      content: {
        'application/json': { schema: validator?.schema ?? { type: 'object' } },
        ...(facts.formBody ? { 'application/x-www-form-urlencoded': { schema: FORM_PAYLOAD } } : {}),
      },
    };
  // 400 always (the body's and the parameters' rules), 401 and 429 by the route's group, and the
  // statuses of its declared error rows
  const rows = refusalsByStatus(op);
  const statuses = new Set(['400', ...[...rows.keys()].map(String)]);
  if (op.auth === true) statuses.add('401');
  if (op.rateLimited) statuses.add('429');
  for (const status of Object.keys(facts.refusals ?? {})) statuses.add(status);
  const why = (status: string): string | undefined =>
    facts.refusals?.[status] ?? (status === '429' ? 'too many requests: a rate limit is on' : undefined);
  object.responses = {
    '200': facts.emptyIn && byEra(profile, facts.emptyIn) ? EMPTY_SUCCESS : success(op),
    ...Object.fromEntries(
      [...statuses].sort().map((status) => [status, refusal(why(status), rows.get(Number(status)))]),
    ),
  };
  return object;
}

/** The document, as `GET /api/docs/json` answers it (before its `success: true`). */
export function openApiDocument(profile: Profile, siteUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const op of registeredOperations()) {
    // a route this release line does not serve (it answers 404) is not in its document
    if (op.openApi?.servedIn && !byEra(profile, op.openApi.servedIn)) continue;
    const { path } = pathOf(op);
    const methods = op.also === undefined ? [op.method] : [op.method, op.also];
    const entry: Json = {};
    for (const method of methods) entry[method.toLowerCase()] = operationObject(op, method, profile);
    paths[path] = entry;
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Rocket.Chat API', description: 'Rocket.Chat API', version: profile.version },
    servers: [{ url: siteUrl }],
    components: {
      securitySchemes: {
        userId: { type: 'apiKey', in: 'header', name: 'X-User-Id' },
        authToken: { type: 'apiKey', in: 'header', name: 'X-Auth-Token' },
      },
      schemas: {},
    },
    paths,
  };
}
