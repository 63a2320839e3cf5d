import type { Command } from '../commands/command';
import type { RoomRoleArgs } from '../commands/setRoomRole';
import type { EraTable } from '../eras';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { findOpenGroup, readUser } from './room-members';
import { answer } from './responses';
import type { RouteSpec } from './route-groups';

/**
 * The room role routes (`channels.addOwner` … `groups.removeLeader`), one spec for twelve: the room
 * (archived refused; a group the caller is in), the user (`getUserFromParams`), then the role
 * command (src/commands/setRoomRole.ts). Answers `{success: true}` alone.
 *
 * Layer: operations.
 */

/** The leader routes are not in 0.49's build. */
const LEADER_SERVED: EraTable<boolean> = { '0.49': false, '5': true };

export function roleRoute(
  kind: 'channels' | 'groups',
  name: string,
  roleCommand: Command<RoomRoleArgs, true>,
  permission: string,
): RouteSpec<RoomRoleArgs> {
  const leader = name.endsWith('Leader');
  return {
    name: `${kind}.${name}`,
    method: 'POST',
    permissions: [permission],
    errors: [
      ...(kind === 'channels'
        ? (['error-roomid-param-not-provided', 'error-room-not-found', 'error-room-archived'] as const)
        : (['error-room-param-not-provided', 'error-group-not-found', 'error-group-archived'] as const)),
      'user-param-not-provided',
      'user-param-invalid',
      'room-not-allowed',
      'role-invalid-user',
      'user-not-in-room',
      'room-invalid',
      'user-already-owner',
      'user-already-moderator',
      'user-already-leader',
      'user-not-owner',
      'user-not-moderator',
      'user-not-leader',
      'remove-last-owner',
      ...(leader ? (['not-found'] as const) : []),
    ],
    response: answer({}),
    reads: ['room', 'user'],
    changes: ['subscription', 'message', 'room'],
    ...(leader ? { openApi: { servedIn: LEADER_SERVED } } : {}),
    read: (context) => {
      const { store } = context;
      const body = readBody(context.input.body);
      const ref = readRoomRef(body);
      const room =
        kind === 'channels'
          ? store.findChannel(ref, { checkArchived: true })
          : findOpenGroup(store, callerOf(context), ref);
      return { rid: room._id, userId: readUser(store, body)._id };
    },
    run: (context, args) => {
      roleCommand.run({ ...context, user: callerOf(context) }, args);
      return success({});
    },
  };
}
