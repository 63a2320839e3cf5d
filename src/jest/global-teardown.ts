import { holder } from './shared';

/** Jest `globalTeardown`: stops the fake `globalSetup` started. */
export default async function globalTeardown(): Promise<void> {
  await holder.__rocketchatFake__?.stop();
  holder.__rocketchatFake__ = undefined;
}
