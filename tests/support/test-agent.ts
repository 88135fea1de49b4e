import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signAgentRequest } from '../../src/web-bot-auth/sign.ts';

/** The verified agent of the tests that need one: its Signature-Agent URL. */
export const TEST_AGENT = 'https://agent.example';
/** RFC 9421 Appendix B.1.4 test key: public, so only ever allowlisted in tests. */
const TEST_KEY = { kty: 'OKP', crv: 'Ed25519', x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs', d: 'n4Ni-HpISpVObnQMW0wOhCKROaIKqKtW_2ZYb2p9KcU' };

/** An allowlist (VERIFIED_AGENTS) that names only the test agent, in a fresh temporary folder. */
export function testAgentsFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'agents-')), 'verified-agents.json');
  const { d: _, ...publicKey } = TEST_KEY;
  writeFileSync(file, JSON.stringify({ [TEST_AGENT]: { keys: [publicKey] } }));
  return file;
}

/** The test agent's signature headers for a request to `authority` (host:port), valid for a minute from now. */
export function signedAsTestAgent(authority: string): Record<string, string> {
  const now = Math.floor(Date.now() / 1000);
  return signAgentRequest({ privateJwk: TEST_KEY, agent: TEST_AGENT, authority, created: now, expires: now + 60 });
}
