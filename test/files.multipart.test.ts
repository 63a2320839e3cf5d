/**
 * The bounded streaming `multipart/form-data` reader (src/net/multipart.ts) on well-formed and
 * hostile bodies: fed in chunks of every size, a missing boundary, a truncated body, an oversized
 * file, too many parts, parts of headers only, an endless preamble; and an upload through a started
 * server (the fast path hands upload routes to the upload reader).
 */
import { MultipartReader, boundaryOf, isMultipartFormData } from '../src/net/multipart';
import type { FormData as Form, MultipartLimits } from '../src/net/multipart';
import { createFakeServer } from '../src/server';
import { AS, WORLD } from './support/fake';

const B = 'XyZ-boundary-123';
const LIMITS: MultipartLimits = { fileBytes: 1024, fieldBytes: 64, parts: 10, headerBytes: 512 };

function body(parts: string[], close = true): Buffer {
  return Buffer.from(
    `${parts.map((p) => `--${B}\r\n${p}\r\n`).join('')}${close ? `--${B}--\r\n` : ''}`,
    'latin1',
  );
}

const field = (name: string, value: string): string =>
  `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
const file = (name: string, filename: string, type: string, content: string): string =>
  `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${content}`;

/** Reads a body in chunks of `size` bytes. */
function read(bytes: Buffer, size = bytes.length, limits = LIMITS): Form {
  const reader = new MultipartReader(B, limits);
  for (let at = 0; at < bytes.length; at += size) reader.write(bytes.subarray(at, at + size));
  return reader.end();
}

describe('the multipart reader', () => {
  const form = body([
    field('msg', 'hello'),
    file('file', 'a b.txt', 'Text/Plain; charset=utf-8', 'line 1\r\nline 2'),
    field('description', 'd'),
  ]);

  it.each([1, 2, 3, 7, 19, 64, 1000])('reads fields and a file the same in chunks of %i bytes', (size) => {
    const out = read(form, size);
    expect(out.error).toBeUndefined();
    expect(out.fields).toEqual([
      ['msg', 'hello'],
      ['description', 'd'],
    ]);
    expect(out.files).toHaveLength(1);
    expect(out.files[0]).toMatchObject({
      field: 'file',
      filename: 'a b.txt',
      type: 'text/plain',
      size: 14,
      truncated: false,
    });
    expect(out.files[0]?.bytes.toString('latin1')).toBe('line 1\r\nline 2');
  });

  it('keeps binary bytes exactly, a delimiter-like run inside the data included', () => {
    const data = Buffer.from([0, 13, 10, 45, 45, 255, 13, 10, 45, 45, 88, 121, 0]);
    const bytes = Buffer.concat([
      Buffer.from(
        `--${B}\r\nContent-Disposition: form-data; name="file"; filename="x.bin"\r\n\r\n`,
        'latin1',
      ),
      data,
      Buffer.from(`\r\n--${B}--`, 'latin1'),
    ]);
    for (const size of [1, 5, bytes.length]) {
      const out = read(bytes, size);
      expect(out.error).toBeUndefined();
      expect(Buffer.compare(out.files[0]?.bytes ?? Buffer.alloc(0), data)).toBe(0);
    }
  });

  it('random bytes full of line breaks and dashes come out whole, however the body is chunked', () => {
    // a fixed generator: the same bytes and cuts on every run
    let seed = 47;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const alphabet = Buffer.from(`\r\n-${B}x`, 'latin1');
    for (let round = 0; round < 40; round += 1) {
      const data = Buffer.alloc(next(3000));
      for (let i = 0; i < data.length; i += 1) data[i] = alphabet[next(alphabet.length)] ?? 0;
      // no delimiter inside the data itself (a real client picks a boundary that is not in it)
      if (data.includes(Buffer.from(`\r\n--${B}`, 'latin1'))) continue;
      const bytes = Buffer.concat([
        Buffer.from(
          `--${B}\r\nContent-Disposition: form-data; name="file"; filename="r.bin"\r\n\r\n`,
          'latin1',
        ),
        data,
        Buffer.from(`\r\n--${B}\r\n${field('after', 'x')}\r\n--${B}--`, 'latin1'),
      ]);
      const reader = new MultipartReader(B, { ...LIMITS, fileBytes: 4096 });
      for (let at = 0; at < bytes.length;) {
        const size = 1 + next(80);
        reader.write(bytes.subarray(at, at + size));
        at += size;
      }
      const out = reader.end();
      expect(out.error).toBeUndefined();
      expect(Buffer.compare(out.files[0]?.bytes ?? Buffer.alloc(1), data)).toBe(0);
      expect(out.fields).toEqual([['after', 'x']]);
    }
  });

  it('a truncated body is busboy’s "Unexpected end of form", with what came before', () => {
    const whole = body([field('msg', 'hi'), file('file', 'a.txt', 'text/plain', 'abcdef')]);
    const cut = whole.subarray(0, whole.length - 20);
    const out = read(cut, 3);
    expect(out.error).toBe('Unexpected end of form');
    expect(out.fields).toEqual([['msg', 'hi']]);
    expect(out.files).toEqual([]);
    expect(read(Buffer.alloc(0)).error).toBe('Unexpected end of form');
    expect(read(body([field('a', 'b')], false)).error).toBe('Unexpected end of form');
  });

  it('an oversized file is cut at the limit, counted as truncated, the rest dropped', () => {
    const big = 'x'.repeat(5000);
    const out = read(body([file('file', 'big.txt', 'text/plain', big), field('after', 'yes')]), 100);
    expect(out.error).toBeUndefined();
    expect(out.files[0]).toMatchObject({ size: 1024, truncated: true });
    expect(out.files[0]?.bytes.length).toBe(1024);
    expect(out.fields).toEqual([['after', 'yes']]);
  });

  it('a long field is cut at its limit; only the first file’s bytes are kept, the others counted', () => {
    const out = read(
      body([
        field('msg', 'y'.repeat(500)),
        file('file', 'a', 'text/plain', 'one'),
        file('file', 'b', 'text/plain', 'two'),
      ]),
    );
    expect(out.fields[0]?.[1]).toBe('y'.repeat(64));
    expect(out.files.map((f) => [f.filename, f.bytes.toString(), f.size])).toEqual([
      ['a', 'one', 3],
      ['b', '', 3],
    ]);
  });

  it('too many parts ends the reading', () => {
    const parts = Array.from({ length: 50 }, (_, i) => field(`f${i}`, 'v'));
    const out = read(body(parts), 13);
    expect(out.error).toBe('Too many parts');
    expect(out.fields).toHaveLength(10);
  });

  it('parts of headers only, no disposition, no name, or another disposition are read past', () => {
    const out = read(
      body([
        'Content-Type: text/plain\r\n\r\nno disposition',
        '\r\nno headers at all',
        'Content-Disposition: attachment; name="x"\r\n\r\nnot form-data',
        'Content-Disposition: form-data\r\n\r\nno name',
        field('kept', 'yes'),
      ]),
    );
    expect(out.error).toBeUndefined();
    expect(out.fields).toEqual([['kept', 'yes']]);
    expect(out.files).toEqual([]);
  });

  it('a head that never ends, or is longer than its limit, is a malformed part header', () => {
    const endless = Buffer.from(
      `--${B}\r\nContent-Disposition: form-data; name="a"${'x'.repeat(2000)}`,
      'latin1',
    );
    expect(read(endless, 100).error).toBe('Malformed part header');
    const junk = Buffer.from(`--${B}junk\r\n`, 'latin1');
    expect(read(junk).error).toBe('Malformed part header');
  });

  it('a preamble of any length is read past, unkept; an epilogue ignored', () => {
    const preamble = Buffer.from('p'.repeat(100_000), 'latin1');
    const out = read(
      Buffer.concat([preamble, Buffer.from('\r\n'), body([field('a', 'b')]), Buffer.from('epilogue')]),
      4096,
    );
    expect(out.error).toBeUndefined();
    expect(out.fields).toEqual([['a', 'b']]);
  });

  it('file names: the last path segment, filename* (UTF-8) over filename, quoted semicolons', () => {
    const out = read(
      body([
        file('file', 'C:\\dir\\evil/../x.txt', 'text/plain', '1'),
        `Content-Disposition: form-data; name="file"; filename="plain.txt"; filename*=UTF-8''%C3%A9t%C3%A9.txt\r\n\r\n2`,
        `Content-Disposition: form-data; name="a;b"\r\n\r\n3`,
      ]),
    );
    expect(out.files.map((f) => f.filename)).toEqual(['x.txt', 'été.txt']);
    expect(out.fields).toEqual([['a;b', '3']]);
  });

  it('the Content-Type: multipart/form-data and its boundary, quoted or not', () => {
    expect(isMultipartFormData('multipart/form-data; boundary=abc')).toBe(true);
    expect(isMultipartFormData('Multipart/Form-Data')).toBe(true);
    expect(isMultipartFormData('multipart/mixed; boundary=abc')).toBe(false);
    expect(isMultipartFormData('application/json')).toBe(false);
    expect(boundaryOf('multipart/form-data; boundary=abc')).toBe('abc');
    expect(boundaryOf('multipart/form-data; boundary="a b;c"')).toBe('a b;c');
    expect(boundaryOf('multipart/form-data')).toBeUndefined();
    expect(boundaryOf(`multipart/form-data; boundary=${'x'.repeat(71)}`)).toBeUndefined();
  });
});

describe('an upload through a started server', () => {
  it('the fast path hands the upload to the upload reader; a missing boundary is busboy’s refusal', async () => {
    const fake = createFakeServer({ scenario: WORLD, profile: '7.10' });
    const url = await fake.start();
    try {
      const form = new FormData();
      form.append('msg', 'over the wire');
      form.append('file', new Blob([Buffer.from('bytes on the wire')], { type: 'text/plain' }), 'wire.txt');
      const res = await fetch(`${url}/api/v1/rooms.upload/GENERAL`, {
        method: 'POST',
        headers: AS.alice,
        body: form,
      });
      expect(res.status).toBe(200);
      const answer = (await res.json()) as { message: { file: { _id: string } } };
      const file = await fetch(`${url}/file-upload/${answer.message.file._id}/wire.txt`, {
        headers: AS.alice,
      });
      expect(await file.text()).toBe('bytes on the wire');
      const bare = await fetch(`${url}/api/v1/rooms.upload/GENERAL`, {
        method: 'POST',
        headers: { ...AS.alice, 'Content-Type': 'multipart/form-data' },
        body: 'x',
      });
      expect(await bare.json()).toEqual({ success: false, error: 'Multipart: Boundary not found' });
      const none = await fetch(`${url}/api/v1/rooms.upload/GENERAL`, { method: 'POST', headers: AS.alice });
      expect(await none.json()).toEqual({ success: false, error: 'Missing Content-Type' });
    } finally {
      await fake.stop();
    }
  });
});
