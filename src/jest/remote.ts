import { routePath } from '../surface/routes';
import type { RemoteCall, RemoteFace, RemoteRequest } from '../surface/routes';
import { ControlError, controlCall } from './control-client';

/**
 * A remote face of a declared table of calls (src/surface/routes.ts: REMOTE for a world,
 * REMOTE_SERVER for a server's root): each member sends its route's request over the control API
 * and returns what the member itself would.
 */
export function remoteFace<T extends Record<string, RemoteCall<never[], unknown>>>(
  table: T,
  baseUrl: () => string,
  token: () => string | undefined,
): RemoteFace<T> {
  const send = async (request: RemoteRequest): Promise<unknown> => {
    const query = new URLSearchParams(request.query ?? {}).toString();
    const url = `${baseUrl()}/__admin${routePath(request)}${query ? `?${query}` : ''}`;
    const { route } = request;
    return controlCall<unknown>(url, route.method, {
      body: request.body,
      token: token(),
      idempotent: route.idempotent ?? route.method !== 'POST',
    });
  };
  const face: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const [name, remote] of Object.entries(table)) {
    const { request, result, missing } = remote as unknown as RemoteCall<unknown[], unknown>;
    face[name] = async (...args: unknown[]) => {
      const made = request(...args);
      try {
        return result(await send(made));
      } catch (error) {
        // what the member says in process when the id it names is not there (clearFaults: false)
        if (missing && made.params && error instanceof ControlError && error.status === 404) return missing();
        throw error;
      }
    };
  }
  return face as RemoteFace<T>;
}
