/**
 * `POST /api/v1/chat.reportMessage`: the checks per release line (0.49's 404, the hand checks to
 * 7.0, the validator from 6.x, 8.x's typed body), the function's plain errors; a report that
 * passes answers `{success: true}` and changes nothing (the fake keeps no moderation reports).
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS } from './support/fake';
import { ACTIONS_WORLD } from './support/message-actions';

const REPORT = '/api/v1/chat.reportMessage';

const fakeAs = (profile?: ProfileId): FakeServer =>
  createFakeServer({ scenario: ACTIONS_WORLD, ...(profile ? { profile } : {}) });

const snapshot = (fake: FakeServer): string =>
  JSON.stringify({ state: fake.state(), changes: fake.changes() });

async function answers(
  fake: FakeServer,
  who: keyof typeof AS,
  body: object,
  status: number,
  expected: object,
): Promise<void> {
  const before = snapshot(fake);
  const res = await request(fake.app).post(REPORT).set(AS[who]).send(body);
  expect({ status: res.status, body: res.body as unknown }).toEqual({ status, body: expected });
  expect(snapshot(fake)).toBe(before);
}

const INVALID_MESSAGE = { success: false, error: 'error-invalid-message_id' };
const INVALID_DESCRIPTION = { success: false, error: 'error-invalid-description' };

describe('POST /api/v1/chat.reportMessage', () => {
  it('8.9: reports; a blank description, an unknown message, a room not seen are plain errors; the typed body', async () => {
    const fake = fakeAs();
    await answers(fake, 'bob', { messageId: 'msgGeneral0000001', description: 'spam' }, 200, {
      success: true,
    });
    await answers(
      fake,
      'bob',
      { messageId: 'msgGeneral0000001', description: '  ' },
      400,
      INVALID_DESCRIPTION,
    );
    await answers(fake, 'bob', { messageId: 'msgGeneral0000001', description: '' }, 400, INVALID_DESCRIPTION);
    await answers(fake, 'bob', { messageId: 'nope', description: 'spam' }, 400, INVALID_MESSAGE);
    // the secret group's message is hidden as unknown
    await answers(fake, 'bob', { messageId: 'msgSecret00000001', description: 'spam' }, 400, INVALID_MESSAGE);
    await answers(fake, 'bob', { messageId: 'msgGeneral0000001' }, 400, {
      success: false,
      errorType: 'invalid-params',
      error: "must have required property 'description'",
    });
  });

  it('0.49 has no chat.reportMessage: 404', async () => {
    const res = await request(fakeAs('0.49').app)
      .post(REPORT)
      .set(AS.bob)
      .send({ messageId: 'msgGeneral0000001', description: 'spam' });
    expect(res.status).toBe(404);
  });

  it('5: the hand checks alone', async () => {
    const fake = fakeAs('5');
    await answers(fake, 'bob', { description: 'spam' }, 400, {
      success: false,
      error: 'The required "messageId" param is missing.',
    });
    await answers(fake, 'bob', { messageId: 'msgGeneral0000001', extra: 1 }, 400, {
      success: false,
      error: 'The required "description" param is missing.',
    });
  });

  it.each<ProfileId>(['6', '7.0'])('%s: the legacy validator, then the hand checks', async (profile) => {
    const fake = fakeAs(profile);
    await answers(fake, 'bob', { messageId: 'msgGeneral0000001' }, 400, {
      success: false,
      error: "must have required property 'description' [invalid-params]",
      errorType: 'invalid-params',
    });
    await answers(fake, 'bob', { messageId: 'msgGeneral0000001', description: '' }, 400, {
      success: false,
      error: 'The required "description" param is missing.',
    });
  });

  it('7.10: the validator alone; an empty description reaches the function', async () => {
    const fake = fakeAs('7.10');
    await answers(fake, 'bob', { messageId: 'msgGeneral0000001', description: '' }, 400, INVALID_DESCRIPTION);
    await answers(fake, 'bob', { messageId: 'msgGeneral0000001', description: 'spam' }, 200, {
      success: true,
    });
  });
});
