import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { GROUPS, route } from './route-groups';
import { LOGGED_OUT } from './responses';

/**
 * What a logout answers: the action's plain object, without `success` (Restivus and its
 * successor, to 7.3), or nothing at all (7.4's router sends only a route's `body`, and logout's
 * object has none: a 200 with an empty body, Rocket.Chat#35922).
 */
const EMPTY: EraTable<boolean> = { '0.49': false, '7.4': true };

/** `POST /api/v1/logout` (and GET, which every era's router also registers): ends the caller's login token. */
export default route(GROUPS.login, {
  name: 'logout',
  method: 'POST',
  order: 30,
  also: 'GET',
  response: LOGGED_OUT,
  changes: ['token'],
  read: ({ caller }) => ({ authToken: caller?.authToken ?? '' }),
  run: ({ store, profile }, { authToken }) => {
    store.logout(authToken);
    if (byEra(profile, EMPTY)) return { body: {}, empty: true };
    return { body: { status: 'success', data: { message: "You've been logged out!" } }, envelope: false };
  },
  // the same answer on every server, word for word
  contract: { exact: true },
  openApi: { emptyIn: EMPTY },
});
