import type { CheckContext, ListedRoom } from './context';
import { lacking, listOf, objectOf } from './context';
import type { Reply } from './client';
import { LOGGED_OUT, RO_SAME, TYPE_REQUIRED, TYPE_SAME, archivedBody } from './expected';

/**
 * The conformance suite: every rule of Rocket.Chat's wire behaviour that a client can observe on
 * the operations the fake implements, written once. The project's own
 * tests run it against the fake; `rocketchat-fake verify` runs it against any server.
 *
 * A check changes nothing on the server unless it is marked `changes` (those run only on the
 * channel given with `--channel`, which the run puts back). Where a check needs what the server may
 * lack (a second user, an archived channel, a channel with integrations), it is skipped with a note.
 */

export type Need = 'user2' | 'channel' | 'probe' | 'archived' | 'integrations' | 'many-channels' | 'guest';

export interface Check {
  id: string;
  section: string;
  rule: string;
  /** what it needs beyond the user's session (the README's table lists it) */
  needs?: readonly Need[];
  /** changes the `--channel` channel (and puts it back) */
  changes?: boolean;
  /** the fake's lenient mode answers otherwise, on purpose */
  lenient?: boolean;
  /** resolves to an optional note (a string); throws CheckFailure or CheckSkipped */
  run(t: CheckContext): Promise<unknown>;
}

const EVERY = 'Every response';
const AUTH = 'Authentication';
const LOGIN = 'POST /api/v1/login';
const EXTRAS = 'Extras real clients call';
const LIST = 'GET /api/v1/channels.list';
const INTEG = 'GET /api/v1/channels.getIntegrations';
const RO = 'POST /api/v1/channels.setReadOnly';
const TYPE = 'POST /api/v1/channels.setType';
const CHAT = 'POST /api/v1/chat.postMessage';
const MESSAGING = 'Subscriptions, direct rooms and public settings';

const ME_FIELDS = [
  '_id',
  'username',
  'name',
  'emails',
  'status',
  'statusConnection',
  'utcOffset',
  'active',
  'roles',
  'settings',
  'avatarUrl',
];
/** The documented fields of a listed channel (`u`, `ro` and the optional ones aside). */
const LIST_FIELDS = ['_id', 'name', 't', 'usernames', 'usersCount', 'msgs', 'ts', 'sysMes', '_updatedAt'];
/** ISO 8601 UTC with milliseconds, as every timestamp on the wire. */
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** The documented fields of an integration, either kind, then of each kind. */
const INTEGRATION_FIELDS = [
  '_id',
  'type',
  'enabled',
  'name',
  'username',
  'userId',
  'channel',
  'token',
  '_createdAt',
  '_createdBy',
  '_updatedAt',
];
const KIND_FIELDS: Record<string, string[]> = {
  'webhook-outgoing': ['event', 'urls'],
  'webhook-incoming': [],
};
/** A username no server has. */
const NO_SUCH_USER = 'rocketchat-fake-verify-no-such-user';
/** A name no server has. */
const NO_SUCH_ROOM = 'rocketchat-fake-verify-no-such-room';
const UNKNOWN_ROOM = 'rcfverifyunknownroomid';

const q = encodeURIComponent;

function probe(t: CheckContext): ListedRoom & { ro: boolean } {
  const room = t.facts.probe;
  if (!room || typeof room.ro !== 'boolean')
    t.skip('needs a public, unarchived channel with a "ro" field among the first 100 listed');
  return room as ListedRoom & { ro: boolean };
}

function archived(t: CheckContext): ListedRoom {
  if (!t.facts.archived) t.skip('needs an archived public channel among the first 100 listed');
  return t.facts.archived;
}

function withIntegrations(t: CheckContext): ListedRoom {
  if (!t.facts.withIntegrations)
    t.skip('needs a channel with an integration among the first channels listed');
  return t.facts.withIntegrations;
}

function dedicated(t: CheckContext): ListedRoom {
  if (!t.facts.dedicated) t.skip('changes a channel: needs --channel NAME');
  return t.facts.dedicated;
}

/** Skips unless user2 is not an admin (the refusals need a caller without the permission). */
function unprivileged(t: CheckContext): void {
  const roles = t.facts.user2?.me.roles;
  if (!t.facts.user2) t.skip('needs a second user without admin rights (--user2)');
  if (Array.isArray(roles) && roles.includes('admin')) t.skip('--user2 has the admin role');
}

function isSortedBy(items: Record<string, unknown>[], key: string): boolean {
  for (let i = 1; i < items.length; i += 1) {
    const a = items[i - 1]?.[key];
    const b = items[i]?.[key];
    if (typeof a === 'string' && typeof b === 'string' && a > b) return false;
  }
  return true;
}

/** `count`, `offset`, `total`, `success` of a page, and its list under `key`. */
function page(t: CheckContext, reply: Reply, key: string): Record<string, unknown>[] {
  t.status(reply, 200);
  const body = objectOf(reply.body);
  const items = listOf(reply.body, key);
  t.that(Array.isArray(body[key]), reply, `no "${key}" array`);
  t.that(body.count === items.length, reply, `"count" is not the number of ${key} returned`);
  t.that(typeof body.offset === 'number', reply, '"offset" is not a number');
  t.that(
    typeof body.total === 'number' && body.total >= items.length,
    reply,
    '"total" is missing or too small',
  );
  t.that(body.success === true, reply, '"success" is not true');
  return items;
}

/** The room as `channels.list` shows it now (a query by name), if it is listed. */
async function current(t: CheckContext, name: string): Promise<ListedRoom | undefined> {
  const reply = await t.get(`/api/v1/channels.list?query=${q(JSON.stringify({ name }))}`);
  return listOf(reply.body, 'channels')[0] as ListedRoom | undefined;
}

/** The room's `ro` now (undefined when it has none). */
async function currentRo(t: CheckContext, name: string): Promise<boolean | undefined> {
  const room = await current(t, name);
  return typeof room?.ro === 'boolean' ? room.ro : undefined;
}

/**
 * `channels.list` with these query parameters; 7.0 refused paging and sorting (its schema knew
 * `_id` and `query` only), so there `count`, `offset` and `sort` are left out (the first 50 by name).
 */
function listUrl(t: CheckContext, params: string): string {
  const kept = t.profile.listRefusesPagination
    ? params
        .split('&')
        .filter((p) => p !== '' && !/^(count|offset|sort)=/.test(p))
        .join('&')
    : params;
  return kept === '' ? '/api/v1/channels.list' : `/api/v1/channels.list?${kept}`;
}

/** ajv's last word when no branch of a oneOf matched. */
const ONE_OF = 'must match exactly one schema in oneOf';

/** The messaging checks run from 6.x on (the validators and the answers of 7.x/8.x). */
function messagingEra(t: CheckContext): void {
  if (t.profile.validation === 'restivus')
    t.skip(`profile ${t.profile.id}: the messaging routes are characterised from 6.x on`);
}

const LEGACY_UNKNOWN_PARAM = {
  success: false,
  error: 'must NOT have additional properties [invalid-params]',
  errorType: 'invalid-params',
};

const MESSAGING_CHECKS: Check[] = [
  {
    id: 'settings.public.page',
    section: MESSAGING,
    rule: 'settings.public needs no login: ?_id=Site_Name is 200 {settings: [{_id: "Site_Name", value (a string), enterprise (a boolean)}], count 1, offset 0, total 1}',
    async run(t) {
      messagingEra(t);
      const reply = await t.get('/api/v1/settings.public?_id=Site_Name', 'nobody');
      t.status(reply, 200);
      const body = objectOf(reply.body);
      const items = listOf(body, 'settings');
      const item = objectOf(items[0]);
      t.that(items.length === 1 && item._id === 'Site_Name', reply, 'settings is not [Site_Name]');
      t.that(
        typeof item.value === 'string' && typeof item.enterprise === 'boolean',
        reply,
        'not {_id, value, enterprise}',
      );
      t.that(
        body.count === 1 && body.offset === 0 && body.total === 1,
        reply,
        'count, offset, total are not 1, 0, 1',
      );
      return undefined;
    },
  },
  {
    id: 'settings.public.unknown-param',
    section: MESSAGING,
    rule: 'settings.public refuses a parameter it does not name (fields too): 400 "must NOT have additional properties [invalid-params]"',
    async run(t) {
      messagingEra(t);
      t.exact(
        await t.get(`/api/v1/settings.public?fields=${q('{"value":1}')}`, 'nobody'),
        400,
        LEGACY_UNKNOWN_PARAM,
      );
      return undefined;
    },
  },
  {
    id: 'subscriptions.get.shape',
    section: MESSAGING,
    rule: "subscriptions.get is 200 {update: the user's subscriptions ({rid, t, name, u of the user, open, alert, unread}), remove: []}; with updatedSince in the future, update is empty",
    async run(t) {
      messagingEra(t);
      const reply = await t.get('/api/v1/subscriptions.get');
      t.status(reply, 200);
      const body = objectOf(reply.body);
      const update = listOf(body, 'update');
      t.that(Array.isArray(body.update) && Array.isArray(body.remove), reply, 'not {update, remove}');
      for (const sub of update) {
        t.that(
          typeof sub.rid === 'string' && ['c', 'p', 'd', 'l'].includes(String(sub.t)),
          reply,
          'a subscription without rid or t',
        );
        t.that(objectOf(sub.u).username === t.facts.user.username, reply, 'a subscription of another user');
        t.that(
          typeof sub.open === 'boolean' && typeof sub.alert === 'boolean',
          reply,
          'open or alert is not a boolean',
        );
        t.that(Number.isInteger(sub.unread), reply, 'unread is not an integer');
      }
      const later = await t.get(`/api/v1/subscriptions.get?updatedSince=${q('2999-01-01T00:00:00.000Z')}`);
      t.status(later, 200);
      t.that(listOf(later.body, 'update').length === 0, later, 'update is not empty');
      return undefined;
    },
  },
  {
    id: 'subscriptions.get.bad-date',
    section: MESSAGING,
    rule: 'subscriptions.get?updatedSince=<not a date> is 400 \'The "lastUpdate" query parameter must be a valid date. [error-roomId-param-invalid]\'',
    async run(t) {
      messagingEra(t);
      t.exact(await t.get('/api/v1/subscriptions.get?updatedSince=yesterday'), 400, {
        success: false,
        error: 'The "lastUpdate" query parameter must be a valid date. [error-roomId-param-invalid]',
        errorType: 'error-roomId-param-invalid',
      });
      return undefined;
    },
  },
  {
    id: 'subscriptions.getOne.none',
    section: MESSAGING,
    rule: 'subscriptions.getOne of a room the user is not in is 200 {subscription: null}; an empty roomId is 400 "The \'roomId\' param is required"',
    async run(t) {
      messagingEra(t);
      t.exact(await t.get(`/api/v1/subscriptions.getOne?roomId=${UNKNOWN_ROOM}`), 200, {
        subscription: null,
        success: true,
      });
      t.exact(await t.get('/api/v1/subscriptions.getOne?roomId='), 400, {
        success: false,
        error: "The 'roomId' param is required",
      });
      return undefined;
    },
  },
  {
    id: 'subscriptions.read.unknown-room',
    section: MESSAGING,
    rule: 'subscriptions.read of a room that does not exist is 400 {"success":false,"error":"error-invalid-subscription"}',
    async run(t) {
      messagingEra(t);
      t.exact(await t.post('/api/v1/subscriptions.read', { rid: UNKNOWN_ROOM }), 400, {
        success: false,
        error: 'error-invalid-subscription',
      });
      return undefined;
    },
  },
  {
    id: 'rooms.get.shape',
    section: MESSAGING,
    rule: "rooms.get is 200 {update: the user's rooms, each with _id and t, remove}; updatedSince=<not a date> is 400 error-updatedSince-param-invalid",
    async run(t) {
      messagingEra(t);
      const reply = await t.get('/api/v1/rooms.get');
      t.status(reply, 200);
      const body = objectOf(reply.body);
      t.that(Array.isArray(body.update) && Array.isArray(body.remove), reply, 'not {update, remove}');
      for (const room of listOf(body, 'update'))
        t.that(typeof room._id === 'string' && typeof room.t === 'string', reply, 'a room without _id or t');
      t.exact(await t.get('/api/v1/rooms.get?updatedSince=nope'), 400, {
        success: false,
        error: 'The "updatedSince" query parameter must be a valid date. [error-updatedSince-param-invalid]',
        errorType: 'error-updatedSince-param-invalid',
      });
      return undefined;
    },
  },
  {
    id: 'im.history.not-direct',
    section: MESSAGING,
    rule: 'im.history of a public channel\'s id is 400 {"success":false,"error":"[invalid-channel]","errorType":"invalid-channel"}',
    async run(t) {
      messagingEra(t);
      const room = t.facts.channels[0];
      if (!room) return t.skip('needs a public channel');
      t.exact(await t.get(`/api/v1/im.history?roomId=${q(room._id)}`), 400, {
        success: false,
        error: '[invalid-channel]',
        errorType: 'invalid-channel',
      });
      return undefined;
    },
  },
  {
    id: 'im.create.unknown-user',
    section: MESSAGING,
    rule: 'im.create with a username no user has is 400 "Invalid user [error-invalid-user]" with details {method: "createDirectMessage"} (and makes nothing)',
    async run(t) {
      messagingEra(t);
      t.exact(await t.post('/api/v1/im.create', { username: NO_SUCH_USER }), 400, {
        success: false,
        error: 'Invalid user [error-invalid-user]',
        errorType: 'error-invalid-user',
        details: { method: 'createDirectMessage' },
      });
      return undefined;
    },
  },
];

export const CHECKS: readonly Check[] = [
  // ---- every response ----
  {
    id: 'response.json',
    section: EVERY,
    rule: 'Success and failure alike are Content-Type exactly application/json (7.x on; a charset suffix at most before), with Cache-Control: no-store and Pragma: no-cache',
    async run(t) {
      for (const reply of [
        await t.get(listUrl(t, 'count=1')),
        await t.get('/api/v1/channels.list', 'nobody'),
      ]) {
        const type = reply.headers.get('content-type') ?? '';
        // Rocket.Chat's own tests compare the header as this exact string (7.x on)
        const exact = t.profile.noStoreHeaders
          ? type === 'application/json'
          : /^application\/json(;\s*charset=utf-8)?$/i.test(type);
        t.that(exact, reply, `Content-Type is "${type}"`);
        if (!t.profile.noStoreHeaders) continue; // from 7.x on
        t.that(reply.headers.get('cache-control') === 'no-store', reply, 'Cache-Control is not "no-store"');
        t.that(reply.headers.get('pragma') === 'no-cache', reply, 'Pragma is not "no-cache"');
      }
    },
  },
  {
    id: 'response.unknown-path',
    section: EVERY,
    rule: 'An unknown path under /api/v1 is 404 (7.6 on; the fake answers {"success":false,"error":"Resource not found"}, a real server Hono\'s plain-text "404 Not Found")',
    async run(t) {
      // to 7.5 the web app answered an unknown path with its page (200); the body differs on purpose
      if (t.profile.id !== '7.10' && t.profile.id !== '8.5' && t.profile.id !== '8.9')
        return t.skip(`profile ${t.profile.id}: the web app's page answered, not the API`);
      t.status(await t.get('/api/v1/rocketchat-fake.verify-no-such-route'), 404);
      return undefined;
    },
  },
  // ---- authentication ----
  {
    id: 'auth.missing',
    section: AUTH,
    rule: 'Without X-Auth-Token and X-User-Id, or with only one of them, a protected route is 401 "You must be logged in to do this."',
    async run(t) {
      t.exact(await t.get('/api/v1/channels.list', 'nobody'), 401, t.era.notLoggedIn);
      t.exact(await t.get('/api/v1/me', 'nobody'), 401, t.era.notLoggedIn);
      const { userId, authToken } = t.facts.user.credentials;
      t.exact(await t.get('/api/v1/me', { userId, authToken: '' }), 401, t.era.notLoggedIn);
      t.exact(await t.get('/api/v1/me', { userId: '', authToken }), 401, t.era.notLoggedIn);
    },
  },
  {
    id: 'auth.mismatch',
    section: AUTH,
    rule: "A token with another user's id, or an unknown token, is 401 like a missing one",
    async run(t) {
      const { authToken } = t.facts.user.credentials;
      t.exact(
        await t.get('/api/v1/channels.list', { userId: 'rcfverifynosuchuser', authToken }),
        401,
        t.era.notLoggedIn,
      );
      t.exact(
        await t.get('/api/v1/channels.list', {
          userId: t.facts.user.credentials.userId,
          authToken: 'rcf-verify-no-such-token',
        }),
        401,
        t.era.notLoggedIn,
      );
    },
  },
  {
    id: 'auth.before-body',
    section: AUTH,
    rule: 'Authentication comes first: an unauthenticated request with a malformed body is 401',
    async run(t) {
      const reply = await t.send(
        { method: 'POST', path: '/api/v1/channels.setReadOnly', raw: '{"roomName":' },
        'nobody',
      );
      t.exact(reply, 401, t.era.notLoggedIn);
    },
  },
  // ---- login ----
  {
    id: 'login.username',
    section: LOGIN,
    rule: 'POST login {username, password}: 200 {status:"success", data:{userId, authToken, me}} with me\'s documented fields',
    async run(t) {
      // the run's own login (one login fewer: servers rate-limit logins per client)
      const reply = t.recall(t.facts.user.login, {
        method: 'POST',
        path: '/api/v1/login',
        as: 'nobody',
        body: { username: t.facts.user.username, password: '••••' },
      });
      t.status(reply, 200);
      const body = objectOf(reply.body);
      const data = objectOf(body.data);
      const me = objectOf(data.me);
      // the eras: 0.49 answered the token alone; 5.x and 6.x had no `success` member
      const shape = t.profile.loginSuccess;
      t.that(body.status === 'success', reply, 'not {status:"success"}');
      t.that(
        shape === 'enveloped' ? body.success === true : !('success' in body),
        reply,
        shape === 'enveloped'
          ? 'success is not true'
          : `a "success" member, which profile ${t.profile.id} had not`,
      );
      t.that(
        typeof data.userId === 'string' && typeof data.authToken === 'string',
        reply,
        'no data.userId or data.authToken',
      );
      if (shape === 'token-only') {
        t.that(!('me' in data), reply, 'a data.me, which the 0.49 era had not');
        return undefined;
      }
      const missing = lacking(me, ME_FIELDS);
      t.that(missing.length === 0, reply, `data.me lacks ${missing.join(', ')}`);
      t.that(me.username === t.facts.user.username, reply, 'data.me.username is not the user');
      return undefined;
    },
  },
  {
    id: 'login.user-or-email',
    section: LOGIN,
    rule: 'POST login also takes {user, password} (user: a username, or an e-mail address when it has "@"), {email, password}, and form data',
    async run(t) {
      // {user, password} as form data: both rules in one login
      const form = await t.send(
        {
          method: 'POST',
          path: '/api/v1/login',
          form: { user: t.facts.user.username, password: t.password() },
        },
        'nobody',
      );
      t.status(form, 200);
      const emails = t.facts.user.me.emails;
      const address = Array.isArray(emails) ? objectOf(emails[0]).address : undefined;
      if (typeof address !== 'string') return 'the e-mail form not tried: the user has no e-mail address';
      for (const body of [{ user: address }, { email: address }]) {
        const email = await t.post('/api/v1/login', { ...body, password: t.password() }, 'nobody');
        t.status(email, 200);
        t.that(
          objectOf(objectOf(email.body).data).userId === t.facts.user.credentials.userId,
          email,
          'another user logged in',
        );
      }
      return undefined;
    },
  },
  {
    id: 'login.user-object',
    section: LOGIN,
    rule: 'POST login takes user as an object too: {user: {username}, password} and {user: {email}, password} (5.x on)',
    async run(t) {
      if (t.profile.loginSuccess === 'token-only')
        return t.skip(`profile ${t.profile.id}: Restivus' own login knew no object form`);
      const emails = t.facts.user.me.emails;
      const address = Array.isArray(emails) ? objectOf(emails[0]).address : undefined;
      const users = [
        { username: t.facts.user.username },
        ...(typeof address === 'string' ? [{ email: address }] : []),
      ];
      for (const user of users) {
        const reply = await t.post('/api/v1/login', { user, password: t.password() }, 'nobody');
        t.status(reply, 200);
        t.that(
          objectOf(objectOf(reply.body).data).userId === t.facts.user.credentials.userId,
          reply,
          'another user logged in',
        );
      }
      return typeof address === 'string'
        ? undefined
        : 'the e-mail form not tried: the user has no e-mail address';
    },
  },
  {
    id: 'auth.personal-access-token',
    section: LOGIN,
    rule: "A personal access token authenticates as X-Auth-Token with its user's X-User-Id, without a login: GET me is 200 as that user; with another user id it is 401",
    async run(t) {
      const pat = t.facts.pat;
      if (!pat) return t.skip('needs a personal access token (ROCKETCHAT_PAT and --pat-user-id)');
      const reply = await t.get('/api/v1/me', pat);
      t.status(reply, 200);
      t.that(objectOf(reply.body)._id === pat.userId, reply, 'another user answered');
      const other = { userId: t.facts.user.credentials.userId, authToken: pat.authToken };
      if (other.userId !== pat.userId) t.exact(await t.get('/api/v1/me', other), 401, t.era.notLoggedIn);
      return undefined;
    },
  },
  {
    id: 'login.refused',
    section: LOGIN,
    rule: 'Every failed login (wrong password, unknown user, missing password) is the same 401 "Unauthorized" body',
    async run(t) {
      const cases: [object, object][] = [
        [{ username: t.facts.user.username, password: 'rcf-verify-wrong-password' }, t.era.loginRefused],
        [{ username: 'rcf-verify-no-such-user', password: 'x' }, t.era.loginRefused],
        // 5.x and 6.x handed a body without a password to Meteor's login, which did not recognise it
        [{ username: t.facts.user.username }, t.era.loginWithoutPassword],
      ];
      for (const [body, expected] of cases)
        t.exact(await t.post('/api/v1/login', body, 'nobody'), 401, expected);
      return undefined;
    },
  },
  {
    id: 'login.fresh-token',
    section: LOGIN,
    rule: "Each login issues a new token; the user's earlier tokens stay valid",
    async run(t) {
      const reply = await t.logIn();
      t.status(reply, 200);
      const data = objectOf(objectOf(reply.body).data);
      t.that(data.authToken !== t.facts.user.credentials.authToken, reply, 'the same token again');
      t.status(await t.get('/api/v1/me'), 200);
    },
  },
  // ---- extras ----
  {
    id: 'extras.me',
    section: EXTRAS,
    rule: "GET me is login's data.me plus success:true: settings {profile, preferences}, services without a secret (0.49: a pick of the user's fields, no roles, settings or avatarUrl)",
    async run(t) {
      const reply = await t.get('/api/v1/me');
      t.status(reply, 200);
      const body = objectOf(reply.body);
      // the 0.49 era picked fields of the user and added nothing
      const picked = t.profile.loginSuccess === 'token-only';
      const fields = picked
        ? ME_FIELDS.filter((f) => !['roles', 'settings', 'avatarUrl'].includes(f))
        : ME_FIELDS;
      const missing = lacking(body, fields);
      t.that(
        missing.length === 0 && body.success === true,
        reply,
        `lacks ${[...missing, 'success'].join(', ')}`,
      );
      t.that(body._id === t.facts.user.credentials.userId, reply, '_id is not the user');
      if (picked) return undefined;
      const settings = objectOf(body.settings);
      t.that(
        typeof settings.profile === 'object' && typeof settings.preferences === 'object',
        reply,
        'settings lacks profile or preferences',
      );
      const services = objectOf(body.services);
      t.that(
        !('resume' in services) && !('bcrypt' in objectOf(services.password)),
        reply,
        'services carry a secret (resume tokens or a password hash)',
      );
      return undefined;
    },
  },
  {
    id: 'extras.logout',
    section: EXTRAS,
    rule: 'POST and GET logout: 200 {status:"success", data:{message:"You\'ve been logged out!"}} with no success member (to 7.3), an empty 200 (7.4 on); the token is void after',
    async run(t) {
      for (const method of ['POST', 'GET'] as const) {
        const login = await t.logIn();
        t.status(login, 200);
        const data = objectOf(objectOf(login.body).data);
        const mine = { userId: String(data.userId), authToken: String(data.authToken) };
        const reply =
          method === 'POST' ? await t.post('/api/v1/logout', {}, mine) : await t.get('/api/v1/logout', mine);
        if (t.profile.logout === 'plain') t.exact(reply, 200, LOGGED_OUT);
        else {
          t.status(reply, 200);
          t.that(reply.body === '', reply, 'the body is not empty');
        }
        t.exact(await t.get('/api/v1/me', mine), 401, t.era.notLoggedIn);
      }
    },
  },
  {
    id: 'extras.info',
    section: EXTRAS,
    rule: 'GET /api/info needs no login: 200 {version: "X.Y" (no patch), success:true}; a caller with view-statistics (get-server-info before 6.5) also gets info {version: "X.Y.Z", build, commit}',
    async run(t) {
      const reply = await t.get('/api/info', 'nobody');
      t.status(reply, 200);
      const answer = objectOf(reply.body);
      t.that(answer.success === true, reply, 'success is not true');
      // the 0.49 era nested it, {info: {version}}, the same for anyone
      if (t.profile.info === 'nested') {
        const version = objectOf(answer.info).version;
        t.that(typeof version === 'string', reply, 'no info.version');
        return `version ${String(version)}`;
      }
      t.that(
        typeof answer.version === 'string' && /^\d+\.\d+$/.test(answer.version),
        reply,
        'the version of an anonymous caller is not "X.Y"',
      );
      t.that(!('info' in answer), reply, 'an anonymous caller got the build details');
      // --user is an admin: it may see the build
      const mine = await t.get('/api/info');
      const body = objectOf(mine.body);
      const info = objectOf(body.info);
      t.that(
        typeof info.version === 'string' &&
          /^\d+\.\d+\.\d+/.test(info.version) &&
          typeof info.build === 'object',
        mine,
        'no info {version: "X.Y.Z", build} for an admin',
      );
      return `version ${String(info.version)}`;
    },
  },
  // ---- channels.list ----
  {
    id: 'channels.list.page',
    section: LIST,
    rule: 'channels.list: {channels, count (items returned), offset, total, success}; public rooms only, with their documented fields and ISO timestamps; sorted by name',
    async run(t) {
      const reply = await t.get('/api/v1/channels.list');
      const items = page(t, reply, 'channels');
      t.that(items.length <= 50, reply, 'more than 50 channels without count (the default is 50)');
      t.that(
        items.every((c) => c.t === 'c'),
        reply,
        'a room that is not t:"c" is listed',
      );
      t.that(isSortedBy(items, 'name'), reply, 'not sorted by name');
      for (const c of items) {
        const missing = lacking(c, LIST_FIELDS);
        t.that(missing.length === 0, reply, `channel ${String(c.name)} lacks ${missing.join(', ')}`);
        t.that(
          ISO.test(String(c.ts)) && ISO.test(String(c._updatedAt)),
          reply,
          `channel ${String(c.name)}: ts or _updatedAt is not ISO 8601 with milliseconds`,
        );
      }
    },
  },
  {
    id: 'channels.list.item-fields',
    section: LIST,
    rule: 'List items carry no joinCodeRequired, muted or joinCode',
    async run(t) {
      const reply = await t.get(listUrl(t, 'count=100'));
      const items = page(t, reply, 'channels');
      const carrying = items.find((c) => 'joinCodeRequired' in c || 'muted' in c || 'joinCode' in c);
      t.that(
        carrying === undefined,
        reply,
        `channel ${String(carrying?.name)} carries joinCodeRequired, muted or joinCode`,
      );
    },
  },
  {
    id: 'channels.list.paging',
    section: LIST,
    rule: 'offset and count page the list; count is clamped to 100; count=0 means all',
    needs: ['many-channels'],
    async run(t) {
      if (t.profile.listRefusesPagination)
        return t.skip(`profile ${t.profile.id}: its schema refused count and offset (see bad-paging)`);
      const two = page(t, await t.get('/api/v1/channels.list?count=2'), 'channels');
      const second = await t.get('/api/v1/channels.list?count=1&offset=1');
      const items = page(t, second, 'channels');
      t.that(objectOf(second.body).offset === 1, second, 'offset is not 1');
      if (two.length === 2)
        t.that(items[0]?._id === two[1]?._id, second, 'offset 1 is not the second channel');
      const all = await t.get('/api/v1/channels.list?count=0');
      const everything = page(t, all, 'channels');
      t.that(everything.length === objectOf(all.body).total, all, 'count=0 did not return every channel');
      if (t.facts.total <= 100) return 'the clamp to 100 not tried: the server lists 100 channels or fewer';
      const many = await t.get('/api/v1/channels.list?count=1000');
      t.that(page(t, many, 'channels').length === 100, many, 'count=1000 did not return exactly 100');
    },
  },
  {
    id: 'channels.list.bad-paging',
    section: LIST,
    rule: 'A count or offset that is not a number is 400 "must be number [invalid-params]" (7.0: paging is an unknown key, "must NOT have additional properties")',
    async run(t) {
      if (t.profile.validation === 'restivus')
        return t.skip(`profile ${t.profile.id}: no validator in that era (the answer is undefined)`);
      // 7.0's schema knew only _id and query: paging was refused as an unknown key
      const reason = t.profile.listRefusesPagination
        ? 'must NOT have additional properties'
        : 'must be number';
      t.exact(await t.get('/api/v1/channels.list?count=abc'), 400, t.era.invalidParams(reason));
      t.exact(await t.get('/api/v1/channels.list?offset=abc'), 400, t.era.invalidParams(reason));
      return undefined;
    },
  },
  {
    id: 'channels.list.bad-json',
    section: LIST,
    rule: 'Bad JSON in sort, query or fields is 400 error-invalid-sort / -query / -fields quoting the raw value, details {helperMethod:"parseJsonQuery"}',
    async run(t) {
      // 7.0's schema refused sort as an unknown key, before reading it
      t.exact(
        await t.get(`/api/v1/channels.list?sort=${q('{')}`),
        400,
        t.profile.listRefusesPagination
          ? t.era.invalidParams('must NOT have additional properties')
          : t.era.parseError('sort', '{'),
      );
      t.exact(await t.get(`/api/v1/channels.list?query=${q('{x')}`), 400, t.era.parseError('query', '{x'));
      // 6.x to 8.7 refuse fields before reading it (channels.list.fields)
      if (!t.profile.listRefusesFields)
        t.exact(await t.get(`/api/v1/channels.list?fields=${q('[')}`), 400, t.era.parseError('fields', '['));
    },
  },
  {
    id: 'channels.list.sort',
    section: LIST,
    rule: 'sort {"name":-1} reverses the order; a sort value other than 1 or -1 is error-invalid-sort',
    async run(t) {
      if (t.profile.listRefusesPagination)
        return t.skip(`profile ${t.profile.id}: its schema refused sort (see bad-json)`);
      const reply = await t.get(listUrl(t, `count=100&sort=${q('{"name":-1}')}`));
      const items = page(t, reply, 'channels');
      t.that(isSortedBy([...items].reverse(), 'name'), reply, 'not sorted by name, descending');
      const raw = '{"name":2}';
      t.exact(await t.get(`/api/v1/channels.list?sort=${q(raw)}`), 400, t.era.parseError('sort', raw));
      return undefined;
    },
  },
  {
    id: 'channels.list.query',
    section: LIST,
    rule: 'query matches by equality and $regex, is ANDed with t:"c" (a t in it is overwritten); $where and other operators are error-invalid-query',
    async run(t) {
      const first = t.facts.channels[0];
      if (!first) return t.skip('needs a public channel');
      const byName = await t.get(`/api/v1/channels.list?query=${q(JSON.stringify({ name: first.name }))}`);
      t.that(
        page(t, byName, 'channels').length === 1,
        byName,
        `query by name did not find ${first.name} alone`,
      );
      const pattern = `^${first.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
      const regex = await t.get(
        `/api/v1/channels.list?query=${q(JSON.stringify({ name: { $regex: pattern } }))}`,
      );
      t.that(page(t, regex, 'channels').length === 1, regex, '$regex did not find the channel alone');
      const typed = await t.get(listUrl(t, `count=1&query=${q('{"t":"p"}')}`));
      t.that(objectOf(typed.body).total === t.facts.total, typed, 'a t in query changed what is listed');
      const where = '{"$where":"1"}';
      t.exact(await t.get(`/api/v1/channels.list?query=${q(where)}`), 400, t.era.parseError('query', where));
    },
  },
  {
    id: 'channels.list.fields',
    section: LIST,
    rule: 'fields projects: {"name":1} leaves _id and name; {"msgs":0} drops msgs (6.x to 8.7 refuse fields: 400 invalid-params; 8.8 takes it again)',
    async run(t) {
      if (t.profile.listRefusesFields) {
        const refused = await t.get(`/api/v1/channels.list?count=5&fields=${q('{"name":1}')}`);
        t.exact(refused, 400, t.era.invalidParams('must NOT have additional properties'));
        return undefined;
      }
      const reply = await t.get(`/api/v1/channels.list?count=5&fields=${q('{"name":1}')}`);
      const items = page(t, reply, 'channels');
      const extra = items.find((c) => Object.keys(c).some((k) => k !== '_id' && k !== 'name'));
      t.that(extra === undefined, reply, `channel ${String(extra?.name)} has more than _id and name`);
      const without = await t.get(`/api/v1/channels.list?count=5&fields=${q('{"msgs":0}')}`);
      t.that(
        page(t, without, 'channels').every((c) => !('msgs' in c)),
        without,
        'msgs is still there',
      );
      return undefined;
    },
  },
  {
    id: 'channels.list.unknown-param',
    section: LIST,
    rule: 'A parameter channels.list does not take is 400 "must NOT have additional properties" (7.0 on: the schema\'s additionalProperties: false); earlier releases ignore it',
    async run(t) {
      const reply = await t.get(listUrl(t, 'count=1&rocketchatFakeVerify=1'));
      if (t.profile.listRefusesUnknown) {
        t.exact(reply, 400, t.era.invalidParams('must NOT have additional properties'));
        return undefined;
      }
      page(t, reply, 'channels');
      return undefined;
    },
  },
  {
    id: 'channels.list.join-code',
    section: LIST,
    rule: 'joinCode is never returned: dropped from query and fields alike',
    async run(t) {
      const plain = await t.get(listUrl(t, 'count=1'));
      const query = await t.get(listUrl(t, `count=1&query=${q('{"joinCode":"rcf-verify"}')}`));
      t.status(query, 200);
      t.that(
        objectOf(query.body).total === objectOf(plain.body).total,
        query,
        'a joinCode in query filtered the list',
      );
      if (t.profile.listRefusesFields) return undefined; // no fields at all in that era
      const fields = await t.get(`/api/v1/channels.list?count=5&fields=${q('{"joinCode":1}')}`);
      const items = page(t, fields, 'channels');
      t.that(
        items.every((c) => !('joinCode' in c)),
        fields,
        'joinCode returned through fields',
      );
      return undefined;
    },
  },
  {
    id: 'channels.list.joined-only',
    section: LIST,
    rule: 'A caller without view-c-room but with view-joined-room (a guest) gets 200 with only the channels it joined',
    needs: ['user2', 'guest'],
    async run(t) {
      const roles = t.facts.user2?.me.roles;
      const user2 = t.facts.user2;
      if (!user2) return t.skip('needs a second user (--user2) with the guest role');
      if (!Array.isArray(roles) || roles.length !== 1 || roles[0] !== 'guest')
        t.skip('needs --user2 to have the guest role alone');
      const reply = await t.get(listUrl(t, 'count=100'), 'user2');
      const items = page(t, reply, 'channels');
      const total = objectOf(reply.body).total;
      if (!t.profile.listPermission) {
        // the 0.49 era checked no permission: a guest listed every public channel
        t.that(total === t.facts.total, reply, 'the 0.49 era listed every public channel to every user');
        return undefined;
      }
      t.that(typeof total === 'number' && total < t.facts.total, reply, 'a guest sees every public channel');
      const username = user2.username;
      const stranger = items.find((c) => Array.isArray(c.usernames) && !c.usernames.includes(username));
      t.that(stranger === undefined, reply, `lists ${String(stranger?.name)}, which the guest did not join`);
      return undefined;
    },
  },
  // ---- channels.getIntegrations ----
  {
    id: 'channels.getIntegrations.permission-first',
    section: INTEG,
    rule: 'Without any of the four manage-*-integrations permissions: 403 error-unauthorized, before any parameter is read',
    needs: ['user2'],
    async run(t) {
      unprivileged(t);
      const first = t.facts.channels[0];
      for (const params of [
        '',
        `?${t.refQuery({ _id: NO_SUCH_ROOM, name: NO_SUCH_ROOM })}`,
        ...(first ? [`?${t.refQuery(first)}`] : []),
        '?count=abc',
      ]) {
        t.exact(await t.get(`/api/v1/channels.getIntegrations${params}`, 'user2'), 403, t.era.forbidden);
      }
    },
  },
  {
    id: 'channels.getIntegrations.room',
    section: INTEG,
    rule: 'No room parameter is 400 error-roomid-param-not-provided; an unknown room is 400 error-room-not-found',
    async run(t) {
      // without a room: 6.x's route fell through to "not found", 8.x's schema refuses the query
      const missing = t.profile.missingIntegrationRoom;
      t.exact(
        await t.get('/api/v1/channels.getIntegrations'),
        400,
        missing === 'not-found'
          ? t.era.roomNotFound('')
          : missing === 'invalid-params'
            ? t.era.invalidParams(
                t.era.reasons(
                  "must have required property 'roomId'",
                  "must have required property 'roomName'",
                  'must match a schema in anyOf',
                ),
              )
            : t.era.roomParamMissing,
      );
      t.exact(
        await t.get(
          `/api/v1/channels.getIntegrations?${t.refQuery({ _id: NO_SUCH_ROOM, name: NO_SUCH_ROOM })}`,
        ),
        400,
        t.era.roomNotFound(NO_SUCH_ROOM),
      );
      t.exact(
        await t.get(`/api/v1/channels.getIntegrations?roomId=${UNKNOWN_ROOM}`),
        400,
        t.era.roomNotFound(UNKNOWN_ROOM),
      );
    },
  },
  {
    id: 'channels.getIntegrations.page',
    section: INTEG,
    rule: 'The page is {integrations, count, offset, total, success}, sorted by _createdAt; each is a webhook-outgoing or a webhook-incoming (no urls, no event)',
    needs: ['integrations'],
    async run(t) {
      const room = withIntegrations(t);
      const reply = await t.get(`/api/v1/channels.getIntegrations?${t.refQuery(room)}&count=100`);
      const items = page(t, reply, 'integrations');
      t.that(isSortedBy(items, '_createdAt'), reply, 'not sorted by _createdAt');
      for (const i of items) {
        const kind = i.type;
        t.that(
          kind === 'webhook-outgoing' || kind === 'webhook-incoming',
          reply,
          `an integration of type ${String(kind)}`,
        );
        const missing = lacking(i, [...INTEGRATION_FIELDS, ...(KIND_FIELDS[String(kind)] ?? [])]);
        t.that(missing.length === 0, reply, `integration ${String(i.name)} lacks ${missing.join(', ')}`);
        if (kind === 'webhook-incoming')
          t.that(
            !('urls' in i) && !('event' in i),
            reply,
            `incoming webhook ${String(i.name)} has urls or event`,
          );
        const targets = Array.isArray(i.channel) ? i.channel : [];
        t.that(
          targets.includes(`#${room.name}`) || targets.includes('all_public_channels'),
          reply,
          `integration ${String(i.name)} is not aimed at #${room.name} or all_public_channels`,
        );
      }
    },
  },
  {
    id: 'channels.getIntegrations.include-all',
    section: INTEG,
    rule: 'all_public_channels integrations are listed unless includeAllPublicChannels is present and not exactly "true"',
    needs: ['integrations'],
    async run(t) {
      const room = withIntegrations(t);
      const path = `/api/v1/channels.getIntegrations?${t.refQuery(room)}&count=100`;
      const all = page(t, await t.get(path), 'integrations');
      const yes = page(t, await t.get(`${path}&includeAllPublicChannels=true`), 'integrations');
      const no = await t.get(`${path}&includeAllPublicChannels=false`);
      const own = page(t, no, 'integrations');
      const aimed = (i: Record<string, unknown>) =>
        Array.isArray(i.channel) && i.channel.includes(`#${room.name}`);
      t.that(yes.length === all.length, no, '"true" does not list what the default lists');
      t.that(own.every(aimed), no, '"false" still lists all_public_channels integrations');
      t.that(own.length === all.filter(aimed).length, no, '"false" lost integrations aimed at the room');
    },
  },
  {
    id: 'channels.getIntegrations.archived',
    section: INTEG,
    rule: 'Archived channels are allowed (200)',
    needs: ['archived'],
    async run(t) {
      const room = archived(t);
      page(t, await t.get(`/api/v1/channels.getIntegrations?${t.refQuery(room)}`), 'integrations');
    },
  },
  {
    id: 'channels.getIntegrations.after-room',
    section: INTEG,
    rule: 'Paging and JSON parameters are read after the room is found: a bad count for an unknown room is error-room-not-found (8.8 on: the schema refuses the count first)',
    async run(t) {
      t.exact(
        await t.get(
          `/api/v1/channels.getIntegrations?${t.refQuery({ _id: NO_SUCH_ROOM, name: NO_SUCH_ROOM })}&count=abc`,
        ),
        400,
        t.profile.validation === 'hono'
          ? t.era.invalidParams('must be number')
          : t.era.roomNotFound(NO_SUCH_ROOM),
      );
    },
  },
  // ---- channels.setReadOnly ----
  {
    id: 'channels.setReadOnly.params',
    section: RO,
    rule: 'A missing room parameter, a missing or non-boolean readOnly, or a key the schema does not name, is 400 invalid-params (before 6.x: "The bodyParam \\"readOnly\\" is required", then the room)',
    async run(t) {
      const first = t.facts.channels[0] ?? { _id: 'GENERAL', name: 'general' };
      const path = '/api/v1/channels.setReadOnly';
      if (t.profile.validation === 'restivus') {
        // no validator before 6.x: the route's own words, then the room lookup
        t.exact(await t.post(path, t.ref(first)), 400, t.era.readOnlyRequired);
        t.exact(await t.post(path, { readOnly: true }), 400, t.era.roomParamMissing);
        return undefined;
      }
      // the schema is a oneOf of {roomId, readOnly} and {roomName, readOnly}: ajv says why each
      // branch failed, then that none matched
      const byId = 'roomId' in t.ref(first);
      const why = (problem: string): string =>
        byId
          ? t.era.reasons(problem, "must have required property 'roomName'", ONE_OF)
          : t.era.reasons("must have required property 'roomId'", problem, ONE_OF);
      t.exact(
        await t.post(path, t.ref(first)),
        400,
        t.era.invalidBody(why("must have required property 'readOnly'")),
      );
      t.exact(
        await t.post(path, { readOnly: true }),
        400,
        t.era.invalidBody(
          t.era.reasons(
            "must have required property 'roomId'",
            "must have required property 'roomName'",
            ONE_OF,
          ),
        ),
      );
      t.exact(
        await t.post(path, { ...t.ref(first), readOnly: 'maybe' }),
        400,
        t.era.invalidBody(why('must be boolean')),
      );
      // a key the schema does not name (additionalProperties: false), refused before any change
      t.exact(
        await t.post(path, { ...t.ref(first), readOnly: true, rocketchatFakeVerify: 1 }),
        400,
        t.era.invalidBody(why('must NOT have additional properties')),
      );
      return undefined;
    },
  },
  {
    id: 'channels.setReadOnly.not-found',
    section: RO,
    rule: 'An unknown room is 400 error-room-not-found',
    async run(t) {
      t.exact(
        await t.post('/api/v1/channels.setReadOnly', {
          ...t.ref({ _id: NO_SUCH_ROOM, name: NO_SUCH_ROOM }),
          readOnly: true,
        }),
        400,
        t.era.roomNotFound(NO_SUCH_ROOM),
      );
    },
  },
  {
    id: 'channels.setReadOnly.archived',
    section: RO,
    rule: 'An archived channel is 400 "The channel, <name>, is archived [error-room-archived]"',
    needs: ['archived'],
    async run(t) {
      const room = archived(t);
      t.exact(
        await t.post('/api/v1/channels.setReadOnly', { ...t.ref(room), readOnly: !room.ro }),
        400,
        archivedBody(room.name),
      );
    },
  },
  {
    id: 'channels.setReadOnly.same-value',
    section: RO,
    rule: 'Setting the current value is 400 "The channel read only setting is the same as what it would be changed to." (no errorType); "true"/"false" strings are coerced from 8.6 (refused as "must be boolean" before)',
    needs: ['probe'],
    lenient: true,
    async run(t) {
      const room = probe(t);
      const ro = (await currentRo(t, room.name)) ?? room.ro;
      t.exact(await t.post('/api/v1/channels.setReadOnly', { ...t.ref(room), readOnly: ro }), 400, RO_SAME);
      // before 6.x a string was compared as it was, so it would change the room: not tried there
      if (t.profile.validation === 'restivus') return undefined;
      t.exact(
        await t.post('/api/v1/channels.setReadOnly', { roomId: room._id, readOnly: String(ro) }),
        400,
        t.profile.readOnlyCoerced
          ? RO_SAME
          : t.era.invalidBody(
              t.era.reasons('must be boolean', "must have required property 'roomName'", ONE_OF),
            ),
      );
      return undefined;
    },
  },
  {
    id: 'channels.setReadOnly.changes',
    section: RO,
    rule: 'A change is 200 {channel}: ro set, _updatedAt later, msgs up by one (from 6.x), joinCodeRequired and muted present',
    needs: ['channel'],
    changes: true,
    async run(t) {
      const room = (await current(t, dedicated(t).name)) ?? dedicated(t);
      const ro = room.ro ?? false;
      const reply = await t.post('/api/v1/channels.setReadOnly', { ...t.ref(room), readOnly: !ro });
      t.status(reply, 200);
      const channel = objectOf(objectOf(reply.body).channel);
      t.that(objectOf(reply.body).success === true, reply, 'success is not true');
      t.that(channel.ro === !ro, reply, `ro is not ${String(!ro)}`);
      t.that(channel._id === room._id, reply, 'another channel came back');
      t.that(
        // 6.x on post a system message; the 0.5x servers did not
        typeof channel.msgs === 'number' &&
          channel.msgs === Number(room.msgs) + (t.profile.readOnlyMessage ? 1 : 0),
        reply,
        t.profile.readOnlyMessage ? 'msgs did not go up by one' : 'msgs changed (the era posted no message)',
      );
      t.that(String(channel._updatedAt) > String(room._updatedAt), reply, '_updatedAt did not move');
      t.that(
        'joinCodeRequired' in channel && Array.isArray(channel.muted),
        reply,
        'no joinCodeRequired or muted',
      );
      t.status(await t.post('/api/v1/channels.setReadOnly', { ...t.ref(room), readOnly: ro }), 200);
    },
  },
  {
    id: 'channels.setReadOnly.permission',
    section: RO,
    rule: 'Without edit-room: 400 (not 403) error-action-not-allowed, details {method:"saveRoomSettings", action:"Editing_room"}',
    needs: ['user2', 'channel'],
    changes: true,
    async run(t) {
      unprivileged(t);
      const room = dedicated(t);
      const ro = (await currentRo(t, room.name)) ?? false;
      t.exact(
        await t.post('/api/v1/channels.setReadOnly', { ...t.ref(room), readOnly: !ro }, 'user2'),
        400,
        t.era.notAllowed,
      );
    },
  },
  // ---- channels.setType ----
  {
    id: 'channels.setType.type-required',
    section: TYPE,
    rule: 'A missing, empty or blank type is 400 "The bodyParam \\"type\\" is required", before the room is looked up',
    async run(t) {
      const room = t.ref({ _id: NO_SUCH_ROOM, name: NO_SUCH_ROOM });
      // 8.x's typed route refuses a body without a type key by its schema first
      const noKey =
        t.profile.validation === 'hono'
          ? t.era.invalidBody("must have required property 'type'")
          : TYPE_REQUIRED;
      t.exact(await t.post('/api/v1/channels.setType', room), 400, noKey);
      for (const body of [
        { ...room, type: '' },
        { ...room, type: '  ' },
      ])
        t.exact(await t.post('/api/v1/channels.setType', body), 400, TYPE_REQUIRED);
      return undefined;
    },
  },
  {
    id: 'channels.setType.not-found',
    section: TYPE,
    rule: 'No room parameter is error-roomid-param-not-provided (8.8 on: the schema refuses it); an unknown room is error-room-not-found',
    async run(t) {
      t.exact(
        await t.post('/api/v1/channels.setType', { type: 'p' }),
        400,
        t.profile.validation === 'hono'
          ? t.era.invalidBody(
              t.era.reasons(
                "must have required property 'roomId'",
                "must have required property 'roomName'",
                'must match a schema in anyOf',
              ),
            )
          : t.era.roomParamMissing,
      );
      t.exact(
        await t.post('/api/v1/channels.setType', {
          ...t.ref({ _id: NO_SUCH_ROOM, name: NO_SUCH_ROOM }),
          type: 'p',
        }),
        400,
        t.era.roomNotFound(NO_SUCH_ROOM),
      );
    },
  },
  {
    id: 'channels.setType.archived',
    section: TYPE,
    rule: 'An archived channel is 400 error-room-archived',
    needs: ['archived'],
    async run(t) {
      const room = archived(t);
      t.exact(
        await t.post('/api/v1/channels.setType', { ...t.ref(room), type: 'p' }),
        400,
        archivedBody(room.name),
      );
    },
  },
  {
    id: 'channels.setType.same-type',
    section: TYPE,
    rule: 'The current type is 400 "The channel type is the same as what it would be changed to."',
    needs: ['probe'],
    lenient: true,
    async run(t) {
      const room = probe(t);
      t.exact(await t.post('/api/v1/channels.setType', { ...t.ref(room), type: 'c' }), 400, TYPE_SAME);
    },
  },
  {
    id: 'channels.setType.invalid-type',
    section: TYPE,
    rule: 'A type other than c or p is 400 error-invalid-room-type, details {function:"RocketChat.saveRoomType", type}',
    needs: ['probe'],
    async run(t) {
      const room = probe(t);
      t.exact(
        await t.post('/api/v1/channels.setType', { ...t.ref(room), type: 'x' }),
        400,
        t.era.invalidRoomType('x'),
      );
    },
  },
  {
    id: 'channels.setType.permission',
    section: TYPE,
    rule: 'Without edit-room: 400 error-action-not-allowed (the setReadOnly body)',
    needs: ['user2', 'channel'],
    changes: true,
    async run(t) {
      unprivileged(t);
      const room = dedicated(t);
      t.exact(
        await t.post('/api/v1/channels.setType', { ...t.ref(room), type: 'p' }, 'user2'),
        400,
        t.era.notAllowed,
      );
    },
  },
  {
    id: 'channels.setType.changes',
    section: TYPE,
    rule: 'A change is 200 {channel} with the new t, _updatedAt later and msgs up by one; groups.setType turns it back',
    needs: ['channel'],
    changes: true,
    async run(t) {
      const room = (await current(t, dedicated(t).name)) ?? dedicated(t);
      const reply = await t.post('/api/v1/channels.setType', { ...t.ref(room), type: 'p' });
      t.status(reply, 200);
      const channel = objectOf(objectOf(reply.body).channel);
      t.that(
        channel.t === 'p' && channel._id === room._id,
        reply,
        'the channel did not come back with t:"p"',
      );
      t.that(String(channel._updatedAt) > String(room._updatedAt), reply, '_updatedAt did not move');
      t.that(
        typeof channel.msgs === 'number' && channel.msgs > Number(room.msgs),
        reply,
        'msgs did not go up',
      );
      const back = await t.post('/api/v1/groups.setType', { ...t.ref(room), type: 'c' });
      t.status(back, 200);
      t.that(objectOf(objectOf(back.body).group).t === 'c', back, 'groups.setType did not turn it back');
    },
  },
  {
    id: 'channels.private-not-found',
    section: TYPE,
    rule: 'channels.* do not find a private room: not listed, and getIntegrations, setReadOnly and setType are error-room-not-found',
    needs: ['channel'],
    changes: true,
    lenient: true,
    async run(t) {
      const room = dedicated(t);
      t.status(await t.post('/api/v1/channels.setType', { ...t.ref(room), type: 'p' }), 200);
      try {
        const listed = await t.get(`/api/v1/channels.list?query=${q(JSON.stringify({ name: room.name }))}`);
        t.that(page(t, listed, 'channels').length === 0, listed, 'the private room is still listed');
        t.exact(
          await t.get(`/api/v1/channels.getIntegrations?${t.refQuery(room)}`),
          400,
          t.era.roomNotFound(room._id),
        );
        t.exact(
          await t.post('/api/v1/channels.setReadOnly', { ...t.ref(room), readOnly: true }),
          400,
          t.era.roomNotFound(room._id),
        );
        t.exact(
          await t.post('/api/v1/channels.setType', { ...t.ref(room), type: 'c' }),
          400,
          t.era.roomNotFound(room._id),
        );
      } finally {
        await t.post('/api/v1/groups.setType', { ...t.ref(room), type: 'c' });
      }
    },
  },
  // ---- chat.postMessage ----
  {
    id: 'chat.post-read-delete',
    section: CHAT,
    rule: 'A post to the --channel channel (by its id; the user should be a member: a post joins a non-member) is 200 {ts (ms), channel as sent, message with _id last}; chat.getMessage reads it back; chat.delete removes it, 200 {_id, ts (ms as a string), message {_id, rid, u}}, and chat.getMessage then answers 400 {"success":false}',
    needs: ['channel'],
    changes: true,
    async run(t) {
      // characterised from 6.x on (the validators and the answers of 7.x/8.x)
      if (t.profile.id === '0.49' || t.profile.id === '5')
        return t.skip(`profile ${t.profile.id}: posting is characterised from 6.x on`);
      const room = dedicated(t);
      const text = 'rocketchat-fake verify: posted and deleted again';
      const posted = await t.post('/api/v1/chat.postMessage', { roomId: room._id, text });
      t.status(posted, 200);
      const body = objectOf(posted.body);
      const message = objectOf(body.message);
      t.that(typeof body.ts === 'number', posted, 'ts is not a number of milliseconds');
      t.that(body.channel === room._id, posted, 'channel is not the target as sent');
      t.that(message.msg === text && message.rid === room._id, posted, 'the message is not the one posted');
      t.that(objectOf(message.u).username === t.facts.user.username, posted, 'u is not the user');
      const keys = Object.keys(message);
      t.that(keys.at(-1) === '_id' && typeof message._id === 'string', posted, '_id is not the last key');
      for (const key of ['alias', 'attachments', 'groupable', 'mentions', 'channels'])
        t.that(key in message, posted, `the message has no ${key}`);
      const id = String(message._id);
      const read = await t.get(`/api/v1/chat.getMessage?msgId=${q(id)}`);
      t.status(read, 200);
      t.that(objectOf(objectOf(read.body).message).msg === text, read, 'getMessage did not read it back');
      const deleted = await t.post('/api/v1/chat.delete', { roomId: room._id, msgId: id });
      t.status(deleted, 200);
      const gone = objectOf(deleted.body);
      t.that(gone._id === id && typeof gone.ts === 'string', deleted, 'not {_id, ts as a string}');
      t.that(
        JSON.stringify(Object.keys(objectOf(gone.message))) === JSON.stringify(['_id', 'rid', 'u']),
        deleted,
        'message is not {_id, rid, u}',
      );
      t.exact(await t.get(`/api/v1/chat.getMessage?msgId=${q(id)}`), 400, { success: false });
      return undefined;
    },
  },
  ...MESSAGING_CHECKS,
];
