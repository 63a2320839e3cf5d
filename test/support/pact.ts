import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pact from '@pact-foundation/pact-core';

import { createFakeServer } from '../../src/server';
import type { PactDocument } from '../../src/types';

process.env.PACT_DO_NOT_TRACK = 'true';
pact.logLevel('error');

/** Pact's verifier against a fresh fake (the default scenario); resolves, or rejects with the verifier's report. */
export async function verifyAgainstFreshFake(doc: PactDocument): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'rcf-pact-'));
  const file = join(dir, 'contract.json');
  writeFileSync(file, JSON.stringify(doc, null, 2));
  const provider = createFakeServer();
  const url = await provider.start(0);
  try {
    await pact.verifyPacts({
      providerBaseUrl: url,
      pactUrls: [file],
      provider: doc.provider.name,
      providerStatesSetupUrl: `${url}/__admin/pact/provider-states`,
      logLevel: 'error',
    });
  } finally {
    await provider.stop();
  }
}
