/**
 * `POST rooms.upload/:rid`'s deprecation headers (the route's `deprecation: {version: '8.0.0',
 * alternatives: ['rooms.media']}`, written by `parseDeprecation` after the login): on late 6.x and
 * 7.x, on its answers and its refusals past the login; not on 5.x, not on a 401, not on other
 * routes.
 */
import request from 'supertest';

import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS, makeFake } from './support/fake';

const HEADERS = {
  'x-deprecation-type': 'endpoint-deprecation',
  'x-deprecation-message':
    'The endpoint "/api/v1/rooms.upload/:rid" is deprecated and will be removed on version 8.0.0 ( Please use the alternative(s): rooms.media)',
  'x-deprecation-version': '8.0.0',
};

function upload(fake: FakeServer, rid: string, who: keyof typeof AS = 'alice'): request.Test {
  return request(fake.app)
    .post(`/api/v1/rooms.upload/${rid}`)
    .set(AS[who])
    .attach('file', Buffer.from('hello\n'), { filename: 'notes.txt', contentType: 'text/plain' });
}

/** The `x-deprecation-*` headers of an answer. */
function deprecation(res: request.Response): Record<string, string> {
  const headers = res.headers as Record<string, string>;
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('x-deprecation-')));
}

describe('rooms.upload’s deprecation headers', () => {
  it.each(['6', '7.0', '7.10'] as ProfileId[])(
    '%s: on the answer and on every refusal past the login',
    async (profile) => {
      const fake = makeFake({ profile });
      const done = await upload(fake, 'GENERAL');
      expect(done.status).toBe(200);
      expect(deprecation(done)).toEqual(HEADERS);
      // a room the caller may not access: the 403 carries them too
      const before = JSON.stringify({ state: fake.state(), changes: fake.changes() });
      const forbidden = await upload(fake, 'privateRoomId0001', 'bob');
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ success: false, error: 'unauthorized' });
      expect(deprecation(forbidden)).toEqual(HEADERS);
      // no file part
      const empty = await request(fake.app)
        .post('/api/v1/rooms.upload/GENERAL')
        .set(AS.alice)
        .field('msg', 'x');
      expect(empty.status).toBe(400);
      expect(deprecation(empty)).toEqual(HEADERS);
      expect(JSON.stringify({ state: fake.state(), changes: fake.changes() })).toBe(before);
      // not logged in: the 401 comes before them
      const anonymous = await request(fake.app)
        .post('/api/v1/rooms.upload/GENERAL')
        .attach('file', Buffer.from('x'), { filename: 'x.txt', contentType: 'text/plain' });
      expect(anonymous.status).toBe(401);
      expect(deprecation(anonymous)).toEqual({});
      // another route has none
      const media = await request(fake.app)
        .post('/api/v1/rooms.media/GENERAL')
        .set(AS.alice)
        .attach('file', Buffer.from('x'), { filename: 'x.txt', contentType: 'text/plain' });
      expect(media.status).toBe(200);
      expect(deprecation(media)).toEqual({});
    },
  );

  it('5 sends none (the route was not deprecated yet); 8.x has no rooms.upload (404, no headers)', async () => {
    const five = makeFake({ profile: '5' });
    const done = await upload(five, 'GENERAL');
    expect(done.status).toBe(200);
    expect(deprecation(done)).toEqual({});
    const eight = makeFake({ profile: '8.9' });
    const gone = await upload(eight, 'GENERAL');
    expect(gone.status).toBe(404);
    expect(deprecation(gone)).toEqual({});
  });
});
