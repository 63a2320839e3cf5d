/**
 * A bounded, streaming `multipart/form-data` reader (RFC 7578), for the file upload routes
 * (`rooms.upload`, `rooms.media`): the body is pushed in chunk by chunk as it arrives and never
 * held whole. A file's bytes are kept as the chunks came (slices, no copy) up to a limit, and
 * joined once at the end; past the limit they are counted as cut and dropped. Only the first file
 * part's bytes are kept (the routes take one file); the parts after it are counted. Text fields
 * are cut at a size, parts at a count, a part's head at a size: a hostile body costs no more than
 * the limits say, whatever it holds.
 *
 * Its errors are busboy's words where a client can meet them (`Unexpected end of form`,
 * `Malformed part header`), since the real server answers them as they are.
 *
 * Layer: base. Plain bytes in, plain values out; nothing of HTTP.
 */

/** What one reading may hold. */
export interface MultipartLimits {
  /** the bytes of the first file kept; past them the file is `truncated` and the rest dropped */
  readonly fileBytes: number;
  /** the bytes of one text field kept (busboy's `fieldSize`, 1 MiB); the rest dropped */
  readonly fieldBytes: number;
  /** how many parts a body may hold; one more ends the reading with an error */
  readonly parts: number;
  /** how long one part's head (its header lines) may be */
  readonly headerBytes: number;
}

export const DEFAULT_MULTIPART_LIMITS: MultipartLimits = Object.freeze({
  fileBytes: 64 * 1024 * 1024,
  fieldBytes: 1024 * 1024,
  parts: 1000,
  headerBytes: 16 * 1024,
});

/** A file part: its field's name, the file's name and type as sent, and (the first only) its bytes. */
export interface FormFile {
  readonly field: string;
  readonly filename: string;
  /** the part's `Content-Type`, lower-cased, without parameters; `text/plain` when none (busboy's) */
  readonly type: string;
  /** the bytes kept: the first file part's up to the limit, empty for the others */
  readonly bytes: Buffer;
  /** the bytes seen (at most the limit plus nothing: counting stops where keeping does) */
  readonly size: number;
  /** more bytes came than the limit */
  readonly truncated: boolean;
}

/** What a body held, in order: its text fields, its file parts, and why the reading stopped early. */
export interface FormData {
  readonly fields: ReadonlyArray<readonly [string, string]>;
  readonly files: readonly FormFile[];
  /** the first error met (the reading stops there); undefined when the body was well formed */
  readonly error: string | undefined;
}

/** The `boundary` parameter of a `multipart/form-data` Content-Type, if it names one. */
export function boundaryOf(contentType: string): string | undefined {
  // 1 to 70 characters (RFC 2046); a longer one is no boundary
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))(?=\s*(?:;|$))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** Whether a Content-Type is `multipart/form-data` (any parameters). */
export function isMultipartFormData(contentType: string): boolean {
  return /^multipart\/form-data(?:\s*;|\s*$)/i.test(contentType.trim());
}

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');
const DASH = 0x2d;
const CR = 0x0d;
const LF = 0x0a;

type Phase = 'preamble' | 'after-delimiter' | 'head' | 'body' | 'done';

/** One part as it is being read. */
interface OpenPart {
  readonly name: string | undefined;
  readonly filename: string | undefined;
  readonly type: string;
  readonly chunks: Buffer[];
  /** keep the part's bytes (a field, the first file) */
  readonly keep: boolean;
  readonly cap: number;
  size: number;
  truncated: boolean;
}

/**
 * Reads one body. `write` each chunk as it arrives, then `end` once: the form, or the first error
 * with what was read before it. After an error or the closing delimiter, further bytes are dropped
 * unread.
 */
export class MultipartReader {
  readonly #delimiter: Buffer;
  readonly #limits: MultipartLimits;
  /** bytes not yet decided on: the tail that may start a delimiter, or an incomplete head */
  #pending: Buffer;
  #phase: Phase = 'preamble';
  #part: OpenPart | undefined;
  #parts = 0;
  #fileKept = false;
  #error: string | undefined;
  readonly #fields: Array<readonly [string, string]> = [];
  readonly #files: FormFile[] = [];

  constructor(boundary: string, limits: MultipartLimits = DEFAULT_MULTIPART_LIMITS) {
    this.#delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
    this.#limits = limits;
    // the first delimiter has no line break before it: the body is read as if it had one
    this.#pending = CRLF;
  }

  /** One chunk of the body. */
  write(chunk: Buffer): void {
    if (this.#phase === 'done' || chunk.length === 0) return;
    let buf: Buffer | undefined = chunk;
    if (this.#pending.length > 0)
      buf =
        this.#phase === 'body' || this.#phase === 'preamble'
          ? this.#joined(chunk)
          : Buffer.concat([this.#pending, chunk]);
    this.#pending = EMPTY;
    if (buf === undefined) return;
    for (;;) {
      const rest = this.#step(buf);
      if (rest === undefined) return;
      buf = rest;
    }
  }

  /**
   * In data, the tail kept from the chunk before (shorter than a delimiter) and a new chunk, without
   * copying the chunk: a delimiter that starts in the tail is found in the tail and the chunk's first
   * bytes; otherwise the tail is data, and the chunk is read as it is. Undefined when the tail and
   * the chunk are all still undecided (a chunk shorter than a delimiter).
   */
  #joined(chunk: Buffer): Buffer | undefined {
    const tail = this.#pending;
    const size = this.#delimiter.length;
    if (chunk.length < size) return Buffer.concat([tail, chunk]);
    const joint = Buffer.concat([tail, chunk.subarray(0, size - 1)]);
    const at = joint.indexOf(this.#delimiter);
    if (at >= 0 && at < tail.length) {
      if (at > 0) this.#take(tail.subarray(0, at));
      if (this.#phase === 'body') this.#closePart();
      this.#phase = 'after-delimiter';
      return chunk.subarray(at + size - tail.length);
    }
    this.#take(tail);
    return chunk;
  }

  /** The body ended: what it held, or where it went wrong. */
  end(): FormData {
    if (this.#phase !== 'done') this.#fail('Unexpected end of form');
    return { fields: this.#fields, files: this.#files, error: this.#error };
  }

  /**
   * Reads what it can of `buf` in the current phase: the bytes left to read in the next phase, or
   * undefined when it needs more (what it has not decided on is kept in `#pending`).
   */
  #step(buf: Buffer): Buffer | undefined {
    switch (this.#phase) {
      case 'preamble':
      case 'body':
        return this.#data(buf);
      case 'after-delimiter':
        return this.#afterDelimiter(buf);
      case 'head':
        return this.#head(buf);
      default:
        return undefined;
    }
  }

  /** Part data (or the preamble, dropped) up to the next delimiter. */
  #data(buf: Buffer): Buffer | undefined {
    const at = buf.indexOf(this.#delimiter);
    if (at < 0) {
      // all but a tail that may be the start of a delimiter is data
      const safe = Math.max(0, buf.length - (this.#delimiter.length - 1));
      if (safe > 0) this.#take(buf.subarray(0, safe));
      this.#pending = Buffer.from(buf.subarray(safe));
      return undefined;
    }
    if (at > 0) this.#take(buf.subarray(0, at));
    if (this.#phase === 'body') this.#closePart();
    this.#phase = 'after-delimiter';
    return buf.subarray(at + this.#delimiter.length);
  }

  /** After a delimiter: `--` ends the body, a line break starts a part (padding before it skipped). */
  #afterDelimiter(buf: Buffer): Buffer | undefined {
    if (buf.length < 2) {
      this.#pending = Buffer.from(buf);
      return undefined;
    }
    if (buf[0] === DASH && buf[1] === DASH) {
      this.#phase = 'done';
      return undefined;
    }
    let i = 0;
    while (i < buf.length && (buf[i] === 0x20 || buf[i] === 0x09)) i += 1;
    if (i > 256) {
      this.#fail('Malformed part header');
      return undefined;
    }
    if (buf.length - i < 2) {
      this.#pending = Buffer.from(buf);
      return undefined;
    }
    if (buf[i] !== CR || buf[i + 1] !== LF) {
      this.#fail('Malformed part header');
      return undefined;
    }
    this.#parts += 1;
    if (this.#parts > this.#limits.parts) {
      this.#fail('Too many parts');
      return undefined;
    }
    this.#phase = 'head';
    return buf.subarray(i + 2);
  }

  /** A part's head: its header lines up to the empty line. */
  #head(buf: Buffer): Buffer | undefined {
    let end: number;
    let start: number;
    if (buf.length >= 2 && buf[0] === CR && buf[1] === LF) {
      end = 0;
      start = 2;
    } else {
      end = buf.indexOf(HEAD_END);
      start = end + HEAD_END.length;
    }
    if (end < 0) {
      if (buf.length > this.#limits.headerBytes) this.#fail('Malformed part header');
      else this.#pending = Buffer.from(buf);
      return undefined;
    }
    if (end > this.#limits.headerBytes) {
      this.#fail('Malformed part header');
      return undefined;
    }
    this.#open(buf.subarray(0, end).toString('latin1'));
    this.#phase = 'body';
    return buf.subarray(start);
  }

  /** Starts a part from its header lines. */
  #open(head: string): void {
    let disposition: string | undefined;
    let type: string | undefined;
    for (const line of head.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'content-disposition') disposition ??= value;
      else if (name === 'content-type') type ??= value;
    }
    const params = disposition === undefined ? undefined : dispositionOf(disposition);
    const filename = params?.filename;
    const file = filename !== undefined;
    // a part that names no field (or is not form-data) is read past, as busboy skips it
    const named = params?.name !== undefined;
    const keep = named && (!file || !this.#fileKept);
    if (named && file) this.#fileKept = true;
    this.#part = {
      name: params?.name,
      filename,
      type: (type ?? '').split(';')[0]?.trim().toLowerCase() || 'text/plain',
      chunks: [],
      keep,
      cap: file ? this.#limits.fileBytes : this.#limits.fieldBytes,
      size: 0,
      truncated: false,
    };
  }

  /** A slice of the current part's data: kept while under its cap, else counted as cut. */
  #take(slice: Buffer): void {
    const part = this.#part;
    if (this.#phase !== 'body' || part === undefined || part.name === undefined) return;
    if (part.truncated) return;
    const room = part.cap - part.size;
    if (slice.length > room) {
      part.truncated = true;
      if (room > 0 && part.keep) part.chunks.push(slice.subarray(0, room));
      part.size += Math.max(0, room);
      return;
    }
    if (part.keep) part.chunks.push(slice);
    part.size += slice.length;
  }

  /** The current part is whole: a field's text, a file's bytes joined once. */
  #closePart(): void {
    const part = this.#part;
    this.#part = undefined;
    if (part === undefined || part.name === undefined) return;
    const bytes = part.chunks.length === 1 ? (part.chunks[0] as Buffer) : Buffer.concat(part.chunks);
    if (part.filename === undefined) {
      this.#fields.push([part.name, bytes.toString('utf8')]);
      return;
    }
    this.#files.push({
      field: part.name,
      filename: part.filename,
      type: part.type,
      // the slices were of chunks the caller may reuse: the kept bytes are the reader's own
      bytes: part.keep ? (part.chunks.length === 1 ? Buffer.from(bytes) : bytes) : EMPTY,
      size: part.size,
      truncated: part.truncated,
    });
  }

  #fail(error: string): void {
    this.#error ??= error;
    this.#phase = 'done';
    this.#part = undefined;
    this.#pending = EMPTY;
  }
}

const EMPTY = Buffer.alloc(0);

/**
 * `Content-Disposition: form-data; name="…"; filename="…"` (and `filename*=UTF-8''…`): the
 * field's name and the file's, undefined for another disposition. Names are UTF-8, as browsers send.
 */
function dispositionOf(value: string): { name?: string; filename?: string } | undefined {
  const [kind, ...rest] = splitParams(value);
  if (kind?.trim().toLowerCase() !== 'form-data') return undefined;
  const out: { name?: string; filename?: string } = {};
  let extended: string | undefined;
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq <= 0) continue;
    const key = param.slice(0, eq).trim().toLowerCase();
    let text = param.slice(eq + 1).trim();
    if (text.startsWith('"') && text.endsWith('"') && text.length >= 2)
      text = text.slice(1, -1).replace(/\\(.)/g, '$1');
    const decoded = Buffer.from(text, 'latin1').toString('utf8');
    if (key === 'name') out.name = decoded;
    else if (key === 'filename') out.filename = basename(decoded);
    else if (key === 'filename*') extended = text;
  }
  if (extended !== undefined) {
    const match = /^utf-8''(.*)$/i.exec(extended);
    if (match) {
      try {
        out.filename = basename(decodeURIComponent(match[1] ?? ''));
      } catch {
        // a bad escape: the plain filename stands
      }
    }
  }
  return out;
}

/** `a; b="c;d"; e`: the parameters, a quoted `;` kept. */
function splitParams(value: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i += 1) {
    const ch = value.charAt(i);
    if (ch === '\\' && quoted) {
      current += ch + value.charAt(i + 1);
      i += 1;
    } else if (ch === '"') {
      quoted = !quoted;
      current += ch;
    } else if (ch === ';' && !quoted) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out;
}

/** busboy keeps a file name's last path segment (`preservePath: false`). */
function basename(name: string): string {
  const cut = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
  return cut < 0 ? name : name.slice(cut + 1);
}

/** What the journal shows of an uploaded file: no bytes. */
export interface FileSummary {
  readonly field: string;
  readonly filename: string;
  readonly type: string;
  readonly size: number;
}

/**
 * An upload route's body as the pipeline hands it on (the request's `body`): the form read, or
 * why it could not be (`Unsupported content type: …`, `Missing Content-Type`, a reading error).
 * Its own enumerable members are what the journal keeps of it (the fields and the files' names,
 * types and sizes); the bytes are reached through `data` only.
 */
export class UploadBody {
  /** the text fields, the last of a repeated name winning (as the routes read them) */
  readonly fields: Readonly<Record<string, string>>;
  readonly files: readonly FileSummary[];
  readonly error: string | undefined;
  readonly #data: FormData;

  constructor(data: FormData) {
    this.#data = data;
    // defined, not assigned: a field named `__proto__` is a field like any other
    this.fields = Object.fromEntries(data.fields);
    this.files = data.files.map(({ field, filename, type, size }) => ({ field, filename, type, size }));
    this.error = data.error;
  }

  /** The form as it was read: its fields in order, its files with the first one's bytes. */
  get data(): FormData {
    return this.#data;
  }

  /** A body the routes refuse before reading it (not a form, no Content-Type). */
  static refused(error: string): UploadBody {
    return new UploadBody({ fields: [], files: [], error });
  }
}
