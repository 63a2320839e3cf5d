import type { ScenarioInput } from '../../src/scenario/schema';
import { WORLD } from './fake';

/** The shared world with a muted member's room and one message in each kind of room. */
export const ACTIONS_WORLD: ScenarioInput = {
  ...WORLD,
  channels: [
    ...(WORLD.channels ?? []),
    {
      _id: 'quietRoomId000001',
      name: 'quiet',
      ro: false,
      u: { username: 'alice' },
      usernames: ['alice', 'bob'],
      muted: ['bob'],
    },
  ],
  messages: [
    { _id: 'msgGeneral0000001', rid: 'GENERAL', msg: 'hello', u: { username: 'alice' } },
    { _id: 'msgSecret00000001', rid: 'privateRoomId0001', msg: 'plan', u: { username: 'alice' } },
    { _id: 'msgNews0000000001', rid: 'newsRoomId0000001', msg: 'news', u: { username: 'admin' } },
    { _id: 'msgQuiet000000001', rid: 'quietRoomId000001', msg: 'shh', u: { username: 'alice' } },
  ],
};
