/**
 * `GET /api/v1/settings.oauth` and `GET /api/v1/service.configurations` (no login: a community
 * server with no OAuth service), and `permissions.listAll`'s `updatedSince` as the real route reads it.
 */
import request from 'supertest';

import type { ProfileId } from '../src/types';
import { AS, makeFake } from './support/fake';

const BAD = { 'X-Auth-Token': 'nope', 'X-User-Id': 'nobody' };

describe('GET /api/v1/settings.oauth', () => {
  it.each(['5', '6', '7', '8'] as ProfileId[])(
    '%s: {services: []} to anyone, logged in, not, or with headers naming no login',
    async (profile) => {
      const fake = makeFake({ profile });
      for (const headers of [{}, AS.alice, BAD]) {
        const res = await request(fake.app).get('/api/v1/settings.oauth').set(headers);
        expect([res.status, res.body]).toEqual([200, { services: [], success: true }]);
      }
    },
  );

  it('0.49 had no such route: its 404; the OpenAPI document lists it from 5 on, without security', async () => {
    const res = await request(makeFake({ profile: '0.49' }).app).get('/api/v1/settings.oauth');
    expect(res.status).toBe(404);
    const doc = await request(makeFake({ profile: '7' }).app).get('/api/docs/json');
    expect(doc.body.paths['/api/v1/settings.oauth'].get.operationId).toBe('settings.oauth');
    expect(doc.body.paths['/api/v1/settings.oauth'].get.security).toBeUndefined();
  });
});

describe('GET /api/v1/service.configurations', () => {
  it.each(['0.49', '5', '6', '7', '8'] as ProfileId[])(
    '%s: {configurations: []} to anyone, logged in or not',
    async (profile) => {
      const fake = makeFake({ profile });
      for (const headers of [{}, AS.admin, BAD]) {
        const res = await request(fake.app).get('/api/v1/service.configurations').set(headers);
        expect([res.status, res.body]).toEqual([200, { configurations: [], success: true }]);
      }
      expect(fake.requests().at(-1)).toMatchObject({
        path: '/api/v1/service.configurations',
        modelled: true,
      });
    },
  );
});

describe('GET /api/v1/permissions.listAll?updatedSince', () => {
  it('lists only what changed strictly after the date; remove stays empty; an empty one lists all', async () => {
    const fake = makeFake({ profile: '7' });
    const all = await request(fake.app).get('/api/v1/permissions.listAll').set(AS.alice);
    const total = (all.body.update as unknown[]).length;
    expect(total).toBeGreaterThan(10);
    // the world's clock start: every permission dates from it, none is after it
    const none = await request(fake.app)
      .get('/api/v1/permissions.listAll')
      .query({ updatedSince: '2026-01-01T00:00:00.000Z' })
      .set(AS.alice);
    expect([none.status, none.body]).toEqual([200, { update: [], remove: [], success: true }]);
    const before = await request(fake.app)
      .get('/api/v1/permissions.listAll')
      .query({ updatedSince: '2025-12-31' })
      .set(AS.alice);
    expect((before.body.update as unknown[]).length).toBe(total);
    const empty = await request(fake.app).get('/api/v1/permissions.listAll?updatedSince=').set(AS.alice);
    expect((empty.body.update as unknown[]).length).toBe(total);
    await request(fake.app)
      .post('/api/v1/permissions.update')
      .set(AS.admin)
      .send({ permissions: [{ _id: 'create-c', roles: ['admin'] }] })
      .expect(200);
    const since = await request(fake.app)
      .get('/api/v1/permissions.listAll')
      .query({ updatedSince: '2026-01-01T00:00:00.000Z' })
      .set(AS.alice);
    expect(since.body.update).toEqual([
      { _id: 'create-c', _updatedAt: expect.any(String), roles: ['admin'] },
    ]);
    expect(since.body.remove).toEqual([]);
  });

  it.each([
    ['5', '?updatedSince=yesterday'],
    ['6', '?updatedSince=yesterday'],
    ['7.10', '?updatedSince=yesterday'],
    ['8', '?updatedSince=not-a-date'],
  ] as const)(
    '%s: a date Date.parse cannot read (%s) is refused with the room errorType (sic)',
    async (profile, q) => {
      const res = await request(makeFake({ profile }).app)
        .get(`/api/v1/permissions.listAll${q}`)
        .set(AS.alice);
      expect([res.status, res.body]).toEqual([
        400,
        {
          success: false,
          error: 'The "updatedSince" query parameter must be a valid date. [error-roomId-param-invalid]',
          errorType: 'error-roomId-param-invalid',
        },
      ]);
    },
  );

  it('7.10 on an extra key fails the query schema; 7.0 reads none', async () => {
    const res = await request(makeFake({ profile: '7.10' }).app)
      .get('/api/v1/permissions.listAll?since=1')
      .set(AS.alice);
    expect([res.status, res.body]).toEqual([
      400,
      {
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      },
    ]);
    const old = await request(makeFake({ profile: '7.0' }).app)
      .get('/api/v1/permissions.listAll?since=1')
      .set(AS.alice);
    expect(old.status).toBe(200);
  });
});
