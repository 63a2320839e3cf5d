import request from 'supertest';

import { getAs, makeFake } from './support/fake';

/** settings.public: the public settings, no login needed, paged and sorted as the real server does. */

const PATH = '/api/v1/settings.public';

describe('GET /api/v1/settings.public', () => {
  it('needs no login: a page of 50 by _id in binary order, each {_id, value, enterprise}', async () => {
    const fake = makeFake();
    const res = await request(fake.app).get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 35, offset: 0, total: 35, success: true });
    const ids = (res.body.settings as { _id: string }[]).map((s) => s._id);
    // MongoDB sorts by code unit: `API_` comes before `Accounts_`
    expect(ids.slice(0, 2)).toEqual(['API_Use_REST_For_DDP_Calls', 'Accounts_AllowDeleteOwnAccount']);
    expect([...ids].sort()).toEqual(ids);
    expect(res.body.settings).toContainEqual({
      _id: 'Message_MaxAllowedSize',
      value: 5000,
      enterprise: false,
    });
    expect(res.body.settings).toContainEqual({
      _id: 'Message_Read_Receipt_Enabled',
      value: false,
      enterprise: true,
      invalidValue: false,
      modules: ['message-read-receipt'],
    });
  });

  it('Site_Url is the address the client reached; _id narrows to a comma list, trimmed', async () => {
    const fake = makeFake();
    const res = await request(fake.app)
      .get(`${PATH}?_id=Site_Url, Site_Name,Nope`)
      .set('Host', 'chat.test:3000');
    expect(JSON.stringify(res.body)).toBe(
      JSON.stringify({
        settings: [
          { _id: 'Site_Name', value: 'Rocket.Chat', enterprise: false },
          { _id: 'Site_Url', value: 'http://chat.test:3000', enterprise: false },
        ],
        count: 2,
        offset: 0,
        total: 2,
        success: true,
      }),
    );
  });

  it('count, offset and sort page the list; count=0 is all', async () => {
    const fake = makeFake();
    const page = await request(fake.app).get(`${PATH}?count=2&offset=1&sort={"_id":-1}`);
    expect(page.body).toMatchObject({ count: 2, offset: 1, total: 35 });
    expect(page.body.settings.map((s: { _id: string }) => s._id)).toEqual(['Threads_enabled', 'Site_Url']);
    const all = await request(fake.app).get(`${PATH}?count=0`);
    expect(all.body.count).toBe(35);
  });

  it('an unknown parameter is the validator’s 400 (fields is not accepted); a bad sort its own', async () => {
    const fake = makeFake();
    const res = await request(fake.app).get(`${PATH}?fields={"value":1}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: 'must NOT have additional properties [invalid-params]',
      errorType: 'invalid-params',
    });
    const sort = await request(fake.app).get(`${PATH}?sort=nope`);
    expect(sort.status).toBe(400);
    expect(sort.body.errorType).toBe('error-invalid-sort');
  });

  it('a logged-in caller gets the same list', async () => {
    const fake = makeFake();
    const anonymous = await request(fake.app).get(PATH).set('Host', 'chat.test');
    const alice = await getAs(fake.app, 'alice', PATH).set('Host', 'chat.test');
    expect(alice.body).toEqual(anonymous.body);
  });
});
