import sendMessage from '../commands/sendMessage';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { BUILT_IN_COMMANDS } from '../store/startup';
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
 * The text commands (`/gimme`, `/shrug`, …): 5.x's server callback posts the text with its art
 * as the caller; 6.x on the server registers them without a callback (the client posts), so
 * running them there does nothing (the version of the change UNVERIFIED).
 */
const ART: Readonly<Record<string, (params: string) => string>> = {
  gimme: (p) => `༼ つ ◕_◕ ༽つ ${p}`,
  lennyface: (p) => `${p} ( ͡° ͜ʖ ͡°)`,
  shrug: (p) => `${p} ¯\\_(ツ)_/¯`,
  tableflip: (p) => `${p} (╯°□°）╯︵ ┻━┻`,
  unflip: (p) => `${p} ┬─┬ ノ( ゜-゜ノ)`,
};
const ART_POSTED: EraTable<boolean> = { '0.49': true, '6': false };

const BUILT_IN = new Set(BUILT_IN_COMMANDS.map((c) => c.command));

/**
 * `POST /api/v1/commands.run` `{command, params?, roomId, tmid?, triggerId?}`: the body's checks
 * (by hand to 8.5, 8.9's schema), the command known (case-insensitive), the room the caller's to
 * see, the thread the room's; then the command runs. A scenario's command posts its `reply` to
 * the room as the caller (in the thread, with `tmid`); the text commands see {@link ART}; another
 * built-in command's effect is not modelled (the fake's own refusal). Answers `{success: true}`.
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
    'command-not-modelled',
  ],
  response: DONE,
  reads: ['room', 'message'],
  changes: ['message'],
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
    const own = store.slashCommands().find((c) => c.command === name);
    if (!own && !BUILT_IN.has(name)) throw new ApiError('command-unknown');
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
    const art = ART[name];
    let reply: string | undefined;
    if (own) reply = own.reply;
    else if (art) reply = byEra(profile, ART_POSTED) ? art(text) : undefined;
    else throw new ApiError('command-not-modelled', { field: name });
    return { rid: roomId, tmid: thread, reply };
  },
  run: ({ store, profile, ...context }, { rid, tmid, reply }) => {
    if (reply !== undefined)
      sendMessage.run(
        { store, profile, user: callerOf(context) },
        { rid, text: reply, ...(tmid === undefined ? {} : { tmid }) },
      );
    return success({});
  },
});
