import type { FakeServer } from '../server';

/** Where the shared server's URL (and admin token) reach the test workers. */
export const URL_ENV = 'ROCKETCHAT_FAKE_URL';
export const TOKEN_ENV = 'ROCKETCHAT_FAKE_ADMIN_TOKEN';

/** The running server, kept between globalSetup and globalTeardown (one process). */
export const holder = globalThis as typeof globalThis & { __rocketchatFake__?: FakeServer };
