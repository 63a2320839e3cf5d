import saveRoomSettings from '../commands/saveRoomSettings';
import type { SavedRoomSettings } from '../commands/saveRoomSettings';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import type { ErrorCode } from '../errors';
import type { RoomRef } from '../store/store';
import type { Room } from '../types';
import type { OperationContext, Params } from './operation';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { answer, FULL_ROOM, str } from './responses';
import { findOpenGroup, roomOneOf } from './room-members';
import type { RouteSpec } from './route-groups';
import { roomSettingBody, validated } from './schemas';
import type { Schema, Validator } from './validator';

/**
 * The room settings routes of `channels.*` and `groups.*` (`setTopic`, `setDescription`,
 * `setPurpose`, `setAnnouncement`, `setCustomFields`, `setJoinCode`, `setDefault`), one spec per
 * kind: the body (8.8's typed `channels.*` routes validate it first), the route's own checks, the
 * room (archived refused; a group the caller is in), then the `saveRoomSettings` command
 * (src/commands/saveRoomSettings.ts) with the one setting, as the real routes call the method.
 *
 * Layer: operations.
 */

export type RoomKind = 'channels' | 'groups';

/** A text setting's route: the body parameter, and the setting it saves. */
export type TextField = 'topic' | 'description' | 'purpose' | 'announcement';

const SETTING: Readonly<Record<TextField, string>> = {
  topic: 'roomTopic',
  description: 'roomDescription',
  purpose: 'roomDescription',
  announcement: 'roomAnnouncement',
};

/** The room field a channel's "same value" refusal compares with (none for the announcement). */
const STORED: Readonly<Record<TextField, 'topic' | 'description' | undefined>> = {
  topic: 'topic',
  description: 'description',
  purpose: 'description',
  announcement: undefined,
};

const REQUIRED: Readonly<Record<TextField, ErrorCode>> = {
  topic: 'room-topic-required',
  description: 'room-description-required',
  purpose: 'room-purpose-required',
  announcement: 'room-announcement-required',
};

const UNCHANGED: Readonly<Record<TextField, ErrorCode | undefined>> = {
  topic: 'room-topic-unchanged',
  description: 'room-description-unchanged',
  purpose: 'room-purpose-unchanged',
  announcement: undefined,
};

/** 0.49's routes wanted a non-blank string; 5.x on, only the key (`hasOwnProperty`: `""` and `null` pass). */
const PRESENCE: EraTable<'non-blank' | 'present'> = { '0.49': 'non-blank', '5': 'present' };

/** 6.x on, the routes save and answer `value || ''` (5.x: the value as given, `null` too). */
const OR_EMPTY: EraTable<boolean> = { '0.49': false, '6': true };

/** Served from 5.x (0.49's build had none of these). */
export const SINCE_5: EraTable<boolean> = { '0.49': false, '5': true };

/** 8.8's typed `channels.*` routes: `roomSettingBody(field)` (the field required, roomId or roomName). */
function typed(field: string, schema: Schema): EraTable<Validator | undefined> {
  return { '0.49': undefined, '8.8': { schema: roomSettingBody(field, schema), coerce: true, form: 'body' } };
}

/** `channels.setAnnouncement`: ajv's `oneOf {roomId, announcement}|{roomName, announcement}` from 6.x. */
const ANNOUNCEMENT_SCHEMA = roomOneOf({ announcement: str }, ['announcement']);
const ANNOUNCEMENT_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': { schema: ANNOUNCEMENT_SCHEMA, coerce: false, form: 'legacy' },
  '8.6': { schema: ANNOUNCEMENT_SCHEMA, coerce: true, form: 'legacy' },
  '8.8': { schema: ANNOUNCEMENT_SCHEMA, coerce: true, form: 'body' },
};

/** The route's validator: `channels.*` only (the groups routes have none). */
export function validatorOf(
  kind: RoomKind,
  field: string,
  schema: Schema,
): EraTable<Validator | undefined> | undefined {
  if (kind !== 'channels') return undefined;
  return field === 'announcement' ? ANNOUNCEMENT_VALIDATOR : typed(field, schema);
}

/** The refusals of the room lookup, by kind. */
export function lookupErrors(kind: RoomKind): readonly ErrorCode[] {
  return kind === 'channels'
    ? ['error-roomid-param-not-provided', 'error-room-not-found', 'error-room-archived']
    : ['error-room-param-not-provided', 'error-group-not-found', 'error-group-archived'];
}

/** The refusals of `saveRoomSettings` a one-setting route can meet. */
export const SAVE_ERRORS: readonly ErrorCode[] = ['error-action-not-allowed'];

/** The room a route names: a channel (archived refused), or a group the caller is in (the same). */
export function roomNamed(context: OperationContext, kind: RoomKind, ref: RoomRef): Room {
  const { store } = context;
  return kind === 'channels'
    ? store.findChannel(ref, { checkArchived: true })
    : findOpenGroup(store, callerOf(context), ref);
}

/** The body, through the route's validator when it has one. */
export function bodyOf(
  context: OperationContext,
  validator: EraTable<Validator | undefined> | undefined,
): Params {
  const body = readBody(context.input.body);
  return validator ? validated(context.profile, validator, body) : body;
}

/** Saves one setting of a room through the command, as the caller. */
export function save(context: OperationContext, room: Room, name: string, value: unknown): SavedRoomSettings {
  return saveRoomSettings.run(
    { ...context, user: callerOf(context) },
    { rid: room._id, settings: { [name]: value } },
  );
}

export interface TextArgs {
  readonly ref: RoomRef;
  readonly value: unknown;
}

/**
 * `setTopic`, `setDescription`, `setPurpose`, `setAnnouncement` of a kind: the value present (0.49:
 * non-blank), the room, a channel's "same value" refusal (not the announcement's, nor any group's),
 * the setting saved; answers `{<field>: value}`.
 */
export function textRoute(kind: RoomKind, field: TextField): RouteSpec<TextArgs> {
  const validator = validatorOf(kind, field, str);
  const unchanged = kind === 'channels' ? UNCHANGED[field] : undefined;
  return {
    name: `${kind}.set${field.charAt(0).toUpperCase()}${field.slice(1)}`,
    method: 'POST',
    permissions: ['edit-room'],
    errors: [
      ...(validator ? (['invalid-params', 'invalid-body-params'] as const) : []),
      REQUIRED[field],
      ...lookupErrors(kind),
      ...(unchanged ? [unchanged] : []),
      ...SAVE_ERRORS,
    ],
    response: answer({ [field]: str }),
    reads: ['room'],
    changes: ['room', 'message'],
    ...(validator ? { validator } : {}),
    ...(field === 'announcement' ? { openApi: { servedIn: SINCE_5 } } : {}),
    read: (context) => {
      const body = bodyOf(context, validator);
      const value = body[field];
      const missing =
        byEra(context.profile, PRESENCE) === 'non-blank'
          ? typeof value !== 'string' || value.trim() === ''
          : !Object.hasOwn(body, field);
      if (missing) throw new ApiError(REQUIRED[field]);
      return { ref: readRoomRef(body), value };
    },
    run: (context, { ref, value }) => {
      const room = roomNamed(context, kind, ref);
      const stored = STORED[field];
      if (unchanged && stored && room[stored] === value && !context.store.lenient)
        throw new ApiError(unchanged);
      // the channel's announcement goes as given; the rest as `value || ''` (6.x on)
      const asGiven = (kind === 'channels' && field === 'announcement') || !byEra(context.profile, OR_EMPTY);
      const saved = asGiven ? value : value || '';
      save(context, room, SETTING[field], saved);
      return success({ [field]: saved });
    },
  };
}

export interface ObjectArgs {
  readonly ref: RoomRef;
  readonly value: unknown;
}

/** The answer of a route that answers the room: `{channel}` or `{group}`. */
function roomAnswer(kind: RoomKind, room: SavedRoomSettings['room']): object {
  return kind === 'channels' ? { channel: room } : { group: room };
}

/**
 * `setCustomFields` of a kind (5.x on): an object first (an array passes, and the method refuses
 * it), then the room, the custom fields saved whole; answers the room.
 */
export function customFieldsRoute(kind: RoomKind): RouteSpec<ObjectArgs> {
  const validator = validatorOf(kind, 'customFields', { type: 'object' });
  return {
    name: `${kind}.setCustomFields`,
    method: 'POST',
    permissions: ['edit-room'],
    errors: [
      ...(validator ? (['invalid-body-params'] as const) : []),
      'room-custom-fields-required',
      ...lookupErrors(kind),
      ...SAVE_ERRORS,
      'room-settings-custom-fields-type',
    ],
    response: answer({ [kind === 'channels' ? 'channel' : 'group']: FULL_ROOM }),
    reads: ['room'],
    changes: ['room'],
    ...(validator ? { validator } : {}),
    openApi: { servedIn: SINCE_5 },
    read: (context) => {
      const body = bodyOf(context, validator);
      const value = body.customFields;
      if (!value || typeof value !== 'object') throw new ApiError('room-custom-fields-required');
      return { ref: readRoomRef(body), value };
    },
    run: (context, { ref, value }) => {
      const room = roomNamed(context, kind, ref);
      return success(roomAnswer(kind, save(context, room, 'roomCustomFields', value).room));
    },
  };
}
