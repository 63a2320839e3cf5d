/**
 * English text as MongoDB's text index (version 3, language `english`, the default when an index
 * names no `default_language`, as Rocket.Chat's `{ msg: 'text' }` on its messages) reads it:
 *
 * - a text is cut into tokens at delimiters (white space, dashes, hyphens, quotation marks,
 *   terminal punctuation, pattern syntax: every ASCII punctuation but `_` and the apostrophe,
 *   which English keeps inside a word);
 * - each token is lower-cased; one of MongoDB's English stop words is dropped;
 * - what is left is stemmed with the Snowball English (Porter2) stemmer, in the version MongoDB
 *   ships (its exceptions `skies` → `sky`, `dying` → `die`, `news`, the prefixes `gener`,
 *   `commun`, `arsen`, …), then loses its diacritics (`café` → `cafe`).
 *
 * Two words match when their terms are equal: `running`, `runs` and `run` are all `run`.
 *
 * Pure and deterministic: plain string functions, no state but a table.
 *
 * Layer: store. Nothing of HTTP.
 */

/** MongoDB's English stop words (`stop_words_english.txt`), lower-cased, apostrophes kept. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  [
    "a about above after again against all am an and any are aren't as at",
    "be because been before being below between both but by can't cannot could couldn't",
    "did didn't do does doesn't doing don't down during each few for from further",
    "had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself",
    "him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself let's",
    "me more most mustn't my myself no nor not of off on once only or other ought our ours",
    "ourselves out over own same shan't she she'd she'll she's should shouldn't so some such",
    "than that that's the their theirs them themselves then there there's these they they'd",
    "they'll they're they've this those through to too under until up very was wasn't we we'd",
    "we'll we're we've were weren't what what's when when's where where's which while who",
    "who's whom why why's with won't would wouldn't you you'd you'll you're you've your yours",
    'yourself yourselves',
  ]
    .join(' ')
    .split(' '),
);

// ---------------------------------------------------------------------------------------------
// tokens

/**
 * A word of an English text: a run of characters that are no delimiter. The delimiters are the
 * characters of the Unicode properties White_Space, Dash, Hyphen, Quotation_Mark,
 * Terminal_Punctuation, Pattern_Syntax and Sentence_Terminal, but the ASCII apostrophe (a letter
 * of a word in English). JavaScript has no Hyphen property: its characters that are no Dash are
 * listed.
 */
const WORD =
  /(?:'|[^\p{White_Space}\p{Dash}\p{Quotation_Mark}\p{Terminal_Punctuation}\p{Pattern_Syntax}\p{Sentence_Terminal}\u00ad\u30fb\uff65])+/gu;

/** The raw tokens of a text: the runs of characters between delimiters, as written. */
export function rawTokens(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** A character that is no printable ASCII (a text without one has nothing to strip). */
const NOT_ASCII = /[^\x20-\x7e]/;

/** A character's diacritics: the combining marks and modifiers of the Unicode property Diacritic. */
const DIACRITIC = /\p{Diacritic}/gu;

/** A text without its diacritics (`Crème` → `Creme`): decomposed, the marks removed, composed again. */
function stripDiacritics(text: string): string {
  if (!NOT_ASCII.test(text)) return text;
  return text.normalize('NFD').replace(DIACRITIC, '').normalize('NFC');
}

/** A text as a phrase compares it: lower-cased, without diacritics. */
export function foldText(text: string): string {
  return stripDiacritics(text.toLowerCase());
}

/**
 * The terms of a text as the index holds them, in order: each token lower-cased, the stop words
 * dropped (before stemming, diacritics kept; `keepStopWords`: as the matcher reads a document's
 * words for a negation, every one), the rest stemmed, then without diacritics.
 */
export function englishTerms(text: string, keepStopWords = false): string[] {
  const terms: string[] = [];
  for (const token of rawTokens(text)) {
    const word = token.toLowerCase();
    if (!keepStopWords && ENGLISH_STOP_WORDS.has(word)) continue;
    terms.push(termOf(word));
  }
  return terms;
}

/**
 * The terms of words seen (a word's term never changes), shared by every world of the process:
 * at most TERMS_KEPT words of at most TERM_CACHED_LENGTH characters each (a few megabytes at most),
 * then forgotten all at once. A longer word (no English word is, but a search text or a message
 * may hold one) is stemmed each time and never kept.
 */
const termCache = new Map<string, string>();
const TERMS_KEPT = 50_000;
const TERM_CACHED_LENGTH = 32;

/** A lower-case word's term: its stem without diacritics. */
export function termOf(word: string): string {
  if (word.length > TERM_CACHED_LENGTH) return stripDiacritics(stemEnglish(word));
  let term = termCache.get(word);
  if (term === undefined) {
    term = stripDiacritics(stemEnglish(word));
    if (termCache.size >= TERMS_KEPT) termCache.clear();
    termCache.set(word, term);
  }
  return term;
}

/** How many words the term cache holds, and their characters (tests). */
export function termCacheSize(): { words: number; chars: number } {
  let chars = 0;
  for (const word of termCache.keys()) chars += word.length;
  return { words: termCache.size, chars };
}

// ---------------------------------------------------------------------------------------------
// the stemmer: Snowball English (Porter2), as MongoDB's libstemmer runs it

/** Whole words stemmed by a table before any rule (some kept as they are). */
const EXCEPTIONS: ReadonlyMap<string, string> = new Map([
  ['skis', 'ski'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['idly', 'idl'],
  ['gently', 'gentl'],
  ['ugly', 'ugli'],
  ['early', 'earli'],
  ['only', 'onli'],
  ['singly', 'singl'],
  ['sky', 'sky'],
  ['news', 'news'],
  ['howe', 'howe'],
  ['atlas', 'atlas'],
  ['cosmos', 'cosmos'],
  ['bias', 'bias'],
  ['andes', 'andes'],
]);

/** Words left as they are once step 1a ran. */
const INVARIANT_AFTER_1A: ReadonlySet<string> = new Set([
  'inning',
  'outing',
  'canning',
  'herring',
  'earring',
  'proceed',
  'exceed',
  'succeed',
]);

/** Prefixes whose end is R1's start. */
const R1_PREFIXES = ['gener', 'commun', 'arsen'];

/** Step 2's suffixes (R1) and what replaces each; `ogi` needs an `l` before, `li` a valid li-ending. */
const STEP2: readonly (readonly [string, string])[] = [
  ['ization', 'ize'],
  ['ational', 'ate'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['iveness', 'ive'],
  ['tional', 'tion'],
  ['biliti', 'ble'],
  ['lessli', 'less'],
  ['entli', 'ent'],
  ['ation', 'ate'],
  ['alism', 'al'],
  ['aliti', 'al'],
  ['ousli', 'ous'],
  ['iviti', 'ive'],
  ['fulli', 'ful'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['abli', 'able'],
  ['izer', 'ize'],
  ['ator', 'ate'],
  ['alli', 'al'],
  ['bli', 'ble'],
  ['ogi', 'og'],
  ['li', ''],
];

/** Step 3's suffixes (R1) and what replaces each; `ative` only in R2. */
const STEP3: readonly (readonly [string, string])[] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['alize', 'al'],
  ['icate', 'ic'],
  ['iciti', 'ic'],
  ['ative', ''],
  ['ical', 'ic'],
  ['ness', ''],
  ['ful', ''],
];

/** Step 4's suffixes, deleted in R2 (`ion` after an `s` or a `t`); longest first. */
const STEP4 = [
  'ement',
  'ance',
  'ence',
  'able',
  'ible',
  'ment',
  'ant',
  'ent',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
  'ion',
  'al',
  'er',
  'ic',
];

/** The letters before which `li` is a suffix. */
const LI_ENDINGS = new Set(['c', 'd', 'e', 'g', 'h', 'k', 'm', 'n', 'r', 't']);
const DOUBLES = new Set(['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt']);

/** A vowel of the stemmer (`Y`, a consonant `y`, is none). */
function isVowel(ch: string | undefined): boolean {
  return ch !== undefined && 'aeiouy'.includes(ch) && ch.length === 1;
}

/** A word being stemmed: its letters (code points) and its regions. */
interface Word {
  letters: string[];
  /** R1's start */
  r1: number;
  /** R2's start */
  r2: number;
}

function endsWith(w: Word, suffix: string): boolean {
  const n = w.letters.length;
  if (suffix.length > n) return false;
  for (let i = 0; i < suffix.length; i += 1) if (w.letters[n - suffix.length + i] !== suffix[i]) return false;
  return true;
}

/** Replaces the word's last `length` letters by `by`. */
function replaceEnd(w: Word, length: number, by: string): void {
  w.letters.splice(w.letters.length - length, length, ...by);
}

/** The longest of the suffixes the word ends with (they come longest first). */
function longest<T extends readonly [string, string] | string>(w: Word, table: readonly T[]): T | undefined {
  return table.find((row) => endsWith(w, typeof row === 'string' ? row : row[0]));
}

/** Whether some vowel is among the letters before `end`. */
function vowelBefore(letters: readonly string[], end: number): boolean {
  for (let i = 0; i < end; i += 1) if (isVowel(letters[i])) return true;
  return false;
}

/**
 * Whether the letters up to `end` end in a short syllable: a non-vowel (nor `w`, `x`, `Y`) after a
 * vowel after a non-vowel; or a non-vowel after a vowel that starts the word.
 */
function shortSyllable(letters: readonly string[], end: number): boolean {
  const last = letters[end - 1];
  const mid = letters[end - 2];
  if (last === undefined || mid === undefined) return false;
  if (!isVowel(last) && !'wxY'.includes(last) && isVowel(mid)) {
    const first = letters[end - 3];
    if (first !== undefined && !isVowel(first)) return true;
  }
  return !isVowel(last) && isVowel(mid) && end - 2 === 0;
}

/** R1 (or R2 from `from`): after the first non-vowel that follows a vowel. */
function regionAfter(letters: readonly string[], from: number): number {
  for (let i = from; i < letters.length - 1; i += 1)
    if (isVowel(letters[i]) && !isVowel(letters[i + 1])) return i + 2;
  return letters.length;
}

/** Marks `Y` the consonant y's: an initial one, one after a vowel. */
function prelude(letters: string[]): void {
  if (letters[0] === "'") letters.shift();
  if (letters[0] === 'y') letters[0] = 'Y';
  for (let i = 1; i < letters.length; i += 1)
    if (letters[i] === 'y' && isVowel(letters[i - 1])) letters[i] = 'Y';
}

function step1a(w: Word): void {
  if (endsWith(w, "'s'")) replaceEnd(w, 3, '');
  else if (endsWith(w, "'s")) replaceEnd(w, 2, '');
  else if (endsWith(w, "'")) replaceEnd(w, 1, '');
  const n = w.letters.length;
  if (endsWith(w, 'sses')) replaceEnd(w, 4, 'ss');
  else if (endsWith(w, 'ied') || endsWith(w, 'ies')) replaceEnd(w, 3, n - 3 >= 2 ? 'i' : 'ie');
  else if (endsWith(w, 'ss') || endsWith(w, 'us')) return;
  else if (endsWith(w, 's') && vowelBefore(w.letters, n - 2)) replaceEnd(w, 1, '');
}

/** Step 1b's suffixes, the longest first. */
const STEP1B = ['eedly', 'ingly', 'edly', 'eed', 'ing', 'ed'];

function step1b(w: Word): void {
  const suffix = STEP1B.find((s) => endsWith(w, s));
  if (suffix === undefined) return;
  const start = w.letters.length - suffix.length;
  if (suffix === 'eed' || suffix === 'eedly') {
    if (start >= w.r1) replaceEnd(w, suffix.length, 'ee');
    return;
  }
  if (!vowelBefore(w.letters, start)) return;
  replaceEnd(w, suffix.length, '');
  const n = w.letters.length;
  if (endsWith(w, 'at') || endsWith(w, 'bl') || endsWith(w, 'iz')) replaceEnd(w, 0, 'e');
  else if (n >= 2 && DOUBLES.has(w.letters.slice(n - 2).join(''))) replaceEnd(w, 1, '');
  else if (n === w.r1 && shortSyllable(w.letters, n)) replaceEnd(w, 0, 'e');
}

function step1c(w: Word): void {
  const n = w.letters.length;
  const last = w.letters[n - 1];
  if ((last === 'y' || last === 'Y') && n > 2 && !isVowel(w.letters[n - 2])) replaceEnd(w, 1, 'i');
}

function step2(w: Word): void {
  const row = longest(w, STEP2);
  if (row === undefined) return;
  const [suffix, by] = row;
  const start = w.letters.length - suffix.length;
  if (start < w.r1) return;
  if (suffix === 'ogi' && w.letters[start - 1] !== 'l') return;
  if (suffix === 'li' && !LI_ENDINGS.has(w.letters[start - 1] ?? '')) return;
  replaceEnd(w, suffix.length, by);
}

function step3(w: Word): void {
  const row = longest(w, STEP3);
  if (row === undefined) return;
  const [suffix, by] = row;
  const start = w.letters.length - suffix.length;
  if (start < w.r1) return;
  if (suffix === 'ative' && start < w.r2) return;
  replaceEnd(w, suffix.length, by);
}

function step4(w: Word): void {
  const suffix = longest(w, STEP4);
  if (suffix === undefined) return;
  const start = w.letters.length - suffix.length;
  if (start < w.r2) return;
  if (suffix === 'ion' && w.letters[start - 1] !== 's' && w.letters[start - 1] !== 't') return;
  replaceEnd(w, suffix.length, '');
}

function step5(w: Word): void {
  const n = w.letters.length;
  const start = n - 1;
  const last = w.letters[start];
  if (last === 'e') {
    if (start >= w.r2 || (start >= w.r1 && !shortSyllable(w.letters, start))) replaceEnd(w, 1, '');
  } else if (last === 'l') {
    if (start >= w.r2 && w.letters[start - 1] === 'l') replaceEnd(w, 1, '');
  }
}

/**
 * A lower-case word's stem by Snowball's English stemmer (Porter2) as MongoDB runs it:
 * `running` → `run`, `generously` → `generous`, `consigned` → `consign`, `knightly` → `knight`.
 * A word of fewer than three letters is its own stem.
 */
export function stemEnglish(word: string): string {
  const exception = EXCEPTIONS.get(word);
  if (exception !== undefined) return exception;
  const letters = Array.from(word);
  if (letters.length < 3) return word;
  prelude(letters);
  const prefix = R1_PREFIXES.find((p) => letters.slice(0, p.length).join('') === p);
  const r1 = prefix !== undefined ? prefix.length : regionAfter(letters, 0);
  const w: Word = { letters, r1, r2: regionAfter(letters, r1) };
  step1a(w);
  if (!INVARIANT_AFTER_1A.has(w.letters.join(''))) {
    step1b(w);
    step1c(w);
    step2(w);
    step3(w);
    step4(w);
    step5(w);
  }
  return w.letters.join('').replace(/Y/g, 'y');
}
