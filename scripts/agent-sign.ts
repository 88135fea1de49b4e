/**
 * Signs one request as a Web Bot Auth agent, to try the verified-agent path by
 * hand: prints the Signature, Signature-Input and Signature-Agent headers for a
 * URL (its authority is what gets signed), valid from now for --expires-in
 * seconds. --generate makes a new Ed25519 private key to sign with and prints
 * its public JWK and key id for config/verified-agents.json.
 *
 * Usage:  node scripts/agent-sign.ts --generate key.jwk [--agent https://bot.example]
 *         node scripts/agent-sign.ts --key key.jwk --agent https://bot.example [--expires-in 300] [--label sig1] URL
 *         e.g. node scripts/agent-sign.ts --key key.jwk --agent https://bot.example http://localhost:4321/api/cards > sig.txt
 *              curl -H @sig.txt http://localhost:4321/api/cards       (curl reads one header a line)
 * Exit:   0 printed (or key written), 1 the key file is unreadable or no Ed25519 private key,
 *         2 usage: a missing or malformed argument, or --generate would overwrite a file
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { generateAgentJwk, signAgentRequest } from '../src/web-bot-auth/index.ts';

const USAGE =
  'usage: node scripts/agent-sign.ts --key key.jwk --agent https://bot.example [--expires-in 300] [--label sig1] URL\n' +
  '       node scripts/agent-sign.ts --generate key.jwk [--agent https://bot.example]';
const HEADER_NAMES = { signature: 'Signature', 'signature-input': 'Signature-Input', 'signature-agent': 'Signature-Agent' } as const;

function exit(code: number, message: string): never {
  console.error(`agent-sign: ${message}`);
  process.exit(code);
}

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        key: { type: 'string' },
        agent: { type: 'string' },
        'expires-in': { type: 'string', default: '300' },
        label: { type: 'string', default: 'sig1' },
        generate: { type: 'string' },
      },
    });
  } catch (error) {
    return exit(2, `${(error as Error).message}\n${USAGE}`);
  }
}

function generate(file: string, agent: string | undefined): void {
  // A private key is never overwritten by accident: the agent it belonged to would be locked out.
  if (existsSync(file)) exit(2, `${file} exists; choose another file name`);
  const { privateJwk, publicJwk, keyid } = generateAgentJwk();
  writeFileSync(file, `${JSON.stringify(privateJwk, null, 2)}\n`, { mode: 0o600 });
  console.log(`Wrote the private key to ${file} (keep it secret).`);
  console.log(`keyid: ${keyid}`);
  console.log(`public JWK: ${JSON.stringify(publicJwk)}`);
  console.log('Allowlist entry for config/verified-agents.json (or the file VERIFIED_AGENTS names):');
  console.log(JSON.stringify({ [agent ?? 'https://bot.example']: { keys: [publicJwk] } }, null, 2));
}

function readPrivateKey(keyFile: string): JsonWebKey {
  try {
    return JSON.parse(readFileSync(keyFile, 'utf8')) as JsonWebKey;
  } catch (error) {
    return exit(1, `cannot read the key ${keyFile}: ${(error as Error).message}`);
  }
}

function sign(keyFile: string, agent: string, target: string, expiresIn: number, label: string): void {
  const url = URL.parse(target) ?? exit(2, `${JSON.stringify(target)} is not an absolute URL`);
  const privateJwk = readPrivateKey(keyFile);
  const created = Math.floor(Date.now() / 1000);
  const headers = (() => {
    try {
      // URL.host is already what RFC 9421 signs: lower case, default port dropped.
      return signAgentRequest({ privateJwk, agent, authority: url.host, created, expires: created + expiresIn, label });
    } catch (error) {
      return exit(1, `${keyFile}: ${(error as Error).message}`);
    }
  })();
  for (const [name, value] of Object.entries(headers)) console.log(`${HEADER_NAMES[name as keyof typeof HEADER_NAMES]}: ${value}`);
}

const { values, positionals } = parse();
if (values.generate !== undefined) {
  generate(values.generate, values.agent);
} else {
  if (!values.key || !values.agent || positionals.length !== 1) exit(2, USAGE);
  const expiresIn = Number(values['expires-in']);
  if (!Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > 86_400) exit(2, '--expires-in must be whole seconds, 1 to 86400');
  if (!URL.parse(values.agent)) exit(2, `--agent ${JSON.stringify(values.agent)} is not a URL`);
  sign(values.key, values.agent, positionals[0], expiresIn, values.label ?? 'sig1');
}
