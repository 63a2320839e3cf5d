import type { Duplex } from 'node:stream';

import type { RawData, WebSocket } from 'ws';

import type { FrameContext } from '../journal/frames';
import type { ExchangeDetail } from '../journal/journal';
import { jsonOutOfBounds } from '../journal/json-depth';
import type { ChangeEvent } from '../store/store';
import type { StubAnswer } from '../stubs/stubs';
import type { Fault, JournalEntry, User } from '../types';
import type { FakeWorld, RoomStreamEvent, UserEvent } from '../world';
import { decideRules } from '../world/runtime-rules';
import type { Decided, Ruled } from '../world/runtime-rules';
import {
  ECHO_CHARS,
  FRAME_TOO_DEEP,
  FRAME_TOO_LARGE,
  INTERNAL_ERROR,
  bytesOf,
  frameTooDeep,
  frameTooWide,
  frameTooLarge,
  readerTooSlow,
  tooManySubscriptions,
} from './bounds';
import { toEjson } from './ejson';
import { errorOf, jsonText, meteorError, statusError, stringified } from './frames';
import type { Frame } from './frames';
import { Heartbeat } from './heartbeat';
import type { HeartbeatTimes } from './heartbeat';
import { RAW } from './framing';
import type { Framing } from './framing';
import { methodNotFound, rateLimitError, servedMethod } from './dispatch';
import type { MethodContext } from './methods';
import type { Method } from './method';
import { byEra } from '../eras';
import { USER_PRESENCE_SERVED, deliver, readsPrivateSettings, userPresenceArgs } from './streams';
import type { StreamReader, StreamSub } from './streams';

/**
 * One realtime client: Meteor's DDP over a WebSocket, as Rocket.Chat serves it at `/websocket`.
 * `connect` → `connected`, `ping` → `pong`, `method` → `result` then `updated`, `sub` → `ready` (or
 * `nosub` with the error), `unsub` → `nosub`; a stream's events arrive as `changed`. Every frame is
 * JSON; dates are EJSON (`{"$date": ms}`).
 *
 * Layer: realtime.
 */

/** The streams a client may follow. */
const STREAMS = new Set([
  'stream-room-messages',
  'stream-notify-room',
  'stream-notify-user',
  'stream-notify-all',
  'stream-notify-logged',
]);

/**
 * The `stream-notify-user` events the fake sends. A sub to another (`notification`, `otr`,
 * `webrtc`, …) is answered `ready` as the real server answers it, and never sent anything: the
 * journal marks it not modelled.
 */
const USER_EVENTS = new Set(['message', 'rooms-changed', 'subscriptions-changed']);

/** The events the fake sends on the streams of everyone and of the logged-in (a sub to another is marked likewise). */
const GLOBAL_EVENTS: Readonly<Record<string, ReadonlySet<string>>> = {
  'stream-notify-all': new Set(['public-settings-changed']),
  'stream-notify-logged': new Set([
    'private-settings-changed',
    'permissions-changed',
    'roles-change',
    'user-status',
    'Users:NameChanged',
    'Users:Deleted',
  ]),
};

/** DDP versions the server speaks (Meteor's list). */
const VERSIONS = ['1', 'pre2', 'pre1'];

/** What the rest of the rule list answers a method call with, after its faults and stubs. */
type Modelled = { readonly kind: 'method'; readonly method: Method } | { readonly kind: 'not-found' };

const NOT_FOUND: Modelled = Object.freeze({ kind: 'not-found' });

/**
 * A well-formed method call and the world's rules' decision for it (src/world/runtime-rules.ts:
 * a fault, a stub, or the rest: the rate limit and the method, or Meteor's 404).
 */
interface MethodCall {
  readonly id: string;
  readonly name: string;
  readonly params: unknown[];
  readonly modelled: boolean;
  readonly decision: Decided<Modelled>;
  /** the stub that answers it, as the journal's entry names it */
  readonly stub: string | undefined;
}

export class DdpConnection {
  readonly #world: FakeWorld;
  readonly #socket: WebSocket;
  readonly #ip: string;
  readonly #session: string;
  #connected = false;
  /** the DDP version agreed at `connect` */
  #version = '';
  #user: User | undefined;
  #token: string | undefined;
  readonly #subs = new Map<string, StreamSub>();
  /** a handler failed: the socket is closing, and the failure was logged */
  #failed = false;
  readonly #unwatch: () => void;
  /** the connection under the WebSocket, corked while a run of received frames is answered */
  readonly #wire: Duplex | undefined;
  #corked = false;
  readonly #uncork = (): void => {
    this.#corked = false;
    this.#wire?.uncork();
  };

  readonly #heartbeat: Heartbeat;
  /** plain frames at `/websocket`, SockJS's at `/sockjs/…/websocket` */
  readonly #framing: Framing;
  /** the server's address as this client reached it (an outgoing webhook's payload names it) */
  readonly #siteUrl: string;
  /** method calls a delay fault holds: each one's release, run when the socket ends */
  readonly #held = new Set<() => void>();
  /**
   * `stream-user-presence`: the first sub's id and the user ids it watches (later subs change
   * the set and stop at once)
   */
  #presence: { readonly id: string; readonly watched: Set<string> } | undefined;
  /** the world was reset: the closing socket leaves the new world's presence alone */
  #reset = false;
  /**
   * the `in` frames not answered yet, for the journal's notes of their answers: a method call's
   * (`m<id>`) until its `result`, a sub's or an unsub's (`s<id>`) until its `ready` or `nosub`
   */
  readonly #unanswered = new Map<string, { seq: number; method?: string; name?: string }>();

  constructor(
    world: FakeWorld,
    socket: WebSocket,
    ip: string,
    session: string,
    wire: Duplex | undefined,
    heartbeat: HeartbeatTimes,
    siteUrl: string,
    framing: Framing = RAW,
  ) {
    this.#world = world;
    this.#framing = framing;
    this.#siteUrl = siteUrl;
    this.#heartbeat = new Heartbeat(
      heartbeat,
      () => this.#send({ msg: 'ping' }),
      () => this.#guard(() => this.close(1000, 'heartbeat timeout')),
    );
    this.#socket = socket;
    this.#wire = wire;
    this.#ip = ip;
    this.#session = session;
    // what other clients and REST calls cause reaches this socket in their call: a failure here
    // ends this socket alone, never their answer
    const unwatchChanges = world.watchChanges((events) => this.#guard(() => this.#onChanges(events)));
    const unwatchUsers = world.watchUsers((event) => this.#guard(() => this.#onUserEvent(event)));
    const unwatchRooms = world.watchRoomStreams((event) => this.#guard(() => this.#onRoomStream(event)));
    const unwatch = (): void => {
      unwatchChanges();
      unwatchUsers();
      unwatchRooms();
    };
    // a reset or a load takes the world back: its sockets end (code 1012, service restart), and
    // their clients connect again to the world as it now is; a reset that keeps logins keeps the
    // sockets whose login it kept (and those logged in as no one)
    const unreset = world.onReset((keepLogins) =>
      this.#guard(() => {
        if (keepLogins && this.#keptThrough()) return;
        this.#reset = true;
        this.close(1012, 'world reset');
      }),
    );
    this.#unwatch = () => {
      unwatch();
      unreset();
      this.#heartbeat.stop();
      this.#framing.stop();
      // a method call a delay holds is let go with its socket: nothing more is sent for it
      for (const release of this.#held) release();
      this.#held.clear();
      // the user's connection is gone: its last one leaves the user offline (not after a reset:
      // the new world knows no connection)
      if (!this.#reset) this.#world.store.presenceDisconnect(this.#session);
    };
    socket.on('message', (data) => this.#guard(() => this.#onData(data)));
    framing.open(socket);
    socket.on('close', () => this.#unwatch());
    socket.on('error', (error) => this.#guard(() => this.#onError(error)));
  }

  /**
   * One WebSocket message: refused whole when it is over the frame size (the WebSocket server's
   * `maxPayload` refuses it first; this is the connection's own check), unframed, and each frame
   * refused when it nests too deep, before anything parses it.
   */
  #onData(data: RawData): void {
    if (this.#socket.readyState !== this.#socket.OPEN) return;
    this.#heartbeat.received();
    this.#holdWrites();
    const { ddpFrameBytes } = this.#world.limits;
    if (bytesOf(data) > ddpFrameBytes) {
      this.#refuseFrame(FRAME_TOO_LARGE, frameTooLarge(ddpFrameBytes));
      return;
    }
    const message = String(data);
    // SockJS's array of frames is parsed too: it is read first, then each frame in it
    if (this.#framing !== RAW && this.#tooDeep(message)) return;
    const frames = this.#framing.receive(message);
    if (frames === undefined) {
      this.close(3000, 'Broken framing.');
      return;
    }
    for (const text of frames) {
      if (this.#tooDeep(text)) return;
      this.#receive(text);
    }
  }

  /**
   * Refuses a text nested deeper, or holding more values, than the world allows (true when it did):
   * read before it is parsed, so the worst frame within the bounds parses in about the time of a
   * string of its bytes.
   */
  #tooDeep(text: string): boolean {
    const { ddpFrameDepth, ddpFrameValues } = this.#world.limits;
    const out = jsonOutOfBounds(text, ddpFrameDepth, ddpFrameValues);
    if (out === undefined) return false;
    this.#refuseFrame(
      FRAME_TOO_DEEP,
      out === 'depth' ? frameTooDeep(ddpFrameDepth) : frameTooWide(ddpFrameValues),
    );
    return true;
  }

  /** Ends the socket for a frame out of bounds; the journal notes the frame's refusal, not the frame. */
  #refuseFrame(code: number, reason: string): void {
    this.#noteRefused(reason);
    this.close(code, reason);
  }

  /** The journal's note of a frame refused by a bound, in place of the frame. */
  #noteRefused(reason: string): void {
    const note = { '[refused]': reason };
    this.#world.recordFrame('in', note, JSON.stringify(note), this.#user?.username ?? null, {
      connection: this.#session,
    });
  }

  /**
   * The socket's error: a protocol error the WebSocket refused (a frame over `maxPayload`, bad
   * UTF-8) is already being closed with its code, and the socket ends once the close frame is out;
   * anything else (the connection reset) ends it now.
   */
  #onError(error: Error): void {
    if ((error as { code?: unknown }).code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH')
      this.#noteRefused(frameTooLarge(this.#world.limits.ddpFrameBytes));
    if (this.#socket.readyState !== this.#socket.CLOSING) this.#socket.terminate();
  }

  /**
   * Runs one of the socket's handlers: whatever it throws closes this socket (1011, logged once on
   * stderr), and never reaches the process, the other sockets or the REST call that caused it.
   */
  #guard(run: () => void): void {
    try {
      run();
    } catch (error) {
      this.#fail(error);
    }
  }

  #fail(error: unknown): void {
    if (this.#failed) return;
    this.#failed = true;
    const what = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      `[rocketchat-fake] realtime ${this.#session}: ${what}; the socket is closed (${INTERNAL_ERROR})\n`,
    );
    try {
      this.close(INTERNAL_ERROR, 'internal error');
    } catch {
      this.#socket.terminate();
    }
  }

  /** Ends the connection (the server stops, the session ends): a close frame, then the socket. */
  close(code = 1001, reason = 'server stopping'): void {
    this.#unwatch();
    this.#framing.close(this.#socket, code, reason);
  }

  /**
   * The frames answering what arrived in one read (a client may pipeline many methods) leave in
   * one write once it is handled, not one write each: the same frames in the same order, fewer
   * system calls. Frames a REST call or another socket causes are written at once.
   */
  #holdWrites(): void {
    if (this.#corked || !this.#wire) return;
    this.#corked = true;
    this.#wire.cork();
    process.nextTick(this.#uncork);
  }

  /** Sends a frame; never throws (a frame that cannot be written closes the socket, 1011). */
  #send(frame: Frame): void {
    if (this.#socket.readyState !== this.#socket.OPEN) return;
    let text: string;
    try {
      text = JSON.stringify(frame);
    } catch (error) {
      this.#fail(error);
      return;
    }
    this.#write(frame, text);
  }

  #write(frame: Frame, text: string): void {
    try {
      this.#framing.send(this.#socket, text);
      this.#world.recordFrame('out', frame, text, this.#user?.username ?? null, this.#answering(frame));
    } catch (error) {
      this.#fail(error);
      return;
    }
    this.#checkWaiting();
  }

  /** What the journal notes of a frame out: its socket, and the `in` frame it answers (then no longer waiting). */
  #answering(frame: Frame): FrameContext {
    const key =
      frame.msg === 'result'
        ? `m${String(frame.id)}`
        : frame.msg === 'nosub'
          ? `s${String(frame.id)}`
          : frame.msg === 'ready' && Array.isArray(frame.subs)
            ? `s${String(frame.subs[0])}`
            : undefined;
    const answers = key === undefined ? undefined : this.#unanswered.get(key);
    if (answers === undefined) return { connection: this.#session };
    this.#unanswered.delete(key as string);
    return { connection: this.#session, answers };
  }

  /**
   * A reader that does not keep up (or never reads) is cut once more than `ddpBufferedBytes` wait
   * for it: terminated, as a close frame would never reach it, and logged once on stderr.
   */
  #checkWaiting(): void {
    const { ddpBufferedBytes } = this.#world.limits;
    if (this.#socket.bufferedAmount <= ddpBufferedBytes) return;
    process.stderr.write(
      `[rocketchat-fake] realtime ${this.#session}: ${readerTooSlow(ddpBufferedBytes)}; the socket is cut\n`,
    );
    this.#unwatch();
    this.#socket.terminate();
  }

  /**
   * An error frame naming the frame it refuses (`offendingMessage`) as Meteor's server does, when
   * that echo is short enough ({@link ECHO_CHARS}) and can be written; without it otherwise.
   */
  #sendError(reason: string, offending?: unknown): void {
    if (offending !== undefined && this.#socket.readyState === this.#socket.OPEN) {
      const frame = { msg: 'error', reason, offendingMessage: offending };
      const text = stringified(frame);
      if (text !== undefined && text.length <= ECHO_CHARS) {
        this.#write(frame, text);
        return;
      }
    }
    this.#send({ msg: 'error', reason });
  }

  #receive(text: string): void {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      frame = undefined;
    }
    // as Meteor's server: what does not parse to a JSON object (parseDDP's null) is a Bad request
    // naming nothing, an array one naming it; the journal holds every frame in, as it came
    if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) {
      this.#world.recordFrame('in', frame === undefined ? text : frame, text, this.#user?.username ?? null, {
        connection: this.#session,
      });
      this.#sendError('Bad request', Array.isArray(frame) ? frame : undefined);
      return;
    }
    const f = frame as Frame;
    const unmodelled = this.#unmodelled(f);
    // a well-formed method call meets the world's rules (faults, stubs) as it comes in: its entry
    // names the stub that answers it, as a REST request's does
    const call = f.msg === 'method' && this.#connected ? this.#methodCall(f, unmodelled) : undefined;
    const unsubbed = f.msg === 'unsub' && typeof f.id === 'string' ? this.#subs.get(f.id)?.name : undefined;
    const entry = this.#world.recordFrame(
      'in',
      f,
      text,
      this.#user?.username ?? null,
      unsubbed === undefined ? { connection: this.#session } : { connection: this.#session, name: unsubbed },
      unmodelled === undefined,
      unmodelled,
      call?.stub,
    );
    // its answer names it (a sub's and an unsub's come now; a method's may come later)
    if (call !== undefined) this.#unanswered.set(`m${call.id}`, { seq: entry.seq, method: call.name });
    else if ((f.msg === 'sub' || f.msg === 'unsub') && typeof f.id === 'string' && this.#connected) {
      const name = f.msg === 'sub' ? (typeof f.name === 'string' ? f.name : undefined) : unsubbed;
      this.#unanswered.set(`s${f.id}`, name === undefined ? { seq: entry.seq } : { seq: entry.seq, name });
    }
    if (!f.msg) {
      this.#sendError('Bad request', f);
      return;
    }
    if (!this.#connected && f.msg !== 'connect') {
      this.#sendError('Must connect first', f);
      return;
    }
    switch (f.msg) {
      case 'connect':
        if (this.#connected) this.#sendError('Already connected', f);
        else this.#connect(f);
        return;
      // `pre1` had no heartbeat: there a ping or a pong is a Bad request
      case 'ping':
        if (this.#version === 'pre1') break;
        this.#send(f.id === undefined ? { msg: 'pong' } : { msg: 'pong', id: f.id });
        return;
      case 'pong':
        if (this.#version === 'pre1') break;
        return;
      case 'method':
        // as Meteor's server: a malformed invocation never runs (nor meets a rule)
        if (call === undefined) this.#sendError('Malformed method invocation', f);
        else this.#method(call, entry);
        return;
      case 'sub':
        this.#sub(f);
        // a sub under a live one's id is answered nothing
        if (typeof f.id === 'string') this.#unanswered.delete(`s${f.id}`);
        return;
      case 'unsub':
        // Meteor answers nosub whether or not the id was a subscription
        if (typeof f.id === 'string') this.#subs.delete(f.id);
        if (this.#presence !== undefined && this.#presence.id === f.id) this.#presence = undefined;
        this.#send(typeof f.id === 'string' ? { msg: 'nosub', id: f.id } : { msg: 'nosub' });
        return;
    }
    this.#sendError('Bad request', f);
  }

  /**
   * Meteor's `_handleConnect`: `version` must be a string that `support` (an array of strings)
   * holds, else `failed` with the server's first version; the version used is the first of the
   * client's `support` the server speaks (else the server's first), and a `version` other than
   * that one is `failed` proposing it. Either failure closes the socket.
   */
  #connect(f: Frame): void {
    const { version, support } = f;
    const wellFormed =
      typeof version === 'string' &&
      Array.isArray(support) &&
      support.every((v) => typeof v === 'string') &&
      support.includes(version);
    const agreed = wellFormed
      ? ((support as string[]).find((v) => VERSIONS.includes(v)) ?? VERSIONS[0])
      : VERSIONS[0];
    if (!wellFormed || agreed !== version) {
      this.#send({ msg: 'failed', version: agreed });
      this.#framing.refuse(this.#socket);
      return;
    }
    this.#connected = true;
    this.#version = version;
    this.#send({ msg: 'connected', session: this.#session });
    // Meteor keeps a heartbeat with every client but those of the oldest protocol
    if (version !== 'pre1') this.#heartbeat.start();
  }

  /**
   * What of a frame the fake does not model, as `GET /__admin/unmatched` lists it (undefined when
   * it does): a method it does not serve (`<method>`), a stream it does not have (`sub <name>`), a
   * `stream-notify-user` event it never sends (`sub stream-notify-user <event>` after `*` and a
   * slash: the user's id left out, so every user's subs of it count as one route).
   */
  #unmodelled(f: Frame): string | undefined {
    if (f.msg === 'method' && typeof f.method === 'string')
      return servedMethod(f.method, this.#world) ? undefined : f.method;
    if (f.msg !== 'sub' || typeof f.name !== 'string' || f.name === 'meteor.loginServiceConfiguration')
      return undefined;
    if (f.name === 'stream-user-presence')
      return byEra(this.#world.profile, USER_PRESENCE_SERVED) ? undefined : `sub ${f.name}`;
    if (!STREAMS.has(f.name)) return `sub ${f.name}`;
    const eventName = Array.isArray(f.params) ? (f.params as unknown[])[0] : undefined;
    const global = GLOBAL_EVENTS[f.name];
    if (global && typeof eventName === 'string')
      return global.has(eventName) ? undefined : `sub ${f.name} ${eventName}`;
    if (f.name !== 'stream-notify-user' || typeof eventName !== 'string') return undefined;
    const event = eventName.slice(eventName.indexOf('/') + 1);
    return USER_EVENTS.has(event) ? undefined : `sub stream-notify-user */${event}`;
  }

  /**
   * A method frame as a call, with the rules' decision for it: undefined when it is malformed (as
   * Meteor's server: no string `id` or `method`, `params` no array, `randomSeed` no string; unknown
   * fields are let through). `unmodelled`: what {@link #unmodelled} said of the frame. The rules
   * are REST's, in REST's order: a fault (method `DDP`, its path a glob of method names), then a
   * stub (`DDP` and the method's name; on a modelled method only one with `override`), then the
   * rate limit and the method.
   */
  #methodCall(f: Frame, unmodelled: string | undefined): MethodCall | undefined {
    const id = f.id;
    const name = f.method;
    if (
      typeof id !== 'string' ||
      typeof name !== 'string' ||
      ('params' in f && !Array.isArray(f.params)) ||
      ('randomSeed' in f && typeof f.randomSeed !== 'string')
    )
      return undefined;
    const params = Array.isArray(f.params) ? (f.params as unknown[]) : [];
    const method = unmodelled === undefined ? servedMethod(name, this.#world) : undefined;
    const modelled = method !== undefined;
    const rest: Modelled = method ? { kind: 'method', method } : NOT_FOUND;
    const decision = decideRules(
      this.#world,
      {
        method: 'DDP',
        path: name,
        query: {},
        headers: {},
        body: params,
        authToken: this.#token,
        userId: this.#user?._id,
      },
      true,
      modelled,
      () => rest,
    );
    const stub = decision.kind === 'stub' ? decision.answer.stub.id : undefined;
    return { id, name, params, modelled, decision, stub };
  }

  /** Answers a method call as the rules decided; `entry` is its `in` frame's, which gets the answer's detail. */
  #method(call: MethodCall, entry: JournalEntry): void {
    const detail: ExchangeDetail = {
      authHeaders: false,
      fault: false,
      ...(this.#user ? { caller: this.#user.username } : {}),
      method: { name: call.name, modelled: call.modelled, id: call.id, error: false },
    };
    const { decision } = call;
    if (decision.kind !== 'fault') {
      this.#answer(call, decision, entry, detail);
      return;
    }
    const { action } = decision;
    if (action.delayMs <= 0) {
      this.#fault(call, action.fault, decision.next, entry, detail);
      return;
    }
    // held as REST holds a request: let go when the socket ends; a reset or a stop ends the socket
    const release = this.#world.faultSet.hold(
      action.delayMs,
      () => {
        this.#held.delete(release);
        this.#guard(() => this.#fault(call, action.fault, decision.next, entry, detail));
      },
      () => this.#held.delete(release),
    );
    this.#held.add(release);
  }

  /**
   * A fault's answer to a method call, once its delay is over: `drop` closes the socket with no
   * answer, `status` answers the call's error (`body`, else Meteor's error of that status; under
   * 400, `body` is the result); a delay alone lets the call go on through the rest of the rules.
   */
  #fault(
    call: MethodCall,
    fault: Fault,
    next: () => Ruled<Modelled>,
    entry: JournalEntry,
    detail: ExchangeDetail,
  ): void {
    if (this.#socket.readyState !== this.#socket.OPEN) return;
    if (fault.drop) {
      detail.fault = true;
      this.#world.recordMethodAnswer(entry, detail);
      this.#unwatch();
      this.#socket.terminate();
      return;
    }
    if (fault.status !== undefined) {
      detail.fault = true;
      this.#unrun(call, entry, detail, fault.status, fault.body);
      return;
    }
    this.#answer(call, next(), entry, detail);
  }

  /**
   * The answer of a method that does not run (a fault's status, a stub): the result first, then
   * `updated`, as Meteor answers a method it has no handler for. A status of 400 or more answers
   * an error: `body`, else Meteor's error of the status.
   */
  #unrun(call: MethodCall, entry: JournalEntry, detail: ExchangeDetail, status: number, body: unknown): void {
    const reply: Frame =
      status >= 400
        ? { msg: 'result', id: call.id, error: body === undefined ? statusError(status) : body }
        : body === undefined
          ? { msg: 'result', id: call.id }
          : { msg: 'result', id: call.id, result: body };
    this.#sendText(reply, this.#noteAnswer(entry, detail, reply));
    this.#send({ msg: 'updated', methods: [call.id] });
  }

  /** A stub's answer, the rate limit and the method, or Meteor's 404 for a method the fake does not model. */
  #answer(call: MethodCall, outcome: Ruled<Modelled>, entry: JournalEntry, detail: ExchangeDetail): void {
    const { id, name, params } = call;
    if (outcome.kind === 'stub') {
      this.#stubbed(call, outcome.answer, entry, detail);
      return;
    }
    if (outcome.kind === 'not-found') {
      // an unknown method: its result first (Meteor answers before its write fence)
      const reply = { msg: 'result', id, error: methodNotFound(name) };
      this.#sendText(reply, this.#noteAnswer(entry, detail, reply));
      this.#send({ msg: 'updated', methods: [id] });
      return;
    }
    // the world's rate limit, when one is set: per connection and method, as DDPRateLimiter counts
    const spent = rateLimitError(this.#world, this.#session, name);
    if (spent !== undefined) {
      const limited = { msg: 'result', id, error: spent };
      const text = this.#noteAnswer(entry, detail, limited);
      this.#send({ msg: 'updated', methods: [id] });
      this.#sendText(limited, text);
      return;
    }
    let reply: Frame;
    try {
      // the change events the method commits are noted in its detail, as a REST request's are
      const result = this.#world.noting(detail, () => outcome.method(this.#context(), params));
      reply = result === undefined ? { msg: 'result', id } : { msg: 'result', id, result };
    } catch (error) {
      reply = { msg: 'result', id, error: errorOf(error) };
    }
    // who called, once the method ran (`login` names the user it logged in)
    if (this.#user) detail.caller = this.#user.username;
    const text = this.#noteAnswer(entry, detail, reply);
    // the outgoing webhooks a message sent over DDP triggered, sent before the answer (as over REST)
    this.#world.deliverWebhooks(() => this.#siteUrl);
    // Meteor: the write fence's `updated`, then the result
    this.#send({ msg: 'updated', methods: [id] });
    this.#sendText(reply, text);
  }

  /**
   * A stub's answer: its body (templates filled in from the params, `{{request.body.0}}`, and the
   * connection's user) is the result; a status of 400 or more answers it as the error instead.
   */
  #stubbed(call: MethodCall, answer: StubAnswer, entry: JournalEntry, detail: ExchangeDetail): void {
    detail.stub = answer.stub.id;
    this.#unrun(call, entry, detail, answer.status, answer.data);
  }

  /**
   * Keeps a method call's answer in its `in` frame's detail: the result, or the error object, and
   * its JSON text. Answers the result frame's text (undefined when it has none), made once: the
   * answer's text is its end (`{"msg":"result","id":…,"result":<answer>}`, keys in that order).
   */
  #noteAnswer(entry: JournalEntry, detail: ExchangeDetail, reply: Frame): string | undefined {
    const error = 'error' in reply;
    const answer = error ? reply.error : reply.result;
    if (detail.method) detail.method.error = error;
    const text = stringified(reply);
    if (answer !== undefined && text !== undefined) {
      const head = `{"msg":"result","id":${JSON.stringify(reply.id)},"${error ? 'error' : 'result'}":`;
      detail.answer = answer;
      detail.text = text.startsWith(head) ? text.slice(head.length, -1) : jsonText(answer);
      detail.chars = detail.text.length;
    }
    this.#world.recordMethodAnswer(entry, detail);
    return text;
  }

  /** Sends a frame whose text is made already (else as {@link #send} does). */
  #sendText(frame: Frame, text: string | undefined): void {
    if (text === undefined) this.#send(frame);
    else if (this.#socket.readyState === this.#socket.OPEN) this.#write(frame, text);
  }

  #context(): MethodContext {
    return {
      store: this.#world.store,
      user: this.#user && this.#world.store.tokenOwner(this.#token ?? ''),
      token: this.#token,
      ip: this.#ip,
      session: this.#session,
      profile: this.#world.profile,
      notifyUser: (event) => this.#world.notifyUser(event),
      emitRoomStream: (eventName, args) => this.#world.emitRoomStream({ eventName, args, origin: this }),
      setUser: (user, token) => {
        this.#user = user;
        this.#token = token;
        this.#rerunSubs();
      },
    };
  }

  #sub(f: Frame): void {
    const id = f.id;
    const name = f.name;
    if (typeof id !== 'string' || typeof name !== 'string' || ('params' in f && !Array.isArray(f.params))) {
      this.#sendError('Malformed subscription', f);
      return;
    }
    const params = Array.isArray(f.params) ? (f.params as unknown[]) : [];
    const eventName = params[0];
    const key = typeof eventName === 'string' ? eventName : '';
    // asteroid (the 0.x SDK) subscribes to the login services on every connect: nothing to send
    if (name === 'meteor.loginServiceConfiguration') {
      this.#send({ msg: 'ready', subs: [id] });
      return;
    }
    const user = this.#context().user;
    if (name === 'stream-user-presence' && byEra(this.#world.profile, USER_PRESENCE_SERVED)) {
      this.#presenceSub(id, params[1]);
      return;
    }
    if (!STREAMS.has(name)) {
      this.#send({ msg: 'nosub', id, error: meteorError(404, `Subscription '${name}' not found`) });
      return;
    }
    // as Meteor's server: a `sub` under the id of a live one is ignored (it matters on reconnection)
    if (this.#subs.has(id)) return;
    const { ddpSubscriptions } = this.#world.limits;
    if (this.#subs.size >= ddpSubscriptions) {
      const error = meteorError('too-many-subscriptions', tooManySubscriptions(ddpSubscriptions));
      this.#send({ msg: 'nosub', id, error });
      return;
    }
    // the Streamer's `_publish`: no event name is a TypeError there (500), an empty one refused
    if (eventName === undefined || eventName === null) {
      this.#send({ msg: 'nosub', id, error: meteorError(500, 'Internal server error') });
      return;
    }
    if (eventName === '') {
      this.#send({ msg: 'nosub', id, error: meteorError('invalid-event-name', undefined) });
      return;
    }
    if (!this.#mayRead(user, name, key)) {
      this.#send({ msg: 'nosub', id, error: meteorError('not-allowed', undefined) });
      return;
    }
    this.#subs.set(id, { id, name, key });
    // with `useCollection` (`[key, true]`, `[key, {useCollection: true}]`) the stream's document first
    const options = params[1];
    const useCollection =
      options === true ||
      (typeof options === 'object' &&
        options !== null &&
        (options as { useCollection?: unknown }).useCollection === true);
    if (useCollection) this.#send({ msg: 'added', collection: name, id: 'id', fields: { eventName: key } });
    this.#send({ msg: 'ready', subs: [id] });
    // a fixed clock behind the wall clock makes real drivers drop every message: said once
    if (name === 'stream-room-messages') this.#world.followingMessages();
  }

  /**
   * `stream-user-presence` (4.1 on), not a normal streamer: anyone may follow it (a logged-out
   * socket too), its event name is ignored, `{added: [uid…], removed: [uid…]}` changes the users
   * watched. The first sub of a connection is `ready` and stays; each later one changes the set
   * and is stopped at once (`nosub`). The set holds at most `usersPerWorld` ids.
   */
  #presenceSub(id: string, options: unknown): void {
    const ids = (key: string): string[] => {
      const list =
        typeof options === 'object' && options !== null ? (options as Record<string, unknown>)[key] : [];
      return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
    };
    const first = this.#presence === undefined;
    const presence = (this.#presence ??= { id, watched: new Set() });
    const bound = this.#world.limits.usersPerWorld;
    for (const uid of ids('added')) if (presence.watched.size < bound) presence.watched.add(uid);
    for (const uid of ids('removed')) presence.watched.delete(uid);
    this.#send(first ? { msg: 'ready', subs: [id] } : { msg: 'nosub', id });
  }

  /**
   * A login, a logout or another user's login reruns the connection's subscriptions (Meteor's
   * `_setUserId`): one the user may no longer read stops, refused as it would be now (a logged-out
   * socket hears nothing more of a private room or of the user's own events).
   */
  /**
   * After a reset that kept logins: whether this socket goes on in the new world (logged in as no
   * one, or its token still logs its user in there). It then follows the new world's user, and
   * its subscriptions to what that user may no longer read end (`nosub`), as after a login.
   */
  #keptThrough(): boolean {
    if (this.#user === undefined) {
      this.#rerunSubs();
      return true;
    }
    const owner = this.#world.store.tokenOwner(this.#token ?? '');
    if (owner?._id !== this.#user._id) return false;
    this.#user = owner;
    this.#rerunSubs();
    return true;
  }

  #rerunSubs(): void {
    const user = this.#user;
    for (const sub of [...this.#subs.values()]) {
      if (this.#mayRead(user, sub.name, sub.key)) continue;
      this.#subs.delete(sub.id);
      this.#send({ msg: 'nosub', id: sub.id, error: meteorError('not-allowed', undefined) });
    }
  }

  /**
   * Who may follow what: a room's messages and events (`<rid>`, `<rid>/<event>`) in a room the
   * user may see; `__my_messages__` anyone, before a login too (`allowRead(…, 'all')`: it sends
   * nothing until one); the user's own `<uid>/<event>` only.
   */
  #mayRead(user: User | undefined, name: string, key: string): boolean {
    if (name === 'stream-room-messages' && key === '__my_messages__') return true;
    // the public settings and the rest of `stream-notify-all`: anyone, a logged-out socket too
    if (name === 'stream-notify-all') return true;
    if (!user) return false;
    if (name === 'stream-notify-logged')
      return key !== 'private-settings-changed' || readsPrivateSettings(this.#world.store, user);
    if (name === 'stream-notify-user') return key.split('/')[0] === user._id;
    const rid = name === 'stream-notify-room' ? (key.split('/')[0] ?? '') : key;
    const room = this.#world.store.anyRoom(rid);
    return room !== undefined && this.#world.store.maySee(user, room);
  }

  /** A client's write to a room's stream (typing): to this connection's subs of it, unless it wrote it. */
  #onRoomStream(event: RoomStreamEvent): void {
    if (event.origin === this) return;
    for (const sub of this.#subs.values())
      if (sub.name === 'stream-notify-room' && sub.key === event.eventName)
        this.#changed(sub, [...event.args]);
  }

  /** An event for one user (an ephemeral message): to this connection's sub of it, if it is that user's. */
  #onUserEvent(event: UserEvent): void {
    if (this.#user?._id !== event.uid) return;
    const key = `${event.uid}/${event.event}`;
    for (const sub of this.#subs.values())
      if (sub.name === 'stream-notify-user' && sub.key === key) this.#changed(sub, [...event.args]);
  }

  /**
   * A commit's change events: to each stream sub they concern, as `changed` frames, as the stream
   * table says (src/realtime/streams.ts).
   */
  #onChanges(events: readonly ChangeEvent[]): void {
    const presence = this.#presence;
    if (presence !== undefined)
      for (const event of events)
        if (event.kind === 'user' && event.presence !== undefined && presence.watched.has(event.user._id))
          this.#send({
            msg: 'changed',
            collection: 'stream-user-presence',
            id: event.user._id,
            fields: { uid: event.user._id, args: userPresenceArgs(event.user), eventName: event.user._id },
          });
    if (this.#subs.size === 0) return;
    const reader: StreamReader = {
      user: this.#user,
      subs: this.#subs,
      store: this.#world.store,
      profile: this.#world.profile,
      changed: (sub, args, ejson) => this.#changed(sub, args, ejson),
    };
    deliver(events, reader);
  }

  /**
   * One stream event: `changed` of the stream's document, its event name and arguments in EJSON
   * (`ejson`: they are already).
   */
  #changed(sub: StreamSub, args: unknown[], ejson = false): void {
    this.#send({
      msg: 'changed',
      collection: sub.name,
      id: 'id',
      fields: { eventName: sub.key, args: ejson ? args : toEjson(args) },
    });
  }
}
