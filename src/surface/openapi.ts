import { packageVersion } from './version';

/**
 * The OpenAPI 3.1 document of the control API (`GET /__admin/openapi.json`), made from its one
 * table of routes (./routes.ts) and the two routes only HTTP has (the inspector's page and the
 * event stream): each route's method, path, success status, and where a session may call it.
 *
 * Layer: world.
 */

type Json = Record<string, unknown>;

/** What the document needs of a control route (./routes.ts declares them; it passes its table in). */
interface RouteFacts {
  readonly method: string;
  readonly path: string;
  readonly status?: number;
  readonly rootOnly?: boolean;
}

const PROBLEM = {
  description: 'a refusal: `{"error": "...", "problems"?: [{"path", "message"}]}`',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          error: { type: 'string' },
          problems: {
            type: 'array',
            items: {
              type: 'object',
              properties: { path: { type: 'string' }, message: { type: 'string' } },
            },
          },
        },
        required: ['error'],
      },
    },
  },
};

const JSON_ANSWER = { 'application/json': { schema: { type: 'object' } } };

/** The routes only the HTTP router serves (src/admin/router.ts). */
const HTTP_ONLY: readonly { path: string; summary: string; type: string }[] = [
  { path: '/events', summary: 'the world’s events as Server-Sent Events', type: 'text/event-stream' },
  { path: '/ui', summary: 'the inspector’s page', type: 'text/html' },
];

export function controlOpenApi(routes: Readonly<Record<string, RouteFacts>>, baseUrl: string): Json {
  const paths: Record<string, Json> = {};
  const at = (path: string): Json => (paths[path] ??= {});
  for (const [name, route] of Object.entries(routes)) {
    const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
    const operation: Json = {
      operationId: name,
      ...(route.rootOnly ? { description: 'at the root only, not under /s/<id>' } : {}),
      ...(names.length > 0
        ? {
            parameters: names.map((n) => ({
              name: n,
              in: 'path',
              required: true,
              schema: { type: 'string' },
            })),
          }
        : {}),
      ...(route.method === 'POST' || route.method === 'PUT'
        ? { requestBody: { required: false, content: JSON_ANSWER } }
        : {}),
      responses: {
        [String(route.status ?? 200)]: { description: 'done', content: JSON_ANSWER },
        '400': PROBLEM,
        '401': PROBLEM,
        '404': PROBLEM,
      },
    };
    at(`/__admin${route.path.replace(/:(\w+)/g, '{$1}')}`)[route.method.toLowerCase()] = operation;
  }
  for (const route of HTTP_ONLY) {
    at(`/__admin${route.path}`).get = {
      operationId: route.path.slice(1),
      summary: route.summary,
      responses: {
        '200': { description: route.summary, content: { [route.type]: { schema: { type: 'string' } } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'rocketchat-fake control API',
      description: 'Reset, load, inspect and steer a rocketchat-fake world; /s/<id>/__admin/… for a session.',
      version: packageVersion(),
    },
    servers: [{ url: baseUrl }],
    components: {
      securitySchemes: { adminToken: { type: 'http', scheme: 'bearer', description: 'with --admin-token' } },
    },
    paths,
  };
}
