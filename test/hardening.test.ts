import request from 'supertest';

import { createFakeServer } from '../src/server';
import { AS, WORLD, makeFake } from './support/fake';
import { resourceNotFound } from '../src/verify/expected';

const POLLUTION_KEYS = ['polluted', 'isAdmin', 'x'];

function expectPrototypesClean(): void {
  for (const key of POLLUTION_KEYS) {
    expect(Object.prototype).not.toHaveProperty(key);
    expect(({} as Record<string, unknown>)[key]).toBeUndefined();
  }
}

function expectEnvelope(res: request.Response, status?: number): void {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  if (status !== undefined) expect(res.status).toBe(status);
  expect(res.headers['content-type']).toBe('application/json');
  expect(res.body.success).toBe(false);
  expect(typeof res.body.error).toBe('string');
}

const WRONG_VALUES: [string, unknown][] = [
  ['a number', 5],
  ['an array', ['random', 'news']],
  ['an object', { $ne: null }],
  ['null', null],
  ['a boolean', true],
  ['a huge string', 'x'.repeat(200_000)],
];

describe('every parameter of every route, given the wrong type', () => {
  const bodyRoutes: [string, Record<string, unknown>, string[]][] = [
    [
      '/api/v1/channels.setReadOnly',
      { roomName: 'random', readOnly: true },
      ['roomId', 'roomName', 'readOnly'],
    ],
    ['/api/v1/channels.setType', { roomName: 'random', type: 'p' }, ['roomId', 'roomName', 'type']],
  ];
  for (const [path, valid, params] of bodyRoutes) {
    for (const param of params) {
      const wrong = WRONG_VALUES.filter(([, v]) => !(param === 'readOnly' && typeof v === 'boolean'));
      // 7.10 validates bodies without coercion; 8.6 on coerce (null to "" or false: see below)
      it.each(wrong)(
        `POST ${path} with ${param} as %s: 400 envelope, no change (7.10)`,
        async (_name, value) => {
          const fake = makeFake({ profile: '7.10' });
          const before = fake.state();
          const res = await request(fake.app)
            .post(path)
            .set(AS.admin)
            .send({ ...valid, [param]: value });
          expectEnvelope(res, 400);
          expect(fake.state()).toEqual(before);
        },
      );
    }
  }

  it('8.6 on, the validator coerces: setType with roomId null reads it as "" and finds the room by name', async () => {
    const fake = makeFake();
    const res = await request(fake.app)
      .post('/api/v1/channels.setType')
      .set(AS.admin)
      .send({ roomId: null, roomName: 'random', type: 'p' });
    expect(res.status).toBe(200);
    expect(res.body.channel).toMatchObject({ name: 'random', t: 'p' });
  });

  it.each(WRONG_VALUES)('POST /api/v1/login with every field as %s: the one 401', async (_name, value) => {
    const fake = makeFake();
    for (const field of ['username', 'user', 'email', 'password']) {
      const res = await request(fake.app)
        .post('/api/v1/login')
        .send({ username: 'admin', password: 'admin-pw', [field]: value });
      if (field === 'user' || field === 'email') continue; // username wins; these are ignored
      expectEnvelope(res, 401);
    }
  });

  const getRoutes: [string, string[]][] = [
    ['/api/v1/channels.list', ['count', 'offset', 'sort', 'query', 'fields']],
    [
      '/api/v1/channels.getIntegrations?roomName=general',
      ['roomId', 'roomName', 'count', 'offset', 'sort', 'query', 'fields'],
    ],
  ];
  for (const [path, params] of getRoutes) {
    for (const param of params) {
      it.each([
        ['repeated', `${param}=1&${param}=2`],
        ['non-numeric', `${param}=abc`],
        ['bad JSON', `${param}=%7B`],
        ['invalid percent-encoding', `${param}=%E0%A4%A`],
        ['huge', `${param}=${'9'.repeat(5000)}`],
      ])(`GET ${path.split('?')[0]} with ${param} %s: 4xx, never 5xx`, async (_name, q) => {
        const fake = makeFake();
        const res = await request(fake.app)
          .get(`${path}${path.includes('?') ? '&' : '?'}${q}`)
          .set(AS.admin);
        expect(res.status).toBeLessThan(500);
        expect(res.body.success).toBe(res.status === 200);
      });
    }
  }

  it('repeated count is the documented 400', async () => {
    const res = await request(makeFake().app).get('/api/v1/channels.list?count=1&count=2').set(AS.admin);
    // 8.8 on: the typed query's refusal, Rocket.Chat's words without the [invalid-params] suffix
    expect(res.body).toEqual({ success: false, errorType: 'error-invalid-params', error: 'must be number' });
  });

  it('a repeated roomName is a 400, not a lookup', async () => {
    const res = await request(makeFake().app)
      .get('/api/v1/channels.getIntegrations?roomName=a&roomName=b')
      .set(AS.admin);
    expect(res.body).toEqual({ success: false, errorType: 'error-invalid-params', error: 'must be string' });
  });
});

describe('hostile input', () => {
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

  it.each([
    ['/api/v1/channels.setReadOnly', `{"roomName":"random","readOnly":true,"x":${deep(20000)}}`],
    ['/api/v1/channels.setType', `{"roomName":"random","type":${deepObject(20000)}}`],
    ['/api/v1/login', `{"user":${deep(20000)},"password":"x"}`],
  ])('deeply nested JSON to %s does not exhaust the stack', async (path, body) => {
    const fake = makeFake();
    const before = fake.state();
    const res = await request(fake.app)
      .post(path)
      .set(AS.admin)
      .set('Content-Type', 'application/json')
      .send(body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(fake.state()).toEqual(before);
    expect(fake.requests()).toHaveLength(1);
  });

  it('deeply nested query JSON is refused as an invalid query', async () => {
    const q = encodeURIComponent(`${'{"$or":['.repeat(3000)}{}${']}'.repeat(3000)}`);
    const res = await request(makeFake().app).get(`/api/v1/channels.list?query=${q}`).set(AS.admin);
    expect(res.status).toBeLessThan(500);
  });

  it.each([
    ['PUT', '/__admin/scenario', `{"users":[{"username":"a","password":"a","extra":${deep(5000)}}]}`],
    ['POST', '/__admin/channels', `{"name":"x","extra":${deepObject(5000)}}`],
    ['POST', '/__admin/faults', `{"path":"/api/info","status":500,"body":${deep(5000)}}`],
  ])(
    'deeply nested control documents (%s %s) are refused whole, naming where',
    async (method, path, body) => {
      const fake = makeFake();
      const before = fake.state();
      const req = method === 'PUT' ? request(fake.app).put(path) : request(fake.app).post(path);
      const res = await req.set('Content-Type', 'application/json').send(body);
      expect(res.status).toBe(400);
      expect(res.body.problems[0].message).toBe('nested deeper than 64 levels');
      expect(fake.state()).toEqual(before);
      expect(fake.faults()).toEqual([]);
    },
  );

  it('__proto__, constructor and prototype keys never reach Object.prototype', async () => {
    const fake = makeFake();
    const payloads = [
      '{"__proto__":{"polluted":true},"roomName":"random","readOnly":true}',
      '{"constructor":{"prototype":{"polluted":true}},"roomName":"random","type":"p"}',
      '{"username":"admin","password":"admin-pw","__proto__":{"isAdmin":true}}',
    ];
    for (const [i, body] of payloads.entries()) {
      const path = ['/api/v1/channels.setReadOnly', '/api/v1/channels.setType', '/api/v1/login'][i] ?? '';
      await request(fake.app).post(path).set(AS.admin).set('Content-Type', 'application/json').send(body);
    }
    for (const param of ['query', 'fields', 'sort']) {
      const json = encodeURIComponent('{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}');
      const res = await request(fake.app).get(`/api/v1/channels.list?${param}=${json}`).set(AS.admin);
      expect(res.status).toBeLessThan(500);
    }
    await request(fake.app)
      .put('/__admin/scenario')
      .set('Content-Type', 'application/json')
      .send('{"__proto__":{"polluted":1}}');
    await request(fake.app)
      .post('/__admin/users')
      .set('Content-Type', 'application/json')
      .send('{"username":"z","password":"z","__proto__":{"roles":["admin"]}}');
    await request(fake.app)
      .post('/api/v1/login')
      .type('form')
      .send('username=admin&password=admin-pw&__proto__[polluted]=1');
    expectPrototypesClean();
    expect(fake.state().users.some((u) => u.username === 'z')).toBe(false);
  });

  it('a query on __proto__ matches nothing and reads no prototype', async () => {
    const q = encodeURIComponent('{"__proto__.polluted":{"$regex":""}}');
    const res = await request(makeFake().app).get(`/api/v1/channels.list?query=${q}`).set(AS.admin);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(0);
  });

  it.each(['/s/%E0%A4%A/api/info', '/api/v1/%E0%A4%A', '/__admin/%', '/s/%/__admin/state'])(
    'invalid percent-encoding in the path %s: a JSON 4xx',
    async (path) => {
      const res = await request(makeFake().app).get(path).set(AS.admin);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    },
  );
});

describe('control API protection', () => {
  it('admin: false turns /__admin off entirely; the chat API still answers', async () => {
    const fake = makeFake({ admin: false });
    for (const path of ['/__admin/health', '/__admin/state', '/__admin/reset']) {
      const res = await request(fake.app).get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(resourceNotFound);
    }
    expect((await request(fake.app).post('/__admin/reset')).status).toBe(404);
    expect((await request(fake.app).get('/api/v1/channels.list').set(AS.admin)).status).toBe(200);
  });
});

describe('a defect of the fake itself', () => {
  it('answers 500 in the envelope and keeps serving; a failing journal does not end the process', async () => {
    const fake = createFakeServer({ scenario: WORLD });
    const url = await fake.start(0);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const world = (
        fake as unknown as { world: { faultSet: { take: () => unknown }; recordRequest: () => void } }
      ).world;
      const take = jest.spyOn(world.faultSet, 'take').mockImplementationOnce(() => {
        throw new Error('a defect');
      });
      const broken = await fetch(`${url}/api/v1/channels.list`, { headers: AS.alice });
      expect(broken.status).toBe(500);
      expect(await broken.json()).toEqual({
        success: false,
        error: 'Internal server error [error-internal]',
        errorType: 'error-internal',
      });
      take.mockRestore();
      const record = jest.spyOn(world, 'recordRequest').mockImplementationOnce(() => {
        throw new Error('a journal defect');
      });
      const answered = await fetch(`${url}/api/v1/channels.list`, { headers: AS.alice });
      expect(answered.status).toBe(200);
      record.mockRestore();
      // still serving, and both defects said where
      const after = await fetch(`${url}/api/v1/channels.list`, { headers: AS.alice });
      expect(after.status).toBe(200);
      expect(errors.mock.calls.map((call) => String(call[1]))).toEqual(
        expect.arrayContaining(['Error: a defect', 'Error: a journal defect']),
      );
    } finally {
      errors.mockRestore();
      await fake.stop();
    }
  });
});
