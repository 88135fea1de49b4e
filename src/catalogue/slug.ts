/**
 * URL-safe slugs. Accents fold to their base letter (Flabébé → flabebe),
 * apostrophes vanish (Farfetch'd → farfetchd), the gender signs keep their
 * meaning (Nidoran♀ → nidoran-f), everything else becomes a single hyphen.
 *
 * @example slugify("Charizard") // "charizard"
 */
export function slugify(text: string): string {
  return text
    .replaceAll('♀', ' f ')
    .replaceAll('♂', ' m ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The slug of a card: its name, then its id, so it is unique and never changes with price. A name with no letter
 * a slug keeps (a Japanese card known by its Japanese name alone, `ナンジャモ`) leaves the id alone.
 * @example cardSlug({ id: 'jp-sv8a-217', name: 'Umbreon ex' }) // "umbreon-ex-jp-sv8a-217"
 */
export function cardSlug(card: { id: string; name: string }): string {
  // Two Unown cards have the ids ex10-! and ex10-?; spell the marks out so they stay apart.
  const id = slugify(card.id.replaceAll('!', '-exclamation').replaceAll('?', '-question'));
  const name = slugify(card.name);
  return name ? `${name}-${id}` : id;
}

/** The slug (and id) of a sealed product: its name, then its marketplace product id. */
export function sealedSlug(product: { productId: number; cleanName: string }): string {
  return `${slugify(product.cleanName)}-${product.productId}`;
}
