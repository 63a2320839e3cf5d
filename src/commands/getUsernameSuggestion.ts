import { command } from './command';
import { USERNAMES, blockedNames, isBlocked } from './saveUser';

/**
 * `getUsernameSuggestion` (`generateUsernameSuggestion` for the caller; `users.getUsernameSuggestion`
 * and the realtime method): the name slugified (lower case, `.` between words), then the local part
 * of each verified e-mail address, the first free (not taken, not blocked, a valid username); else
 * the first of them (or `user`) with `-<n>`, `n` from the count of such names, the first free. Reads
 * only.
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

export default command<undefined, string>({
  name: 'getUsernameSuggestion',
  run({ store, profile, user }) {
    const blocked = blockedNames(profile);
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
  },
});
