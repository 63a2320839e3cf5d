import { byEra } from '../eras';
import type { EraTable } from '../eras';
import type { Profile } from '../profiles';
import { pageOf } from '../store/lists';
import { matches, sortBy } from '../store/query';
import type { JsonObject, SortSpec } from '../store/query';
import type { Store } from '../store/store';
import type { UploadDoc } from '../store/uploads';
import type { AnyRoom } from '../types';
import type { Params } from './operation';
import { readListOptions, textOf } from './params';
import { page, str } from './responses';
import type { Schema, Validator } from './validator';

/**
 * What `channels.files`, `groups.files` and `im.files` (`dm.files`) share: their validators by
 * release line, and the page of a room's uploads (`{files, count, offset, total}`), each the
 * stored upload document with its uploader (`user: {_id, username, name}`) appended.
 *
 * Layer: operations.
 */

const int = { type: 'number' } as const;

/** The room's two names: `roomId` and `roomName` (channels, groups) or `username` (im). */
type RoomKeys = readonly [string, string];

/** 6.x and 7.0's groups and im: `oneOf` two branches, each with the page's keys, nothing else. */
function pageOneOf([one, two]: RoomKeys): Schema {
  const branch = (key: string): Schema => ({
    type: 'object',
    properties: { [key]: str, count: int, sort: str, query: str, offset: int },
    required: [key],
    additionalProperties: false,
  });
  return { oneOf: [branch(one), branch(two)] };
}

/** 7.x's schema: both names, the page, `name` and `typeGroup` (8.9: `onlyConfirmed`), one name required. */
function fullSchema([one, two]: RoomKeys, additional: boolean, confirmed: boolean): Schema {
  return {
    type: 'object',
    properties: {
      [one]: str,
      [two]: str,
      offset: int,
      count: int,
      sort: str,
      name: str,
      typeGroup: str,
      query: str,
      ...(confirmed ? { onlyConfirmed: { type: 'boolean' } } : {}),
    },
    oneOf: [{ required: [one] }, { required: [two] }],
    additionalProperties: additional,
  };
}

const legacy = (schema: Schema): Validator => ({ schema, coerce: true, form: 'legacy' });
const typed = (schema: Schema): Validator => ({ schema, coerce: true, form: 'query' });

const ROOM_KEYS: RoomKeys = ['roomId', 'roomName'];
const DIRECT_KEYS: RoomKeys = ['roomId', 'username'];

/** channels.files: no validator to 6.x, 7.x's schema, 8.9's typed query with `onlyConfirmed`. */
export const CHANNEL_FILES_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '7': legacy(fullSchema(ROOM_KEYS, false, false)),
  '8.9': typed(fullSchema(ROOM_KEYS, false, true)),
};

/** groups.files: 6.x and 7.0 the page only; 7.10 and 8.5 every key, others let through; 8.9 typed. */
export const GROUP_FILES_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': legacy(pageOneOf(ROOM_KEYS)),
  '7.10': legacy(fullSchema(ROOM_KEYS, true, false)),
  '8.9': typed(fullSchema(ROOM_KEYS, true, true)),
};

/** im.files: 6.x and 7.0 the page only; 7.10 and 8.5 every key; 8.9 typed. */
export const DIRECT_FILES_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': legacy(pageOneOf(DIRECT_KEYS)),
  '7.10': legacy(fullSchema(DIRECT_KEYS, false, false)),
  '8.9': typed(fullSchema(DIRECT_KEYS, false, true)),
};

/** Came with 0.59; the fake's oldest profile has none. */
export const FILES_SERVED: EraTable<boolean> = { '0.49': false, '5': true };

/** `query` (and `fields`) are read to 6.x; 7.x reads `name` and `typeGroup` instead. */
const NAMED_FILTERS: EraTable<boolean> = { '0.49': false, '7': true };

/** The default order: by name. */
const BY_NAME: SortSpec = [[['name'], 1]];

/** An upload as the list shows it. */
const FILE: Schema = {
  type: 'object',
  properties: { _id: str, name: str, size: int, type: str, rid: str, userId: str },
  required: ['_id', 'name', 'rid'],
};

export const FILES_PAGE = page('files', FILE);

/** A case-insensitive `$regex` of the given text (as the server passes it; an invalid one matches as text). */
function nameMatcher(text: string): RegExp {
  try {
    return new RegExp(text, 'i');
  } catch {
    return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  }
}

/** The page of a room's uploads the caller asked for: filtered, sorted (by name by default), paged. */
export function filesPage(store: Store, profile: Profile, room: AnyRoom, params: Params): JsonObject {
  const named = byEra(profile, NAMED_FILTERS);
  const { query: _query, fields: _fields, ...rest } = params;
  const options = readListOptions(named ? rest : params);
  let docs: readonly UploadDoc[] = store.roomUploads(room._id);
  if (named) {
    const name = textOf(params.name);
    const typeGroup = textOf(params.typeGroup);
    if (name !== '') {
      const pattern = nameMatcher(name);
      docs = docs.filter((doc) => pattern.test(doc.name));
    }
    if (typeGroup !== '') docs = docs.filter((doc) => doc.typeGroup === typeGroup);
  }
  if (params.onlyConfirmed === true) docs = docs.filter((doc) => doc.expiresAt === undefined);
  const views = docs.map((doc) => {
    const uploader = store.userById(doc.userId);
    const view: Record<string, unknown> = { ...doc };
    if (uploader) view.user = { _id: uploader._id, username: uploader.username, name: uploader.name };
    return view as JsonObject;
  });
  const { query } = options;
  const matching = query ? views.filter((view) => matches(view, query)) : views;
  const sorted = sortBy([...matching], options.sort && options.sort.length > 0 ? options.sort : BY_NAME);
  const result = pageOf(sorted, options);
  return { files: result.items, count: result.count, offset: result.offset, total: result.total };
}
