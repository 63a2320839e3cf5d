import { join } from 'node:path';

/** The built package; the test run's globalSetup (global-setup.js) has built it from the sources as they are. */
export const DIST = join(__dirname, '..', '..', 'dist');

/** The command-line entry of the built package. */
export const CLI = join(DIST, 'cli.js');
