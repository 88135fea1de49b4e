import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMAGE_ORIGINS } from '../../src/schemas/image-host.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * CARD_IMAGE_HOST is read from the environment as src/schemas/image-host.ts loads, so each setting is tried in a
 * Node process of its own (the rules themselves: tests/unit/image-host.test.ts). What a process started with
 * `env` makes of the setting: one image URL as served, and the pages' CSP.
 */
function withSetting(env: Record<string, string>) {
  const code = [
    `const { servedImageUrl } = await import(${JSON.stringify(join(ROOT, 'src/schemas/image-host.ts'))});`,
    `const { HTML_SECURITY_HEADERS } = await import(${JSON.stringify(join(ROOT, 'src/http/headers.ts'))});`,
    `console.log(JSON.stringify([servedImageUrl('https://images.scrydex.com/pokemon/me3-1/small'), HTML_SECURITY_HEADERS['Content-Security-Policy']]));`,
  ].join('\n');
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', env: { ...process.env, ...env } });
  return { status: run.status, stderr: run.stderr, out: run.status === 0 ? (JSON.parse(run.stdout) as [string, string]) : null };
}

describe('the card image host setting', () => {
  it('CARD_IMAGE_HOST in the environment moves the images and the Content-Security-Policy together', () => {
    const moved = withSetting({ CARD_IMAGE_HOST: 'https://img.example.com/cards' });
    expect(moved.out, moved.stderr).not.toBeNull();
    const [url, csp] = moved.out!;
    expect(url).toBe('https://img.example.com/cards/images.scrydex.com/pokemon/me3-1/small');
    expect(csp).toContain("img-src 'self' https://img.example.com;");
    for (const origin of IMAGE_ORIGINS) expect(csp).not.toContain(origin);
    const refused = withSetting({ CARD_IMAGE_HOST: 'ftp://img.example.com' });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('CARD_IMAGE_HOST: "ftp://img.example.com" is not an https URL');
  });
});
