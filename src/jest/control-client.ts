import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * The preset's calls to the shared server's control API. Each call opens its own connection
 * (`agent: false`), so it never reuses a pooled socket that the server is closing at that moment
 * (the keep-alive race that a busy test worker meets as "other side closed" / ECONNRESET). A call
 * whose connection still fails before any answer is tried again when it is idempotent.
 */

/** Socket errors that mean the request may not have reached the server at all. */
const RETRYABLE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** How many times an idempotent call is tried in all. */
export const ATTEMPTS = 3;

/** The answer of one call: its status and body text. */
interface Answer {
  status: number;
  text: string;
}

/** The control error a user sees: what was called and what went wrong, no stack into the package. */
export class ControlError extends Error {
  /** the control API's status, when it answered (a refusal); undefined when it could not be reached */
  readonly status: number | undefined;

  constructor(message: string, status?: number) {
    super(`[rocketchat-fake] ${message}`);
    this.name = 'ControlError';
    this.status = status;
  }
}

function once(url: URL, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends one call, trying an idempotent one again after a reset connection; the answer and the tries it took. */
async function send(
  target: string,
  method: string,
  options: { body?: unknown; token?: string; idempotent: boolean },
): Promise<{ answer: Answer; tries: number }> {
  const url = new URL(target);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const attempts = options.idempotent ? ATTEMPTS : 1;
  for (let tries = 1; ; tries += 1) {
    try {
      return { answer: await once(url, method, headers, body), tries };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (RETRYABLE.has(code) && tries < attempts) continue;
      const counted = tries > 1 ? ` (${tries} tries)` : '';
      const hint =
        code === 'ECONNREFUSED'
          ? ': nothing listens there; has the globalSetup started the server, and is it still running?'
          : '';
      throw new ControlError(
        `${method} ${target} failed${counted}: ${code || (error as Error).message}${hint}`,
      );
    }
  }
}

function refusal(method: string, target: string, answer: Answer): ControlError {
  return new ControlError(`${method} ${target} answered ${answer.status}: ${answer.text}`, answer.status);
}

/**
 * Calls the control API and parses its JSON answer. `idempotent` calls (reads, reset) are tried
 * again after a connection reset; creating a session is not, since the first try may have created it.
 */
export async function controlCall<T>(
  target: string,
  method: string,
  options: { body?: unknown; token?: string; idempotent: boolean },
): Promise<T> {
  const { answer } = await send(target, method, options);
  if (answer.status < 200 || answer.status >= 300) throw refusal(method, target, answer);
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    throw new ControlError(`${method} ${target} answered ${answer.status} with a body that is not JSON`);
  }
}

/**
 * Deletes (a session), tried again after a connection reset; a 404 on a later try means the first
 * one did it before its connection broke, and is no error.
 */
export async function controlDelete(target: string, options: { token?: string }): Promise<void> {
  const { answer, tries } = await send(target, 'DELETE', { ...options, idempotent: true });
  if (answer.status === 404 && tries > 1) return;
  if (answer.status < 200 || answer.status >= 300) throw refusal('DELETE', target, answer);
}
