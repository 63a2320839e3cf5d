import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import type { PushToken } from '../store/startup';
import { success } from './operation';
import type { Params } from './operation';
import { callerOf, readBody } from './params';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';

/** Added in 0.60 (profile 5 on); 0.49: 404. */
const EXISTS: EraTable<boolean> = { '0.49': false, '5': true };

const str = { type: 'string' } as const;
const nonEmpty = { type: 'string', minLength: 1 } as const;

/** 8.9's typed bodies (the hand checks before). */
const POST_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8.9': {
    schema: {
      type: 'object',
      properties: {
        id: str,
        type: { enum: ['apn', 'gcm'] },
        value: nonEmpty,
        appName: nonEmpty,
        voipToken: str,
      },
      required: ['type', 'value', 'appName'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'body',
  },
};
const DELETE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8.9': {
    schema: {
      type: 'object',
      properties: { token: nonEmpty },
      required: ['token'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'body',
  },
};

/**
 * The answer's document: to 8.5 the stored document as it was before the update (a new one as
 * made, the hashed login token in it); 8.9's `cleanTokenResult`, after the update.
 */
const RESULT: EraTable<'raw' | 'clean'> = { '0.49': 'raw', '8.9': 'clean' };

function rawResult(doc: PushToken): object {
  const { voipToken: _voip, ...rest } = doc;
  const { _id, ...fields } = rest;
  return { ...fields, _id };
}

function cleanResult(doc: PushToken): object {
  return {
    _id: doc._id,
    token: doc.token,
    appName: doc.appName,
    userId: doc.userId,
    enabled: doc.enabled,
    createdAt: doc.createdAt,
    _updatedAt: doc.updatedAt,
    ...(doc.voipToken === undefined ? {} : { voipToken: doc.voipToken }),
  };
}

type PushArgs =
  | {
      readonly kind: 'register';
      readonly id?: string;
      readonly type: string;
      readonly value: string;
      readonly appName: string;
      readonly voipToken?: string;
    }
  | { readonly kind: 'remove'; readonly token: string };

function readRegister(body: Params): PushArgs {
  const { id, type, value, appName, voipToken } = body;
  if (id !== undefined && typeof id !== 'string') throw new ApiError('push-id-invalid');
  if (type !== 'apn' && type !== 'gcm') throw new ApiError('push-type-invalid');
  if (typeof value !== 'string' || value === '') throw new ApiError('push-value-invalid');
  if (typeof appName !== 'string') throw new ApiError('push-appname-invalid');
  return {
    kind: 'register',
    ...(id === undefined ? {} : { id }),
    type,
    value,
    appName,
    ...(typeof voipToken === 'string' ? { voipToken } : {}),
  };
}

/**
 * `POST /api/v1/push.token` `{type: "apn" | "gcm", value, appName, id?}`: registers the caller's
 * device token (src/store/startup.ts: the document of `id`, else of this token and app, updated;
 * others of this token and app removed; at most 50 per user). `DELETE` `{token}`: removes the
 * caller's documents of that token, 404 when there was none (another user's token too).
 */
export default route(GROUPS.push, {
  name: 'push.token',
  method: 'POST',
  also: 'DELETE',
  errors: [
    'push-id-invalid',
    'push-type-invalid',
    'push-value-invalid',
    'push-appname-invalid',
    'push-token-invalid',
    'push-tokens-limit',
    'not-found',
  ],
  response: answer({ result: { type: 'object', required: ['_id', 'token', 'appName', 'userId'] } }),
  changes: ['token'],
  openApi: {
    servedIn: EXISTS,
    refusals: { '404': 'DELETE: the caller has no push token of that value' },
  },
  read: ({ profile, input }): PushArgs => {
    const raw = readBody(input.body);
    if (input.method === 'DELETE') {
      const body = validated(profile, DELETE_VALIDATOR, raw);
      if (typeof body.token !== 'string' || body.token === '') throw new ApiError('push-token-invalid');
      return { kind: 'remove', token: body.token };
    }
    return readRegister(validated(profile, POST_VALIDATOR, raw));
  },
  run: ({ store, profile, ...context }, args) => {
    const user = callerOf(context);
    if (args.kind === 'remove') {
      if (store.removePushToken(user._id, args.token) === 0) throw new ApiError('not-found');
      return success({});
    }
    const { kind: _kind, id, ...input } = args;
    const { before, after } = store.registerPushToken(user._id, {
      ...input,
      id,
      authToken: context.caller?.authToken ?? '',
    });
    return success({ result: byEra(profile, RESULT) === 'raw' ? rawResult(before) : cleanResult(after) });
  },
});
