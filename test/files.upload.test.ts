/**
 * `POST rooms.upload/:rid`, `rooms.media/:rid`, `rooms.mediaConfirm/:rid/:fileId` and
 * `GET /file-upload/:fileId/:name`: a file uploaded as `multipart/form-data`, its message, its
 * bytes served back; the refusals per release line, the world's upload budget, a reset.
 */
import request from 'supertest';

import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS, makeFake } from './support/fake';

const HEX24 = /^[0-9a-f]{24}$/;

function upload(
  fake: FakeServer,
  rid: string,
  file: { bytes: Buffer; name: string; type?: string; field?: string } | undefined,
  fields: Record<string, string> = {},
  who: keyof typeof AS = 'alice',
  route = 'rooms.upload',
): request.Test {
  let req = request(fake.app).post(`/api/v1/${route}/${rid}`).set(AS[who]);
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  if (file)
    req = req.attach(file.field ?? 'file', file.bytes, {
      filename: file.name,
      contentType: file.type ?? 'text/plain',
    });
  return req;
}

describe('smoke', () => {
  it('uploads and downloads', async () => {
    const fake = makeFake({ profile: '7' as ProfileId });
    const bytes = Buffer.from('hello world');
    const res = await upload(fake, 'GENERAL', { bytes, name: 'a.txt' }, { msg: 'hi', description: 'desc' });
    expect(res.status).toBe(200);
    console.log(JSON.stringify(res.body));
    expect(res.body.message.file._id).toMatch(HEX24);
  });
});
