import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import type { Room, User } from '../types';
import type { OperationContext } from './operation';
import { callerOf, readBody } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';
import { SINCE_TEAMS, TEAM, convertToTeamRun } from './teams-common';

/**
 * `POST /api/v1/channels.convertToTeam`: a public channel becomes a team's main room. The checks
 * per release line: 5.x the body (`isChannelsConvertToTeamProps`), then `create-team` and
 * `edit-room` held globally (the bare 403); 6.x the body, `create-team` (the bare 403), neither
 * `channelId` nor `channelName` (400), `edit-room` in the `channelId`'s scope (only when given);
 * 7.x the same with the framework's `create-team` 403; 8.6 on `create-team` first (the framework's),
 * then the body, the channel, `create-team` and `edit-room` in the channel. The channel found as
 * `channels.*` find one (not archived), then `Team.create` with its id: the name free of teams and
 * users (`team-name-already-exists`), the room's members the team's, the caller its owner, a
 * `user-converted-to-team` message. Answers `{team}`.
 */

type Order = 'global' | 'handler' | 'framework' | 'first';
/** Where `create-team` (and `edit-room`) is checked, per release line. */
const ORDER: EraTable<Order> = { '5': 'global', '6': 'handler', '7': 'framework', '8.6': 'first' };

const branch = (key: 'channelId' | 'channelName'): Record<string, unknown> => ({
  type: 'object',
  properties: { [key]: str },
  required: [key],
  additionalProperties: false,
});
const SCHEMA = { oneOf: [branch('channelId'), branch('channelName')] };

export const CHANNELS_CONVERT_TO_TEAM_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '5': { schema: SCHEMA, coerce: false, form: 'legacy' },
  '8': { schema: SCHEMA, coerce: true, form: 'legacy' },
};

function readArgs(context: OperationContext): { room: Room; user: User } {
  const { store, profile, input } = context;
  const user = callerOf(context);
  const order = byEra(profile, ORDER);
  if (order === 'first' && !store.can(user, 'create-team')) throw new ApiError('error-unauthorized');
  const body = validated(profile, CHANNELS_CONVERT_TO_TEAM_VALIDATOR, readBody(input.body));
  const channelId = typeof body.channelId === 'string' ? body.channelId : '';
  const channelName = typeof body.channelName === 'string' ? body.channelName : '';
  if (order === 'global' && !(store.can(user, 'create-team') && store.can(user, 'edit-room')))
    throw new ApiError('users-unauthorized');
  if ((order === 'handler' || order === 'framework') && !store.can(user, 'create-team'))
    throw new ApiError(order === 'handler' ? 'users-unauthorized' : 'error-unauthorized');
  if (order !== 'first' && channelId === '' && channelName === '')
    throw new ApiError('team-convert-channel-required');
  if ((order === 'handler' || order === 'framework') && channelId !== '') {
    if (!store.can(user, 'edit-room', store.anyRoom(channelId))) throw new ApiError('users-unauthorized');
  }
  const ref = channelId !== '' ? { roomId: channelId } : channelName !== '' ? { roomName: channelName } : {};
  const room = store.findChannel(ref, { checkArchived: true });
  if (order === 'first' && !(store.can(user, 'create-team', room) && store.can(user, 'edit-room', room)))
    throw new ApiError('users-unauthorized');
  return { room, user };
}

export default route(GROUPS.channels, {
  name: 'channels.convertToTeam',
  method: 'POST',
  permissions: ['create-team', 'edit-room'],
  errors: [
    'not-found',
    'error-unauthorized',
    'users-unauthorized',
    'team-convert-channel-required',
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'error-room-archived',
    'teams-limit',
    'team-name-already-exists',
  ],
  response: answer({ team: TEAM }),
  changes: ['room', 'message'],
  validator: CHANNELS_CONVERT_TO_TEAM_VALIDATOR,
  read: readArgs,
  run: convertToTeamRun,
  openApi: { servedIn: SINCE_TEAMS },
});
