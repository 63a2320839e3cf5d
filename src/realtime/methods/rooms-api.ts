import toggleFavorite from '../../commands/toggleFavorite';
import { MeteorError, commandMethod } from '../method';
import type { Method } from '../method';

/**
 * The realtime methods of the rooms-api routes: `toggleFavorite`, the second face of the command
 * `rooms.favorite` runs.
 *
 * Layer: realtime.
 */

/**
 * `toggleFavorite(rid, favorite?)`: `check(rid, String)` and `check(favorite,
 * Match.Optional(Boolean))` before the login, then the command. Answers the number of
 * subscriptions changed.
 */
const toggleFavoriteMethod = commandMethod(toggleFavorite, {
  check: (params) => {
    const [rid, favorite] = params;
    if (typeof rid !== 'string' || (favorite !== undefined && typeof favorite !== 'boolean'))
      throw new MeteorError(400, 'Match failed');
  },
  args: (params) => ({
    rid: String(params[0]),
    ...(typeof params[1] === 'boolean' ? { favorite: params[1] } : {}),
  }),
  result: (changed) => changed,
});

/** The rooms-api methods, by name (spread into METHODS, src/realtime/methods.ts). */
export const ROOMS_API_METHODS: Readonly<Record<string, Method>> = {
  toggleFavorite: toggleFavoriteMethod,
};
