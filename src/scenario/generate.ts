import type { Faker, Randomizer } from '@faker-js/faker';
import { faker as englishFaker } from '@faker-js/faker/locale/en';

import { Sfc32Randomizer } from './randomizer';
import type { ParsedChannel, ParsedIntegration, ParsedMessage, ParsedUser } from './schema';

/**
 * Seeded faker entities. Each one depends only on the seed, its kind and its index (faker is
 * re-seeded with all three before each entity), so the same seed gives the same entities on every
 * machine, and asking for one more leaves the others as they were.
 *
 * The output is in scenario shape; `resolve` fills ids, timestamps and references like any
 * hand-written entity.
 */

const KIND_CODE = { user: 1, channel: 2, integration: 3, message: 4 } as const;
const DAY_SECONDS = 86_400;

/** A private English faker: never the caller's shared instance, never the 200 ms all-locales bundle. */
function createFaker(): Faker {
  const FakerClass = englishFaker.constructor as new (options: {
    locale: (typeof englishFaker.rawDefinitions)[];
    randomizer: Randomizer;
  }) => Faker;
  return new FakerClass({ locale: [englishFaker.rawDefinitions], randomizer: new Sfc32Randomizer() });
}

let shared: Faker | undefined;
function fakerFor(seed: number, kind: keyof typeof KIND_CODE, index: number): Faker {
  shared ??= createFaker();
  shared.seed([seed, KIND_CODE[kind], index]);
  return shared;
}

/**
 * Exactly faker's `lorem.sentence()` (3 to 10 words from the lorem word list, the first one
 * capitalised, a full stop), with the same draws from the randomizer, but without the copy of the
 * whole word list faker 9 makes for every word: a tenth of the cost, and most of the cost of
 * generating a large world. A test holds it equal to faker's own over thousands of seeds.
 */
export function loremSentence(f: Faker): string {
  const list = f.definitions.lorem.word;
  const count = f.number.int({ min: 3, max: 10 });
  const words: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const word = list[f.number.int({ max: list.length - 1 })] ?? '';
    const shown = i === 0 ? word.charAt(0).toUpperCase() + word.substring(1) : word;
    words.push(i === count - 1 ? `${shown}.` : shown);
  }
  return flat(words, ' ');
}

/**
 * Joins parts into one flat string. A string built by `+` or a template literal is a chain of
 * concatenations in V8 (32 bytes a link) until something flattens it; across a 100,000-channel
 * world those chains were a third of the heap.
 */
function flat(parts: string[], separator: string): string {
  return parts.join(separator);
}

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

/** Seconds before the clock, so generated entities look as if made over the last year. */
function ageSeconds(f: Faker): number {
  return f.number.int({ min: 1, max: 365 * DAY_SECONDS });
}

export function generateUser(seed: number, index: number): ParsedUser {
  const f = fakerFor(seed, 'user', index);
  const first = f.person.firstName();
  const last = f.person.lastName();
  const username = `${slug(first)}.${slug(last)}${index + 1}`.replace(/-/g, '');
  return {
    username,
    password: username,
    name: `${first} ${last}`,
    emails: [{ address: `${username}@example.com`, verified: f.datatype.boolean({ probability: 0.8 }) }],
    roles: ['user'],
  };
}

export function generateChannel(seed: number, index: number, clockMs: number): ParsedChannel {
  const f = fakerFor(seed, 'channel', index);
  const name = flat([slug(f.word.adjective()), slug(f.word.noun()), String(index + 1)], '-');
  const ts = new Date(clockMs - ageSeconds(f) * 1000).toISOString();
  return {
    name,
    fname: name,
    t: f.datatype.boolean({ probability: 0.15 }) ? 'p' : 'c',
    msgs: f.number.int({ min: 0, max: 2000 }),
    ro: false,
    topic: f.company.catchPhrase(),
    description: loremSentence(f),
    ts,
    _updatedAt: ts,
  };
}

/**
 * `targets`: the scenario's own public channel names. Generated integrations point at those (or at
 * all public channels), never at generated channels, so changing `generate.channels` moves none.
 *
 * About one in four that point at a channel is an incoming webhook. That choice is the entity's
 * last draw, so an outgoing one is the same as before incoming webhooks were generated, and each
 * entity depends on the seed and its index alone.
 */
export function generateIntegration(
  seed: number,
  index: number,
  clockMs: number,
  targets: readonly string[],
): ParsedIntegration {
  const f = fakerFor(seed, 'integration', index);
  const name = flat([slug(f.hacker.verb()), slug(f.hacker.noun()), String(index + 1)], '-');
  const pick = f.number.int({ min: 0, max: targets.length });
  const channel = pick < targets.length ? [`#${targets[pick] ?? ''}`] : ['all_public_channels'];
  const ts = new Date(clockMs - ageSeconds(f) * 1000).toISOString();
  const enabled = f.datatype.boolean({ probability: 0.85 });
  const triggerWords = [f.word.verb()];
  const urls = [
    flat(['https://', slug(f.internet.domainWord()), '.example.com/hooks/', slug(f.word.noun())], ''),
  ];
  const alias = f.person.firstName();
  if (pick < targets.length && f.datatype.boolean({ probability: 0.25 })) {
    return {
      type: 'webhook-incoming',
      name,
      enabled,
      channel,
      alias,
      emoji: f.helpers.arrayElement(INCOMING_EMOJI),
      _createdAt: ts,
      _updatedAt: ts,
    };
  }
  return { name, enabled, channel, triggerWords, urls, alias, _createdAt: ts, _updatedAt: ts };
}

/** What generated incoming webhooks post as. */
const INCOMING_EMOJI = [':rocket:', ':robot:', ':bell:', ':package:', ':white_check_mark:', ':warning:'];

/**
 * A message in one of `rooms` (the scenario's public channels, by name, in order), posted some
 * time in the last year: its room and age are its own draws, so each message depends on the seed
 * and its index alone. The author is resolved like a hand-written message's (the room's creator).
 */
export function generateMessage(
  seed: number,
  index: number,
  clockMs: number,
  rooms: readonly string[],
): ParsedMessage {
  const f = fakerFor(seed, 'message', index);
  const rid = rooms[f.number.int({ min: 0, max: rooms.length - 1 })] ?? '';
  const ts = new Date(clockMs - ageSeconds(f) * 1000).toISOString();
  return { rid, msg: loremSentence(f), ts, _updatedAt: ts };
}
