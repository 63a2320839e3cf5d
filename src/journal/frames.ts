import type { DdpFrameNote, JournalEntry } from '../types';
import { redactBody, redactSecrets } from './journal';
import { nestedDeeperThan } from './json-depth';

/**
 * What the journal keeps of one realtime (DDP) frame as its request body: the frame, with
 * passwords, tokens and resume tokens hidden; a note in its place when it is too large or too deep
 * to keep.
 *
 * Layer: world. Plain values; nothing of HTTP or DDP.
 */

/** The largest realtime frame the journal keeps whole (as a request body). */
const MAX_FRAME_CHARS = 64 * 1024;

/**
 * The deepest realtime frame the journal keeps as data: the journal's copies, the inspector and
 * `GET /__admin/requests` serialise what it keeps, which must never run out of stack (a deeper
 * frame than the world lets in never gets here; this holds whatever the bound is raised to).
 */
const MAX_FRAME_DEPTH = 256;

/**
 * A frame's entry: `DDP /websocket`, `query.direction`, status 101, the socket's user, its note
 * (`ddp`); `stub` the stub that answered a method call (its `in` frame), when one did.
 */
export function frameRequest(
  direction: 'in' | 'out',
  user: string | null,
  modelled: boolean,
  ddp: DdpFrameNote | undefined,
  stub?: string,
): Omit<JournalEntry, 'seq' | 'time' | 'body'> {
  const entry: Omit<JournalEntry, 'seq' | 'time' | 'body'> = {
    method: 'DDP',
    path: '/websocket',
    query: { direction },
    status: 101,
    user,
    modelled,
  };
  if (stub !== undefined) entry.stub = stub;
  if (ddp !== undefined) entry.ddp = ddp;
  return entry;
}

/**
 * The body the journal keeps for a frame, in or out: `frame` parsed from `text`; `ddpFrameDepth`
 * is the bound a frame in was read against before it was parsed (src/limits.ts).
 */
export function frameBody(
  direction: 'in' | 'out',
  frame: unknown,
  text: string,
  ddpFrameDepth: number,
): unknown {
  // the frame's JSON text is at hand: its size and whether it holds a secret are read there,
  // not from a walk of the frame (a socket's hot path)
  return text.length > MAX_FRAME_CHARS
    ? { '[truncated]': `${text.length} characters` }
    : // a frame in was read for depth before it was parsed, against a bound no deeper than this
      !(direction === 'in' && ddpFrameDepth <= MAX_FRAME_DEPTH) && nestedDeeperThan(text, MAX_FRAME_DEPTH)
      ? { '[unreadable]': `nested deeper than ${MAX_FRAME_DEPTH}` }
      : /password|token|resume/i.test(text)
        ? redactSecrets(redactBody(frame))
        : frame;
}

/** The longest summary (and the longest name or id) a frame's note keeps, in characters. */
const NOTE_CHARS = 120;

/** A key whose value a summary never shows (the journal's redaction, at any depth). */
const SECRET_KEY = /password|token|resume/i;

/** A method whose bare string result is a secret itself (a login's, a token's). */
const SECRET_METHOD = /login|password|token|resume/i;

/** A DDP frame as JSON. */
type Frame = Record<string, unknown>;

/** A key written bare in a summary (`rid: "GENERAL"`); any other is quoted. */
const BARE_KEY = /^[A-Za-z_$][\w$]*$/;

/** How a key is written: bare or quoted, and whether its value is hidden. */
interface KeyForm {
  readonly text: string;
  readonly secret: boolean;
}

/** The forms of the keys seen (frames repeat a few dozen keys): read once each, up to a bound. */
const KEY_FORMS = new Map<string, KeyForm>();
const KEY_FORMS_KEPT = 1024;

function keyForm(key: string): KeyForm {
  const known = KEY_FORMS.get(key);
  if (known !== undefined) return known;
  const form = {
    text: key.length <= NOTE_CHARS && BARE_KEY.test(key) ? key : JSON.stringify(key.slice(0, NOTE_CHARS + 1)),
    secret: SECRET_KEY.test(key),
  };
  if (KEY_FORMS.size < KEY_FORMS_KEPT && key.length <= 64) KEY_FORMS.set(key, form);
  return form;
}

/**
 * A value written short: keys bare, strings quoted, `{$date}` as its ISO time, secrets hidden; the
 * walk stops once the text is past `limit` (a frame of 100,000 values costs its first few).
 */
class Brief {
  text = '';
  readonly #limit: number;

  constructor(limit = NOTE_CHARS) {
    this.#limit = limit;
  }

  get full(): boolean {
    return this.text.length > this.#limit;
  }

  put(part: string): this {
    if (!this.full) this.text += part.length > this.#limit ? part.slice(0, this.#limit + 1) : part;
    return this;
  }

  value(value: unknown): this {
    if (this.full) return this;
    if (typeof value === 'string') return this.put(JSON.stringify(value.slice(0, this.#limit + 1)));
    if (typeof value !== 'object' || value === null) return this.put(String(value));
    if (Array.isArray(value)) return this.items(value, '[', ']');
    const date = (value as { $date?: unknown }).$date;
    if (typeof date === 'number' && Object.keys(value).length === 1) {
      const time = new Date(date);
      return this.put(Number.isNaN(time.getTime()) ? String(date) : time.toISOString());
    }
    this.put('{');
    let first = true;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (this.full) break;
      if (!first) this.put(', ');
      first = false;
      const form = keyForm(key);
      this.put(form.text).put(': ');
      if (form.secret) this.put('[redacted]');
      else this.value((value as Record<string, unknown>)[key]);
    }
    return this.put('}');
  }

  /** The items of a list, between `open` and `close` (none for a method's params). */
  items(list: readonly unknown[], open = '', close = ''): this {
    this.put(open);
    for (let i = 0; i < list.length && !this.full; i += 1) {
      if (i > 0) this.put(', ');
      this.value(list[i]);
    }
    return this.put(close);
  }

  /** The text, cut to the limit with an ellipsis when longer. */
  done(): string {
    const text = this.text.trimEnd();
    return text.length > this.#limit ? `${text.slice(0, this.#limit - 1)}…` : text;
  }
}

/** A short string of a frame (a name, an id): the first {@link NOTE_CHARS} characters. */
function short(value: unknown): string | undefined {
  return typeof value === 'string' ? value.slice(0, NOTE_CHARS) : undefined;
}

/** An error's text, as a result, a nosub or an error frame carries it: Meteor's `message`, else its reason. */
function errorText(error: unknown): string {
  if (typeof error === 'string') return error.slice(0, NOTE_CHARS);
  if (typeof error !== 'object' || error === null) return new Brief().value(error).done();
  const { message, reason, error: code } = error as Record<string, unknown>;
  const text =
    typeof message === 'string'
      ? message
      : typeof reason === 'string'
        ? reason
        : typeof code === 'string' || typeof code === 'number'
          ? String(code)
          : new Brief().value(error).done();
  return text.slice(0, NOTE_CHARS);
}

/**
 * What the connection knows of a frame beyond the frame: its socket, and for an answer (a
 * `result`, `ready` or `nosub`) the `in` frame it answers, with that call's method or sub's name.
 */
export interface FrameContext {
  readonly connection: string;
  readonly answers?: { readonly seq: number; readonly method?: string; readonly name?: string };
  /** an `unsub`'s: the name of the sub it ends */
  readonly name?: string;
}

/** Drops the fields left undefined (the entry's JSON has none). */
function defined(note: DdpFrameNote): DdpFrameNote {
  const { connection, direction, msg, id, method, name, collection, event, summary, error, answers } = note;
  const out = { connection, direction, msg } as DdpFrameNote;
  if (id !== undefined) out.id = id;
  if (method !== undefined) out.method = method;
  if (name !== undefined) out.name = name;
  if (collection !== undefined) out.collection = collection;
  if (event !== undefined) out.event = event;
  out.summary = summary;
  if (error !== undefined) out.error = error;
  if (answers !== undefined) out.answers = answers;
  return out;
}

/**
 * A frame's note (the journal entry's `ddp`): its type and names, and a summary of at most
 * {@link NOTE_CHARS} characters in which no password, token or resume token shows.
 */
export function frameNote(direction: 'in' | 'out', frame: unknown, context: FrameContext): DdpFrameNote {
  const { connection } = context;
  if (typeof frame === 'object' && frame !== null && '[refused]' in frame) {
    const reason = String((frame as Record<string, unknown>)['[refused]']);
    return { connection, direction, msg: '(refused)', summary: `refused: ${reason}`.slice(0, NOTE_CHARS) };
  }
  const f =
    typeof frame === 'object' && frame !== null && !Array.isArray(frame) ? (frame as Frame) : undefined;
  if (f === undefined || typeof f.msg !== 'string' || f.msg === '') {
    const summary = new Brief().put('bad frame: ').value(frame).done();
    return { connection, direction, msg: '(invalid)', summary };
  }
  const msg = f.msg.slice(0, NOTE_CHARS);
  const answers = context.answers;
  const note: DdpFrameNote = { connection, direction, msg, id: short(f.id), summary: '' };
  const brief = new Brief();
  switch (msg) {
    case 'connect':
      brief.put(`connect, version `).value(f.version);
      break;
    case 'connected':
      brief.put(`connected, session `).value(f.session);
      break;
    case 'failed':
      brief.put(`failed: the server speaks version `).value(f.version);
      break;
    case 'method':
      note.method = short(f.method);
      brief.put(`${note.method ?? '?'} `).items(Array.isArray(f.params) ? f.params : []);
      break;
    case 'result':
      note.method = short(answers?.method);
      if ('error' in f) {
        note.error = errorText(f.error);
        brief.put(`${note.method ?? 'result'} failed: ${note.error}`);
      } else if (!('result' in f)) brief.put(`${note.method ?? 'result'} → (no result)`);
      // a bare string answered by a method about logins or tokens is a secret itself
      else if (typeof f.result === 'string' && SECRET_METHOD.test(note.method ?? ''))
        brief.put(`${note.method ?? 'result'} → [redacted]`);
      else brief.put(`${note.method ?? 'result'} → `).value(f.result);
      break;
    case 'updated':
      brief.put(`updated ${Array.isArray(f.methods) ? f.methods.map(String).join(', ') : ''}`);
      break;
    case 'sub':
      note.name = short(f.name);
      brief.put(`${note.name ?? '?'} `).items(Array.isArray(f.params) ? f.params : []);
      break;
    case 'unsub':
      note.name = short(context.name);
      brief.put(`unsub ${note.name ?? note.id ?? ''}`);
      break;
    case 'ready':
      note.id = Array.isArray(f.subs) ? short(f.subs[0]) : undefined;
      note.name = short(answers?.name);
      brief.put(`ready ${note.name ?? note.id ?? ''}`);
      break;
    case 'nosub':
      note.name = short(answers?.name);
      brief.put(`nosub ${note.name ?? note.id ?? ''}`);
      if (f.error !== undefined) {
        note.error = errorText(f.error);
        brief.put(`: ${note.error}`);
      }
      break;
    case 'changed':
    case 'added':
    case 'removed': {
      note.collection = short(f.collection);
      note.name = note.collection;
      const fields = typeof f.fields === 'object' && f.fields !== null ? (f.fields as Frame) : {};
      note.event = short(fields.eventName);
      brief.put(`${msg} ${note.collection ?? '?'}`);
      if (note.event !== undefined) brief.put(` ${note.event}`);
      if (Array.isArray(fields.args)) brief.put(': ').items(fields.args);
      else if (msg !== 'removed') {
        const { eventName: _event, ...rest } = fields;
        if (Object.keys(rest).length > 0) brief.put(': ').value(rest);
      }
      break;
    }
    case 'error':
      note.error = errorText(f.reason);
      brief.put(`error: ${note.error}`);
      if (f.offendingMessage !== undefined) brief.put(', offending ').value(f.offendingMessage);
      break;
    case 'ping':
    case 'pong':
      brief.put(msg);
      if (note.id !== undefined) brief.put(` ${note.id}`);
      break;
    default: {
      const { msg: _msg, ...rest } = f;
      brief.put(`${msg} `).value(rest);
    }
  }
  if (answers !== undefined && (msg === 'result' || msg === 'ready' || msg === 'nosub'))
    note.answers = answers.seq;
  note.summary = brief.done();
  return defined(note);
}
