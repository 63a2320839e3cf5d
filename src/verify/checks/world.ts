/**
 * The checks of building a world through the API, as test suites do before they test anything:
 * users, a public and a private room, an incoming webhook, each made and removed; the administration reads
 * (permissions, roles, a setting). What they create is named `fake-verify-<run>-…`, made only with
 * `--create`, and removed by the check or, after a failure or an interruption, by the end of the run.
 */

import type { Check } from '../check';
import type { CheckContext } from '../context';
import { listOf, objectOf } from '../context';
import type { Reply } from '../client';
import { unprivileged } from './shared';

const WORLD = 'Building the world: users, rooms, teams, webhooks, permissions, roles, settings';

/** A user's body for users.create: left out of the default channels (so no channel changes). */
function newUser(t: CheckContext, what: string): Record<string, unknown> {
  const username = t.nameFor(what);
  return {
    email: `${username}@example.invalid`,
    name: `Fake Verify ${what}`,
    password: `${username}-Pw1!`,
    username,
    joinDefaultChannels: false,
  };
}

/** A refusal of users.create as the era words a Meteor error (E49: `Error: <reason> [<error>]`, no details). */
function usersRefusal(t: CheckContext, reason: string, error: string, details: object): object {
  if (t.profile.usersE49) return { success: false, error: `Error: ${reason} [${error}]` };
  return { success: false, error: `${reason} [${error}]`, errorType: error, details };
}

/** Notes a user a reply created (so the end of the run removes it), and returns its `_id`. */
function createdUser(t: CheckContext, reply: Reply, what: string): string | undefined {
  const id = objectOf(objectOf(reply.body).user)._id;
  if (reply.status !== 200 || typeof id !== 'string') return undefined;
  t.created(`user ${t.nameFor(what)}`, '/api/v1/users.delete', { userId: id });
  return id;
}

/** A group's not-found body: the 0.49 era's own words, then "…does not match any group". */
function groupNotFound(t: CheckContext, id: string): object {
  return {
    success: false,
    error: t.profile.usersE49
      ? `No private group by the id of: ${id} [error-room-not-found]`
      : 'The required "roomId" or "roomName" param provided does not match any group [error-room-not-found]',
    errorType: 'error-room-not-found',
  };
}

/** A room made, found by `.info`, deleted, and then not found: channels or groups alike. */
async function roomRoundTrip(
  t: CheckContext,
  group: 'channels' | 'groups',
  key: 'channel' | 'group',
  type: 'c' | 'p',
): Promise<void> {
  const name = t.nameFor(key);
  const made = await t.post(`/api/v1/${group}.create`, { name });
  const room = objectOf(objectOf(made.body)[key]);
  const id = room._id;
  if (made.status === 200 && typeof id === 'string')
    t.created(`${key} ${name}`, `/api/v1/${group}.delete`, { roomId: id });
  t.status(made, 200);
  t.that(objectOf(made.body).success === true, made, 'success is not true');
  t.that(room.name === name && room.t === type, made, `not a "${type}" room named ${name}`);
  if (typeof id !== 'string') return t.fail(`no ${key} _id came back`, made, {});
  const info = `/api/v1/${group}.info?roomId=${encodeURIComponent(id)}`;
  const found = await t.get(info);
  t.status(found, 200);
  t.that(objectOf(objectOf(found.body)[key])._id === id, found, `${group}.info does not find it`);
  const deleted = await t.post(`/api/v1/${group}.delete`, { roomId: id });
  if (t.profile.usersE49) {
    t.status(deleted, 200);
    t.that(
      objectOf(deleted.body).success === true && objectOf(objectOf(deleted.body)[key])._id === id,
      deleted,
      `not {${key}: <the deleted room>, success: true}`,
    );
  } else t.exact(deleted, 200, { success: true });
  t.removed(`${key} ${name}`);
  t.exact(await t.get(info), 400, group === 'channels' ? t.era.roomNotFound(id) : groupNotFound(t, id));
  return undefined;
}

export const WORLD_CHECKS: readonly Check[] = [
  {
    id: 'users.create.params',
    section: WORLD,
    rule: "users.create without its required fields is 400 and creates nothing: the first missing one named (\"must have required property 'email' [invalid-params]\"; the 0.49 era's \"Error: Match error: Missing key 'email'\")",
    async run(t) {
      t.exact(
        await t.post('/api/v1/users.create', {}),
        400,
        t.profile.usersE49
          ? { success: false, error: "Error: Match error: Missing key 'email'" }
          : {
              success: false,
              error: "must have required property 'email' [invalid-params]",
              errorType: 'invalid-params',
            },
      );
    },
  },
  {
    id: 'users.create.permission',
    section: WORLD,
    rule: 'Without create-user, users.create is 400 (not 403) "Adding user is not allowed [error-action-not-allowed]", details {method:"insertOrUpdateUser", action:"Adding_user"}, after the body is checked',
    needs: ['user2', 'create'],
    creates: true,
    async run(t) {
      t.mayCreate();
      unprivileged(t);
      const reply = await t.post('/api/v1/users.create', newUser(t, 'refused'), 'user2');
      createdUser(t, reply, 'refused');
      t.exact(
        reply,
        400,
        usersRefusal(t, 'Adding user is not allowed', 'error-action-not-allowed', {
          method: 'insertOrUpdateUser',
          action: 'Adding_user',
        }),
      );
    },
  },
  {
    id: 'users.create.round-trip',
    section: WORLD,
    rule: 'users.create is 200 {user}: the username, the e-mail unverified, type "user", active, the roles ["user"], the name; users.info finds it by userId; users.delete is 200 {success: true}; then users.info is 400 "User not found." (the 0.49 era: No user was found with the id of "<id>")',
    needs: ['create'],
    creates: true,
    async run(t) {
      t.mayCreate();
      const body = newUser(t, 'user');
      const made = await t.post('/api/v1/users.create', body);
      const id = createdUser(t, made, 'user');
      t.status(made, 200);
      const user = objectOf(objectOf(made.body).user);
      t.that(objectOf(made.body).success === true, made, 'success is not true');
      t.that(user.username === body.username, made, `the username is not ${String(body.username)}`);
      t.that(
        JSON.stringify(user.emails) === JSON.stringify([{ address: body.email, verified: false }]),
        made,
        'emails is not the address, unverified',
      );
      t.that(user.type === 'user' && user.active === true, made, 'not an active user of type "user"');
      t.that(JSON.stringify(user.roles) === '["user"]', made, 'the roles are not ["user"]');
      t.that(user.name === body.name, made, `the name is not ${String(body.name)}`);
      if (id === undefined) return t.fail('no user _id came back', made, {});
      const found = await t.get(`/api/v1/users.info?userId=${encodeURIComponent(id)}`);
      t.status(found, 200);
      t.that(
        objectOf(objectOf(found.body).user).username === body.username,
        found,
        'users.info does not find the new user by its userId',
      );
      t.exact(await t.post('/api/v1/users.delete', { userId: id }), 200, { success: true });
      t.removed(`user ${t.nameFor('user')}`);
      t.exact(
        await t.get(`/api/v1/users.info?userId=${encodeURIComponent(id)}`),
        400,
        t.profile.usersE49
          ? { success: false, error: `No user was found with the id of "${id}"` }
          : { success: false, error: 'User not found.' },
      );
      return undefined;
    },
  },
  {
    id: 'channels.create.round-trip',
    section: WORLD,
    rule: 'channels.create is 200 {channel} public ("t": "c") with the name asked for; channels.info finds it; channels.delete is 200 {success: true} (the 0.49 era: also the deleted channel); then channels.info is 400 error-room-not-found',
    needs: ['create'],
    creates: true,
    async run(t) {
      t.mayCreate();
      await roomRoundTrip(t, 'channels', 'channel', 'c');
    },
  },
  {
    id: 'groups.create.round-trip',
    section: WORLD,
    rule: 'groups.create is 200 {group} private ("t": "p") with the name asked for; groups.info finds it; groups.delete is 200 {success: true} (the 0.49 era: also the deleted group); then groups.info is 400 error-room-not-found ("…does not match any group")',
    needs: ['create'],
    creates: true,
    async run(t) {
      t.mayCreate();
      await roomRoundTrip(t, 'groups', 'group', 'p');
    },
  },
  {
    id: 'teams.create.round-trip',
    section: WORLD,
    rule: 'teams.create of a public team is 200 {team} with its name, type 0 and the roomId of its main room; teams.info finds it; teams.delete is 200 {success: true}; then teams.info is 400 "Team not found" and the main room is gone (not in the 0.49 era: no teams)',
    needs: ['create'],
    creates: true,
    async run(t) {
      t.mayCreate();
      if (!t.profile.adminRoutes) t.skip('the 0.49 era has no teams');
      const name = t.nameFor('team');
      const made = await t.post('/api/v1/teams.create', { name, type: 0 });
      const team = objectOf(objectOf(made.body).team);
      if (made.status === 200) t.created(`team ${name}`, '/api/v1/teams.delete', { teamName: name });
      t.status(made, 200);
      t.that(objectOf(made.body).success === true, made, 'success is not true');
      t.that(team.name === name && team.type === 0, made, `not a public team named ${name}`);
      const roomId = team.roomId;
      t.that(typeof roomId === 'string', made, 'no roomId of the main room');
      const info = `/api/v1/teams.info?teamName=${encodeURIComponent(name)}`;
      const found = await t.get(info);
      t.status(found, 200);
      t.that(objectOf(objectOf(found.body).teamInfo)._id === team._id, found, 'teams.info does not find it');
      t.exact(await t.post('/api/v1/teams.delete', { teamName: name }), 200, { success: true });
      t.removed(`team ${name}`);
      t.exact(await t.get(info), 400, { success: false, error: 'Team not found' });
      t.exact(
        await t.get(`/api/v1/channels.info?roomId=${encodeURIComponent(String(roomId))}`),
        400,
        t.era.roomNotFound(String(roomId)),
      );
    },
  },
  {
    id: 'integrations.create.round-trip',
    section: WORLD,
    rule: 'integrations.create of an incoming webhook (posting as a user the check makes) is 200 {integration} with its type, name, enabled, channel as a list, and a token; integrations.get finds it; integrations.remove is 200 (the 0.49 era made outgoing webhooks only: skipped)',
    needs: ['create'],
    creates: true,
    async run(t) {
      t.mayCreate();
      if (!t.profile.adminRoutes) t.skip('the 0.49 era made outgoing webhooks only');
      // the webhook posts as a user of its own (the server gives that user the bot role), aimed
      // at that user's direct room: nothing of the run's users or channels changes
      const poster = newUser(t, 'poster');
      const posterMade = await t.post('/api/v1/users.create', poster);
      const posterId = createdUser(t, posterMade, 'poster');
      t.status(posterMade, 200);
      const name = t.nameFor('hook');
      const target = `@${String(poster.username)}`;
      const made = await t.post('/api/v1/integrations.create', {
        type: 'webhook-incoming',
        name,
        enabled: true,
        username: poster.username,
        channel: target,
        scriptEnabled: false,
        overrideDestinationChannelEnabled: false,
      });
      const integration = objectOf(objectOf(made.body).integration);
      const id = integration._id;
      if (made.status === 200 && typeof id === 'string')
        t.created(`incoming webhook ${name}`, '/api/v1/integrations.remove', {
          type: 'webhook-incoming',
          integrationId: id,
        });
      t.status(made, 200);
      t.that(objectOf(made.body).success === true, made, 'success is not true');
      t.that(
        integration.type === 'webhook-incoming' && integration.name === name && integration.enabled === true,
        made,
        'not the enabled incoming webhook asked for',
      );
      t.that(
        JSON.stringify(integration.channel) === JSON.stringify([target]),
        made,
        `channel is not ["${target}"]`,
      );
      t.that(typeof integration.token === 'string' && integration.token !== '', made, 'no token');
      if (typeof id !== 'string') return t.fail('no integration _id came back', made, {});
      const found = await t.get(`/api/v1/integrations.get?integrationId=${encodeURIComponent(id)}`);
      t.status(found, 200);
      t.that(
        objectOf(objectOf(found.body).integration)._id === id,
        found,
        'integrations.get does not find it',
      );
      const removed = await t.post('/api/v1/integrations.remove', {
        type: 'webhook-incoming',
        integrationId: id,
      });
      t.status(removed, 200);
      t.removed(`incoming webhook ${name}`);
      t.that(objectOf(removed.body).success === true, removed, 'success is not true');
      if (posterId !== undefined) {
        t.exact(await t.post('/api/v1/users.delete', { userId: posterId }), 200, { success: true });
        t.removed(`user ${t.nameFor('poster')}`);
      }
      return undefined;
    },
  },
  {
    id: 'permissions.listAll.shape',
    section: WORLD,
    rule: 'permissions.listAll is 200 {update, remove, success}: each permission an _id and its roles; create-user is granted to admin (not in the 0.49 era)',
    async run(t) {
      if (!t.profile.adminRoutes) t.skip('the 0.49 era has no permissions.listAll');
      const reply = await t.get('/api/v1/permissions.listAll');
      t.status(reply, 200);
      const body = objectOf(reply.body);
      t.that(
        Array.isArray(body.update) && Array.isArray(body.remove) && body.success === true,
        reply,
        'not {update: [], remove: [], success: true}',
      );
      const update = listOf(reply.body, 'update');
      t.that(
        update.every((p) => typeof p._id === 'string' && Array.isArray(p.roles)),
        reply,
        'a permission without an _id or roles',
      );
      const create = update.find((p) => p._id === 'create-user');
      t.that(
        Array.isArray(create?.roles) && create.roles.includes('admin'),
        reply,
        'create-user is not granted to admin',
      );
    },
  },
  {
    id: 'roles.list.shape',
    section: WORLD,
    rule: 'roles.list is 200 {roles, success}: each role an _id, a name and a scope, with admin, user, bot, guest, owner, moderator and leader among them (not in the 0.49 era)',
    async run(t) {
      if (!t.profile.adminRoutes) t.skip('the 0.49 era has no roles.list');
      const reply = await t.get('/api/v1/roles.list');
      t.status(reply, 200);
      t.that(objectOf(reply.body).success === true, reply, 'success is not true');
      const roles = listOf(reply.body, 'roles');
      t.that(
        roles.every(
          (r) => typeof r._id === 'string' && typeof r.name === 'string' && typeof r.scope === 'string',
        ),
        reply,
        'a role without an _id, a name or a scope',
      );
      const names = new Set(roles.map((r) => r.name));
      const missing = ['admin', 'user', 'bot', 'guest', 'owner', 'moderator', 'leader'].filter(
        (name) => !names.has(name),
      );
      t.that(missing.length === 0, reply, `roles missing: ${missing.join(', ')}`);
    },
  },
  {
    id: 'settings.id.read',
    section: WORLD,
    rule: 'GET /api/v1/settings/Message_MaxAllowedSize is 200 {_id, value: a number, success} for an admin',
    async run(t) {
      const path = '/api/v1/settings/Message_MaxAllowedSize';
      const reply = await t.get(path);
      t.status(reply, 200);
      const body = objectOf(reply.body);
      t.that(
        body._id === 'Message_MaxAllowedSize' && typeof body.value === 'number' && body.success === true,
        reply,
        'not {_id: "Message_MaxAllowedSize", value: <number>, success: true}',
      );
    },
  },
  {
    id: 'settings.id.permission',
    section: WORLD,
    rule: 'GET /api/v1/settings/:_id is 403 for a user without view-privileged-setting',
    needs: ['user2'],
    async run(t) {
      unprivileged(t);
      t.exact(await t.get('/api/v1/settings/Message_MaxAllowedSize', 'user2'), 403, t.era.forbidden);
    },
  },
];
