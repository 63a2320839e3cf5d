/**
 * The bounds that keep one hostile or careless client from taking the server's memory or time:
 * each with its default, its range, and what it bounds. `createFakeServer({ limits: {…} })` or the
 * CLI's `--limit NAME=N` changes one; docs/security.md lists them.
 *
 * Layer: world (options).
 */

/** Every bound, by name. */
export interface Limits {
  /** the largest realtime (DDP) frame, bytes as received (a larger one closes the socket, 1009) */
  ddpFrameBytes: number;
  /** how deep a realtime frame's JSON may nest (`[`/`{`); deeper closes the socket, 1007 */
  ddpFrameDepth: number;
  /** how many JSON values (items, members, arrays, objects) one realtime frame may hold; more closes the socket, 1007 */
  ddpFrameValues: number;
  /** the stream subscriptions one realtime socket may hold at once; more are refused (`nosub`) */
  ddpSubscriptions: number;
  /** bytes waiting to be sent to one realtime socket; past that the socket is closed (1008) */
  ddpBufferedBytes: number;
  /** the largest body a stub's template may render to; past that the call is a 4xx naming the stub */
  stubBodyBytes: number;
  /** the largest header value a stub's template may render to */
  stubHeaderBytes: number;
  /** the largest answer the pass-through takes from its target; a larger one is a 502 */
  proxyAnswerBytes: number;
  /** how much of an outgoing webhook receiver's answer is read; a longer one is not posted */
  webhookAnswerBytes: number;
  /** the outgoing webhook deliveries one request may cause, replies included */
  webhookDeliveries: number;
  /** how long an outgoing webhook call may take, its answer read (ms); past that it fails */
  webhookTimeoutMs: number;
  /** the largest page `record` reads from its target; a larger one ends the recording */
  recordPageBytes: number;
  /** the pages `record` reads of one list before it stops */
  recordPages: number;
  /** the integrations a world may hold; `integrations.create` past it is refused (400) */
  integrationsPerWorld: number;
  /** the teams a world may hold; `teams.create` past it is refused (400) */
  teamsPerWorld: number;
  /** the users one world may hold; a creation past it (`users.create`, `users.register`, …) is a 4xx */
  usersPerWorld: number;
  /** the channels and groups a world may hold; creating one more through the API is refused (4xx) */
  roomsPerWorld: number;
  /** the members one channel or group may hold; adding one more through the API is refused (4xx) */
  membersPerRoom: number;
  /** the bytes the files uploaded to one world may hold together; an upload past it is refused (4xx) */
  uploadBytesPerWorld: number;
}

export type LimitName = keyof Limits;

const KIB = 1024;
const MIB = 1024 * KIB;

/** Each bound's default, its range (whole numbers), and what the CLI's help says of it. */
export const LIMITS: Readonly<Record<LimitName, { value: number; min: number; max: number }>> = {
  ddpFrameBytes: { value: 256 * KIB, min: 1 * KIB, max: 1024 * MIB },
  // past about 4,000 levels V8's JSON.stringify runs out of stack: 1,000 leaves room for the walks after it
  ddpFrameDepth: { value: 100, min: 2, max: 1000 },
  ddpFrameValues: { value: 10_000, min: 2, max: 10_000_000 },
  ddpSubscriptions: { value: 1000, min: 1, max: 1_000_000 },
  ddpBufferedBytes: { value: 16 * MIB, min: 64 * KIB, max: 1024 * MIB },
  stubBodyBytes: { value: MIB, min: 1, max: 1024 * MIB },
  stubHeaderBytes: { value: 8 * KIB, min: 1, max: 1024 * KIB },
  proxyAnswerBytes: { value: 32 * MIB, min: 1, max: 1024 * MIB },
  webhookAnswerBytes: { value: MIB, min: 1, max: 1024 * MIB },
  webhookDeliveries: { value: 100, min: 1, max: 1_000_000 },
  // the real server's 20 s; a timer's longest wait is far above the most
  webhookTimeoutMs: { value: 20_000, min: 1, max: 600_000 },
  recordPageBytes: { value: 32 * MIB, min: 1, max: 1024 * MIB },
  recordPages: { value: 1000, min: 1, max: 1_000_000 },
  integrationsPerWorld: { value: 10_000, min: 1, max: 10_000_000 },
  teamsPerWorld: { value: 10_000, min: 1, max: 10_000_000 },
  usersPerWorld: { value: 10_000, min: 1, max: 10_000_000 },
  roomsPerWorld: { value: 10_000, min: 1, max: 10_000_000 },
  membersPerRoom: { value: 10_000, min: 1, max: 10_000_000 },
  uploadBytesPerWorld: { value: 64 * MIB, min: 1, max: 4096 * MIB },
};

export const LIMIT_NAMES = Object.keys(LIMITS) as LimitName[];

/** The defaults. */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze(
  Object.fromEntries(LIMIT_NAMES.map((name) => [name, LIMITS[name].value])) as unknown as Limits,
);

/** Why a limit's name or value is refused (undefined when it is fine). */
export function limitProblem(name: string, value: unknown): string | undefined {
  if (!Object.hasOwn(LIMITS, name))
    return `"${name}" is not a limit; the limits are ${LIMIT_NAMES.join(', ')}`;
  const { min, max } = LIMITS[name as LimitName];
  if (!(Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max))
    return `${name} is a whole number from ${min} to ${max}, not ${JSON.stringify(value)}`;
  return undefined;
}

/** The bounds in force: the defaults, with those given over them (each checked before). */
export function limitsOf(given: Partial<Limits> | undefined): Readonly<Limits> {
  if (given === undefined) return DEFAULT_LIMITS;
  return Object.freeze({ ...DEFAULT_LIMITS, ...given });
}
