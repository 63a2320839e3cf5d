import type { EraTable } from '../../eras';
import getThreadsList, { checkThreadsListLimit } from '../../commands/getThreadsList';
import slashCommand, { commandRegistered, deliverNotices } from '../../commands/slashCommand';
import { byEra } from '../../eras';
import { ApiError } from '../../errors';
import { compileQuery, isPlainObject, jsonEqual, matches } from '../../store/query';
import type { CustomEmoji } from '../../types';
import { documentEjson } from '../ejson';
import { MeteorError, commandMethod } from '../method';
import type { Method, MethodContext } from '../method';

/**
 * The realtime twins issue 47 left (helper G): `getThreadsList` (of `chat.getThreadsList`: the same
 * store read), `slashCommand` (of `commands.run`: the same command) and `listEmojiCustom` (of
 * `emoji-custom.list` / `.all`: the same emoji).
 *
 * Layer: realtime.
 */

/** Meteor's `check` refusal. */
const matchFailed = (): MeteorError => new MeteorError(400, 'Match failed');

/** The method's one argument as an object; none is a plain TypeError (destructuring `undefined`): a 500. */
function objectArgument(params: readonly unknown[]): Record<string, unknown> {
  const given = params[0];
  if (given === undefined || given === null) throw new Error('Cannot destructure the method’s argument');
  return typeof given === 'object' && !Array.isArray(given) ? (given as Record<string, unknown>) : {};
}

/** `limit = 50`, `skip = 0` as the method defaults them (a value that is no number: the default). */
function pageOf(input: Record<string, unknown>): { limit: number; skip: number } {
  const limit = typeof input.limit === 'number' && Number.isFinite(input.limit) ? input.limit : 50;
  const skip = typeof input.skip === 'number' && Number.isFinite(input.skip) ? input.skip : 0;
  return { limit: Math.abs(Math.trunc(limit)), skip: Math.max(0, Math.trunc(skip)) };
}

/**
 * `getThreadsList({rid, limit = 50, skip = 0})`: no `check()`; a limit over 100 first, then a
 * caller not logged in is `Threads Disabled` (the method asks `!userId || !Threads_enabled`), then
 * the command (src/commands/getThreadsList.ts). The roots as EJSON, as stored.
 */
const getThreadsListMethod = commandMethod(getThreadsList, {
  check: (params, context) => {
    checkThreadsListLimit(pageOf(objectArgument(params)).limit);
    if (!context.user) throw new ApiError('threads-method-disabled', { method: getThreadsList.name });
  },
  args: (params) => {
    const input = objectArgument(params);
    return { rid: typeof input.rid === 'string' ? input.rid : '', ...pageOf(input) };
  },
  result: (roots) => roots.map((root) => documentEjson(root)),
});

/**
 * `slashCommand({cmd, params, msg, triggerId})`: logged in, then a command registered by exactly
 * that name (`Invalid Command Provided`, its details naming `executeSlashCommandPreview` as the
 * real method's do); then the command (src/commands/slashCommand.ts) with the message's room and
 * thread. No room check of its own (the command's post makes the send's). The callback's
 * ephemeral messages go to the caller on `<uid>/message`; an empty result.
 */
const slashCommandMethod = commandMethod(slashCommand, {
  args: (params, { store }) => {
    const given = params[0];
    const input = isPlainObject(given) ? given : {};
    const name = input.cmd;
    if (typeof name !== 'string' || !commandRegistered(store.slashCommands(), name))
      throw new ApiError('slash-command-invalid');
    const msg = isPlainObject(input.msg) ? input.msg : {};
    return {
      name,
      params: typeof input.params === 'string' ? input.params : '',
      rid: typeof msg.rid === 'string' ? msg.rid : undefined,
      ...(typeof msg.tmid === 'string' && msg.tmid !== '' ? { tmid: msg.tmid } : {}),
    };
  },
  // the callback's ephemeral messages to the caller; its result, none
  result: (outcome, context) => {
    deliverNotices(context.store, context.user?._id ?? '', outcome, (event) => context.notifyUser(event));
    return undefined;
  },
});

/**
 * How `listEmojiCustom(options = {})` reads `options`, by line: up to 5.x any MongoDB selector,
 * no login asked; 6.x logs in first, then `check(options, {name: Match.Optional(String), aliases:
 * Match.Optional([String])})`; 7.0 removed the method (Rocket.Chat PR #32542).
 */
const EMOJI_OPTIONS: EraTable<'selector' | 'checked'> = { '0.49': 'selector', '6': 'checked' };

/** A 5.x selector: the fake's query subset; one outside it, MongoDB's own error (a 500 to the client). */
function selectorFilter(options: unknown): (emoji: CustomEmoji) => boolean {
  if (options === undefined) return () => true;
  const query = compileQuery(options);
  if (!query) throw new Error('unsupported selector');
  return (emoji) => matches(emoji, query);
}

/** 6.x's checked options: `name` equal, `aliases` the same list. */
function checkedFilter(options: unknown): (emoji: CustomEmoji) => boolean {
  const given = options === undefined ? {} : options;
  if (!isPlainObject(given)) throw matchFailed();
  const { name, aliases, ...rest } = given;
  if (Object.keys(rest).length > 0) throw matchFailed();
  if (name !== undefined && typeof name !== 'string') throw matchFailed();
  if (aliases !== undefined && !(Array.isArray(aliases) && aliases.every((a) => typeof a === 'string')))
    throw matchFailed();
  return (emoji) =>
    (name === undefined || emoji.name === name) &&
    (aliases === undefined || jsonEqual(emoji.aliases, aliases));
}

/** `listEmojiCustom(options)`: the world's custom emoji the options select, in their order, as EJSON. */
function listEmojiCustom(context: MethodContext, params: unknown[]): unknown {
  const form = byEra(context.profile, EMOJI_OPTIONS);
  if (form === 'checked' && !context.user)
    throw new MeteorError('error-invalid-user', 'Invalid user', { method: 'listEmojiCustom' });
  const fits = form === 'checked' ? checkedFilter(params[0]) : selectorFilter(params[0]);
  return context.store
    .customEmojis()
    .filter(fits)
    .map((emoji) => documentEjson(emoji));
}

/** The methods, by name (spread into METHODS, src/realtime/methods.ts). */
export const GAPS_METHODS: Readonly<Record<string, Method>> = {
  [getThreadsList.name]: getThreadsListMethod,
  [slashCommand.name]: slashCommandMethod,
  listEmojiCustom,
};

/**
 * Their release lines: `getThreadsList` came with threads (1.0) and is still served by 8.x;
 * `slashCommand` is served by every line (8.x logs its deprecation for 9.0); `listEmojiCustom` came
 * with custom emoji (after 0.49) and went in 7.0.
 */
export const GAPS_SERVED: Readonly<Record<string, EraTable<boolean>>> = {
  getThreadsList: { '0.49': false, '5': true },
  listEmojiCustom: { '0.49': false, '5': true, '7': false },
};
