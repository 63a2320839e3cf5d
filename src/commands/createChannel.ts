import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import type { Profile } from '../profiles';
import type { JsonObject } from '../store/query';
import type { RoomLayout } from '../store/rooms';
import type { Room } from '../types';
import { command } from './command';

/**
 * `createChannelMethod` (Rocket.Chat's `createChannel` method, which `channels.create` calls):
 * the team's permission when `extraData.teamId` names one (an unknown team refused), else
 * `create-c`; then `createRoom('c', …)`, whose name rules and members are the domain's
 * (src/store/rooms.ts). The release line decides the new room's layout.
 */
export interface CreateChannelArgs {
  readonly name: string;
  readonly members: readonly string[];
  readonly readOnly: boolean;
  readonly customFields: JsonObject;
  readonly extraData: JsonObject;
  /** the owner is not made a member (`channels.create` from 6.4.1; the method never passes it) */
  readonly excludeSelf: boolean;
}

/** Ids: Meteor's 17 characters to 5.x, MongoDB's ObjectId (24 hex) from 6.x. */
const OBJECT_IDS = { '0.49': false, '6': true };
/** The owner's `u` carries its `name` from 6.3. */
const OWNER_NAME: EraTable<boolean> = { '0.49': false, '6.3': true };
/** `Accounts_SystemBlockedUsernameList`, default `admin,administrator,system,user` (5.x on). */
const BLOCKED_NAMES: EraTable<readonly string[]> = {
  '0.49': [],
  '5': ['admin', 'administrator', 'system', 'user'],
};
/** The method's name, as its refusals' details name it. */
const NAME = 'createChannel';

/** `UTF8_Channel_Names_Validation`'s default, matched whole. */
const NAMES = /^[0-9a-zA-Z-_.]+$/;

/** How the release line lays a new room out (a channel's, a group's or a team's main room: `createRoom`'s rules). */
export function roomLayoutOf(profile: Profile): RoomLayout {
  return {
    ids: byEra(profile, OBJECT_IDS) ? 'objectId' : 'meteor',
    ownerName: byEra(profile, OWNER_NAME),
    blockedNames: byEra(profile, BLOCKED_NAMES),
    namePattern: NAMES,
  };
}

export default command<CreateChannelArgs, Room>({
  name: NAME,
  run({ store, profile, user }, args) {
    const teamId = args.extraData.teamId;
    if (typeof teamId === 'string' && teamId !== '') {
      const team = store.team(teamId);
      if (!team) throw new ApiError('team-not-found', { method: NAME });
      const main = team.roomId === undefined ? undefined : store.anyRoom(team.roomId);
      if (!store.can(user, 'create-team-channel', main))
        throw new ApiError('room-not-allowed', { method: NAME });
    } else if (!store.can(user, 'create-c')) {
      throw new ApiError('room-not-allowed', { method: NAME });
    }
    return store.createRoom({ type: 'c', owner: user, ...args }, roomLayoutOf(profile));
  },
});
