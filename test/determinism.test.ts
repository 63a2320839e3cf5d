import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

import request from 'supertest';

import { createApp } from '../src/server';
import { resolveScenario } from '../src/scenario/resolve';
import { faker as englishFaker } from '@faker-js/faker/locale/en';
import type { Faker } from '@faker-js/faker';

import { generateChannel, generateIntegration, loremSentence } from '../src/scenario/generate';
import { derivedSecret, meteorId } from '../src/scenario/ids';
import { Sfc32Randomizer } from '../src/scenario/randomizer';
import type { ScenarioInput } from '../src/scenario/schema';

const GENERATED: ScenarioInput = {
  seed: 5,
  users: [{ username: 'admin', password: 'admin', roles: ['admin'] }],
  channels: [{ name: 'general' }, { name: 'random' }],
  generate: { users: 30, channels: 40, integrations: 25 },
};

describe('deterministic generation', () => {
  it('the same scenario and seed build deep-equal, byte-identical worlds', () => {
    const a = resolveScenario(GENERATED);
    const b = resolveScenario(structuredClone(GENERATED));
    expect(a).toEqual(b);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('the same world in a separate process, byte for byte', () => {
    const code = `const { resolveScenario } = require(${JSON.stringify(join(__dirname, '..', 'dist', 'scenario', 'resolve.js'))});
      process.stdout.write(JSON.stringify(resolveScenario(${JSON.stringify(GENERATED)})));`;
    const out = execFileSync(process.execPath, ['-e', code], {
      encoding: 'utf8',
      env: { ...process.env, TZ: 'Pacific/Auckland', LANG: 'tr_TR.UTF-8' },
    });
    expect(out).toBe(JSON.stringify(resolveScenario(GENERATED)));
  });

  it('a different seed gives a different world', () => {
    const a = resolveScenario(GENERATED);
    const b = resolveScenario({ ...GENERATED, seed: 6 });
    expect(JSON.stringify(a.channels)).not.toBe(JSON.stringify(b.channels));
    expect(a.channels[2]?.name).not.toBe(b.channels[2]?.name);
  });

  it('one more generated entity leaves the others unchanged', () => {
    const a = resolveScenario(GENERATED);
    const b = resolveScenario({ ...GENERATED, generate: { users: 31, channels: 41, integrations: 26 } });
    expect(b.users.slice(0, a.users.length)).toEqual(a.users);
    expect(b.channels.slice(0, a.channels.length)).toEqual(a.channels);
    expect(b.integrations.slice(0, a.integrations.length)).toEqual(a.integrations);
    expect(b.users).toHaveLength(a.users.length + 1);
  });

  it('changing how many channels are generated moves no generated user or integration', () => {
    const a = resolveScenario(GENERATED);
    const b = resolveScenario({ ...GENERATED, generate: { ...GENERATED.generate, channels: 3 } });
    expect(b.users).toEqual(a.users);
    expect(b.integrations).toEqual(a.integrations);
  });

  it('generated entities are well-formed: Meteor ids, unique names, user role, username as password', () => {
    const world = resolveScenario(GENERATED);
    const generatedUsers = world.users.slice(1);
    for (const user of generatedUsers) {
      expect(user._id).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz]{17}$/);
      expect(user.roles).toEqual(['user']);
      expect(user.password).toBe(user.username);
    }
    expect(new Set(world.channels.map((c) => c.name)).size).toBe(world.channels.length);
    for (const room of world.channels.slice(2)) {
      expect(room.ro).toBe(false);
      expect(room.ts <= '2026-01-01T00:00:00.000Z').toBe(true);
    }
    for (const integration of world.integrations) {
      expect(
        integration.channel.every((c) => c === 'all_public_channels' || c === '#general' || c === '#random'),
      ).toBe(true);
    }
  });

  it('loremSentence is faker\u2019s lorem.sentence, draw for draw', () => {
    const make = (): Faker =>
      new (englishFaker.constructor as new (o: object) => Faker)({
        locale: [englishFaker.rawDefinitions],
        randomizer: new Sfc32Randomizer(),
      });
    const [ours, fakers] = [make(), make()];
    for (let i = 0; i < 5000; i += 1) {
      ours.seed([3, 2, i]);
      fakers.seed([3, 2, i]);
      expect(loremSentence(ours)).toBe(fakers.lorem.sentence());
      // the same number of draws taken: the next one agrees too
      expect(ours.number.int(1e9)).toBe(fakers.number.int(1e9));
    }
  });

  it('generated data stays what it was: ids, secrets and a generated channel, pinned', () => {
    // a change here changes every user's generated world: make it on purpose, in a release note
    expect(meteorId(1, 'channel', 0)).toBe('bcZMnTscffLcyHYbr');
    expect(meteorId(7, 'user', 3)).toBe('QP6NazFcZLvTfHCfv');
    expect(derivedSecret(1, 'integration', 0)).toBe('6Tly1SoRaXsQQKQC1we6YdWq');
    expect(generateChannel(1, 0, Date.parse('2026-01-01T00:00:00.000Z'))).toEqual({
      name: 'biodegradable-partridge-1',
      fname: 'biodegradable-partridge-1',
      t: 'p',
      msgs: 483,
      ro: false,
      topic: 'Monitored fault-tolerant knowledge base',
      description: 'Caritas quas vulpes amitto vivo templum conculco tardus cubo desino.',
      ts: '2025-08-05T03:13:02.000Z',
      _updatedAt: '2025-08-05T03:13:02.000Z',
    });
  });

  describe('generated incoming webhooks', () => {
    const clock = Date.parse('2026-01-01T00:00:00.000Z');
    const targets = ['general', 'random'];

    it('a share of the generated integrations, only among those aimed at a channel', () => {
      const kinds = Array.from({ length: 400 }, (_, i) => generateIntegration(7, i, clock, targets));
      const incoming = kinds.filter((g) => g.type === 'webhook-incoming');
      // one in four of those aimed at "#<channel>" (two thirds of them here): about 67 in 400
      expect(incoming.length).toBeGreaterThan(40);
      expect(incoming.length).toBeLessThan(100);
      for (const g of incoming) {
        expect(g.channel).toHaveLength(1);
        expect(g.channel?.[0]).toMatch(/^#(general|random)$/);
        expect(g).not.toHaveProperty('urls');
        expect(g).not.toHaveProperty('triggerWords');
      }
      const world = resolveScenario(GENERATED);
      expect(world.integrations.map((i) => i.type)).toEqual(
        Array.from(
          { length: 25 },
          (_, i) => generateIntegration(5, i, clock, targets).type ?? 'webhook-outgoing',
        ),
      );
      expect(world.integrations.some((i) => i.type === 'webhook-incoming')).toBe(true);
    });

    it('an outgoing one is what it was before incoming webhooks were generated; an incoming one keeps its draws', () => {
      // recorded from 9eb764b, the last version that generated outgoing webhooks only
      expect(generateIntegration(7, 0, clock, targets)).toEqual({
        name: 'compress-card-1',
        enabled: true,
        channel: ['all_public_channels'],
        triggerWords: ['fictionalize'],
        urls: ['https://stained-bonnet.example.com/hooks/disposer'],
        alias: 'Lavina',
        _createdAt: '2025-03-26T22:02:40.000Z',
        _updatedAt: '2025-03-26T22:02:40.000Z',
      });
      // outgoing at 9eb764b, with these name, target, alias and dates
      expect(generateIntegration(7, 12, clock, targets)).toEqual({
        type: 'webhook-incoming',
        name: 'program-transmitter-13',
        enabled: true,
        channel: ['#general'],
        alias: 'Linnea',
        emoji: ':package:',
        _createdAt: '2025-07-31T05:04:48.000Z',
        _updatedAt: '2025-07-31T05:04:48.000Z',
      });
    });

    it('a resolved generated incoming webhook has the incoming wire shape', () => {
      const world = resolveScenario(GENERATED);
      const incoming = world.integrations.find((i) => i.type === 'webhook-incoming');
      expect(Object.keys(incoming ?? {})).toEqual([
        '_id',
        'type',
        'enabled',
        'name',
        'username',
        'userId',
        'alias',
        'avatarUrl',
        'emoji',
        'channel',
        'token',
        'script',
        'scriptEnabled',
        'overrideDestinationChannelEnabled',
        '_createdAt',
        '_createdBy',
        '_updatedAt',
      ]);
      expect(incoming?.token).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz]{48}$/);
    });
  });

  it('meteorId depends only on seed, kind and index', () => {
    expect(meteorId(1, 'channel', 0)).toBe(meteorId(1, 'channel', 0));
    expect(meteorId(1, 'channel', 0)).not.toBe(meteorId(1, 'channel', 1));
    expect(meteorId(1, 'channel', 0)).not.toBe(meteorId(2, 'channel', 0));
    expect(meteorId(1, 'channel', 0)).not.toBe(meteorId(1, 'user', 0));
  });

  it('two apps answer the same request sequence with byte-identical bodies', async () => {
    const run = async (): Promise<string[]> => {
      const app = createApp({ scenario: { ...GENERATED, tokens: [{ username: 'admin', authToken: 't' }] } });
      const headers = { 'X-Auth-Token': 't', 'X-User-Id': resolveScenario(GENERATED).users[0]?._id ?? '' };
      const bodies: string[] = [];
      bodies.push((await request(app).get('/api/v1/channels.list?count=0').set(headers)).text);
      bodies.push(
        (
          await request(app)
            .post('/api/v1/channels.setReadOnly')
            .set(headers)
            .send({ roomName: 'random', readOnly: true })
        ).text,
      );
      bodies.push(
        (
          await request(app)
            .post('/api/v1/channels.setType')
            .set(headers)
            .send({ roomName: 'general', type: 'p' })
        ).text,
      );
      bodies.push(
        (await request(app).get('/api/v1/channels.getIntegrations?roomName=random&count=0').set(headers))
          .text,
      );
      return bodies;
    };
    expect(await run()).toEqual(await run());
  });
});
