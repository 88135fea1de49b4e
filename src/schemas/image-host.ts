/**
 * Card images are served by the Pokémon TCG API's image host, never by us. The
 * card schema holds every image URL to this origin, and the HTML pages' Content
 * Security Policy allows images from it alone (besides our own files): one
 * constant, so the two cannot drift apart.
 */
export const IMAGE_ORIGIN = 'https://images.pokemontcg.io';

/** @example isImageHostUrl('https://images.pokemontcg.io/base1/4.png') // true */
export function isImageHostUrl(url: string): boolean {
  return URL.canParse(url) && new URL(url).origin === IMAGE_ORIGIN;
}
