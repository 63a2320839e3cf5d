/**
 * `POST rooms.upload/:rid`, `rooms.media/:rid`, `rooms.mediaConfirm/:rid/:fileId` and
 * `GET /file-upload/:fileId/:name`: a file uploaded as `multipart/form-data`, its message, its
 * bytes served back byte for byte; the refusals per release line, the world's upload budget (a
 * refusal changes nothing), a reset dropping the uploads, a deleted message taking its file.
 */
import request from 'supertest';

import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { Ddp } from './support/ddp';
import { AS, makeFake } from './support/fake';

const HEX24 = /^[0-9a-f]{24}$/;

interface FilePart {
  bytes: Buffer;
  name: string;
  type?: string;
  field?: string;
}

function post(
  fake: FakeServer,
  path: string,
  files: readonly FilePart[],
  fields: Record<string, string> = {},
  who: keyof typeof AS = 'alice',
): request.Test {
  let req = request(fake.app).post(path).set(AS[who]);
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  for (const file of files)
    req = req.attach(file.field ?? 'file', file.bytes, {
      filename: file.name,
      contentType: file.type ?? 'text/plain',
    });
  return req;
}

const upload = (
  fake: FakeServer,
  rid: string,
  files: readonly FilePart[],
  fields?: Record<string, string>,
  who?: keyof typeof AS,
): request.Test => post(fake, `/api/v1/rooms.upload/${rid}`, files, fields, who);

const media = (fake: FakeServer, rid: string, files: readonly FilePart[], fields?: Record<string, string>) =>
  post(fake, `/api/v1/rooms.media/${rid}`, files, fields);

const TEXT: FilePart = { bytes: Buffer.from('hello, world\n'), name: 'notes.txt' };

/** What a refusal must leave as it was: the state, the changes, the bytes the uploads hold. */
function snapshot(fake: FakeServer): string {
  return JSON.stringify({ state: fake.state(), changes: fake.changes() });
}

/** A 1×1 PNG's header (the fake reads its size from IHDR). */
function png(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(40);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

describe('rooms.upload (7.10)', () => {
  it('stores the file, sends its message to the room and serves its bytes back byte for byte', async () => {
    const fake = makeFake({ profile: '7.10' });
    const bytes = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 7 + 3) & 0xff;
    const res = await upload(
      fake,
      'GENERAL',
      [{ bytes, name: 'big file.bin', type: 'application/octet-stream' }],
      { msg: 'the file', description: 'what it is' },
    );
    expect(res.status).toBe(200);
    const { message } = res.body;
    const id = message.file._id as string;
    expect(id).toMatch(HEX24);
    expect(message).toEqual({
      _id: expect.stringMatching(HEX24),
      msg: 'the file',
      attachments: [
        {
          title: 'big file.bin',
          type: 'file',
          format: 'BIN',
          description: 'what it is',
          title_link: `/file-upload/${id}/big%20file.bin`,
          title_link_download: true,
          size: 1024 * 1024,
          fileId: id,
        },
      ],
      ts: expect.any(String),
      u: { _id: 'aliceUserId000001', username: 'alice', name: 'alice' },
      rid: 'GENERAL',
      urls: [],
      md: expect.any(Array),
      _updatedAt: expect.any(String),
      file: {
        _id: id,
        name: 'big file.bin',
        type: 'application/octet-stream',
        size: 1024 * 1024,
        format: '',
      },
      files: [
        { _id: id, name: 'big file.bin', type: 'application/octet-stream', size: 1024 * 1024, format: '' },
      ],
    });
    // the answer's projection drops these; the stored message keeps groupable
    for (const key of ['mentions', 'channels', 'groupable', 'unread'])
      expect(message).not.toHaveProperty(key);
    const history = await request(fake.app)
      .get('/api/v1/channels.history')
      .query({ roomId: 'GENERAL' })
      .set(AS.alice);
    expect(history.body.messages[0]).toMatchObject({ _id: message._id, groupable: false, file: { _id: id } });

    const file = await request(fake.app)
      .get(`/file-upload/${id}/any-name-at-all`)
      .set(AS.bob)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect(Buffer.compare(file.body as Buffer, bytes)).toBe(0);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-length']).toBe(String(bytes.length));
    expect(file.headers['content-disposition']).toBe("inline; filename*=UTF-8''big%20file.bin");
    expect(file.headers['cache-control']).toBe('max-age=31536000');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'");

    const head = await request(fake.app).head(`/file-upload/${id}/x`).set(AS.bob);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
  });

  it('the journal keeps the form’s fields and the file’s name, type and size, not its bytes', async () => {
    const fake = makeFake({ profile: '7.10' });
    await upload(fake, 'GENERAL', [TEXT], { msg: 'journaled' });
    const [entry] = fake.requests().slice(-1);
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/api/v1/rooms.upload/GENERAL',
      status: 200,
      user: 'alice',
      modelled: true,
      body: {
        fields: { msg: 'journaled' },
        files: [{ field: 'file', filename: 'notes.txt', type: 'text/plain', size: 13 }],
      },
    });
    expect(JSON.stringify(entry)).not.toContain('hello, world');
  });

  it('an image gets image_url, image_type, image_size and, read from its header, image_dimensions', async () => {
    const fake = makeFake({ profile: '7.10' });
    const res = await upload(fake, 'GENERAL', [{ bytes: png(2, 3), name: 'dot.png', type: 'image/png' }]);
    expect(res.status).toBe(200);
    const id = res.body.message.file._id as string;
    expect(res.body.message.file).toEqual({
      _id: id,
      name: 'dot.png',
      type: 'image/png',
      size: 40,
      format: 'png',
    });
    expect(res.body.message.attachments).toEqual([
      {
        title: 'dot.png',
        type: 'file',
        title_link: `/file-upload/${id}/dot.png`,
        title_link_download: true,
        image_url: `/file-upload/${id}/dot.png`,
        image_type: 'image/png',
        image_size: 40,
        fileId: id,
        image_dimensions: { width: 2, height: 3 },
      },
    ]);
  });

  it('/file-upload refuses without credentials or to a non-member (empty 403), and a file it does not hold is an empty 404', async () => {
    const fake = makeFake({ profile: '7.10' });
    const res = await upload(fake, 'privateRoomId0001', [TEXT]);
    expect(res.status).toBe(200);
    const id = res.body.message.file._id as string;
    const anonymous = await request(fake.app).get(`/file-upload/${id}/notes.txt`);
    expect([anonymous.status, anonymous.text]).toEqual([403, '']);
    const outsider = await request(fake.app).get(`/file-upload/${id}/notes.txt`).set(AS.bob);
    expect([outsider.status, outsider.text]).toEqual([403, '']);
    const byQuery = await request(fake.app)
      .get(`/file-upload/${id}/notes.txt`)
      .query({ rc_uid: 'aliceUserId000001', rc_token: 'alice-token' });
    expect([byQuery.status, byQuery.text]).toEqual([200, 'hello, world\n']);
    const byCookie = await request(fake.app)
      .get(`/file-upload/${id}/notes.txt`)
      .set('Cookie', 'rc_uid=aliceUserId000001; rc_token=alice-token');
    expect(byCookie.status).toBe(200);
    const missing = await request(fake.app).get('/file-upload/0123456789abcdef01234567/x.txt').set(AS.alice);
    expect([missing.status, missing.text]).toEqual([404, '']);
  });

  it.each([
    [
      'a room the caller may not access',
      'privateRoomId0001',
      'bob',
      [TEXT],
      {},
      403,
      { success: false, error: 'unauthorized' },
    ],
    ['an unknown room', 'nope', 'alice', [TEXT], {}, 403, { success: false, error: 'unauthorized' }],
    [
      'a file part of another name',
      'GENERAL',
      'alice',
      [{ ...TEXT, field: 'attachment' }],
      {},
      400,
      { success: false, error: '[invalid-field]', errorType: 'invalid-field' },
    ],
    [
      'no file part',
      'GENERAL',
      'alice',
      [],
      { msg: 'x' },
      400,
      { success: false, error: '[No file uploaded]', errorType: 'No file uploaded' },
    ],
    [
      'two files',
      'GENERAL',
      'alice',
      [TEXT, TEXT],
      {},
      400,
      { success: false, error: 'Just 1 file is allowed' },
    ],
    [
      'a blacklisted type',
      'GENERAL',
      'alice',
      [{ bytes: Buffer.from('<svg/>'), name: 'a.svg', type: 'image/svg+xml' }],
      {},
      400,
      {
        success: false,
        error: 'File type is not accepted. [error-invalid-file-type]',
        errorType: 'error-invalid-file-type',
      },
    ],
    [
      'an empty file',
      'GENERAL',
      'alice',
      [{ bytes: Buffer.alloc(0), name: 'empty.txt' }],
      {},
      400,
      {
        success: false,
        error: 'File size (size = 0) is too small (min = 1) [file-too-small]',
        errorType: 'file-too-small',
      },
    ],
    [
      'a form groupable (text, not a boolean)',
      'GENERAL',
      'alice',
      [TEXT],
      { groupable: 'true' },
      400,
      { success: false, error: 'Match error: Expected boolean, got string in field groupable' },
    ],
    [
      'an unknown field',
      'GENERAL',
      'alice',
      [TEXT],
      { foo: 'bar' },
      400,
      { success: false, error: 'Match error: Unknown key in field foo' },
    ],
  ] as const)('refuses %s, changing nothing', async (_what, rid, who, files, fields, status, body) => {
    const fake = makeFake({ profile: '7.10' });
    const before = snapshot(fake);
    const res = await upload(fake, rid, files, fields, who);
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
    expect(snapshot(fake)).toBe(before);
  });

  it('refuses a body that is not a form in busboy’s words, after the room check; 401 first', async () => {
    const fake = makeFake({ profile: '7.10' });
    const json = await request(fake.app).post('/api/v1/rooms.upload/GENERAL').set(AS.alice).send({ a: 1 });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ success: false, error: 'Unsupported content type: application/json' });
    const none = await request(fake.app).post('/api/v1/rooms.upload/GENERAL').set(AS.alice);
    expect(none.body).toEqual({ success: false, error: 'Missing Content-Type' });
    const denied = await request(fake.app)
      .post('/api/v1/rooms.upload/privateRoomId0001')
      .set(AS.bob)
      .send({ a: 1 });
    expect(denied.status).toBe(403);
    const anonymous = await request(fake.app)
      .post('/api/v1/rooms.upload/GENERAL')
      .attach('file', TEXT.bytes, 'a.txt');
    expect(anonymous.status).toBe(401);
  });

  it('the settings: disabled uploads, a whitelist, the size limit (busboy’s cut: a bare code)', async () => {
    const fake = makeFake({ profile: '7.10' });
    fake.setSettings({ FileUpload_MediaTypeWhiteList: 'image/*' });
    const white = await upload(fake, 'GENERAL', [TEXT]);
    expect(white.body).toEqual({
      success: false,
      error: 'File type is not accepted. [error-invalid-file-type]',
      errorType: 'error-invalid-file-type',
    });
    fake.setSettings({ FileUpload_MediaTypeWhiteList: '', FileUpload_MaxFileSize: 5 });
    const big = await upload(fake, 'GENERAL', [TEXT]);
    expect(big.body).toEqual({
      success: false,
      error: '[error-file-too-large]',
      errorType: 'error-file-too-large',
    });
    fake.setSettings({ FileUpload_MaxFileSize: 104857600, FileUpload_Enabled: false });
    const off = await upload(fake, 'GENERAL', [TEXT]);
    expect(off.body).toEqual({
      success: false,
      error: 'File uploads are disabled. [error-file-upload-disabled]',
      errorType: 'error-file-upload-disabled',
    });
  });

  it('a description over Message_MaxAllowedSize is refused (7.x)', async () => {
    const fake = makeFake({ profile: '7.10' });
    fake.setSettings({ Message_MaxAllowedSize: 10 });
    const res = await upload(fake, 'GENERAL', [TEXT], { description: 'x'.repeat(11) });
    expect(res.body).toEqual({
      success: false,
      error: '[error-message-size-exceeded]',
      errorType: 'error-message-size-exceeded',
    });
  });

  it('deleting the file message deletes the file (/file-upload then answers 404)', async () => {
    const fake = makeFake({ profile: '7.10' });
    const res = await upload(fake, 'GENERAL', [TEXT]);
    const id = res.body.message.file._id as string;
    const deleted = await request(fake.app)
      .post('/api/v1/chat.delete')
      .set(AS.alice)
      .send({ roomId: 'GENERAL', msgId: res.body.message._id });
    expect(deleted.status).toBe(200);
    const file = await request(fake.app).get(`/file-upload/${id}/notes.txt`).set(AS.alice);
    expect(file.status).toBe(404);
  });

  it('a reset drops the files uploaded since the baseline', async () => {
    const fake = makeFake({ profile: '7.10' });
    const res = await upload(fake, 'GENERAL', [TEXT]);
    const id = res.body.message.file._id as string;
    expect((await request(fake.app).get(`/file-upload/${id}/n`).set(AS.alice)).status).toBe(200);
    await fake.reset();
    expect((await request(fake.app).get(`/file-upload/${id}/n`).set(AS.alice)).status).toBe(404);
  });
});

describe('the upload budget (uploadBytesPerWorld)', () => {
  it('an upload past it is refused after the real checks, nothing stored; the bytes stored count', async () => {
    const fake = makeFake({ profile: '7.10', limits: { uploadBytesPerWorld: 20 } });
    const first = await upload(fake, 'GENERAL', [TEXT]);
    expect(first.status).toBe(200);
    const before = snapshot(fake);
    const res = await upload(fake, 'GENERAL', [TEXT]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error:
        "This world's uploaded files hold their most bytes (20, the limit uploadBytesPerWorld) [error-upload-budget]",
      errorType: 'error-upload-budget',
    });
    expect(snapshot(fake)).toBe(before);
    // a body far past the budget is read through and cut, never kept whole
    const huge = await upload(fake, 'GENERAL', [
      { bytes: Buffer.alloc(4 * 1024 * 1024, 1), name: 'huge.bin' },
    ]);
    expect(huge.body.errorType).toBe('error-upload-budget');
    expect(snapshot(fake)).toBe(before);
  });
});

describe('the upload budget at its bound', () => {
  it('uploads that fill it exactly are kept; one byte more is refused and changes nothing', async () => {
    const size = TEXT.bytes.length;
    const fake = makeFake({ profile: '7.10', limits: { uploadBytesPerWorld: 2 * size } });
    expect((await upload(fake, 'GENERAL', [TEXT])).status).toBe(200);
    // the second makes the budget exactly full: allowed
    expect((await upload(fake, 'GENERAL', [TEXT])).status).toBe(200);
    const before = snapshot(fake);
    const past = await upload(fake, 'GENERAL', [{ bytes: Buffer.from('x'), name: 'one.txt' }]);
    expect(past.status).toBe(400);
    expect(past.body.errorType).toBe('error-upload-budget');
    expect(snapshot(fake)).toBe(before);
  });
});

describe('rooms.upload by release line', () => {
  it.each(['0.49', '8.5', '8.9'] as const)('%s has no rooms.upload: 404', async (profile) => {
    const fake = makeFake({ profile });
    const res = await upload(fake, 'GENERAL', [TEXT]);
    expect(res.status).toBe(404);
  });

  it('5: no file part is invalid-field; too large in the store filter’s words', async () => {
    const fake = makeFake({ profile: '5' });
    const none = await upload(fake, 'GENERAL', [], { msg: 'x' });
    expect(none.body).toEqual({ success: false, error: '[invalid-field]', errorType: 'invalid-field' });
    const ok = await upload(fake, 'GENERAL', [TEXT], { msg: 'x' });
    expect(ok.status).toBe(200);
    fake.setSettings({ FileUpload_MaxFileSize: 5 });
    const big = await upload(fake, 'GENERAL', [TEXT]);
    expect(big.body).toEqual({
      success: false,
      error: 'File exceeds allowed size of 5 B. [error-file-too-large]',
      errorType: 'error-file-too-large',
    });
    fake.setSettings({ FileUpload_MaxFileSize: 104857600 });
    // 5.x's check knows no customFields
    const custom = await upload(fake, 'GENERAL', [TEXT], { customFields: '{}' });
    expect(custom.body).toEqual({ success: false, error: 'Match error: Unknown key in field customFields' });
  });
});

describe('rooms.media and rooms.mediaConfirm', () => {
  it('8.9: a temporary upload, then its message; listed by channels.files (onlyConfirmed leaves it out until confirmed)', async () => {
    const fake = makeFake({ profile: '8.9' });
    const res = await media(fake, 'GENERAL', [TEXT]);
    expect(res.status).toBe(200);
    const id = res.body.file._id as string;
    expect(id).toMatch(HEX24);
    expect(res.body).toEqual({ file: { _id: id, url: `/file-upload/${id}/notes.txt` }, success: true });
    const all = await request(fake.app)
      .get('/api/v1/channels.files')
      .query({ roomId: 'GENERAL' })
      .set(AS.alice);
    expect(all.body.total).toBe(1);
    expect(all.body.files[0]).toMatchObject({
      _id: id,
      name: 'notes.txt',
      size: 13,
      type: 'text/plain',
      rid: 'GENERAL',
      userId: 'aliceUserId000001',
      expiresAt: expect.any(String),
      path: `/file-upload/${id}/notes.txt`,
      typeGroup: 'text',
      user: { _id: 'aliceUserId000001', username: 'alice', name: 'alice' },
    });
    const confirmedOnly = await request(fake.app)
      .get('/api/v1/channels.files')
      .query({ roomId: 'GENERAL', onlyConfirmed: 'true' })
      .set(AS.alice);
    expect(confirmedOnly.body).toEqual({ files: [], count: 0, offset: 0, total: 0, success: true });

    // another user may not confirm it on 8.x
    const other = await request(fake.app)
      .post(`/api/v1/rooms.mediaConfirm/GENERAL/${id}`)
      .set(AS.bob)
      .send({ msg: 'mine' });
    expect(other.body).toEqual({ success: false, error: '[invalid-file]', errorType: 'invalid-file' });

    const confirm = await request(fake.app)
      .post(`/api/v1/rooms.mediaConfirm/GENERAL/${id}`)
      .set(AS.alice)
      .send({ msg: 'here it is', description: 'notes' });
    expect(confirm.status).toBe(200);
    expect(confirm.body.message).toMatchObject({
      msg: 'here it is',
      rid: 'GENERAL',
      file: { _id: id, name: 'notes.txt', type: 'text/plain', size: 13, format: '' },
      attachments: [{ title: 'notes.txt', description: 'notes', fileId: id }],
    });
    const confirmed = await request(fake.app)
      .get('/api/v1/channels.files')
      .query({ roomId: 'GENERAL', onlyConfirmed: 'true' })
      .set(AS.alice);
    expect(confirmed.body.total).toBe(1);
    expect(confirmed.body.files[0]).not.toHaveProperty('expiresAt');
    expect(confirmed.body.files[0].description).toBe('notes');
  });

  it.each([
    [
      '6',
      { success: false, error: 'Just 1 file is allowed' },
      { success: false, error: '[No file uploaded]', errorType: 'No file uploaded' },
      { success: false, error: '[error-file-too-large]', errorType: 'error-file-too-large' },
    ],
    [
      '8.9',
      {
        success: false,
        error: 'Too many files in upload [error-too-many-files]',
        errorType: 'error-too-many-files',
      },
      { success: false, error: 'No file uploaded [error-no-file]', errorType: 'error-no-file' },
      {
        success: false,
        error: 'File size exceeds the allowed limit [error-file-too-large]',
        errorType: 'error-file-too-large',
      },
    ],
  ] as const)('%s: two files, no file, too large', async (profile, two, none, large) => {
    const fake = makeFake({ profile: profile as ProfileId });
    const before = snapshot(fake);
    expect((await media(fake, 'GENERAL', [TEXT, TEXT])).body).toEqual(two);
    expect((await media(fake, 'GENERAL', [], { content: '{}' })).body).toEqual(none);
    fake.setSettings({ FileUpload_MaxFileSize: 13 });
    expect((await media(fake, 'GENERAL', [TEXT])).status).toBe(200);
    fake.setSettings({ FileUpload_MaxFileSize: 12 });
    const after = snapshot(fake);
    expect((await media(fake, 'GENERAL', [TEXT])).body).toEqual(large);
    expect(snapshot(fake)).toBe(after);
    expect(before).not.toBe(after);
  });

  it('content that is not JSON is invalid-field-content; 5 has neither route (404)', async () => {
    const fake = makeFake({ profile: '7.10' });
    const res = await media(fake, 'GENERAL', [TEXT], { content: 'not json' });
    expect(res.body).toEqual({
      success: false,
      error: '[invalid-field-content]',
      errorType: 'invalid-field-content',
    });
    const five = makeFake({ profile: '5' });
    expect((await media(five, 'GENERAL', [TEXT])).status).toBe(404);
    const confirm = await request(five.app)
      .post('/api/v1/rooms.mediaConfirm/GENERAL/x')
      .set(AS.alice)
      .send({});
    expect(confirm.status).toBe(404);
  });

  it('7.x confirms any upload by id; an unknown one is invalid-file', async () => {
    const fake = makeFake({ profile: '7.10' });
    const res = await media(fake, 'GENERAL', [TEXT]);
    const id = res.body.file._id as string;
    const missing = await request(fake.app)
      .post('/api/v1/rooms.mediaConfirm/GENERAL/0123456789abcdef01234567')
      .set(AS.alice)
      .send({});
    expect(missing.body).toEqual({ success: false, error: '[invalid-file]', errorType: 'invalid-file' });
    const bobs = await request(fake.app)
      .post(`/api/v1/rooms.mediaConfirm/GENERAL/${id}`)
      .set(AS.bob)
      .send({});
    expect(bobs.status).toBe(200);
    expect(bobs.body.message.u.username).toBe('bob');
  });
});

describe('channels.files, groups.files, im.files', () => {
  it('list a room’s uploads by name with the uploader; name and typeGroup filter (7.x)', async () => {
    const fake = makeFake({ profile: '7.10' });
    await upload(fake, 'GENERAL', [{ ...TEXT, name: 'b.txt' }]);
    await upload(fake, 'GENERAL', [{ bytes: png(1, 1), name: 'a.png', type: 'image/png' }], {}, 'bob');
    const all = await request(fake.app)
      .get('/api/v1/channels.files')
      .query({ roomId: 'GENERAL' })
      .set(AS.alice);
    expect(all.status).toBe(200);
    expect(all.body.files.map((f: { name: string }) => f.name)).toEqual(['a.png', 'b.txt']);
    expect(all.body.files[0].user).toEqual({ _id: 'bobUserId00000001', username: 'bob', name: 'bob' });
    expect(all.body).toMatchObject({ count: 2, offset: 0, total: 2, success: true });
    const images = await request(fake.app)
      .get('/api/v1/channels.files')
      .query({ roomName: 'general', typeGroup: 'image' })
      .set(AS.alice);
    expect(images.body.files.map((f: { name: string }) => f.name)).toEqual(['a.png']);
    const named = await request(fake.app)
      .get('/api/v1/channels.files')
      .query({ roomId: 'GENERAL', name: 'B.T' })
      .set(AS.alice);
    expect(named.body.files.map((f: { name: string }) => f.name)).toEqual(['b.txt']);
    const bad = await request(fake.app).get('/api/v1/channels.files').query({}).set(AS.alice);
    expect(bad.body).toEqual({
      success: false,
      error:
        "must have required property 'roomId'\n must have required property 'roomName'\n must match exactly one schema in oneOf [invalid-params]",
      errorType: 'invalid-params',
    });
  });

  it('groups.files: a member’s group; another user’s is not found', async () => {
    const fake = makeFake({ profile: '7.10' });
    await upload(fake, 'privateRoomId0001', [TEXT]);
    const mine = await request(fake.app)
      .get('/api/v1/groups.files')
      .query({ roomId: 'privateRoomId0001' })
      .set(AS.alice);
    expect(mine.body.total).toBe(1);
    const theirs = await request(fake.app)
      .get('/api/v1/groups.files')
      .query({ roomId: 'privateRoomId0001' })
      .set(AS.bob);
    expect(theirs.status).toBe(400);
    expect(theirs.body.errorType).toBe('error-room-not-found');
  });

  it('im.files and dm.files: a direct room by roomId or username', async () => {
    const fake = makeFake({ profile: '7.10' });
    const dm = await request(fake.app).post('/api/v1/im.create').set(AS.alice).send({ username: 'bob' });
    const rid = dm.body.room._id as string;
    expect((await upload(fake, rid, [TEXT])).status).toBe(200);
    const byId = await request(fake.app).get('/api/v1/im.files').query({ roomId: rid }).set(AS.bob);
    expect(byId.body.total).toBe(1);
    const byName = await request(fake.app).get('/api/v1/dm.files').query({ username: 'bob' }).set(AS.alice);
    expect(byName.body.files[0].rid).toBe(rid);
    const outsider = await request(fake.app).get('/api/v1/im.files').query({ roomId: rid }).set(AS.admin);
    expect(outsider.body).toEqual({
      success: false,
      error: 'The required "roomId" param provided does not match any direct message [error-room-not-found]',
      errorType: 'error-room-not-found',
    });
  });

  it('0.49 has none of them (404)', async () => {
    const fake = makeFake({ profile: '0.49' });
    for (const path of ['channels.files', 'groups.files', 'im.files', 'dm.files']) {
      const res = await request(fake.app).get(`/api/v1/${path}`).query({ roomId: 'GENERAL' }).set(AS.alice);
      expect(res.status).toBe(404);
    }
  });
});

describe('the file message over the realtime API', () => {
  it('reaches the room’s stream as any message does', async () => {
    const fake = makeFake({ profile: '7.10' });
    await fake.start();
    const ddp = new Ddp(`${fake.url.replace('http', 'ws')}/websocket`);
    try {
      await ddp.connect();
      await ddp.call('login', { resume: 'bob-token' });
      expect(await ddp.sub('stream-room-messages', 'GENERAL', false)).toMatchObject({ msg: 'ready' });
      const form = new FormData();
      form.append('msg', 'live');
      form.append('file', new Blob([Buffer.from('live bytes')], { type: 'text/plain' }), 'live.txt');
      const res = await fetch(`${fake.url}/api/v1/rooms.upload/GENERAL`, {
        method: 'POST',
        headers: AS.alice,
        body: form,
      });
      const answer = (await res.json()) as { message: { _id: string; file: { _id: string } } };
      const frame = await ddp.next((f) => f.msg === 'changed' && f.collection === 'stream-room-messages');
      const [message] = (frame.fields as { args: Array<Record<string, unknown>> }).args;
      expect(message).toMatchObject({
        _id: answer.message._id,
        msg: 'live',
        file: { _id: answer.message.file._id, name: 'live.txt', type: 'text/plain', size: 10 },
        files: [{ _id: answer.message.file._id }],
        groupable: false,
      });
    } finally {
      await ddp.close();
      await fake.stop();
    }
  });
});

describe('deleteFileMessage (realtime)', () => {
  it('deletes the file’s message and the file; an unconfirmed upload alone; a non-string is Match failed', async () => {
    const fake = makeFake({ profile: '7.10' });
    const sent = await upload(fake, 'GENERAL', [TEXT]);
    const fileId = sent.body.message.file._id as string;
    const temporary = await media(fake, 'GENERAL', [TEXT]);
    const tempId = temporary.body.file._id as string;
    await fake.start();
    const ddp = new Ddp(`${fake.url.replace('http', 'ws')}/websocket`);
    try {
      await ddp.connect();
      const anonymous = await ddp.call('deleteFileMessage', fileId);
      expect(anonymous.error).toMatchObject({ error: 'error-invalid-user' });
      await ddp.call('login', { resume: 'alice-token' });
      expect((await ddp.call('deleteFileMessage', 5)).error).toMatchObject({
        error: 400,
        reason: 'Match failed',
      });
      const done = await ddp.call('deleteFileMessage', fileId);
      expect(done.error).toBeUndefined();
      expect((await request(fake.app).get(`/file-upload/${fileId}/x`).set(AS.alice)).status).toBe(404);
      const history = await request(fake.app)
        .get('/api/v1/channels.history')
        .query({ roomId: 'GENERAL' })
        .set(AS.alice);
      expect(history.body.messages.map((m: { _id: string }) => m._id)).not.toContain(sent.body.message._id);
      expect((await ddp.call('deleteFileMessage', tempId)).error).toBeUndefined();
      expect((await request(fake.app).get(`/file-upload/${tempId}/x`).set(AS.alice)).status).toBe(404);
    } finally {
      await ddp.close();
      await fake.stop();
    }
  });
});
