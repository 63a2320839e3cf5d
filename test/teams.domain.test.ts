/**
 * The teams' domain write (src/store/team-writes.ts): a team made with its main room and its
 * members' subscriptions in one commit with its change events; `state()` shows it, the bound and
 * the name rules refuse before anything is written, a new store (a reset) forgets it.
 */
import { ApiError } from '../src/errors';
import { resolveScenario } from '../src/scenario/resolve';
import type { ScenarioInput } from '../src/scenario/schema';
import { buildBaseline } from '../src/store/baseline';
import type { RoomLayout } from '../src/store/rooms';
import { Store } from '../src/store/store';
import type { ChangeEvent } from '../src/store/store';
import type { User } from '../src/types';

const WORLD = resolveScenario({
  seed: 7,
  clock: '2026-01-01T00:00:00.000Z',
  users: [
    { username: 'admin', password: 'pw', roles: ['admin'] },
    { username: 'alice', password: 'pw' },
    { username: 'bob', password: 'pw' },
  ],
  channels: [{ name: 'general', ro: false, usernames: ['admin', 'alice'] }],
});

const LAYOUT: RoomLayout = {
  ids: 'objectId',
  ownerName: true,
  blockedNames: ['admin', 'administrator', 'system', 'user'],
  namePattern: /^[0-9a-zA-Z-_.]+$/,
};

function made(teams = 10): { store: Store; commits: (readonly ChangeEvent[])[]; user(name: string): User } {
  const commits: (readonly ChangeEvent[])[] = [];
  const baseline = buildBaseline(structuredClone(WORLD));
  const store = new Store(baseline, {
    onChange: (events) => commits.push(events),
    bounds: { users: 10_000, integrations: 10, teams, rooms: 10_000, members: 10_000 },
  });
  const user = (name: string): User => {
    const found = store.userNamed(name);
    if (!found) throw new Error(name);
    return found;
  };
  return { store, commits, user };
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
  throw new Error('not refused');
}

describe('createTeam (the domain)', () => {
  it('makes the team, its main room and the subscriptions in one commit, and state() shows them', () => {
    const { store, commits, user } = made();
    const team = store.createTeam(
      { name: 'crew', type: 1, creator: user('admin'), owner: user('alice'), members: [user('bob')] },
      LAYOUT,
    );
    expect(Object.keys(team)).toEqual([
      '_id',
      'name',
      'type',
      'createdAt',
      'createdBy',
      '_updatedAt',
      'roomId',
      'members',
      'owners',
    ]);
    expect(team).toMatchObject({
      name: 'crew',
      type: 1,
      createdBy: { _id: user('admin')._id, username: 'admin' },
      members: ['bob', 'alice'],
      owners: ['alice'],
    });
    expect(commits).toHaveLength(1);
    const [events] = commits;
    expect(events?.map((e) => `${e.kind}:${'op' in e ? e.op : ''}`)).toEqual([
      'room:inserted',
      'subscription:inserted',
      'subscription:inserted',
      'team:inserted',
    ]);
    const state = store.state();
    expect(state.teams).toEqual([team]);
    const room = state.channels.find((c) => c._id === team.roomId);
    expect(room).toMatchObject({
      name: 'crew',
      t: 'p',
      teamMain: true,
      teamId: team._id,
      u: { _id: user('alice')._id, username: 'alice' },
      usernames: ['alice', 'bob'],
      usersCount: 2,
    });
    expect(store.subscriptionFor(user('alice'), room?._id ?? '')).toMatchObject({ roles: ['owner'] });
    expect(store.subscriptionFor(user('bob'), room?._id ?? '')).toMatchObject({ t: 'p', name: 'crew' });
    // state() is a scenario: the team comes back as it was
    expect(resolveScenario(structuredClone(state) as ScenarioInput).teams).toEqual([team]);
    expect(store.teamByIdOrName({ teamName: 'crew' })).toEqual(team);
    expect(store.teamByIdOrName({ teamId: team._id })).toEqual(team);
  });

  it('a public team has a `c` main room; a new store on the same baseline (a reset) knows no team', () => {
    const baseline = buildBaseline(structuredClone(WORLD));
    const store = new Store(baseline);
    const admin = store.userNamed('admin') as User;
    const team = store.createTeam(
      { name: 'open', type: 0, creator: admin, owner: admin, members: [] },
      LAYOUT,
    );
    expect(store.anyRoom(team.roomId ?? '')).toMatchObject({ t: 'c', teamMain: true });
    expect(store.state().teams?.map((t) => t.name)).toEqual(['open']);
    const fresh = new Store(baseline);
    expect(fresh.state().teams).toBeUndefined();
    expect(fresh.findRoomId('open')).toBeUndefined();
  });

  it('refuses a taken name, a room name, a name the room rules refuse, and past the bound, changing nothing', () => {
    const { store, commits, user } = made(1);
    const admin = user('admin');
    const input = { type: 0 as const, creator: admin, owner: admin, members: [] };
    const before = JSON.stringify(store.state());
    expect(refusal(() => store.createTeam({ ...input, name: 'bob' }, LAYOUT))).toBe(
      'team-name-already-exists',
    );
    expect(refusal(() => store.createTeam({ ...input, name: 'System' }, LAYOUT))).toBe(
      'team-name-already-exists',
    );
    expect(refusal(() => store.createTeam({ ...input, name: 'general' }, LAYOUT))).toBe(
      'team-room-name-already-exists',
    );
    expect(refusal(() => store.createTeam({ ...input, name: 'no spaces' }, LAYOUT))).toBe(
      'team-creation-failed',
    );
    expect(JSON.stringify(store.state())).toBe(before);
    expect(commits).toHaveLength(0);
    store.createTeam({ ...input, name: 'one' }, LAYOUT);
    expect(refusal(() => store.createTeam({ ...input, name: 'two' }, LAYOUT))).toBe('teams-limit');
    expect(refusal(() => store.createTeam({ ...input, name: 'ONE' }, LAYOUT))).toBe('teams-limit');
    expect(store.state().teams).toHaveLength(1);
  });
});
