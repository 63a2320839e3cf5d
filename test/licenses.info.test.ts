/**
 * `GET /api/v1/licenses.info`: a community server's licence information, no licence; the limits
 * only to `view-privileged-setting`, with their current values on `loadValues=true`.
 */
import request from 'supertest';

import type { ProfileId } from '../src/types';
import { AS, makeFake } from './support/fake';

const PREVENTED = {
  activeUsers: false,
  guestUsers: false,
  roomsPerGuest: false,
  privateApps: false,
  marketplaceApps: false,
  monthlyActiveContacts: false,
};

describe('GET /api/v1/licenses.info', () => {
  it('answers the admin the limits (max -1 where none), no license key, no modules, no tags, no trial', async () => {
    const res = await request(makeFake().app).get('/api/v1/licenses.info').set(AS.admin);
    expect([res.status, res.body]).toEqual([
      200,
      {
        license: {
          activeModules: [],
          externalModules: [],
          preventedActions: PREVENTED,
          limits: {
            activeUsers: { max: -1 },
            guestUsers: { max: -1 },
            privateApps: { max: 3 },
            marketplaceApps: { max: 5 },
            monthlyActiveContacts: { max: -1 },
          },
          tags: [],
          trial: false,
        },
        success: true,
      },
    ]);
  });

  it('loadValues=true adds each limit’s current value, value first; a user without view-privileged-setting gets no limits', async () => {
    const fake = makeFake();
    const loaded = await request(fake.app).get('/api/v1/licenses.info?loadValues=true').set(AS.admin);
    const limits = (loaded.body as { license: { limits: Record<string, object> } }).license.limits;
    // admin, alice, bob active humans; gina an active guest; robot a bot; gone inactive
    expect(limits.activeUsers).toEqual({ value: 3, max: -1 });
    expect(Object.keys(limits.activeUsers ?? {})).toEqual(['value', 'max']);
    expect(limits.guestUsers).toEqual({ value: 1, max: -1 });
    expect(limits.privateApps).toEqual({ value: 0, max: 3 });
    const user = await request(fake.app).get('/api/v1/licenses.info?loadValues=true').set(AS.alice);
    expect(user.status).toBe(200);
    expect((user.body as { license: { limits: object } }).license.limits).toEqual({});
    const bad = await request(fake.app).get('/api/v1/licenses.info?x=1').set(AS.alice);
    expect([bad.status, bad.body]).toEqual([
      400,
      {
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      },
    ]);
    expect((await request(fake.app).get('/api/v1/licenses.info')).status).toBe(401);
  });

  it.each<[ProfileId, number]>([
    ['0.49', 404],
    ['5', 404],
    ['6', 200],
    ['8.9', 200],
  ])('on %s answers %s', async (profile, status) => {
    const res = await request(makeFake({ profile }).app).get('/api/v1/licenses.info').set(AS.alice);
    expect(res.status).toBe(status);
  });
});
