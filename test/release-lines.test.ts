/**
 * The release lines' own validators (src/operations/schemas.ts): which parameters each line takes,
 * what it coerces, and the words and envelope of each refusal; every refusal leaves the state as
 * it was.
 */
import type { ProfileId } from '../src/profiles';
import type { ScenarioInput } from '../src/scenario/schema';
import { WORLD, getAs, makeFake, postAs } from './support/fake';

const LIST = '/api/v1/channels.list';
const RO = '/api/v1/channels.setReadOnly';
const INTEGRATIONS = '/api/v1/channels.getIntegrations';
const INFO = '/api/v1/channels.info';
const q = (json: string): string => encodeURIComponent(json);

/** A legacy refusal: ajv's messages joined by "\n ", as a Meteor.Error. */
const legacy = (...messages: string[]) => ({
  success: false,
  error: `${messages.join('\n ')} [invalid-params]`,
  errorType: 'invalid-params',
});
/** 8.8's router refusing the query string. */
const typedQuery = (...messages: string[]) => ({
  success: false,
  errorType: 'error-invalid-params',
  error: messages.join('\n'),
});
/** 8.8's router refusing the body. */
const typedBody = (...messages: string[]) => ({
  success: false,
  errorType: 'invalid-params',
  error: messages.join('\n'),
});
const ADDITIONAL = 'must NOT have additional properties';
const ONE_OF = 'must match exactly one schema in oneOf';

describe('channels.list parameters per release line', () => {
  it.each<[ProfileId, string, number, object | undefined]>([
    ['7.0', 'count=1', 400, legacy(ADDITIONAL)],
    ['7.0', 'offset=1', 400, legacy(ADDITIONAL)],
    ['7.0', `sort=${q('{"name":-1}')}`, 400, legacy(ADDITIONAL)],
    ['7.0', `query=${q('{"name":"random"}')}`, 200, undefined],
    ['7.10', 'count=1', 200, undefined],
    ['7.10', 'foo=1', 400, legacy(ADDITIONAL)],
    ['7.10', `fields=${q('{"name":1}')}`, 400, legacy(ADDITIONAL)],
    ['7.10', 'count=abc', 400, legacy('must be number')],
    ['8.5', 'foo=1', 400, legacy(ADDITIONAL)],
    ['8.5', `fields=${q('{"name":1}')}`, 400, legacy(ADDITIONAL)],
    ['8.9', 'foo=1', 400, typedQuery(ADDITIONAL)],
    ['8.9', 'count=abc', 400, typedQuery('must be number')],
    ['8.9', `fields=${q('{"name":1}')}&count=1`, 200, undefined],
  ])('%s: ?%s is %i', async (profile, query, status, body) => {
    const fake = makeFake({ profile });
    const before = fake.state();
    const res = await getAs(fake.app, 'admin', `${LIST}?${query}`);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe('application/json');
    if (body) expect(res.body).toEqual(body);
    else expect(res.body.success).toBe(true);
    expect(fake.state()).toEqual(before);
  });

  it('8.9: fields projects the page', async () => {
    const res = await getAs(
      makeFake({ profile: '8.9' }).app,
      'admin',
      `${LIST}?fields=${q('{"name":1}')}&count=1`,
    );
    expect(res.body.channels).toEqual([{ _id: 'archivedRoomId001', name: 'attic' }]);
  });
});

describe('setReadOnly: coercion and the refusals per release line', () => {
  it.each<[ProfileId, object]>([
    ['6', legacy("must have required property 'roomId'", 'must be boolean', ONE_OF)],
    ['7.0', legacy("must have required property 'roomId'", 'must be boolean', ONE_OF)],
    ['7.10', legacy("must have required property 'roomId'", 'must be boolean', ONE_OF)],
    ['8.5', legacy("must have required property 'roomId'", 'must be boolean', ONE_OF)],
  ])('%s: readOnly "true" is not a boolean, and nothing changes', async (profile, body) => {
    const fake = makeFake({ profile });
    const before = fake.state();
    const res = await postAs(fake.app, 'admin', RO, { roomName: 'random', readOnly: 'true' });
    expect([res.status, res.body]).toEqual([400, body]);
    expect(fake.state()).toEqual(before);
  });

  it('8.9: readOnly "true" is coerced, and the room changes', async () => {
    const fake = makeFake({ profile: '8.9' });
    const res = await postAs(fake.app, 'admin', RO, { roomName: 'random', readOnly: 'true' });
    expect(res.status).toBe(200);
    expect(res.body.channel.ro).toBe(true);
    expect(fake.state().channels.find((c) => c.name === 'random')?.ro).toBe(true);
  });

  it('8.9: an unknown key is the typed body refusal, and nothing changes', async () => {
    const fake = makeFake({ profile: '8.9' });
    const before = fake.state();
    const res = await postAs(fake.app, 'admin', RO, { roomName: 'random', readOnly: true, x: 1 });
    expect([res.status, res.body]).toEqual([
      400,
      typedBody("must have required property 'roomId'", ADDITIONAL, ONE_OF),
    ]);
    expect(fake.state()).toEqual(before);
  });
});

describe('8.9: getIntegrations and info check the room the caller may see', () => {
  // gina, a guest, may read outgoing integrations here, but is no member of random
  const scenario: ScenarioInput = {
    ...WORLD,
    permissions: { ...(WORLD.permissions ?? {}), 'manage-outgoing-integrations': ['admin', 'guest'] },
  };

  it.each<[ProfileId, number, object | undefined]>([
    ['7.10', 200, undefined],
    ['8.5', 200, undefined],
    ['8.9', 403, { success: false, error: 'unauthorized' }],
  ])('%s: a caller who may not see the room gets %i', async (profile, status, body) => {
    const fake = makeFake({ scenario, profile });
    const res = await getAs(fake.app, 'gina', `${INTEGRATIONS}?roomName=random`);
    expect(res.status).toBe(status);
    if (body) expect(res.body).toEqual(body);
  });

  it('8.9: the query schema first: no room, an unknown key', async () => {
    const app = makeFake({ profile: '8.9' }).app;
    const anyOf = [
      "must have required property 'roomId'",
      "must have required property 'roomName'",
      'must match a schema in anyOf',
    ];
    expect((await getAs(app, 'admin', INTEGRATIONS)).body).toEqual(typedQuery(...anyOf));
    expect((await getAs(app, 'admin', `${INTEGRATIONS}?roomName=random&x=1`)).body).toEqual(
      typedQuery(ADDITIONAL),
    );
    expect((await getAs(app, 'admin', INFO)).body).toEqual(typedQuery(...anyOf));
    expect((await getAs(app, 'admin', `${INFO}?roomName=random&x=1`)).body).toEqual(typedQuery(ADDITIONAL));
    // before 8.8 the routes had no validator: an unknown key is ignored
    const seven = makeFake({ profile: '7.10' }).app;
    expect((await getAs(seven, 'admin', `${INFO}?roomName=random&x=1`)).status).toBe(200);
  });
});
