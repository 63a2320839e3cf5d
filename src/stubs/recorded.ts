import { answerOf, hasAnswer } from '../journal/journal';
import type { Exchange } from '../journal/journal';
import type { StubInput } from '../types';

/**
 * Stubs made of what the pass-through answered (`GET /__admin/recorded-stubs`): a scenario's
 * `stubs` that answers as the real server did, without it.
 *
 * Layer: world. Plain values; nothing of HTTP.
 */

/**
 * The stubs of the journal's exchanges the pass-through answered: one per method, path and query,
 * the latest answer.
 */
export function recordedStubs(exchanges: readonly Exchange[]): StubInput[] {
  const stubs = new Map<string, StubInput>();
  for (const { entry, detail } of exchanges) {
    // no answer of the target's (the fake's own 502 or 504): nothing to replay
    if (entry.proxied !== true || entry.status === 0 || detail.unanswered === true) continue;
    const query = Object.fromEntries(
      Object.entries(entry.query).map(([k, v]) => [k, Array.isArray(v) ? String(v[0]) : String(v)]),
    );
    const request = {
      method: entry.method,
      path: entry.path,
      ...(Object.keys(query).length > 0 ? { query } : {}),
    };
    // an answer the journal no longer holds whole cannot be replayed: a binary one too large to
    // keep its bytes, a text one over the journal's size for one answer, or one let go of to
    // stay within its total (a stub without its body would answer an empty one)
    if (detail.binary === true ? detail.base64 === undefined : (detail.chars ?? 0) > 0 && !hasAnswer(detail))
      continue;
    const answer = answerOf(detail);
    // the target's Content-Type, so the stub answers as it did; a binary body by its bytes
    const type = detail.contentType ? { headers: { 'Content-Type': detail.contentType } } : {};
    // a text with `{{` would be read as a stub template: replayed as its bytes, as sent
    const sent =
      detail.json ??
      (typeof answer === 'string' ? answer : answer === undefined ? '' : JSON.stringify(answer));
    const body =
      detail.base64 !== undefined
        ? { base64Body: detail.base64 }
        : sent.includes('{{')
          ? { base64Body: Buffer.from(sent).toString('base64') }
          : answer !== undefined && (answer !== '' || detail.jsonString === true)
            ? // a stub's string body is sent as it is: a JSON string answer is kept as its JSON
              { body: detail.jsonString === true ? (detail.json ?? JSON.stringify(answer)) : answer }
            : {};
    stubs.set(JSON.stringify(request), {
      request,
      response: { status: entry.status, ...type, ...body },
    });
  }
  return [...stubs.values()];
}
