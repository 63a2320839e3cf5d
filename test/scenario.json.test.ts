/**
 * A scenario file that is not valid JSON is refused as file:line:column, with the reason in the same
 * words on every Node version and the offending line (never the raw text around it) with a caret.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { findDuplicateKeys, findJsonSyntaxError } from '../src/scenario/json-syntax';
import { loadScenarioFile } from '../src/scenario/load';
import { ScenarioError } from '../src/scenario/problems';

const dir = mkdtempSync(join(tmpdir(), 'rcf-json-'));

function refusal(text: string): ScenarioError {
  const file = join(dir, 'world.json');
  writeFileSync(file, text);
  try {
    loadScenarioFile(file);
  } catch (error) {
    if (error instanceof ScenarioError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('JSON syntax errors in scenario files', () => {
  it('names file:line:column, the reason, the line and a caret under the column', () => {
    const error = refusal('{\n  "users": [\n    {"username": "a" "password": "b"}\n  ]\n}\n');
    const file = join(dir, 'world.json');
    expect(error.source).toBe(`${file}:3:22`);
    expect(error.message).toBe(
      [
        `[rocketchat-fake] invalid scenario ${file}:3:22 (1 problem):`,
        `  ${file}:3:22: $: not valid JSON: "," or "}" was expected, found '"'`,
        '          {"username": "a" "password": "b"}',
        `${' '.repeat(27)}^`,
      ].join('\n'),
    );
  });

  it('shows one line of context only, never the newlines of the text around it', () => {
    const error = refusal('{\n  "seed": 1,\n  "users": [],\n}\n');
    expect(error.source).toMatch(/:4:1$/);
    expect(error.problems).toEqual([
      { path: '$', message: 'not valid JSON: a trailing comma before "}"\n      }\n      ^' },
    ]);
  });

  it('a long line is cut to a window around the column', () => {
    const long = `{"channels": [${Array.from({ length: 40 }, (_, i) => `{"name": "c${i}"}`).join(', ')} oops]}`;
    const error = refusal(long);
    const [, excerpt = '', caret = ''] = (error.problems[0]?.message ?? '').split('\n');
    expect(excerpt.trim().length).toBeLessThanOrEqual(80);
    expect(excerpt).toContain('oops');
    expect(caret.indexOf('^')).toBe(excerpt.indexOf('oops'));
  });

  it('a byte order mark at the start is not an error', () => {
    const file = join(dir, 'bom.json');
    writeFileSync(file, '\ufeff{"seed": 3}');
    expect(loadScenarioFile(file).seed).toBe(3);
  });

  it.each([
    ['{"a":1,}', 1, 8, 'a trailing comma before "}"'],
    ['[1,]', 1, 4, 'a trailing comma before "]"'],
    ["{'a':1}", 1, 2, `a property name in double quotes was expected, found "'"`],
    ['{a:1}', 1, 2, 'a property name in double quotes was expected, found "a"'],
    ['{"a" 1}', 1, 6, '":" was expected after the property name, found "1"'],
    ['{"a":"x\ny"}', 1, 8, 'a control character (a raw newline or tab) inside a string; escape it'],
    ['{"a":"\\q"}', 1, 7, 'an unknown escape \\q'],
    ['{"a":tru}', 1, 6, 'a value was expected, found "t"'],
    ['{"a":"open', 1, 11, 'a string that is never closed'],
    ['[1,2', 1, 5, 'the text ends before this array is closed with "]"'],
    ['{"a":1}x', 1, 8, 'the text goes on after the JSON value: "x"'],
    ['', 1, 1, 'a value was expected, found the end of the text'],
  ])('%j: line %i, column %i: %s', (text, line, column, reason) => {
    expect(() => JSON.parse(text) as unknown).toThrow();
    expect(findJsonSyntaxError(text)).toMatchObject({ line, column, reason });
  });

  it.each(['{"a":{"b":[{"c":1.5e3,"d":null,"e":true}]}}', '[]', '"x"', ' 0 ', '{"u":"\\u00e9\\n"}'])(
    'valid JSON %j has no error',
    (text) => {
      expect(findJsonSyntaxError(text)).toBeUndefined();
    },
  );

  it('nesting 100,000 deep does not exhaust the stack', () => {
    expect(findJsonSyntaxError(`${'['.repeat(100_000)}1`)).toMatchObject({
      reason: 'the text ends before this array is closed with "]"',
    });
  });
});

describe('duplicate keys in scenario files', () => {
  it('refused like a syntax error: file:line:column of the first, each repeat by JSON path with a caret', () => {
    const text = [
      '{"users": [{"username": "a", "password": "a"}],',
      ' "channels": [{"name": "x", "name": "y"}],',
      ' "users": []}',
      '',
    ].join('\n');
    const error = refusal(text);
    const file = join(dir, 'world.json');
    expect(error.source).toBe(`${file}:2:29`);
    expect(error.problems).toEqual([
      {
        path: '$.channels[0].name',
        message: [
          'duplicate key "name" at 2:29, first at 2:16 (JSON keeps only the last value)',
          '       "channels": [{"name": "x", "name": "y"}],',
          `      ${' '.repeat(28)}^`,
        ].join('\n'),
      },
      {
        path: '$.users',
        message: [
          'duplicate key "users" at 3:2, first at 1:2 (JSON keeps only the last value)',
          '       "users": []}',
          '       ^',
        ].join('\n'),
      },
    ]);
  });

  it('keys are compared as JSON.parse reads them; the same key in other objects is no repeat', () => {
    expect(findDuplicateKeys('{"a":1,"\\u0061":2}').map((d) => d.path)).toEqual([['a']]);
    expect(findDuplicateKeys('[{"a":1},{"a":"}\\"{"},{"b":{"a":1},"a":[{"a":1}]}]')).toEqual([]);
    expect(findDuplicateKeys('{"x":[1,{"k":1,"k":2}]}').map((d) => d.path)).toEqual([['x', 1, 'k']]);
  });
});
