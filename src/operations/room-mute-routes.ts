import type { EraTable } from '../eras';
import type { Command } from '../commands/command';
import type { MuteArgs } from '../commands/muteUserInRoom';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { DONE } from './responses';
import { readUser } from './room-members';
import type { RouteSpec } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';

/** `{roomId, userId}` or `{roomId, username}`, each non-empty, nothing else (rest-typings 6.8 to 8.x). */
const MUTE_BODY: Validator['schema'] = {
  type: 'object',
  oneOf: [
    {
      properties: { userId: { type: 'string', minLength: 1 }, roomId: { type: 'string', minLength: 1 } },
      required: ['userId', 'roomId'],
      additionalProperties: false,
    },
    {
      properties: { username: { type: 'string', minLength: 1 }, roomId: { type: 'string', minLength: 1 } },
      required: ['username', 'roomId'],
      additionalProperties: false,
    },
  ],
};

/**
 * The body's validator: `validateParams` in the route (6.8 to 7.x), 8.x's typed router after
 * (which release moved these two routes to it is UNVERIFIED; 8.x's source has them typed).
 */
const MUTE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': { schema: MUTE_BODY, coerce: true, form: 'legacy' },
  '8': { schema: MUTE_BODY, coerce: true, form: 'body' },
};

/** Added in 6.8 (the fake's 6.x line is late 6.x): none before. */
const MUTE_SERVED: EraTable<boolean> = { '0.49': false, '6': true };

/**
 * The declaration of `rooms.muteUser` or `rooms.unmuteUser`: the validator, then the user
 * (`getUserFromParams`: `userId` by id, else `username`, any case), then the command
 * (`muteUserInRoom` / `unmuteUserInRoom`: `mute-user` in the room, the room, not a direct room,
 * the user a member), its refusals as the REST envelope of a Meteor error (details name the
 * method). Answers `{success: true}`.
 */
export function muteRoute(name: string, command: Command<MuteArgs, undefined>): RouteSpec<MuteArgs> {
  return {
    name,
    method: 'POST',
    permissions: ['mute-user'],
    errors: [
      'user-param-not-provided',
      'user-param-invalid',
      'room-not-allowed',
      'room-invalid',
      'mute-room-type',
      'user-not-in-room',
    ],
    response: DONE,
    reads: ['room', 'user'],
    changes: ['room', 'message'],
    validator: MUTE_VALIDATOR,
    read: ({ input, profile, store }) => {
      const body = validated(profile, MUTE_VALIDATOR, readBody(input.body));
      const user = readUser(store, body);
      return { rid: typeof body.roomId === 'string' ? body.roomId : '', username: user.username };
    },
    run: (context, args) => {
      command.run({ ...context, user: callerOf(context) }, args);
      return success({});
    },
    openApi: { servedIn: MUTE_SERVED },
  };
}
