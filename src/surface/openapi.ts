import { packageVersion } from './version';

/**
 * The OpenAPI 3.1 document of the control API (`GET /__admin/openapi.json`), made from its one
 * table of routes (./routes.ts) and the routes only HTTP has (the inspector's page and the event
 * stream): each route's method, path, query, body, success status and refusals, and the admin
 * token where the server has one. A session's document is the session's: its base URL is
 * `<server>/s/<id>`, without the routes only the root answers.
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
  readonly query?: readonly {
    readonly name: string;
    readonly description: string;
    readonly required?: boolean;
    readonly values?: readonly string[];
    readonly pattern?: string;
  }[];
  readonly body?: 'required' | 'optional' | 'none';
  readonly refusals?: readonly { readonly status: number; readonly why: string }[];
}

/** A refusal's body, under the reason it is given for. */
function problem(why: string): Json {
  return {
    description: `${why}: \`{"error": "...", "problems"?: [{"path", "message"}]}\``,
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
}

const JSON_ANSWER = { 'application/json': { schema: { type: 'object' } } };

/** The refusals any control route may answer before it runs (src/admin/guard.ts). */
const GUARD_REFUSALS: Readonly<Record<string, string>> = {
  '401': 'the server has an admin token and the request does not carry it',
  '403': 'a host name a loopback server does not answer, or (for a change) another origin',
};

/** What a route with a body may be refused for besides its own rules. */
const BODY_REFUSALS: Readonly<Record<string, string>> = {
  '400': 'the body is not what the route takes (each problem named with its path)',
  '413': 'the body is larger than the server’s body limit',
  '415': 'the body is not JSON',
};

/** The routes only the HTTP router serves (src/admin/router.ts); the page needs no token. */
const HTTP_ONLY: readonly { path: string; summary: string; type: string; open?: boolean }[] = [
  { path: '/events', summary: 'the world’s events as Server-Sent Events', type: 'text/event-stream' },
  {
    path: '/ui',
    summary: 'the inspector’s page (it asks for the token itself)',
    type: 'text/html',
    open: true,
  },
];

/** The operation of one declared route. */
function operationOf(name: string, route: RouteFacts): Json {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  const body = route.body ?? (route.method === 'POST' || route.method === 'PUT' ? 'required' : 'none');
  const parameters = [
    ...names.map((n) => ({ name: n, in: 'path', required: true, schema: { type: 'string' } })),
    ...(route.query ?? []).map((q) => ({
      name: q.name,
      in: 'query',
      required: q.required === true,
      description: q.description,
      schema: {
        type: 'string',
        ...(q.values ? { enum: q.values } : {}),
        ...(q.pattern ? { pattern: q.pattern } : {}),
      },
    })),
  ];
  const responses: Record<string, Json> = {
    [String(route.status ?? 200)]: { description: 'done', content: JSON_ANSWER },
  };
  if (route.method === 'GET' && route.path === '/health') {
    // the one route the guard lets through as it is
  } else {
    for (const [status, why] of Object.entries(GUARD_REFUSALS)) responses[status] = problem(why);
    if (route.method !== 'GET') responses['415'] = problem(BODY_REFUSALS['415'] ?? '');
  }
  if (body !== 'none')
    for (const [status, why] of Object.entries(BODY_REFUSALS)) responses[status] = problem(why);
  if ((route.query ?? []).length > 0)
    responses['400'] ??= problem('a query parameter it does not take, or a bad value');
  for (const refusal of route.refusals ?? []) responses[String(refusal.status)] = problem(refusal.why);
  return {
    operationId: name,
    ...(route.rootOnly ? { description: 'at the root only, not under /s/<id>' } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body !== 'none' ? { requestBody: { required: body === 'required', content: JSON_ANSWER } } : {}),
    ...(route.method === 'GET' && route.path === '/health' ? { security: [] } : {}),
    responses,
  };
}

export function controlOpenApi(
  routes: Readonly<Record<string, RouteFacts>>,
  baseUrl: string,
  session?: string,
): Json {
  const paths: Record<string, Json> = {};
  const at = (path: string): Json => (paths[path] ??= {});
  for (const [name, route] of Object.entries(routes)) {
    if (route.rootOnly && session !== undefined) continue;
    at(`/__admin${route.path.replace(/:(\w+)/g, '{$1}')}`)[route.method.toLowerCase()] = operationOf(
      name,
      route,
    );
  }
  for (const route of HTTP_ONLY) {
    at(`/__admin${route.path}`).get = {
      operationId: route.path.slice(1),
      summary: route.summary,
      ...(route.open ? { security: [] } : {}),
      responses: {
        '200': { description: route.summary, content: { [route.type]: { schema: { type: 'string' } } } },
        ...Object.fromEntries(
          Object.entries(GUARD_REFUSALS)
            .filter(([status]) => !(route.open && status === '401'))
            .map(([status, why]) => [status, problem(why)]),
        ),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'rocketchat-fake control API',
      description:
        session === undefined
          ? 'Reset, load, inspect and steer a rocketchat-fake world; /s/<id>/__admin/… for a session.'
          : `Reset, load, inspect and steer the rocketchat-fake session "${session}".`,
      version: packageVersion(),
    },
    servers: [{ url: session === undefined ? baseUrl : `${baseUrl}/s/${encodeURIComponent(session)}` }],
    components: {
      securitySchemes: {
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'the token given with --admin-token (adminToken); a server without one needs none',
        },
      },
    },
    // the token, or none where the server has none
    security: [{ adminToken: [] }, {}],
    paths,
  };
}
