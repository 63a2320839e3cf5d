import { ApiError } from '../errors';
import type { Room } from '../types';
import { command } from './command';
import type { CreateChannelArgs } from './createChannel';
import { roomLayoutOf } from './createChannel';

/**
 * `createPrivateGroupMethod` (Rocket.Chat's `createPrivateGroup` method, which `groups.create`
 * calls): the team's `create-team-group` when `extraData.teamId` names one (an unknown team
 * refused), else `create-p`; then `createRoom('p', …)`, whose name rules and members are the
 * domain's (src/store/rooms.ts), laid out as the release line lays a new room out.
 */
export type CreatePrivateGroupArgs = CreateChannelArgs;

/** The method's name, as its refusals' details name it. */
const NAME = 'createPrivateGroup';

export default command<CreatePrivateGroupArgs, Room>({
  name: NAME,
  run({ store, profile, user }, args) {
    const teamId = args.extraData.teamId;
    if (typeof teamId === 'string' && teamId !== '') {
      const team = store.team(teamId);
      if (!team) throw new ApiError('team-not-found', { method: NAME });
      const main = team.roomId === undefined ? undefined : store.anyRoom(team.roomId);
      if (!store.can(user, 'create-team-group', main))
        throw new ApiError('room-not-allowed', { method: NAME });
    } else if (!store.can(user, 'create-p')) {
      throw new ApiError('room-not-allowed', { method: NAME });
    }
    return store.createRoom({ type: 'p', owner: user, ...args }, roomLayoutOf(profile));
  },
});
