import { blockedNames, isBlocked, USERNAMES } from '../commands/saveUser';
import type { Store } from '../store/store';
import type { User } from '../types';
import { success } from './operation';
import { callerOf } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';
import { SERVED_FROM_5 } from './users-rest';

/**
 * `GET /api/v1/users.getUsernameSuggestion` (0.6x on): `generateUsernameSuggestion` for the
 * caller: the name slugified (lower case, `.` between words), then the local part of each
 * verified e-mail address, the first one free (not taken, not blocked, a valid username); else
 * the first of them (or `user`) with `-<n>`, `n` from the count of such names, the first free.
 */

/** Rocket.Chat's `slug` with `.` for a separator: lower case, what is not `[0-9a-z-_.]` dropped. */
function slug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '.')
    .replace(/[^0-9a-z-_.]/g, '');
}

function suggestion(store: Store, blocked: readonly string[], user: User): string {
  const free = (name: string): boolean =>
    name !== '' && USERNAMES.test(name) && !isBlocked(blocked, name) && store.userNamed(name) === undefined;
  const names = [
    slug(user.name),
    ...user.emails
      .filter((email) => email.verified)
      .map((email) => slug(email.address.replace(/@.+$/, '').replace(/(.+)\+.*$/, '$1'))),
  ].filter((name) => name !== '');
  const found = names.find(free);
  if (found !== undefined) return found;
  const base = names[0] ?? 'user';
  const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (let index = store.countUsernames(new RegExp(`^${escaped}-[0-9]+`)); ; index += 1)
    if (free(`${base}-${index}`)) return `${base}-${index}`;
}

export default route(GROUPS.users, {
  name: 'users.getUsernameSuggestion',
  method: 'GET',
  errors: ['not-found'],
  response: answer({ result: str }),
  reads: ['user'],
  openApi: { servedIn: SERVED_FROM_5 },
  read: () => undefined,
  run: (context) => {
    const caller = callerOf(context);
    return success({ result: suggestion(context.store, blockedNames(context.profile), caller) });
  },
});
