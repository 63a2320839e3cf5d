import { ApiError } from '../errors';
import type { Limits } from '../limits';
import { AnswerTooLarge, readBounded } from '../net/bounded-fetch';
import type { Store } from '../store/store';
import type { JsonObject } from '../store/query';
import { isPlainObject } from '../store/query';
import { outgoingPayload } from '../store/webhooks';
import type { Trigger } from '../store/webhooks';
import type { OutgoingIntegration, WebhookDelivery } from '../types';

/**
 * Outgoing webhooks delivered over HTTP, as Rocket.Chat's `triggerHandler` does it: a JSON POST of
 * the message's payload to each of the webhook's URLs (only those: the fake calls nothing else),
 * the answer's `text` or `attachments` posted back, failures retried on the fake clock when the
 * webhook says so (`retryFailedCalls`, `retryCount`, `retryDelay`), 410 Gone turning it off. Each
 * attempt is a {@link WebhookDelivery}, kept and announced.
 *
 * Bounded (src/limits.ts): a call ends within `webhookTimeoutMs`, its answer read included; no more
 * than `webhookAnswerBytes` of an answer is read; one request causes at most `webhookDeliveries`
 * calls, its replies' included, and a reply is posted only within the message size rule.
 *
 * Layer: world.
 */

/** What the deliveries act on: the world's current store, and who hears of each attempt. */
export interface DeliveryHost {
  store(): Store;
  /** an attempt was sent or its outcome is known */
  delivered(delivery: WebhookDelivery): void;
  /** a reply was posted (the world's state changed) */
  changed(): void;
  /** the bounds in force */
  readonly limits: Readonly<Pick<Limits, 'webhookAnswerBytes' | 'webhookDeliveries' | 'webhookTimeoutMs'>>;
}

/** The User-Agent the real server sends (`ScriptEngine.prepareOutgoingRequest`). */
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/41.0.2227.0 Safari/537.36';
/** Answers that count as delivered. */
const SUCCESS = new Set([200, 201, 202]);
/** Content types whose answer is read as JSON. */
const JSON_TYPES = new Set([
  'application/json',
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
]);
/** How deep a chain of replies triggering webhooks may run (the real server has no limit; a test must end). */
const MAX_DEPTH = 5;
/**
 * Host names reserved for documentation (RFC 2606, RFC 6761): no webhook can listen there, so
 * an attempt to one is recorded, not sent (the default scenario's webhooks point at them).
 */
const DOCUMENTATION_HOST = /(^|\.)(example\.(com|net|org)|example|invalid)$/i;

/** Why a URL is not called, if it is not: not http(s), or a documentation-only host. */
function notCalled(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'not an http(s) URL';
  if (DOCUMENTATION_HOST.test(parsed.hostname.replace(/\.$/, '')))
    return `${parsed.hostname} is reserved for documentation (RFC 2606): not called`;
  return undefined;
}

/** How many attempts are kept (the oldest let go first). */
const KEEP = 1000;

/** The calls one request began, its replies' and retries' included: how many more may be made. */
interface Chain {
  left: number;
}

/**
 * One attempt to come: a trigger, one of its URLs, which attempt, how deep in a chain of replies,
 * and the chain it is part of.
 */
interface Attempt {
  readonly trigger: Trigger;
  readonly url: string;
  readonly attempt: number;
  readonly depth: number;
  readonly siteUrl: string;
  readonly chain: Chain;
}

/** A receiver's answer, read whole, or cut at `webhookAnswerBytes` (`cut` says so). */
type Answer =
  | { readonly status: number; readonly type: string; readonly text: string }
  | { readonly status: number; readonly cut: string };

/** An answer's body as text, read up to `maxBytes` (`readBounded`); undefined once it passes them. */
async function readWithin(res: Response, maxBytes: number): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await readBounded(res, maxBytes));
  } catch (error) {
    if (error instanceof AnswerTooLarge) return undefined;
    throw error;
  }
}

/**
 * One call: the payload POSTed as JSON, the answer read up to `maxBytes` (past them the call is
 * ended: `controller` aborted). Rejects when `controller` aborts first (the time-out, a reset).
 */
async function exchange(
  url: string,
  payload: unknown,
  controller: AbortController,
  maxBytes: number,
): Promise<Answer> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': USER_AGENT },
    body: JSON.stringify(payload),
    signal: controller.signal,
    redirect: 'manual',
  });
  const type = res.headers.get('content-type') ?? '';
  const text = await readWithin(res, maxBytes);
  if (text !== undefined) return { status: res.status, type, text };
  const cut = `the answer is over ${maxBytes} bytes (webhookAnswerBytes): not read further, nothing posted`;
  controller.abort(new Error(cut));
  return { status: res.status, cut };
}

/** The wait before retry number `tries + 1`, by the webhook's `retryDelay`; undefined: no retry. */
function retryDelayMs(delay: string, tries: number): number | undefined {
  if (delay === 'powers-of-ten') return 10 ** (tries + 2);
  if (delay === 'powers-of-two') return 2 ** (tries + 1) * 1000;
  if (delay === 'increments-of-two') return (tries + 1) * 2000;
  return undefined;
}

/** A webhook's retry rule as the real server saves it: `retryCount` 4 and `powers-of-ten` by default. */
function retryRule(integration: OutgoingIntegration): { count: number; delay: string } | undefined {
  if (integration.retryFailedCalls !== true) return undefined;
  const count =
    typeof integration.retryCount === 'number' && integration.retryCount > 0 ? integration.retryCount : 4;
  const delay =
    typeof integration.retryDelay === 'string' ? integration.retryDelay.toLowerCase() : 'powers-of-ten';
  return { count, delay };
}

/** A wait for the webhook calls in flight that ended first: which were still pending, if any are listed. */
export class DeliveriesPending extends Error {
  override name = 'DeliveriesPending';

  constructor(
    readonly timeoutMs: number,
    readonly pending: readonly WebhookDelivery[],
  ) {
    super(
      `[rocketchat-fake] waitForDeliveries: still pending ${DeliveriesPending.summary(timeoutMs, pending)}`,
    );
  }

  /** `after 5000 ms: delivery-1 POST <url>, …` (or the calls cleared from the list while in flight). */
  static summary(timeoutMs: number, pending: readonly WebhookDelivery[]): string {
    const named = pending.map((d) => `${d.id} POST ${d.url}`).join(', ');
    return `after ${timeoutMs} ms: ${named === '' ? 'calls cleared from the list while in flight' : named}`;
  }
}

export class Deliveries {
  readonly #host: DeliveryHost;
  readonly #records: WebhookDelivery[] = [];
  #seq = 0;
  /** attempts sent and not answered */
  readonly #inFlight = new Set<AbortController>();
  /** who waits for the attempts in flight to end */
  #waiters: (() => void)[] = [];
  /** retries due on the fake clock */
  #retries: { due: number; attempt: Attempt }[] = [];
  /** bumped by a reset: answers to attempts of before it are let go */
  #generation = 0;

  constructor(host: DeliveryHost) {
    this.#host = host;
  }

  /** Every attempt kept, oldest first (copies). */
  list(): WebhookDelivery[] {
    return this.#records.map((record) => structuredClone(record));
  }

  /** Resolves once no attempt is in flight (retries waiting on the fake clock do not count). */
  settled(): Promise<void> {
    if (this.#inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /**
   * Resolves with every attempt kept once none is in flight (retries that wait on the fake clock
   * do not count); rejects after `timeoutMs` with what is still pending ({@link DeliveriesPending}).
   */
  async waitFor(timeoutMs: number): Promise<WebhookDelivery[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        const pending = this.list().filter((d) => d.outcome === 'pending');
        reject(new DeliveriesPending(timeoutMs, pending));
      }, timeoutMs);
    });
    try {
      await Promise.race([this.settled(), timeout]);
    } finally {
      clearTimeout(timer);
    }
    return this.list();
  }

  /** Forgets the attempts kept (those in flight still complete, and are kept then). */
  clear(): void {
    this.#records.length = 0;
  }

  /** A reset or a load: nothing of before is delivered, retried or posted back any more. */
  reset(): void {
    this.#generation += 1;
    this.#records.length = 0;
    this.#retries = [];
    this.#seq = 0;
    for (const controller of this.#inFlight) controller.abort();
  }

  /** Ends what is in flight (the server stops): no timer or connection is left behind. */
  close(): void {
    this.reset();
  }

  /** Sends what a request's new messages triggered (a chain of its own), and the retries now due. */
  dispatch(siteUrl: string): void {
    this.#sendTriggered({ left: this.#host.limits.webhookDeliveries }, 0, siteUrl);
    this.runDue();
  }

  /** Sends what the store's new messages triggered, as part of `chain`, `depth` deep. */
  #sendTriggered(chain: Chain, depth: number, siteUrl: string): void {
    for (const trigger of this.#host.store().takeTriggers()) {
      for (const url of trigger.urls) this.#send({ trigger, url, attempt: 1, depth, siteUrl, chain });
    }
  }

  /** Whether retries wait for their time on the fake clock. */
  get retriesPending(): boolean {
    return this.#retries.length > 0;
  }

  /** Sends the retries whose time has come on the fake clock. */
  runDue(): void {
    if (this.#retries.length === 0) return;
    const now = this.#host.store().clock.nowMs();
    const due = this.#retries.filter((retry) => retry.due <= now);
    if (due.length === 0) return;
    this.#retries = this.#retries.filter((retry) => retry.due > now);
    for (const { attempt } of due) this.#send(attempt);
  }

  #send(attempt: Attempt): void {
    const store = this.#host.store();
    const integration = store.integration(attempt.trigger.integrationId);
    // a webhook turned off (410, or since) sends nothing more
    if (!integration || integration.type !== 'webhook-outgoing' || integration.enabled !== true) return;
    const record: WebhookDelivery = {
      id: `delivery-${(this.#seq += 1)}`,
      integrationId: integration._id,
      integration: integration.name,
      url: attempt.url,
      messageId: attempt.trigger.message._id,
      attempt: attempt.attempt,
      payload: outgoingPayload(integration, attempt.trigger, attempt.siteUrl),
      status: null,
      outcome: 'pending',
      time: store.clock.now(),
    };
    Object.assign(record, this.#notSent(attempt));
    this.#keep(record);
    if (record.outcome !== 'pending') return;
    attempt.chain.left -= 1;
    this.#call(record, attempt, integration);
  }

  /** Why an attempt is not sent (its record's outcome and error), if it is not. */
  #notSent(attempt: Attempt): Pick<WebhookDelivery, 'outcome' | 'error'> | undefined {
    if (attempt.chain.left <= 0) {
      const bound = this.#host.limits.webhookDeliveries;
      return {
        outcome: 'skipped',
        error: `not sent: the request that began it made ${bound} webhook calls, its replies' included (webhookDeliveries ${bound})`,
      };
    }
    if (attempt.depth >= MAX_DEPTH) return { outcome: 'loop-stopped' };
    const skip = notCalled(attempt.url);
    return skip === undefined ? undefined : { outcome: 'skipped', error: skip };
  }

  /** Makes one call, ended by `webhookTimeoutMs` whatever the receiver does; its outcome is recorded. */
  #call(record: WebhookDelivery, attempt: Attempt, integration: OutgoingIntegration): void {
    const { webhookTimeoutMs, webhookAnswerBytes } = this.#host.limits;
    const controller = new AbortController();
    const generation = this.#generation;
    this.#inFlight.add(controller);
    // a timer of its own (not AbortSignal.timeout, which may never fire once collected)
    const timer = setTimeout(
      () => controller.abort(new Error(`no answer in ${webhookTimeoutMs} ms (webhookTimeoutMs)`)),
      webhookTimeoutMs,
    );
    timer.unref();
    exchange(attempt.url, record.payload, controller, webhookAnswerBytes)
      .then(
        (answer) => {
          if (generation === this.#generation) this.#answered(record, attempt, integration, answer);
        },
        (error: unknown) => {
          if (generation !== this.#generation) return;
          const reason = controller.signal.reason as unknown;
          const cause = reason instanceof Error ? reason : error;
          this.#settle(record, {
            outcome: 'failed',
            error: cause instanceof Error ? cause.message : String(cause),
          });
        },
      )
      .finally(() => {
        clearTimeout(timer);
        this.#inFlight.delete(controller);
        if (this.#inFlight.size === 0) {
          const waiters = this.#waiters;
          this.#waiters = [];
          for (const wake of waiters) wake();
        }
      });
  }

  /** An answer, as the real server reads it (`executeTriggerUrl`'s `.then`). */
  #answered(
    record: WebhookDelivery,
    attempt: Attempt,
    integration: OutgoingIntegration,
    answer: Answer,
  ): void {
    if ('cut' in answer) {
      this.#settle(record, { status: answer.status, outcome: 'failed', error: answer.cut });
      return;
    }
    const { status, text } = answer;
    if (text === '' || !SUCCESS.has(status)) {
      if (text !== '' && status === 410) {
        this.#host.store().disableIntegration(integration._id);
        this.#host.changed();
        this.#settle(record, { status, outcome: 'disabled' });
        return;
      }
      if (text !== '' && status === 500) {
        this.#settle(record, { status, outcome: 'failed' });
        return;
      }
      this.#retry(record, attempt, integration, status);
      return;
    }
    const type = answer.type.split(';')[0]?.trim().toLowerCase() ?? '';
    let data: unknown;
    if (JSON_TYPES.has(type)) {
      try {
        data = JSON.parse(text);
      } catch {
        data = undefined;
      }
    }
    if (!isPlainObject(data) || (!data.text && !data.attachments)) {
      this.#settle(record, { status, outcome: 'delivered' });
      return;
    }
    try {
      const reply = this.#host.store().postReply(attempt.trigger, data as JsonObject);
      this.#settle(record, { status, outcome: 'replied', reply: reply._id });
      this.#host.changed();
      // what the reply triggered is part of the same chain, a step deeper
      this.#sendTriggered(attempt.chain, attempt.depth + 1, attempt.siteUrl);
      this.runDue();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      this.#settle(record, { status, outcome: 'delivered', replyError: error.webhookText });
    }
  }

  /** A failure the webhook may retry: when it is due on the fake clock, else given up or failed. */
  #retry(record: WebhookDelivery, attempt: Attempt, integration: OutgoingIntegration, status: number): void {
    const rule = retryRule(integration);
    if (!rule) {
      this.#settle(record, { status, outcome: 'failed' });
      return;
    }
    const tries = attempt.attempt - 1;
    const wait = retryDelayMs(rule.delay, tries);
    if (tries >= rule.count || wait === undefined) {
      this.#settle(record, { status, outcome: tries >= rule.count ? 'gave-up' : 'failed' });
      return;
    }
    const due = this.#host.store().clock.nowMs() + wait;
    this.#retries.push({ due, attempt: { ...attempt, attempt: attempt.attempt + 1 } });
    this.#settle(record, { status, outcome: 'retrying', retryAt: new Date(due).toISOString() });
  }

  #settle(record: WebhookDelivery, outcome: Partial<WebhookDelivery>): void {
    Object.assign(record, outcome);
    this.#host.delivered(structuredClone(record));
  }

  #keep(record: WebhookDelivery): void {
    this.#records.push(record);
    if (this.#records.length > KEEP) this.#records.shift();
    this.#host.delivered(structuredClone(record));
  }
}
