import type { WebSocket } from 'ws';

/**
 * How DDP frames travel on a socket. At `/websocket` each WebSocket message is one frame as it is.
 * At SockJS's `/sockjs/<server>/<session>/websocket` (Meteor's browser transport) SockJS frames
 * them: the server opens with `o`, sends `a["<frame>",…]`, a heartbeat `h` now and then, and
 * `c[code,"reason"]` before it closes; the client sends `["<frame>",…]` (or one `"<frame>"`), and
 * anything else ends the session (`c[3000,"Broken framing."]`), as sockjs-node does.
 *
 * Layer: realtime.
 */
export interface Framing {
  /** what the socket starts with, once accepted */
  open(socket: WebSocket): void;
  /** one DDP frame's text out */
  send(socket: WebSocket, text: string): void;
  /** the DDP frames a WebSocket message holds; undefined when its framing is broken */
  receive(data: string): string[] | undefined;
  /** the socket's end, with its code and reason */
  close(socket: WebSocket, code: number, reason: string): void;
  /** the end after a refused `connect` (Meteor closes the socket without a code) */
  refuse(socket: WebSocket): void;
  /** stops what {@link open} started */
  stop(): void;
}

/** `/websocket`: a WebSocket message is a frame. */
export const RAW: Framing = {
  open: () => undefined,
  send: (socket, text) => socket.send(text),
  receive: (data) => [data],
  close: (socket, code, reason) => socket.close(code, reason),
  refuse: (socket) => socket.close(),
  stop: () => undefined,
};

/** Meteor's SockJS server sends its heartbeat frame every 45 seconds (`heartbeat_delay`). */
export const SOCKJS_HEARTBEAT_MS = 45_000;

/** SockJS's framing over its WebSocket transport (a new one for each socket: it keeps a timer). */
export function sockjsFraming(heartbeatMs = SOCKJS_HEARTBEAT_MS): Framing {
  let timer: NodeJS.Timeout | undefined;
  const stop = (): void => {
    clearInterval(timer);
    timer = undefined;
  };
  const close = (socket: WebSocket, code: number, reason: string): void => {
    stop();
    if (socket.readyState === socket.OPEN) socket.send(`c${JSON.stringify([code, reason])}`);
    socket.close(code, reason);
  };
  return {
    open(socket) {
      socket.send('o');
      if (heartbeatMs <= 0) return;
      timer = setInterval(() => {
        if (socket.readyState === socket.OPEN) socket.send('h');
      }, heartbeatMs);
      timer.unref();
    },
    send: (socket, text) => socket.send(`a${JSON.stringify([text])}`),
    receive(data) {
      if (data === '') return [];
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        return undefined;
      }
      if (typeof parsed === 'string') return [parsed];
      if (Array.isArray(parsed) && parsed.every((item): item is string => typeof item === 'string'))
        return parsed;
      return undefined;
    },
    close,
    // sockjs-node's session end: its close frame, "Go away!"
    refuse: (socket) => close(socket, 3000, 'Go away!'),
    stop,
  };
}
