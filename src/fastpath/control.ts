import type { IncomingMessage, ServerResponse } from 'node:http';

import type { AppHost } from '../app';
import { toControlError } from '../admin/control-error';
import { controlRefusal } from '../admin/guard';
import type { ControlGuard } from '../admin/guard';
import { CONTROL_JSON_TYPE, sendJsonText } from '../http/send';
import { baseUrlOf, queryOf } from '../http/target';
import type { Target } from '../http/target';
import { ROUTES } from '../surface/routes';
import type { ControlRoute } from '../surface/routes';

/**
 * The control API's common calls without Express: a declared route (src/surface/routes.ts) with
 * no path parameter, asked without a body (`POST /__admin/reset` between every two tests, the
 * journal's and the state's reads), that the guard lets through. The route runs exactly as the
 * Express router runs it, and its answer or refusal is written with the same bytes; anything else
 * (a body, a parameter, a refusal by the guard, the HTTP-only routes) is left to Express.
 *
 * Layer: wiring.
 */

/** The declared routes the fast path may serve, by `METHOD path` (no `:name` parameters). */
const SERVABLE = new Map<string, ControlRoute>(
  Object.values(ROUTES)
    .filter((route: ControlRoute) => !route.path.includes(':'))
    .map((route: ControlRoute) => [`${route.method} /__admin${route.path}`, route]),
);

export interface ControlOptions {
  guard: ControlGuard;
  adminToken: string | undefined;
}

/** Serves a bodiless control request of a world if it can; false: Express should. */
export function serveControl(
  host: AppHost,
  options: ControlOptions,
  req: IncomingMessage,
  res: ServerResponse,
  target: Target,
): boolean {
  const { world } = target;
  const route = SERVABLE.get(`${req.method ?? ''} ${target.path}`);
  if (!world || !route || (route.rootOnly && target.session !== undefined)) return false;
  const baseUrl = baseUrlOf(req);
  const path = target.path.slice('/__admin'.length);
  const head = { method: route.method, path, headers: req.headers, baseUrl };
  // a refusal is Express's to write (its words and headers are the router's own)
  if (controlRefusal(head, options.guard, options.adminToken)) return false;
  const control = { world, server: host.control, baseUrl, session: target.session, store: world.store };
  const input = { query: queryOf(target.query), body: undefined, params: {} };
  void (async () => {
    try {
      const answer = await route.serve(control, input, `${route.method} /__admin${route.path}`);
      if (route.after) res.once('finish', () => route.after?.(control));
      sendJsonText(
        res,
        route.status ?? 200,
        true,
        undefined,
        JSON.stringify(answer),
        false,
        CONTROL_JSON_TYPE,
      );
    } catch (error) {
      const refusal = toControlError(error);
      if (refusal.code === 'internal') console.error('[rocketchat-fake] internal error:', error);
      const allow = refusal.params.allow;
      const text = JSON.stringify(refusal.toBody());
      sendJsonText(
        res,
        refusal.status,
        true,
        allow ? { Allow: allow } : undefined,
        text,
        false,
        CONTROL_JSON_TYPE,
      );
    }
  })();
  return true;
}
