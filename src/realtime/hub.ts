import { STATUS_CODES } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

import { WebSocket, WebSocketServer } from 'ws';

import { baseUrlOf, targetOf } from '../http/target';
import type { WorldHost } from '../http/target';
import type { FakeWorld } from '../world';
import { FRAME_TOO_LARGE, frameTooLarge } from './bounds';
import { DdpConnection } from './connection';
import { RAW, sockjsFraming } from './framing';
import { METEOR_HEARTBEAT } from './heartbeat';
import type { HeartbeatTimes } from './heartbeat';

/**
 * The realtime API's door: WebSocket upgrades at `/websocket` (and SockJS's
 * `/sockjs/<server>/<session>/websocket`), at the root or in a session (`/s/<id>/websocket`),
 * each a DDP connection on that world. Anything else asking to upgrade is refused.
 *
 * Layer: realtime.
 */

const SOCKJS = /^\/sockjs\/[^/]+\/[^/]+\/websocket$/;

/**
 * A WebSocket server whose sockets take frames of at most `frameBytes`: a larger one is refused
 * from its header, before its bytes are read (`maxPayload`), and the socket closed 1009 with the
 * reason naming the bound (the WebSocket library closes with the code alone).
 */
function boundedServer(frameBytes: number): WebSocketServer {
  class BoundedSocket extends WebSocket {
    override close(code?: number, data?: string | Buffer): void {
      super.close(code, code === FRAME_TOO_LARGE && data === undefined ? frameTooLarge(frameBytes) : data);
    }
  }
  return new WebSocketServer({ noServer: true, maxPayload: frameBytes, WebSocket: BoundedSocket });
}

export class RealtimeHub {
  readonly #host: WorldHost;
  /** one WebSocket server per frame size the worlds allow (the root and its sessions share one) */
  readonly #servers = new Map<number, WebSocketServer>();
  readonly #connections = new Map<DdpConnection, FakeWorld>();
  #sessions = 0;

  readonly #heartbeat: HeartbeatTimes;

  constructor(host: WorldHost, heartbeat: HeartbeatTimes = METEOR_HEARTBEAT) {
    this.#host = host;
    this.#heartbeat = heartbeat;
  }

  /** Serves one upgrade request of the server (a WebSocket to `/websocket`, or a 404). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const target = targetOf(this.#host, req.url ?? '/');
    const world = target.world;
    if (!world || (target.path !== '/websocket' && !SOCKJS.test(target.path))) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // the world's faults act on the handshake as on any request (GET /websocket); the real server
    // serves /websocket and SockJS's transport from one SockJS server, so a fault on /websocket
    // acts on a SockJS handshake too when none names its own path
    const sockjs = target.path !== '/websocket';
    const action =
      world.faultSet.take('GET', target.path, true) ??
      (sockjs ? world.faultSet.take('GET', '/websocket', true) : undefined);
    const accept = (): void => this.#accept(world, req, socket, head, action?.fault.closeCode, sockjs);
    if (!action) {
      accept();
      return;
    }
    const { fault, delayMs } = action;
    const act = (): void => {
      if (fault.drop) socket.destroy();
      else if (fault.status !== undefined) {
        const body = fault.body === undefined ? '' : JSON.stringify(fault.body);
        socket.end(
          `HTTP/1.1 ${fault.status} ${STATUS_CODES[fault.status] ?? ''}\r\nConnection: close\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
      } else accept();
    };
    if (delayMs <= 0) {
      act();
      return;
    }
    // held like a delayed request: a reset or a stop ends it with the connection
    const release = world.faultSet.hold(delayMs, act, () => socket.destroy());
    socket.once('close', release);
  }

  #accept(
    world: FakeWorld,
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    closeCode: number | undefined,
    sockjs: boolean,
  ): void {
    this.#serverFor(world).handleUpgrade(req, socket, head, (ws) => {
      if (closeCode !== undefined) {
        // accepted, then closed: over SockJS, opened (`o`) and closed with its `c` frame first
        const framing = sockjs ? sockjsFraming(0) : RAW;
        framing.open(ws);
        framing.close(ws, closeCode, 'fault');
        return;
      }
      const forwarded = req.headers['x-real-ip'];
      const ip = (Array.isArray(forwarded) ? forwarded[0] : forwarded) ?? req.socket.remoteAddress ?? '';
      this.#sessions += 1;
      const connection = new DdpConnection(
        world,
        ws,
        ip,
        `session-${this.#sessions}`,
        socket,
        this.#heartbeat,
        baseUrlOf(req),
        sockjs ? sockjsFraming() : RAW,
      );
      this.#connections.set(connection, world);
      ws.on('close', () => this.#connections.delete(connection));
    });
  }

  #serverFor(world: FakeWorld): WebSocketServer {
    const bytes = world.limits.ddpFrameBytes;
    let server = this.#servers.get(bytes);
    if (server === undefined) {
      server = boundedServer(bytes);
      this.#servers.set(bytes, server);
    }
    return server;
  }

  /** Closes the connections of one world (its session ended). */
  closeWorld(world: FakeWorld): void {
    for (const [connection, of] of this.#connections) {
      if (of !== world) continue;
      connection.close(1001, 'session ended');
      this.#connections.delete(connection);
    }
  }

  /** Closes every connection (the server stops). */
  close(): void {
    for (const connection of this.#connections.keys()) connection.close();
    this.#connections.clear();
    for (const server of this.#servers.values()) server.close();
    this.#servers.clear();
  }
}
