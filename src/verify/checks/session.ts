/**
 * The checks of the session: what every response carries, authentication, login (and personal
 * access tokens), and the extras real clients call (me, logout, info).
 */

import type { Check } from '../check';
import { lacking, objectOf } from '../context';
import { LOGGED_OUT } from '../expected';
import { listUrl } from './shared';

const EVERY = 'Every response';
const AUTH = 'Authentication';
const LOGIN = 'POST /api/v1/login';
const EXTRAS = 'Extras real clients call';

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

export const SESSION_CHECKS: readonly Check[] = [
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
];
