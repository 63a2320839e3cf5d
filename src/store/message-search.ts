import { ApiError } from '../errors';
import type { AnyRoom, Message, User } from '../types';
import type { ChangeEvent, CleanedNotice } from './events';
import { maySee } from './access';
import { forUser } from './message-actions';
import { compileRegex } from './regex';
import type { TextPattern } from './regex';
import { settings } from './settings';
import { englishTerms, foldText } from './text-english';
import { putAnyRoom } from './rooms';
import { anyRoom, commit, trashMessage } from './state';
import type { StoreState, TrashEntry } from './state';

/**
 * What a member finds in a room besides its history: the messages deleted since a time
 * (`chat.getDeletedMessages`, `chat.syncMessages`), a search (`chat.search`, with the real
 * server's operators and its MongoDB `$text` emulated), and the users a member ignores
 * (`chat.ignoreUser`, the subscription's `ignored`).
 *
 * Every pattern a user gives runs on RE2 (src/store/regex.ts): linear in the text whatever the
 * pattern, never a backtracking `RegExp` built from user input.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** A page asked for: skip `offset`, then at most `count` (0: no limit). */
export interface PageWindow {
  readonly offset: number;
  readonly count: number;
}

/** Cuts a page out of a list. */
function pageOf<T>(list: readonly T[], page: PageWindow): T[] {
  return list.slice(page.offset, page.count === 0 ? undefined : page.offset + page.count);
}

/** The trash's messages of a room deleted at or after `since` (oldest first). */
function deletedOf(state: StoreState, rid: string, since: number, strict: boolean): TrashEntry[] {
  return state.trash.messages.filter((entry) => {
    if (entry.rid !== rid) return false;
    const at = Date.parse(entry._deletedAt);
    return strict ? at > since : at >= since;
  });
}

/**
 * `chat.getDeletedMessages` (`trashFindPaginatedDeletedAfter`): the room's messages deleted at or
 * after `since`, as `{_id}`, in the order deleted, a page and the total. No access check (the real
 * route makes none). An invalid `since` finds nothing.
 */
export function deletedMessages(
  state: StoreState,
  rid: string,
  since: number,
  page: PageWindow,
): { messages: { _id: string }[]; total: number } {
  if (Number.isNaN(since)) return { messages: [], total: 0 };
  const found = deletedOf(state, rid, since, false);
  return { messages: pageOf(found, page).map((entry) => ({ _id: entry._id })), total: found.length };
}

/** What `chat.syncMessages` asks for (`getMessageHistory`'s options). */
export interface SyncQuery {
  /** ms; the changes after it, all at once */
  readonly lastUpdate?: number;
  /** the cursor's kind (7.10 on) */
  readonly type?: 'UPDATED' | 'DELETED';
  /** a cursor (a time in ms, as text): the page after it */
  readonly next?: string;
  /** a cursor: the page before it */
  readonly previous?: string;
  /** the cursor's page size */
  readonly count: number;
}

/** A deleted message as the sync lists it. */
export interface DeletedRef {
  readonly _id: string;
  readonly _deletedAt: string;
}

/** `chat.syncMessages`' result. */
export interface SyncResult {
  readonly updated: Message[];
  readonly deleted: DeletedRef[];
  readonly cursor?: { next: string | null; previous: string | null };
}

/** A cursor's time (`extractTimestampFromCursor`): its leading integer, as ms. */
function cursorTime(cursor: string): number {
  const ms = Number.parseInt(cursor, 10);
  if (Number.isNaN(ms) || Number.isNaN(new Date(ms).getTime())) throw new ApiError('sync-invalid-cursor');
  return ms;
}

/**
 * `chat.syncMessages` (`getMessageHistory`): undefined when the caller may not see the room; then
 * the cursor's checks. With `lastUpdate`: the room's messages changed after it (not hidden) and
 * those deleted after it, each newest first. With `next` or `previous` and `type`: one page of
 * the changed (`UPDATED`) or deleted (`DELETED`) ones by `_updatedAt` / `_deletedAt`, and the
 * cursors around it. Neither: the method answers the room's history, which the route lists as
 * nothing.
 */
export function syncMessages(
  state: StoreState,
  user: User,
  rid: string,
  query: SyncQuery,
): SyncResult | undefined {
  const room = anyRoom(state, rid);
  if (!room || !maySee(state, user, room)) return undefined;
  const { lastUpdate, type, next, previous, count } = query;
  const cursor = next ?? previous;
  if (cursor !== undefined && type === undefined) throw new ApiError('sync-type-required');
  if (next !== undefined && previous !== undefined) throw new ApiError('sync-cursor-conflict');
  if (cursor !== undefined && lastUpdate !== undefined) throw new ApiError('sync-cursor-lastupdate-conflict');
  const changed = (after: (ms: number) => boolean): Message[] =>
    state.messages.history(rid, {
      offset: 0,
      count: 0,
      skip: (m) => m._hidden === true || !after(Date.parse(m._updatedAt)),
    }).messages;
  const trash = (after: (ms: number) => boolean): TrashEntry[] =>
    state.trash.messages.filter((e) => e.rid === rid && after(Date.parse(e._deletedAt)));
  const ref = (e: TrashEntry): DeletedRef => ({ _id: e._id, _deletedAt: e._deletedAt });
  if (cursor === undefined || type === undefined) {
    if (lastUpdate === undefined) return { updated: [], deleted: [] };
    const deleted = trash((ms) => ms > lastUpdate).sort((a, b) => ((b.ts ?? '') > (a.ts ?? '') ? 1 : -1));
    return {
      updated: changed((ms) => ms > lastUpdate).map((m) => forUser(m, user)),
      deleted: deleted.map(ref),
    };
  }
  // `mountCursorQuery`: after `next` (oldest first) or before `previous` (newest first), one more than asked
  const at = cursorTime(cursor);
  const within = next !== undefined ? (ms: number): boolean => ms > at : (ms: number): boolean => ms < at;
  const sign = next !== undefined ? 1 : -1;
  const rows: { ms: number; item: Message | TrashEntry }[] =
    type === 'UPDATED'
      ? changed(within).map((m) => ({ ms: Date.parse(m._updatedAt), item: m }))
      : trash(within).map((e) => ({ ms: Date.parse(e._deletedAt), item: e }));
  const found = rows.sort((a, b) => sign * (a.ms - b.ms)).slice(0, count + 1);
  const stamp = (i: number): string | null => {
    const row = found[i];
    return row === undefined ? null : String(row.ms);
  };
  const more = found.length > count;
  const cursors =
    found.length === 0
      ? { next: null, previous: null }
      : next !== undefined
        ? { next: more ? stamp(found.length - 2) : null, previous: stamp(0) }
        : { next: stamp(0), previous: more ? stamp(found.length - 2) : null };
  if (more) found.pop();
  const items = found.map((row) => row.item);
  return type === 'UPDATED'
    ? { updated: (items as Message[]).map((m) => forUser(m, user)), deleted: [], cursor: cursors }
    : { updated: [], deleted: (items as TrashEntry[]).map(ref), cursor: cursors };
}

// ---------------------------------------------------------------------------------------------
// chat.search

/** A search's filters, consumed from its text (`parseMessageSearchQuery`). */
interface SearchFilters {
  from: string[];
  mention: string[];
  starred: boolean;
  url: boolean;
  pinned: boolean;
  location: boolean;
  /** `label:<word>`: the first attachment's `labels` (an image's tags) hold one containing it, any case */
  label?: string;
  /** `file-desc:<word>`: an attachment's `description` contains it, any case */
  fileDescription?: string;
  /** `file-title:<word>`: an attachment's `title` contains it, any case */
  fileTitle?: string;
  /** `ts` must be before this (ms) */
  before?: number;
  /** `ts` must be at or after this (ms) */
  after?: number;
  ascending: boolean;
}

/** A text clause: MongoDB's `$text` (emulated), or a `msg` regular expression. */
type TextClause =
  | { kind: 'none' }
  | { kind: 'regex'; pattern: TextPattern }
  | {
      kind: 'text';
      /** stemmed, distinct, no stop word */
      terms: string[];
      negated: string[];
      /** lower-cased, without diacritics */
      phrases: string[];
      negatedPhrases: string[];
    };

const USERNAME_FILTER = /(from|mention):([a-z0-9.\-_]+)/gi;
const DATE_FILTER = /(before|after|on):(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})/gi;
const ORDER_FILTER = /(?:order|sort):(asc|ascend|ascending|desc|descend|descending)/gi;
/** A `/pattern/flags` search text. */
const SLASHED = /^\/(.+)\/([imxs]*)$/;
/** Chinese, Japanese and Korean characters: searched by regular expression, as `$text` cannot split them. */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;

/** The midnight (UTC) of a `dd/mm/yyyy` date, shifted by the user's UTC offset in hours. */
function dayStart(day: string, month: string, year: string, utcOffset: number): number {
  return Date.UTC(Number(year), Number(month) - 1, Number(day)) - utcOffset * 3_600_000;
}

/** Consumes the filters of a search text; answers them and the text left. */
function consumeFilters(text: string, user: User): { filters: SearchFilters; rest: string } {
  const filters: SearchFilters = {
    from: [],
    mention: [],
    starred: false,
    url: false,
    pinned: false,
    location: false,
    ascending: false,
  };
  const utcOffset = typeof user.utcOffset === 'number' ? user.utcOffset : 0;
  let rest = text.replace(USERNAME_FILTER, (_all, kind: string, name: string) => {
    const list = kind.toLowerCase() === 'from' ? filters.from : filters.mention;
    const username = name === 'me' ? user.username : name;
    if (!list.includes(username)) list.push(username);
    return '';
  });
  rest = rest.replace(/has:star/gi, () => {
    filters.starred = true;
    return '';
  });
  rest = rest.replace(/has:(?:url|link)/gi, () => {
    filters.url = true;
    return '';
  });
  rest = rest.replace(/is:pinned|has:pin/gi, () => {
    filters.pinned = true;
    return '';
  });
  rest = rest.replace(/has:(?:location|map)/gi, () => {
    filters.location = true;
    return '';
  });
  // `label:`, `file-desc:`, `file-title:` (lower case only, as the parser's `/g` patterns), each a
  // word (`\w+`); the last of each kind counts (the parser sets one query key per kind)
  rest = rest.replace(/label:(\w+)/g, (_all, tag: string) => {
    filters.label = tag;
    return '';
  });
  rest = rest.replace(/file-desc:(\w+)/g, (_all, tag: string) => {
    filters.fileDescription = tag;
    return '';
  });
  rest = rest.replace(/file-title:(\w+)/g, (_all, tag: string) => {
    filters.fileTitle = tag;
    return '';
  });
  rest = rest.replace(DATE_FILTER, (_all, kind: string, day: string, month: string, year: string) => {
    const start = dayStart(day, month, year, utcOffset);
    const which = kind.toLowerCase();
    if (which === 'before') filters.before = start;
    else if (which === 'after') filters.after = start + 86_400_000;
    else {
      filters.after = start;
      filters.before = start + 86_400_000;
    }
    return '';
  });
  rest = rest.replace(ORDER_FILTER, (_all, order: string) => {
    filters.ascending = order.toLowerCase().startsWith('asc');
    return '';
  });
  return { filters, rest: rest.trim().replace(/\s\s+/g, ' ') };
}

/** White space as `$text`'s query parser sees it (a tab is none: it stays inside a word). */
const QUERY_SPACE = new Set([' ', '\n', '\v', '\f', '\r']);

/** The distinct values of a list, in order. */
function distinct(list: readonly string[]): string[] {
  return [...new Set(list)];
}

/**
 * `$text`'s query (MongoDB's `FTSQueryImpl::parse`): words, `"phrases"` and negations. A `-` right
 * after white space (or at the start) negates what follows up to the next white space (`-foo-bar`:
 * both); a word inside a phrase is never negated, a negated phrase's words are no terms, a
 * positive phrase's words are terms too. The words are then read as the index reads a text
 * (src/store/text-english.ts): stop words dropped, the rest stemmed. No term left (stop words
 * only, or only negations): the query matches nothing.
 */
function textQuery(text: string): TextClause {
  const positive: string[] = [];
  const negative: string[] = [];
  const phrases: string[] = [];
  const negatedPhrases: string[] = [];
  let negating = false;
  let inPhrase = false;
  let phraseStart = 0;
  let i = 0;
  while (i < text.length && QUERY_SPACE.has(text.charAt(i))) i += 1;
  let spaceBefore = true;
  while (i < text.length) {
    const start = i;
    const ch = text.charAt(i);
    if (ch === '-') {
      i += 1;
      if (!inPhrase && spaceBefore) negating = true;
    } else if (ch === '"') {
      i += 1;
      if (inPhrase) {
        (negating ? negatedPhrases : phrases).push(text.slice(phraseStart, start));
        inPhrase = false;
      } else {
        if (negating && spaceBefore) negating = false;
        inPhrase = true;
        phraseStart = i;
      }
    } else {
      while (
        i < text.length &&
        !QUERY_SPACE.has(text.charAt(i)) &&
        text.charAt(i) !== '-' &&
        text.charAt(i) !== '"'
      )
        i += 1;
      if (!(inPhrase && negating)) {
        if (negating && spaceBefore) negating = false;
        (negating ? negative : positive).push(text.slice(start, i));
      }
    }
    const before = i;
    while (i < text.length && QUERY_SPACE.has(text.charAt(i))) i += 1;
    spaceBefore = i > before;
  }
  return {
    kind: 'text',
    terms: distinct(englishTerms(positive.join(' '))),
    negated: distinct(englishTerms(negative.join(' '))),
    phrases: distinct(phrases.map(foldText)),
    negatedPhrases: distinct(negatedPhrases.map(foldText)),
  };
}

/** The text clause of what is left of a search text, or a refusal of a pattern that cannot run. */
function textClause(state: StoreState, rest: string): TextClause {
  if (rest === '') return { kind: 'none' };
  const slashed = SLASHED.exec(rest);
  const always = settings(state).Message_AlwaysSearchRegExp === true;
  const source = slashed ? (slashed[1] ?? '') : always || CJK.test(rest) ? rest : undefined;
  if (source === undefined) return textQuery(rest);
  const flags = slashed ? (slashed[2] ?? '') : 'i';
  const pattern = compileRegex(source, flags);
  if (!pattern) throw new ApiError('search-invalid-regex');
  return { kind: 'regex', pattern };
}

/**
 * MongoDB's text score of a message's `msg` for the query's terms (`FTSSpec::_scoreStringV2`, one
 * field of weight 1, summed over the query's terms the message's index entry holds): per term,
 * its occurrences add 1, ½, ¼, …, times ½ + ½ × (its count / the message's terms, stop words not
 * counted), times 1.1 when the whole `msg` is the term itself (ASCII case aside).
 */
function textScore(
  msg: string,
  counts: ReadonlyMap<string, number>,
  words: number,
  terms: readonly string[],
): number {
  const lower = msg.replace(/[A-Z]/g, (c) => c.toLowerCase());
  let score = 0;
  for (const term of terms) {
    const count = counts.get(term) ?? 0;
    if (count === 0) continue;
    // 1 + ½ + ¼ + … for its `count` occurrences, added in that order (as MongoDB adds them)
    let freq = 0;
    for (let k = 0, add = 1; k < count; k += 1, add /= 2) freq += add;
    score += freq * (0.5 * (count / words) + 0.5) * (lower === term ? 1.1 : 1);
  }
  return score;
}

/** How often each term stands in a message's index entry: one pass, whatever the query's size. */
function termCounts(indexed: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of indexed) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/**
 * Whether a message's `msg` matches a `$text` clause, and its score when it does: the index holds
 * one of the query's terms (stop words are not indexed), no word of it is a negated term, each
 * phrase is in it and no negated phrase (case and diacritics aside).
 */
function textMatch(message: Message, clause: Extract<TextClause, { kind: 'text' }>): number | undefined {
  const msg = typeof message.msg === 'string' ? message.msg : '';
  const indexed = englishTerms(msg);
  // counted once a message: a query of many terms costs a look-up each, not a pass each
  const counts = termCounts(indexed);
  if (!clause.terms.some((term) => counts.has(term))) return undefined;
  if (clause.negated.length > 0) {
    // the matcher reads every word, stop words too
    const all = new Set(englishTerms(msg, true));
    if (clause.negated.some((term) => all.has(term))) return undefined;
  }
  if (clause.phrases.length > 0 || clause.negatedPhrases.length > 0) {
    const folded = foldText(msg);
    if (!clause.phrases.every((phrase) => folded.includes(phrase))) return undefined;
    if (clause.negatedPhrases.some((phrase) => folded.includes(phrase))) return undefined;
  }
  return textScore(msg, counts, indexed.length, clause.terms);
}

/** Nothing matches it (a pattern that could not be compiled matches no message). */
const NO_MATCH: TextPattern = { test: () => false };

/** The usernames of `from:` / `mention:` as one case-insensitive pattern (none: no filter). */
function namesPattern(names: readonly string[]): TextPattern | undefined {
  if (names.length === 0) return undefined;
  return compileRegex(names.join('|'), 'i') ?? NO_MATCH;
}

/** A word of `label:` / `file-desc:` / `file-title:` as the parser's escaped, case-insensitive `$regex`. */
function wordPattern(word: string | undefined): TextPattern | undefined {
  // `\w+`: letters, digits and `_`, nothing to escape
  return word === undefined ? undefined : (compileRegex(word, 'i') ?? NO_MATCH);
}

/** A text value, or a list holding one, the pattern matches (MongoDB's `$regex` on a field or an array). */
function someText(value: unknown, pattern: TextPattern): boolean {
  if (typeof value === 'string') return pattern.test(value);
  return Array.isArray(value) && value.some((v) => typeof v === 'string' && pattern.test(v));
}

/** The message's attachments (objects only). */
function attachmentsOf(message: Message): Record<string, unknown>[] {
  const list = (message as { attachments?: unknown }).attachments;
  return Array.isArray(list)
    ? list.filter((a): a is Record<string, unknown> => typeof a === 'object' && a !== null)
    : [];
}

/** A list of `{username}` holding one matching the pattern. */
function someUsername(list: unknown, pattern: TextPattern): boolean {
  return (
    Array.isArray(list) &&
    (list as { username?: unknown }[]).some((u) => typeof u.username === 'string' && pattern.test(u.username))
  );
}

/**
 * `chat.search` (`messageSearch`): undefined when the caller may not see the room; else the room's
 * messages the search text finds (its filters, then its text: `$text` emulated, each hit with its
 * `score`; a `/pattern/flags`, `Message_AlwaysSearchRegExp` or a CJK text: a `msg` regular
 * expression), no `rm` nor hidden ones, newest first (`order:asc`: oldest), a page, stars cut to
 * the caller's own.
 */
export function searchMessages(
  state: StoreState,
  user: User,
  rid: string,
  text: string,
  page: PageWindow,
): Message[] | undefined {
  const room = anyRoom(state, rid);
  if (!room || !maySee(state, user, room)) return undefined;
  const { filters, rest } = consumeFilters(text, user);
  const clause = textClause(state, rest);
  // usernames are letters, digits and `.-_` (`.` any character, as the real server's unescaped join)
  const from = namesPattern(filters.from);
  const mention = namesPattern(filters.mention);
  const label = wordPattern(filters.label);
  const fileDescription = wordPattern(filters.fileDescription);
  const fileTitle = wordPattern(filters.fileTitle);
  // only stop words or only negations: no message can match, none need be read
  if (clause.kind === 'text' && clause.terms.length === 0) return [];
  const scores = new Map<string, number>();
  const keep = (m: Message): boolean => {
    if (m.t === 'rm' || m._hidden === true) return false;
    if (from && !from.test(m.u.username)) return false;
    if (mention && !someUsername(m.mentions, mention)) return false;
    if (filters.starred && !(Array.isArray(m.starred) && m.starred.some((s) => s._id === user._id)))
      return false;
    if (filters.url && !(Array.isArray(m.urls) && m.urls.length > 0)) return false;
    if (filters.pinned && m.pinned !== true) return false;
    if (filters.location && m.location === undefined) return false;
    if (label || fileDescription || fileTitle) {
      const attachments = attachmentsOf(m);
      // `attachments.0.labels`: the first attachment's only
      if (label && !someText(attachments[0]?.labels, label)) return false;
      if (fileDescription && !attachments.some((a) => someText(a.description, fileDescription))) return false;
      if (fileTitle && !attachments.some((a) => someText(a.title, fileTitle))) return false;
    }
    const ts = Date.parse(m.ts);
    if (filters.before !== undefined && !(ts < filters.before)) return false;
    if (filters.after !== undefined && !(ts >= filters.after)) return false;
    if (clause.kind === 'regex') return clause.pattern.test(typeof m.msg === 'string' ? m.msg : '');
    if (clause.kind === 'text') {
      const score = textMatch(m, clause);
      if (score === undefined) return false;
      scores.set(m._id, score);
    }
    return true;
  };
  const { messages } = state.messages.history(rid, {
    offset: filters.ascending ? 0 : page.offset,
    count: filters.ascending ? 0 : page.count,
    skip: (m) => !keep(m),
  });
  const ordered = filters.ascending ? pageOf([...messages].reverse(), page) : messages;
  return ordered.map((m) => {
    const shown = forUser(m, user);
    const score = scores.get(m._id);
    return score === undefined ? shown : { ...shown, score };
  });
}

// ---------------------------------------------------------------------------------------------
// chat.ignoreUser

/**
 * `ignoreUser({rid, userId, ignore})`: the caller's subscription to the room and the ignored
 * user's (`Invalid subscription` without either); then the caller's `ignored` gains the user's
 * `_id` (once) or loses it, the subscription stamped. Ignoring oneself is allowed.
 */
export function ignoreUser(
  state: StoreState,
  user: User,
  input: { rid: string; userId: string; ignore: boolean },
  method: string,
): void {
  const room = anyRoom(state, input.rid);
  const ignored = state.users.get(input.userId);
  if (
    !room ||
    !room.usernames.includes(user.username) ||
    !ignored ||
    !room.usernames.includes(ignored.username)
  )
    throw new ApiError('ignore-invalid-subscription', { method });
  const ts = state.clock.tick();
  const current = state.subscriptions.get(room, user._id);
  const list = current.ignored ?? [];
  let next: readonly string[] | undefined;
  if (input.ignore) next = list.includes(ignored._id) ? list : [...list, ignored._id];
  // `$pull` of a field never set leaves it unset
  else next = current.ignored === undefined ? undefined : list.filter((id) => id !== ignored._id);
  const state2 = { ...current, _updatedAt: ts, ...(next === undefined ? {} : { ignored: next }) };
  state.subscriptions.set(room._id, user._id, state2);
  commit(state, [
    { kind: 'subscription', op: 'updated', rid: room._id, uid: user._id, subscription: state2 },
  ]);
}

// ---------------------------------------------------------------------------------------------
// rooms.cleanHistory

/** What `cleanRoomHistory` removes (already checked: the permission, the room, its access). */
export interface CleanInput {
  readonly rid: string;
  /** ms */
  readonly latest: number;
  readonly oldest: number;
  readonly inclusive: boolean;
  /** 0: no limit */
  readonly limit: number;
  readonly excludePinned: boolean;
  readonly ignoreDiscussion: boolean;
  readonly ignoreThreads: boolean;
  readonly filesOnly: boolean;
  /** usernames; none: anyone's */
  readonly fromUsers: readonly string[];
}

/** The text a file's message keeps once a prune removed the file (`File_removed_by_prune`). */
const FILE_REMOVED = '_File removed by prune_';

/**
 * `cleanRoomHistory`: the room's messages in the window (`inclusive`: its ends too) of the users
 * named (none: anyone's), not pinned with `excludePinned`, not a discussion's with
 * `ignoreDiscussion`, neither a reply nor a thread's root with `ignoreThreads`; `limit` the first
 * ones (oldest first). `filesOnly`: each such message with a file loses it (its attachments the
 * prune's notice) and the count is theirs. Else they are removed (into the trash), the room's
 * `msgs` less by the count and its last message the newest left, told as one
 * `deleteMessageBulk`. Answers the count.
 */
export function cleanRoomHistory(state: StoreState, room: AnyRoom, input: CleanInput): number {
  const within = (ms: number): boolean =>
    input.inclusive ? ms >= input.oldest && ms <= input.latest : ms > input.oldest && ms < input.latest;
  const picked = (m: Message): boolean =>
    within(Date.parse(m.ts)) &&
    !(input.excludePinned && m.pinned === true) &&
    !(input.ignoreDiscussion && m.drid !== undefined) &&
    !(input.ignoreThreads && (m.tmid !== undefined || m.tcount !== undefined)) &&
    (input.fromUsers.length === 0 || input.fromUsers.includes(m.u.username));
  // oldest first, as the collection's natural order finds them
  const found = [
    ...state.messages.history(room._id, { offset: 0, count: 0, skip: (m) => !picked(m) }).messages,
  ]
    .reverse()
    .slice(0, input.limit > 0 ? input.limit : undefined);
  if (input.filesOnly) {
    const withFile = found.filter((m) => typeof m.file === 'object' && m.file !== null);
    if (withFile.length === 0) return 0;
    const stamped = state.clock.tick();
    const events: ChangeEvent[] = [];
    for (const message of withFile) {
      const { file: _file, ...rest } = message;
      const next = {
        ...rest,
        attachments: [{ color: '#FD745E', text: FILE_REMOVED }],
        _updatedAt: stamped,
      } as Message;
      state.messages.replace(next);
      events.push({ kind: 'message', op: 'updated', message: next, room });
    }
    commit(state, events);
    return withFile.length;
  }
  if (found.length === 0) return 0;
  const ts = state.clock.tick();
  for (const message of found) {
    trashMessage(state, message, ts);
  }
  // `getLastVisibleUserMessageSentByRoomId`: no system message, no reply kept in its thread
  const skip = (m: Message): boolean => m.t !== undefined || (m.tmid !== undefined && m.tshow !== true);
  const newest = state.messages.history(room._id, { offset: 0, count: 1, skip }).messages[0];
  const next: AnyRoom = { ...room, msgs: Math.max(0, room.msgs - found.length), _updatedAt: ts };
  if (newest) next.lastMessage = newest;
  else delete next.lastMessage;
  putAnyRoom(state, next);
  const cleaned: CleanedNotice = {
    rid: room._id,
    excludePinned: input.excludePinned,
    ignoreDiscussion: input.ignoreDiscussion,
    inclusive: input.inclusive,
    oldest: new Date(input.oldest).toISOString(),
    latest: new Date(input.latest).toISOString(),
    users: [...input.fromUsers],
    ...(input.limit > 0 ? { ids: found.map((m) => m._id) } : {}),
  };
  commit(state, [
    // each message leaves quietly: the room's one `deleteMessageBulk` tells them all
    ...found.map((message): ChangeEvent => ({
      kind: 'message',
      op: 'removed',
      message,
      room: next,
      quiet: true,
    })),
    { kind: 'room', op: 'updated', room: next, before: room, cleaned },
  ]);
  return found.length;
}
