/**
 * `GET|POST /api/v1/settings/:_id`, `GET /api/v1/settings` and the realtime twin `saveSetting`:
 * one setting read and saved (REST stores any value as sent; DDP checks it by the setting's type),
 * the administration's list, and what a change sends (`stream-notify-all`
 * `public-settings-changed`, `stream-notify-logged` `private-settings-changed`).
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import { LISTED_SETTING_IDS, SETTINGS } from '../src/store/setting-registry';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import type { Ddp } from './support/ddp';
import { openDdp } from './support/ddp';
import { AS, WORLD, makeFake } from './support/fake';

const PERM403 = {
  success: false,
  error: 'User does not have the permissions required for this action [error-unauthorized]',
};
const UNAUTH403 = { success: false, error: 'unauthorized' };

function get(fake: FakeServer, who: keyof typeof AS, path: string): request.Test {
  return request(fake.app).get(path).set(AS[who]);
}
function post(fake: FakeServer, who: keyof typeof AS, path: string, body: object): request.Test {
  return request(fake.app).post(path).set(AS[who]).send(body);
}

describe('GET /api/v1/settings/:_id', () => {
  it('answers {_id, value} alone to view-privileged-setting; Site_Url at its default is the address reached', async () => {
    const fake = makeFake();
    const res = await get(fake, 'admin', '/api/v1/settings/Message_MaxAllowedSize');
    expect([res.status, res.body]).toEqual([
      200,
      { _id: 'Message_MaxAllowedSize', value: 5000, success: true },
    ]);
    expect(Object.keys(res.body)).toEqual(['_id', 'value', 'success']);
    const site = await get(fake, 'admin', '/api/v1/settings/Site_Url');
    expect(site.body).toEqual({ _id: 'Site_Url', value: expect.stringMatching(/^http:\/\//), success: true });
    const hidden = await get(fake, 'admin', '/api/v1/settings/API_Enable_Rate_Limiter');
    expect(hidden.body).toEqual({ _id: 'API_Enable_Rate_Limiter', value: true, success: true });
  });

  it.each<[ProfileId, number, object]>([
    ['0.49', 200, { success: true }],
    ['5', 400, { success: false }],
    ['7.0', 400, { success: false }],
    ['8.9', 400, { success: false }],
  ])('on %s an unknown setting answers %s %j', async (profile, status, body) => {
    const fake = makeFake({ profile });
    const res = await get(fake, 'admin', '/api/v1/settings/No_Such_Setting');
    expect([res.status, res.body]).toEqual([status, body]);
  });

  it.each<[ProfileId, object]>([
    ['0.49', UNAUTH403],
    ['5', UNAUTH403],
    ['6', PERM403],
    ['8.9', PERM403],
  ])('on %s a caller without view-privileged-setting is refused 403 %j', async (profile, body) => {
    const fake = makeFake({ profile });
    const res = await get(fake, 'alice', '/api/v1/settings/Site_Name');
    expect([res.status, res.body]).toEqual([403, body]);
    const anonymous = await request(fake.app).get('/api/v1/settings/Site_Name');
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /api/v1/settings/:_id', () => {
  it('saves the value as sent (no type check), in the state, the changes and the rules in force; the same value again is 200', async () => {
    const fake = makeFake();
    const res = await post(fake, 'admin', '/api/v1/settings/Message_MaxAllowedSize', { value: 10 });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(fake.state().settings).toEqual({ Message_MaxAllowedSize: 10 });
    expect(fake.changes().settings).toEqual({
      added: [],
      changed: [
        {
          _id: 'Message_MaxAllowedSize',
          fields: ['value'],
          before: { _id: 'Message_MaxAllowedSize', value: 5000 },
          after: { _id: 'Message_MaxAllowedSize', value: 10 },
        },
      ],
      removed: [],
    });
    expect(fake.getSettings().Message_MaxAllowedSize).toBe(10);
    const long = await post(fake, 'alice', '/api/v1/chat.postMessage', {
      roomId: 'GENERAL',
      text: '12345678901',
    });
    expect(long.status).toBe(400);
    expect((await post(fake, 'admin', '/api/v1/settings/Message_MaxAllowedSize', { value: 10 })).status).toBe(
      200,
    );
    // any JSON value, into a boolean setting too: kept as sent
    const odd = await post(fake, 'admin', '/api/v1/settings/Message_AllowEditing', { value: 'abc' });
    expect([odd.status, odd.body]).toEqual([200, { success: true }]);
    expect((await get(fake, 'admin', '/api/v1/settings/Message_AllowEditing')).body).toEqual({
      _id: 'Message_AllowEditing',
      value: 'abc',
      success: true,
    });
    // a text limit that is no number limits nothing (`length > "big"` is false)
    await post(fake, 'admin', '/api/v1/settings/Message_MaxAllowedSize', { value: 'big' });
    const fits = await post(fake, 'alice', '/api/v1/chat.postMessage', {
      roomId: 'GENERAL',
      text: '12345678901',
    });
    expect(fits.status).toBe(200);
    fake.reset();
    expect(fake.state().settings).toBeUndefined();
    expect(fake.changes().settings.changed).toEqual([]);
  });

  it('refusals change nothing: no permission (403), an unknown setting or no value (400 {success: false})', async () => {
    const fake = makeFake();
    const refused = await post(fake, 'alice', '/api/v1/settings/Site_Name', { value: 'Mine' });
    expect([refused.status, refused.body]).toEqual([403, PERM403]);
    const unknown = await post(fake, 'admin', '/api/v1/settings/No_Such_Setting', { value: 1 });
    expect([unknown.status, unknown.body]).toEqual([400, { success: false }]);
    const none = await post(fake, 'admin', '/api/v1/settings/Site_Name', { execute: true });
    expect([none.status, none.body]).toEqual([400, { success: false }]);
    expect(fake.state().settings).toBeUndefined();
    expect(fake.changes()).toEqual(makeFake().changes());
  });

  it('on 0.49: Meteor’s check of the body, the bare unauthorized, the bare failure for an unknown setting', async () => {
    const fake = makeFake({ profile: '0.49' });
    const missing = await post(fake, 'admin', '/api/v1/settings/Site_Name', {});
    expect([missing.status, missing.body]).toEqual([
      400,
      { success: false, error: "Match error: Missing key 'value'" },
    ]);
    const extra = await post(fake, 'admin', '/api/v1/settings/Site_Name', { value: 'x', foo: 2 });
    expect(extra.body).toEqual({ success: false, error: 'Match error: Unknown key in field foo' });
    const unknown = await post(fake, 'admin', '/api/v1/settings/No_Such_Setting', { value: 1 });
    expect([unknown.status, unknown.body]).toEqual([400, { success: false }]);
    const refused = await post(fake, 'alice', '/api/v1/settings/Site_Name', { value: 'x' });
    expect([refused.status, refused.body]).toEqual([403, UNAUTH403]);
    const saved = await post(fake, 'admin', '/api/v1/settings/Site_Name', { value: 'Acme' });
    expect([saved.status, saved.body]).toEqual([200, { success: true }]);
  });

  it('on 8.x the body schema: execute a boolean', async () => {
    const fake = makeFake({ profile: '8.9' });
    const res = await post(fake, 'admin', '/api/v1/settings/Site_Name', { value: 'x', execute: 'yes' });
    expect([res.status, res.body]).toEqual([
      400,
      { success: false, error: 'must be boolean [invalid-params]', errorType: 'invalid-params' },
    ]);
    const seven = makeFake({ profile: '7.0' });
    expect(
      (await post(seven, 'admin', '/api/v1/settings/Site_Name', { value: 'x', execute: 'yes' })).status,
    ).toBe(200);
  });
});

describe('GET /api/v1/settings', () => {
  it('lists every setting to view-privileged-setting, the public ones to others, paged', async () => {
    const fake = makeFake();
    const admin = await get(fake, 'admin', '/api/v1/settings?count=2');
    expect(admin.body).toEqual({
      settings: [
        { _id: 'API_Enable_Rate_Limiter', value: true, enterprise: false },
        { _id: 'API_Enable_Rate_Limiter_Dev', value: true, enterprise: false },
      ],
      count: 2,
      offset: 0,
      total: LISTED_SETTING_IDS.length,
      success: true,
    });
    const alice = await get(fake, 'alice', '/api/v1/settings?count=1');
    expect(alice.body).toEqual({
      settings: [{ _id: 'API_Use_REST_For_DDP_Calls', value: true, enterprise: false }],
      count: 1,
      offset: 0,
      total: LISTED_SETTING_IDS.filter((id) => SETTINGS[id].public).length,
      success: true,
    });
    expect((await request(fake.app).get('/api/v1/settings')).status).toBe(401);
  });

  it('7.9 on: includeDefaults adds packageValue, an unknown parameter is refused; 0.49 has no list', async () => {
    const fake = makeFake({ profile: '8.9' });
    fake.setSettings({ Site_Name: 'Acme' });
    const res = await get(fake, 'admin', '/api/v1/settings?includeDefaults=true&count=0');
    expect((res.body.settings as object[]).find((s) => (s as { _id: string })._id === 'Site_Name')).toEqual({
      _id: 'Site_Name',
      value: 'Acme',
      enterprise: false,
      packageValue: 'Rocket.Chat',
    });
    const stray = await get(fake, 'admin', '/api/v1/settings?_=1');
    expect([stray.status, stray.body]).toEqual([
      400,
      {
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      },
    ]);
    const six = makeFake({ profile: '6' });
    const query = await get(
      six,
      'admin',
      `/api/v1/settings?query=${encodeURIComponent('{"_id":"Site_Name"}')}`,
    );
    expect(query.body).toMatchObject({ settings: [{ _id: 'Site_Name', value: 'Rocket.Chat' }], total: 1 });
    expect((await get(makeFake({ profile: '0.49' }), 'admin', '/api/v1/settings')).status).toBe(404);
  });
});

describe('saveSetting over the realtime API, and what a change sends', () => {
  let fake: FakeServer;
  const sockets: Ddp[] = [];

  beforeEach(async () => {
    fake = createFakeServer({ scenario: WORLD });
    await fake.start();
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await fake.stop();
  });

  async function socket(token?: string): Promise<Ddp> {
    return openDdp(fake.url, sockets, token);
  }

  const notAllowed = (details: object): object => ({
    isClientSafe: true,
    error: 'error-action-not-allowed',
    reason: 'Editing settings is not allowed',
    details,
    message: 'Editing settings is not allowed [error-action-not-allowed]',
    errorType: 'Meteor.Error',
  });
  const MATCH_FAILED = {
    isClientSafe: true,
    error: 400,
    reason: 'Match failed',
    message: 'Match failed [400]',
    errorType: 'Meteor.Error',
  };

  it('checks the user, the permission, then the value by the setting’s type; answers true, an unknown id too', async () => {
    const anonymous = await socket();
    expect((await anonymous.call('saveSetting', 'Site_Name', 'x')).error).toEqual(
      notAllowed({ method: 'saveSetting' }),
    );
    const alice = await socket('alice-token');
    expect((await alice.call('saveSetting', 'Site_Name', 'x')).error).toEqual(
      notAllowed({ method: 'saveSetting', settingId: 'Site_Name' }),
    );
    const admin = await socket('admin-token');
    expect((await admin.call('saveSetting', 'Message_AllowEditing', 'abc')).error).toEqual(MATCH_FAILED);
    expect((await admin.call('saveSetting', 'Message_MaxAllowedSize', '10')).error).toEqual(MATCH_FAILED);
    expect((await admin.call('saveSetting', 'No_Such_Setting', 5)).error).toEqual(MATCH_FAILED);
    expect((await admin.call('saveSetting', 42, 'x')).error).toEqual(MATCH_FAILED);
    expect(fake.state().settings).toBeUndefined();
    expect((await admin.call('saveSetting', 'No_Such_Setting', 'x')).result).toBe(true);
    expect((await admin.call('saveSetting', 'Message_MaxAllowedSize', 10)).result).toBe(true);
    expect(fake.state().settings).toEqual({ Message_MaxAllowedSize: 10 });
  });

  it('a public setting to stream-notify-all (anyone) and stream-notify-logged (the privileged); a private one to the latter only', async () => {
    const anonymous = await socket();
    const alice = await socket('alice-token');
    const admin = await socket('admin-token');
    expect((await anonymous.sub('stream-notify-all', 'public-settings-changed', false)).msg).toBe('ready');
    expect((await anonymous.sub('stream-notify-logged', 'private-settings-changed', false)).msg).toBe(
      'nosub',
    );
    expect((await alice.sub('stream-notify-logged', 'private-settings-changed', false)).msg).toBe('nosub');
    expect((await alice.sub('stream-notify-all', 'public-settings-changed', false)).msg).toBe('ready');
    expect((await admin.sub('stream-notify-logged', 'private-settings-changed', false)).msg).toBe('ready');
    expect((await admin.sub('stream-notify-all', 'public-settings-changed', false)).msg).toBe('ready');

    await post(fake, 'admin', '/api/v1/settings/Site_Name', { value: 'Acme' });
    const changed = (stream: string, event: string, id: string) => (f: Record<string, unknown>) =>
      f.msg === 'changed' &&
      f.collection === stream &&
      (f.fields as { eventName: string; args: [string, { _id: string }] }).eventName === event &&
      (f.fields as { args: [string, { _id: string }] }).args[1]._id === id;
    const frame = {
      msg: 'changed',
      collection: 'stream-notify-all',
      id: 'id',
      fields: {
        eventName: 'public-settings-changed',
        args: ['updated', { _id: 'Site_Name', value: 'Acme', enterprise: false }],
      },
    };
    expect(
      await anonymous.next(changed('stream-notify-all', 'public-settings-changed', 'Site_Name')),
    ).toEqual(frame);
    expect(await alice.next(changed('stream-notify-all', 'public-settings-changed', 'Site_Name'))).toEqual(
      frame,
    );
    expect(
      await admin.next(changed('stream-notify-logged', 'private-settings-changed', 'Site_Name')),
    ).toEqual({
      ...frame,
      collection: 'stream-notify-logged',
      fields: { ...frame.fields, eventName: 'private-settings-changed' },
    });

    // a private setting (over DDP this time): the privileged only
    await admin.call('saveSetting', 'API_Enable_Rate_Limiter', false);
    expect(
      await admin.next(
        changed('stream-notify-logged', 'private-settings-changed', 'API_Enable_Rate_Limiter'),
      ),
    ).toMatchObject({
      fields: { args: ['updated', { _id: 'API_Enable_Rate_Limiter', value: false, enterprise: false }] },
    });
    await anonymous.call('saveSetting', 'Site_Name', 'x');
    await alice.call('saveSetting', 'Site_Name', 'x');
    const heard = (ddp: Ddp): string[] =>
      ddp.frames
        .filter((f) => f.msg === 'changed')
        .map((f) => (f.fields as { args: [string, { _id: string }] }).args[1]._id);
    expect(heard(anonymous)).toEqual(['Site_Name']);
    expect(heard(alice)).toEqual(['Site_Name']);
    expect(heard(admin)).toEqual(['Site_Name', 'Site_Name', 'API_Enable_Rate_Limiter']);
  });
});
