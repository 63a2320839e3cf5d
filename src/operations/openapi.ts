import { byEra } from '../eras';
import type { Profile } from '../profiles';
import type { Operation } from './operation';

/**
 * The OpenAPI document of the chat routes the fake models, made from the operation table: each
 * operation's method and path, whether it needs the auth headers, and its parameters as its
 * release's own validator describes them (the query of a GET, the JSON body of a POST). It has
 * the frame of the real server's `GET /api/docs/json` (`apps/meteor/app/api/server/default/openApi.ts`):
 * OpenAPI 3.0.3, `info` "Rocket.Chat API" with the server's version, the Site URL as the server,
 * the `userId` and `authToken` security schemes.
 *
 * Layer: operations.
 */

/** The table's operations, registered by the table itself (which imports this module's user). */
let registered: readonly Operation[] = [];

export function registerOperations(operations: readonly Operation[]): void {
  registered = operations;
}

type Json = Record<string, unknown>;

const ERROR = {
  description: 'a refusal in the Rocket.Chat envelope',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          success: { type: 'boolean', enum: [false] },
          error: { type: 'string' },
          errorType: { type: 'string' },
        },
        required: ['success'],
      },
    },
  },
};

const SUCCESS = {
  description: 'the answer, with "success": true',
  content: {
    'application/json': {
      schema: { type: 'object', properties: { success: { type: 'boolean', enum: [true] } } },
    },
  },
};

/** `/hooks/` with its parameters: the path as OpenAPI writes parameters in it. */
function pathOf(op: Operation): { path: string; parameters: Json[] } {
  if (!op.prefix) return { path: op.path, parameters: [] };
  const names = ['integrationId', 'token'];
  return {
    path: `${op.path.replace(/\/$/, '')}/${names.map((n) => `{${n}}`).join('/')}`,
    parameters: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
  };
}

/** The query parameters of a GET's validator schema, each with its own schema. */
function queryParameters(schema: Json): Json[] {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema: property,
  }));
}

function operationObject(op: Operation, method: 'GET' | 'POST', profile: Profile): Json {
  const validator = op.validator === undefined ? undefined : byEra(profile, op.validator);
  const { parameters } = pathOf(op);
  const object: Json = {
    operationId: method === op.method ? op.name : `${op.name}.${method.toLowerCase()}`,
    tags: [op.name.split('.')[0] ?? op.name],
  };
  if (op.auth === true) object.security = [{ userId: [], authToken: [] }];
  else if (op.auth === 'optional') object.security = [{}, { userId: [], authToken: [] }];
  const query = validator && method === 'GET' ? queryParameters(validator.schema) : [];
  if (parameters.length + query.length > 0) object.parameters = [...parameters, ...query];
  if (method === 'POST')
    object.requestBody = {
      required: op.bodyRule === 'strict',
      content: { 'application/json': { schema: validator?.schema ?? { type: 'object' } } },
    };
  object.responses = {
    '200': SUCCESS,
    '400': ERROR,
    ...(op.auth === true ? { '401': ERROR } : {}),
  };
  return object;
}

/** The document, as `GET /api/docs/json` answers it (before its `success: true`). */
export function openApiDocument(profile: Profile, siteUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const op of registered) {
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
