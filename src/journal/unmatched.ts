import type { UnmatchedRoute } from '../types';

/**
 * The routes a world was called on that the fake does not model, WireMock's "near misses": each
 * method and path once, with how often it was called, when first and last, and the modelled route
 * nearest to it. Kept apart from the journal's ring, so a route called once among thousands of
 * requests is still listed; cleared with the journal.
 *
 * Layer: journal. Plain values; nothing of HTTP.
 */
export class UnmatchedRoutes {
  readonly #routes = new Map<string, UnmatchedRoute>();
  readonly #nearest: (method: string, path: string) => string | null;

  /** `nearest` names the modelled route nearest to a method and path, or null. */
  constructor(nearest: (method: string, path: string) => string | null) {
    this.#nearest = nearest;
  }

  /**
   * Counts a call; answers the route when this is its first call (the CLI says so once). `resolved`:
   * the operation the request's route resolved to, when it did (a known path asked with a method
   * it lacks): the nearest route is that operation's, with no lookup.
   */
  note(
    method: string,
    path: string,
    at: string,
    resolved?: { method: string; path: string },
  ): UnmatchedRoute | undefined {
    const key = `${method} ${path}`;
    const known = this.#routes.get(key);
    if (known) {
      known.count += 1;
      known.lastAt = at;
      return undefined;
    }
    const route: UnmatchedRoute = {
      method,
      path,
      count: 1,
      firstAt: at,
      lastAt: at,
      nearest: resolved === undefined ? this.#nearest(method, path) : `${resolved.method} ${resolved.path}`,
    };
    this.#routes.set(key, route);
    return { ...route };
  }

  /** The routes, most called first (ties: first called first); copies. */
  list(): UnmatchedRoute[] {
    return [...this.#routes.values()]
      .map((route, order) => ({ route, order }))
      .sort((a, b) => b.route.count - a.route.count || a.order - b.order)
      .map(({ route }) => ({ ...route }));
  }

  clear(): void {
    this.#routes.clear();
  }
}
