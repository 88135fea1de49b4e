/**
 * Card images are linked, never copied: content names each image by its URL on the upstream host that serves
 * it (IMAGE_ORIGINS), and the card schema refuses any other. A deployment may move every image to a host of its
 * own with one setting, CARD_IMAGE_HOST (read by settings.ts): the build then writes each image URL as
 * `<CARD_IMAGE_HOST>/<upstream host><upstream path>` (servedImageUrl), and the HTML pages' Content-Security-Policy
 * allows images from that host alone (servedImageOriginsOf). Both are given the one setting, so they cannot drift apart.
 */

/** The Pokémon TCG API's image host: the images of nearly every card in content. */
export const POKEMON_TCG_IMAGE_ORIGIN = 'https://images.pokemontcg.io';
/** Scrydex, where the Pokémon TCG API's own files put the images of its 2026 sets (me2pt5, me3, me4). */
const SCRYDEX_IMAGE_ORIGIN = 'https://images.scrydex.com';
/** TCGdex's asset host: where the import points a card that has no image upstream (docs/data.md, "Card images"). */
export const TCGDEX_ASSET_ORIGIN = 'https://assets.tcgdex.net';

/** Every origin an image URL in content may name. */
export const IMAGE_ORIGINS: readonly string[] = [POKEMON_TCG_IMAGE_ORIGIN, SCRYDEX_IMAGE_ORIGIN, TCGDEX_ASSET_ORIGIN];

/** The environment variable that moves every card image to a host of the deployment's own. */
export const IMAGE_HOST_VARIABLE = 'CARD_IMAGE_HOST';

/** @example isImageHostUrl('https://images.pokemontcg.io/base1/4.png') // true */
export function isImageHostUrl(url: string): boolean {
  return URL.canParse(url) && IMAGE_ORIGINS.includes(new URL(url).origin);
}

/**
 * The image host a setting names, as a base URL without a trailing slash; null when unset or empty (images stay
 * on their upstream hosts). Anything but an https URL without query or fragment is refused, naming the variable.
 * @example imageHostOf('https://img.example.com/cards/') // "https://img.example.com/cards"
 * @example imageHostOf(undefined) // null
 */
export function imageHostOf(setting: string | undefined): string | null {
  const value = setting?.trim() ?? '';
  if (value === '') return null;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (url?.protocol !== 'https:' || url.search || url.hash || url.username || url.password) {
    throw new Error(`${IMAGE_HOST_VARIABLE}: "${setting}" is not an https URL without query or fragment (e.g. https://img.example.com/cards)`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * esbuild's `define` that freezes the setting into a bundle, so a runtime started without the variable still
 * serves the Content-Security-Policy of the pages it was built with.
 * @example imageHostDefine({ CARD_IMAGE_HOST: 'https://img.example.com' }) // { "process.env.CARD_IMAGE_HOST": "\"https://img.example.com\"" }
 */
export function imageHostDefine(env: Record<string, string | undefined> = process.env): Record<string, string> {
  return { [`process.env.${IMAGE_HOST_VARIABLE}`]: JSON.stringify(env[IMAGE_HOST_VARIABLE] ?? '') };
}

/**
 * An image URL of content as the site serves it: unchanged, or on the image host with the upstream host and path
 * kept, so a mirror made with `wget --force-directories` of the upstream URLs is laid out as the host needs.
 * @example servedImageUrl('https://images.pokemontcg.io/base1/4.png', 'https://img.example.com') // "https://img.example.com/images.pokemontcg.io/base1/4.png"
 */
export function servedImageUrl(url: string, host: string | null): string {
  if (host === null) return url;
  const upstream = new URL(url);
  return `${host}/${upstream.host}${upstream.pathname}`;
}

/**
 * The origins the served pages load card images from: the image host alone when one is set.
 * @example servedImageOriginsOf('https://img.example.com/cards') // ["https://img.example.com"]
 */
export function servedImageOriginsOf(host: string | null): readonly string[] {
  return host === null ? IMAGE_ORIGINS : [new URL(host).origin];
}
