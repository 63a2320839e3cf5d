import type { Author, TokenRecord, User, UserRef } from '../types';
import { buildUser } from './build';
import type { ResolveContext } from './resolve-context';
import { generateModule } from './resolve-context';

/**
 * A scenario's users, listed then generated, indexed for the references the other entities make
 * (`{_id}` or `{username}`), and the tokens that log them in. The index keys are
 * `u:<lowercase username>` and `i:<_id>`.
 */
export class ScenarioUsers {
  readonly #ctx: ResolveContext;
  /** the users built, in order */
  readonly list: User[] = [];
  readonly #index = new Map<string, User>();
  /** `u:<lowercase username>` and `i:<_id>` of users that failed their shape check */
  readonly #broken = new Set<string>();

  constructor(ctx: ResolveContext) {
    this.#ctx = ctx;
  }

  /** Builds the users (once), reporting duplicate `_id`s and usernames. */
  build(): void {
    const { scenario, build } = this.#ctx;
    const ids = new Set<string>();
    const add = (user: User, path: PropertyKey[]): void => {
      if (ids.has(user._id)) this.#ctx.problem([...path, '_id'], `duplicate user _id "${user._id}"`);
      const key = user.username.toLowerCase();
      if (this.#index.has(`u:${key}`) || this.#broken.has(`u:${key}`))
        this.#ctx.problem([...path, 'username'], `duplicate username "${user.username}"`);
      ids.add(user._id);
      this.#index.set(`u:${key}`, user);
      this.#index.set(`i:${user._id}`, user);
      this.list.push(user);
    };
    (scenario.users ?? []).forEach((u, i) => {
      if (u) add(buildUser(u, 'user', i, build), ['users', i]);
      else this.#claim(i, ids);
    });
    for (let i = 0; i < (scenario.generate?.users ?? 0); i += 1) {
      add(buildUser(generateModule().generateUser(build.seed, i), 'generated-user', i, build), [
        'generate',
        'users',
      ]);
    }
  }

  /** A user that failed its shape check: its id and username are taken, and references to it are not reported. */
  #claim(index: number, ids: Set<string>): void {
    const claim = this.#ctx.read.broken.users.get(index) ?? {};
    const path = ['users', index];
    if (claim._id !== undefined) {
      if (ids.has(claim._id)) this.#ctx.problem([...path, '_id'], `duplicate user _id "${claim._id}"`);
      ids.add(claim._id);
      this.#broken.add(`i:${claim._id}`);
    }
    if (claim.name !== undefined) {
      const key = `u:${claim.name.toLowerCase()}`;
      if (this.#index.has(key) || this.#broken.has(key))
        this.#ctx.problem([...path, 'username'], `duplicate username "${claim.name}"`);
      this.#broken.add(key);
    }
  }

  /** The user an index key (`u:<lowercase username>` or `i:<_id>`) names. */
  get(key: string): User | undefined {
    return this.#index.get(key);
  }

  /** Whether an index key (`u:<lowercase username>` or `i:<_id>`) names a user. */
  has(key: string): boolean {
    return this.#index.has(key);
  }

  /** Whether a user that is not found may be one that failed its shape check (then no problem is reported). */
  maybeBroken(key: string): boolean {
    return this.#ctx.read.unknown.users || this.#broken.has(key);
  }

  /** A user reference (`{_id}` or `{username}`) resolved, or a problem at `path`. */
  ref(ref: { _id?: string; username?: string }, path: PropertyKey[]): UserRef | undefined {
    const key = ref._id !== undefined ? `i:${ref._id}` : `u:${(ref.username ?? '').toLowerCase()}`;
    const user = this.#index.get(key);
    if (!user) {
      if (this.maybeBroken(key)) return undefined;
      this.#ctx.problem(
        path,
        `no user ${ref._id !== undefined ? `with _id "${ref._id}"` : `"${ref.username ?? ''}"`} in users`,
      );
      return undefined;
    }
    if (ref._id !== undefined && ref.username !== undefined && ref.username !== user.username) {
      this.#ctx.problem(path, `_id "${ref._id}" is user "${user.username}", not "${ref.username}"`);
    }
    return { _id: user._id, username: user.username };
  }

  /** A message's author: the user a reference names, with the name a message keeps. */
  author(ref: { _id?: string; username?: string }, path: PropertyKey[]): Author | undefined {
    const found = this.ref(ref, path);
    if (!found) return undefined;
    const user = this.#index.get(`i:${found._id}`);
    return { _id: found._id, username: found.username, ...(user ? { name: user.name } : {}) };
  }

  /** Whether some user could not be read: then "no users to default to" may not be true. */
  incomplete(): boolean {
    return this.#ctx.read.unknown.users || this.#ctx.read.broken.users.size > 0;
  }

  /** The creator of entities that name none: the first admin, else the first user. */
  defaultCreator(): UserRef | undefined {
    const user = this.list.find((u) => u.roles.includes('admin')) ?? this.list[0];
    return user && { _id: user._id, username: user.username };
  }

  /**
   * The tokens the scenario gives (`tokens`), each naming a user; every token unique, personal
   * access tokens included, and a user's personal access tokens named apart.
   */
  buildTokens(): TokenRecord[] {
    const { scenario } = this.#ctx;
    const seen = new Set<string>();
    // a token names one user: a personal access token is no one else's, and a user's names differ
    (scenario.users ?? []).forEach((user, i) => {
      const names = new Set<string>();
      (user?.personalAccessTokens ?? []).forEach((pat, j) => {
        const path = ['users', i, 'personalAccessTokens', j];
        if (seen.has(pat.token)) this.#ctx.problem([...path, 'token'], 'duplicate token');
        if (names.has(pat.name))
          this.#ctx.problem([...path, 'name'], `a token named "${pat.name}" already exists`);
        seen.add(pat.token);
        names.add(pat.name);
      });
    });
    const out: TokenRecord[] = [];
    (scenario.tokens ?? []).forEach((t, i) => {
      if (!t) return;
      const ref = this.ref({ _id: t.userId, username: t.username }, ['tokens', i]);
      if (seen.has(t.authToken)) this.#ctx.problem(['tokens', i, 'authToken'], 'duplicate authToken');
      seen.add(t.authToken);
      if (ref) out.push({ username: ref.username, authToken: t.authToken });
    });
    return out;
  }
}
