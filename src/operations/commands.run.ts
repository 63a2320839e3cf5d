import slashCommand, { commandRegistered, deliverNotices } from '../commands/slashCommand';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { ROOM_NAME_REFUSALS } from '../store/rooms';
import type { Room } from '../types';
import { COMMANDS_EXIST } from './commands.list';
import { success } from './operation';
import { callerOf, mayAccessRoom, readBody } from './params';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';

const str = { type: 'string' } as const;
const nonEmpty = { type: 'string', minLength: 1 } as const;

/** 8.9's typed body (ajv coerces: `params: true` is the text "true"); the hand checks before. */
const VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8.9': {
    schema: {
      type: 'object',
      properties: { command: nonEmpty, params: str, roomId: nonEmpty, tmid: str, triggerId: str },
      required: ['command', 'roomId'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'body',
  },
};

/**
 * `POST /api/v1/commands.run` `{command, params?, roomId, tmid?, triggerId?}`: the body's checks
 * (by hand to 8.5, 8.9's schema), the command known (case-insensitive), the room the caller's to
 * see, the thread the room's; then the command runs (src/commands/slashCommand.ts, shared with the
 * realtime `slashCommand`): a scenario's command posts its `reply` to the room as the caller (in
 * the thread, with `tmid`); the text commands post their art where the line's server did; the
 * built-ins with an effect run it (src/commands/slash-builtins.ts), their ephemeral messages sent
 * to the caller's realtime connections. A refusal the command's callback throws is the route's
 * error (after the notices it sent). Answers `{success: true}`.
 */
export default route(GROUPS.commands, {
  name: 'commands.run',
  method: 'POST',
  errors: [
    'command-required',
    'command-params-string',
    'command-room-id',
    'command-tmid-string',
    'command-unknown',
    'room-forbidden',
    'command-invalid-thread',
    'slash-already-in-room',
    'slash-not-archivable',
    'slash-not-unarchivable',
    'slash-not-authorized',
    'archive-not-authorized',
    'mute-room-type',
    'slash-status-not-allowed',
    'user-not-in-room',
    'room-invalid',
    'room-not-allowed',
    // the refusals the built-ins pass through (slashfix): /me's and /msg's post, /join's join code,
    // /msg's direct room, /create's channel or group
    'send-too-long',
    'post-archived',
    'post-read-only',
    'post-muted',
    'post-not-allowed',
    'join-code-required',
    'join-code-invalid',
    'join-password-invalid',
    'direct-not-allowed',
    ...ROOM_NAME_REFUSALS,
    'rooms-limit-reached',
    'members-limit-reached',
    'last-owner',
    'error-group-not-found',
  ],
  response: DONE,
  reads: ['room', 'message', 'user'],
  changes: ['message', 'room', 'subscription', 'user'],
  validator: VALIDATOR,
  openApi: { servedIn: COMMANDS_EXIST },
  read: ({ profile, store, input, ...context }) => {
    const user = callerOf(context);
    const body = validated(profile, VALIDATOR, readBody(input.body));
    const { command, params, roomId, tmid } = body;
    if (typeof command !== 'string') throw new ApiError('command-required');
    if (params && typeof params !== 'string') throw new ApiError('command-params-string');
    if (typeof roomId !== 'string') throw new ApiError('command-room-id');
    if (tmid && typeof tmid !== 'string') throw new ApiError('command-tmid-string');
    const name = command.toLowerCase();
    if (!commandRegistered(store.slashCommands(), name)) throw new ApiError('command-unknown');
    const room = store.anyRoom(roomId);
    const allowed =
      room !== undefined &&
      (room.t === 'd'
        ? room.usernames.includes(user.username)
        : mayAccessRoom(store, profile, user, room as Room));
    if (!allowed) throw new ApiError('room-forbidden');
    const thread = typeof tmid === 'string' && tmid !== '' ? tmid : undefined;
    if (thread !== undefined && store.messageById(thread)?.rid !== roomId)
      throw new ApiError('command-invalid-thread');
    const text = typeof params === 'string' ? params : '';
    return { name, params: text, rid: roomId, ...(thread === undefined ? {} : { tmid: thread }) };
  },
  // the command's run (src/commands/slashCommand.ts), as the realtime `slashCommand` method runs it
  // its ephemeral messages to the caller's realtime connections, as the method sends them
  run: ({ store, profile, ...context }, args) => {
    const user = callerOf(context);
    deliverNotices(store, user._id, slashCommand.run({ store, profile, user }, args), context.notifyUser);
    return success({});
  },
});
