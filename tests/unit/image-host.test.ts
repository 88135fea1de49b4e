import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HTML_SECURITY_HEADERS } from '../../src/http/headers.ts';
import { IMAGE_ORIGINS, imageHostDefine, imageHostOf, isImageHostUrl, servedImageUrl } from '../../src/schemas/image-host.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** What a process started with `env` makes of the setting: one image URL as served, and the pages' CSP. */
function withSetting(env: Record<string, string>) {
  const code = [
    `const { servedImageUrl } = await import(${JSON.stringify(join(ROOT, 'src/schemas/image-host.ts'))});`,
    `const { HTML_SECURITY_HEADERS } = await import(${JSON.stringify(join(ROOT, 'src/http/headers.ts'))});`,
    `console.log(JSON.stringify([servedImageUrl('https://images.scrydex.com/pokemon/me3-1/small'), HTML_SECURITY_HEADERS['Content-Security-Policy']]));`,
  ].join('\n');
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', env: { ...process.env, ...env } });
  return { status: run.status, stderr: run.stderr, out: run.status === 0 ? (JSON.parse(run.stdout) as [string, string]) : null };
}

describe('the card image host', () => {
  it('content may name images on the three upstream hosts, and on no other', () => {
    expect(isImageHostUrl('https://images.pokemontcg.io/base1/4.png')).toBe(true);
    expect(isImageHostUrl('https://images.scrydex.com/pokemon/me3-1/small')).toBe(true);
    expect(isImageHostUrl('https://assets.tcgdex.net/en/me/me05/001/high.webp')).toBe(true);
    expect(isImageHostUrl('https://images.pokemontcg.io.evil.example/base1/4.png')).toBe(false);
    expect(isImageHostUrl('http://images.pokemontcg.io/base1/4.png')).toBe(false);
    expect(isImageHostUrl('not a url')).toBe(false);
  });

  it('unset, every image is served from its upstream host, and the pages allow all three', () => {
    expect(servedImageUrl('https://images.pokemontcg.io/base1/4.png', null)).toBe('https://images.pokemontcg.io/base1/4.png');
    const csp = HTML_SECURITY_HEADERS['Content-Security-Policy'];
    for (const origin of IMAGE_ORIGINS) expect(csp).toContain(origin);
  });

  it('set, every image moves to it with its upstream host and path kept', () => {
    expect(servedImageUrl('https://images.pokemontcg.io/base1/4.png', 'https://img.example.com/cards')).toBe(
      'https://img.example.com/cards/images.pokemontcg.io/base1/4.png',
    );
    expect(servedImageUrl('https://assets.tcgdex.net/en/me/me05/001/low.webp', 'https://img.example.com')).toBe(
      'https://img.example.com/assets.tcgdex.net/en/me/me05/001/low.webp',
    );
  });

  it('the setting is an https URL without query or fragment; a trailing slash is dropped, anything else refused naming the variable', () => {
    expect(imageHostOf(undefined)).toBeNull();
    expect(imageHostOf('  ')).toBeNull();
    expect(imageHostOf('https://img.example.com/')).toBe('https://img.example.com');
    expect(imageHostOf('https://img.example.com/cards//')).toBe('https://img.example.com/cards');
    for (const bad of [
      'http://img.example.com',
      'img.example.com',
      'https://img.example.com/?v=1',
      'https://img.example.com/#x',
      'https://u:p@img.example.com',
    ]) {
      expect(() => imageHostOf(bad), bad).toThrow(/^CARD_IMAGE_HOST: /);
    }
  });

  it('a bundle freezes the setting it was made with', () => {
    expect(imageHostDefine({ CARD_IMAGE_HOST: 'https://img.example.com' })).toEqual({ 'process.env.CARD_IMAGE_HOST': '"https://img.example.com"' });
    expect(imageHostDefine({})).toEqual({ 'process.env.CARD_IMAGE_HOST': '""' });
  });

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
