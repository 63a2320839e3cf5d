/**
 * src/store/text-english.ts: the Snowball English (Porter2) stemmer as MongoDB ships it, its
 * English stop words, and how a text is cut into terms.
 */
import {
  ENGLISH_STOP_WORDS,
  englishTerms,
  foldText,
  rawTokens,
  stemEnglish,
  termCacheSize,
  termOf,
} from '../src/store/text-english';

describe('stemEnglish (Snowball English, Porter2)', () => {
  it.each([
    ['running', 'run'],
    ['runs', 'run'],
    ['run', 'run'],
    ['generously', 'generous'],
    ['consigned', 'consign'],
    ['consignment', 'consign'],
    ['knightly', 'knight'],
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['ties', 'tie'],
    ['cries', 'cri'],
    ['gas', 'gas'],
    ['gaps', 'gap'],
    ['kiwis', 'kiwi'],
    ['agreed', 'agre'],
    ['feed', 'feed'],
    ['hoping', 'hope'],
    ['hopping', 'hop'],
    ['luxuriating', 'luxuri'],
    ['happy', 'happi'],
    ['cry', 'cri'],
    ['by', 'by'],
    ['say', 'say'],
    ['relational', 'relat'],
    ['conditional', 'condit'],
    ['hopefulness', 'hope'],
    ['electricity', 'electr'],
    ['adjustment', 'adjust'],
    ['adoption', 'adopt'],
    ['controll', 'control'],
    ['generate', 'generat'],
    ['communism', 'communism'],
    ['arsenal', 'arsenal'],
    ['youth', 'youth'],
    ['sayings', 'say'],
    ["dog's", 'dog'],
    ["'tis", 'tis'],
    // the exceptions
    ['skies', 'sky'],
    ['dying', 'die'],
    ['news', 'news'],
    ['only', 'onli'],
    ['early', 'earli'],
    ['succeeding', 'succeed'],
    ['inning', 'inning'],
    ['proceed', 'proceed'],
  ])('%s → %s', (word, stem) => {
    expect(stemEnglish(word)).toBe(stem);
  });

  it('a word of fewer than three letters is its own stem; other characters pass through', () => {
    expect(stemEnglish('is')).toBe('is');
    expect(stemEnglish('café')).toBe('café');
    expect(stemEnglish('2025')).toBe('2025');
  });
});

describe('englishTerms', () => {
  it('MongoDB’s 174 English stop words, apostrophes kept', () => {
    expect(ENGLISH_STOP_WORDS.size).toBe(174);
    for (const word of ['the', 'a', "don't", "let's", 'ourselves', 'cannot'])
      expect(ENGLISH_STOP_WORDS.has(word)).toBe(true);
    for (const word of ['run', 'can', 'will', 'just']) expect(ENGLISH_STOP_WORDS.has(word)).toBe(false);
  });

  it('cuts at punctuation but `_` and the apostrophe, lower-cases, drops stop words, stems, folds diacritics', () => {
    expect(rawTokens("Don't-stop: snake_case, e.mail @bob #room 'quoted'")).toEqual([
      "Don't",
      'stop',
      'snake_case',
      'e',
      'mail',
      'bob',
      'room',
      "'quoted'",
    ]);
    // a typographic apostrophe is a quotation mark: it cuts ("weren’t" is no stop word, "weren't" is)
    expect(englishTerms('The Cafés were RUNNING, weren’t they?')).toEqual(['cafe', 'run', 'weren', 't']);
    expect(englishTerms("weren't")).toEqual([]);
    expect(englishTerms('the', true)).toEqual(['the']);
    expect(foldText('Crème BRÛLÉE')).toBe('creme brulee');
  });
});

describe('the term cache', () => {
  it('keeps no word over 32 characters (a search text of long words takes no memory), and at most 50,000 words', () => {
    const long = (k: number): string => `${'walk'.repeat(2000)}${k}ing`;
    const before = termCacheSize();
    for (let k = 0; k < 100; k += 1) expect(termOf(long(k)) === stemEnglish(long(k))).toBe(true);
    expect(termOf(long(0)).endsWith('ing')).toBe(false);
    expect(termCacheSize()).toEqual(before);
    // 32 characters are kept: one more word, 32 more characters
    const word = `${'walk'.repeat(7)}king`;
    expect(word).toHaveLength(32);
    expect(termOf(word)).toBe(stemEnglish(word));
    expect(termCacheSize()).toEqual({ words: before.words + 1, chars: before.chars + 32 });
    // 33 characters, one past the bound: stemmed, not kept
    const past = `${'walk'.repeat(7)}kings`;
    expect(past).toHaveLength(33);
    expect(termOf(past)).toBe(stemEnglish(past));
    expect(termCacheSize()).toEqual({ words: before.words + 1, chars: before.chars + 32 });
    // past 50,000 words the cache starts again
    for (let k = 0; k < 50_001; k += 1) termOf(`word${k}`);
    expect(termCacheSize().words).toBeLessThanOrEqual(50_000);
  });
});
