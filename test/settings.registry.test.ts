/**
 * The settings registry (src/store/setting-registry.ts): every setting the fake's rules read is a
 * real Rocket.Chat setting with its id, type, default and public flag, and the scenario's
 * `settings`, the control API and `settings.public` all read the registry. The rules that read a
 * setting follow its value in force: `Message_MaxAllowedSize`, `Message_AllowEditing` (and its
 * minutes), `Message_AllowDeleting` (and its minutes), `Site_Url`.
 */
import request from 'supertest';

import { settingsSchema } from '../src/scenario/settings';
import { DEFAULT_SETTINGS } from '../src/store/login-guard';
import { SETTINGS, SETTING_IDS } from '../src/store/setting-registry';
import type { SettingsRegistry } from '../src/store/setting-registry';
import type { FakeServer } from '../src/server';
import type { ServerSettings } from '../src/types';
import { AS, WORLD, makeFake } from './support/fake';

/** Compiles only while every ServerSettings key has a registry row and the registry no other key. */
type Keys<T> = keyof T;
const sameKeys: [Keys<SettingsRegistry>] extends [keyof ServerSettings]
  ? [keyof ServerSettings] extends [Keys<SettingsRegistry>]
    ? true
    : false
  : false = true;

const TYPES: Record<string, string> = {
  boolean: 'boolean',
  int: 'number',
  string: 'string',
  select: 'string',
};

function post(fake: FakeServer, who: keyof typeof AS, path: string, body: object): request.Test {
  return request(fake.app).post(path).set(AS[who]).send(body);
}

describe('the settings registry', () => {
  it('has a row for every ServerSettings key, each default of its type, and the defaults are the rows', () => {
    expect(sameKeys).toBe(true);
    expect(Object.keys(DEFAULT_SETTINGS).sort()).toEqual([...SETTING_IDS].sort());
    for (const id of SETTING_IDS) {
      const row = SETTINGS[id];
      expect([id, typeof row.packageValue]).toEqual([id, TYPES[row.type]]);
      expect(DEFAULT_SETTINGS[id]).toEqual(row.packageValue);
      if (row.type === 'select') expect(row.values).toContain(row.packageValue);
    }
    expect(Object.keys(settingsSchema.shape).sort()).toEqual([...SETTING_IDS].sort());
    expect(settingsSchema.safeParse(DEFAULT_SETTINGS).success).toBe(true);
  });

  it('the defaults are the real server’s for the settings the rules read', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      Message_MaxAllowedSize: 5000,
      Message_AllowEditing: true,
      Message_AllowEditing_BlockEditInMinutes: 0,
      Message_AllowDeleting: true,
      Message_AllowDeleting_BlockDeleteInMinutes: 0,
      API_Enable_Rate_Limiter: true,
      API_Enable_Rate_Limiter_Limit_Calls_Default: 10,
      API_Enable_Rate_Limiter_Limit_Time_Default: 60000,
      Site_Name: 'Rocket.Chat',
      Site_Url: '',
    });
    expect([SETTINGS.Message_MaxAllowedSize.public, SETTINGS.API_Enable_Rate_Limiter.public]).toEqual([
      true,
      false,
    ]);
  });

  it('the control API and a scenario change every setting, checked by its type; a refusal changes nothing', () => {
    const fake = makeFake({
      scenario: { ...WORLD, settings: { Site_Name: 'Acme', Message_AllowEditing: false } },
    });
    expect(fake.getSettings()).toMatchObject({ Site_Name: 'Acme', Message_AllowEditing: false });
    expect(fake.setSettings({ Show_Setup_Wizard: 'pending', Message_MaxAllowedSize: 10 })).toMatchObject({
      Show_Setup_Wizard: 'pending',
      Message_MaxAllowedSize: 10,
      Site_Name: 'Acme',
    });
    expect(fake.state().settings).toEqual({
      Site_Name: 'Acme',
      Message_AllowEditing: false,
      Show_Setup_Wizard: 'pending',
      Message_MaxAllowedSize: 10,
    });
    expect(() => fake.setSettings({ Message_MaxAllowedSize: 'big' } as object)).toThrow(
      /Message_MaxAllowedSize/,
    );
    expect(() => fake.setSettings({ Show_Setup_Wizard: 'later' })).toThrow(
      /"pending", "in_progress", "completed"/,
    );
    expect(() => fake.setSettings({ Site_Nam: 'x' } as object)).toThrow(/Site_Name/);
    expect(fake.getSettings().Message_MaxAllowedSize).toBe(10);
    fake.reset();
    expect(fake.getSettings()).toMatchObject({ Site_Name: 'Acme', Message_MaxAllowedSize: 5000 });
  });

  it('settings.public lists the public rows with the values in force; Site_Url at its default is the address reached', async () => {
    const fake = makeFake();
    const all = await request(fake.app).get('/api/v1/settings.public?count=0');
    const ids = (all.body.settings as { _id: string }[]).map((s) => s._id);
    expect(ids).toEqual(SETTING_IDS.filter((id) => SETTINGS[id].public).sort());
    expect(ids).not.toContain('API_Enable_Rate_Limiter');
    const site = await request(fake.app).get('/api/v1/settings.public?_id=Site_Url,Site_Name');
    expect(site.body.settings).toEqual([
      { _id: 'Site_Name', value: 'Rocket.Chat', enterprise: false },
      { _id: 'Site_Url', value: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), enterprise: false },
    ]);
    fake.setSettings({ Site_Url: 'https://chat.example.com', Site_Name: 'Acme' });
    const changed = await request(fake.app).get('/api/v1/settings.public?_id=Site_Url,Site_Name');
    expect(changed.body.settings).toEqual([
      { _id: 'Site_Name', value: 'Acme', enterprise: false },
      { _id: 'Site_Url', value: 'https://chat.example.com', enterprise: false },
    ]);
  });
});

describe('the rules read the settings in force', () => {
  it('Message_MaxAllowedSize: chat.postMessage and chat.sendMessage refuse a longer text', async () => {
    const fake = makeFake();
    fake.setSettings({ Message_MaxAllowedSize: 10 });
    const long = await post(fake, 'alice', '/api/v1/chat.postMessage', {
      roomId: 'GENERAL',
      text: '12345678901',
    });
    expect([long.status, long.body]).toEqual([400, { success: false, error: 'error-message-size-exceeded' }]);
    const sent = await post(fake, 'alice', '/api/v1/chat.sendMessage', {
      message: { rid: 'GENERAL', msg: '12345678901' },
    });
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({ success: false, errorType: 'error-message-size-exceeded' });
    const fits = await post(fake, 'alice', '/api/v1/chat.postMessage', {
      roomId: 'GENERAL',
      text: '1234567890',
    });
    expect(fits.status).toBe(200);
  });

  it('Message_AllowEditing off: an author may not edit their own message; edit-message still may', async () => {
    const fake = makeFake();
    const posted = (await post(fake, 'alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: 'a' }))
      .body.message as { _id: string };
    fake.setSettings({ Message_AllowEditing: false });
    const before = JSON.stringify(fake.state().messages);
    const own = await post(fake, 'alice', '/api/v1/chat.update', {
      roomId: 'GENERAL',
      msgId: posted._id,
      text: 'b',
    });
    expect([own.status, own.body]).toEqual([
      400,
      {
        success: false,
        error: 'Message editing not allowed [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
        details: { method: 'updateMessage', action: 'Message_editing' },
      },
    ]);
    expect(JSON.stringify(fake.state().messages)).toBe(before);
    const admin = await post(fake, 'admin', '/api/v1/chat.update', {
      roomId: 'GENERAL',
      msgId: posted._id,
      text: 'c',
    });
    expect(admin.status).toBe(200);
  });

  it('Message_AllowEditing_BlockEditInMinutes: an edit once that many whole minutes passed is blocked ', async () => {
    const fake = makeFake();
    fake.setSettings({ Message_AllowEditing_BlockEditInMinutes: 2 });
    const posted = (await post(fake, 'alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: 'a' }))
      .body.message as { _id: string };
    fake.clock.advance(60_000);
    const early = await post(fake, 'alice', '/api/v1/chat.update', {
      roomId: 'GENERAL',
      msgId: posted._id,
      text: 'b',
    });
    expect(early.status).toBe(200);
    fake.clock.advance(60_000);
    const late = await post(fake, 'alice', '/api/v1/chat.update', {
      roomId: 'GENERAL',
      msgId: posted._id,
      text: 'c',
    });
    expect([late.status, late.body]).toEqual([
      400,
      {
        success: false,
        error: 'Message editing is blocked [error-message-editing-blocked]',
        errorType: 'error-message-editing-blocked',
        details: { method: 'updateMessage' },
      },
    ]);
    expect(fake.state().messages?.find((m) => m._id === posted._id)?.msg).toBe('b');
  });

  it('Message_AllowDeleting off, and its minutes: an author’s delete is not allowed; force-delete-message still is', async () => {
    const fake = makeFake();
    const say = async (text: string): Promise<string> =>
      (
        (await post(fake, 'alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text })).body.message as {
          _id: string;
        }
      )._id;
    const first = await say('one');
    const second = await say('two');
    const NOT_ALLOWED = {
      success: false,
      error: 'Not allowed [error-action-not-allowed]',
      errorType: 'error-action-not-allowed',
    };
    fake.setSettings({ Message_AllowDeleting: false });
    const off = await post(fake, 'alice', '/api/v1/chat.delete', { roomId: 'GENERAL', msgId: first });
    expect([off.status, off.body]).toEqual([400, NOT_ALLOWED]);
    fake.setSettings({ Message_AllowDeleting: true, Message_AllowDeleting_BlockDeleteInMinutes: 1 });
    fake.clock.advance(118_000);
    expect(
      (await post(fake, 'alice', '/api/v1/chat.delete', { roomId: 'GENERAL', msgId: first })).status,
    ).toBe(200);
    fake.clock.advance(1_000);
    const late = await post(fake, 'alice', '/api/v1/chat.delete', { roomId: 'GENERAL', msgId: second });
    expect([late.status, late.body]).toEqual([400, NOT_ALLOWED]);
    expect(
      (await post(fake, 'admin', '/api/v1/chat.delete', { roomId: 'GENERAL', msgId: second })).status,
    ).toBe(200);
  });
});
