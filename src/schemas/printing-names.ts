/**
 * The names of a card's printings: a stable id and a label people read, made from the two words the price
 * source gives every price line, its `variant` (TCGplayer's finish and edition, as the Pokémon TCG API names
 * them: `holofoil`, `reverseHolofoil`, `1stEditionHolofoil`…) and its `printing` (TCGdex's label of the
 * product: `shadowless`, `cosmos`, `set-logo/staff`…, null for the plain product).
 *
 * The words read edition first, then the printing, then the finish, as collectors say them: "1st Edition
 * Shadowless Holofoil". "Unlimited" is left out when a printing is named, since the named printing is what
 * sets the product apart ("Shadowless Holofoil", not "Shadowless Unlimited Holofoil"). The id is the same
 * words in lower case joined by "-", so it changes only when the source's own words do.
 *
 * A few cards have several products with the same words (the jumbo card of a reverse holo, the World
 * Championship decks of one season): the first of them (primary lines first, then by product id) keeps the
 * id, the others add their product id (`reverse-holofoil-210842`), as their label does. The content schema
 * (card.ts) refuses a card whose printings still share an id: the same product and words twice, or two lines
 * without a product id.
 */

/** Words of the labels that are not simply capitalised. */
const DISPLAY: Record<string, string> = {
  mcdonalds: "McDonald's",
  pokemon: 'Pokémon',
  pokeball: 'Poké Ball',
  masterball: 'Master Ball',
  e: 'e',
  reader: 'Reader',
  holofoil: 'Holofoil',
};

const EDITIONS = ['1st', 'edition', 'unlimited'];

/** `1stEditionHolofoil` → ['1st', 'edition', 'holofoil']. */
const variantWords = (variant: string): string[] =>
  variant
    .split(/(?=[A-Z])/)
    .map((word) => word.toLowerCase())
    .filter(Boolean);

/** `set-logo/staff` → ['set', 'logo', 'staff']. */
const printingWords = (printing: string | null): string[] =>
  (printing ?? '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** The words of a printing, in reading order, lower case. */
function wordsOf(variant: string, printing: string | null): string[] {
  const named = printingWords(printing);
  const finish = variantWords(variant);
  const edition: string[] = [];
  while (finish.length > 0 && EDITIONS.includes(finish[0])) edition.push(finish.shift()!);
  const kept = named.length > 0 ? edition.filter((word) => word !== 'unlimited') : edition;
  const words = [...kept, ...named, ...finish];
  // A printing that restates the variant ("unlimited" on an `unlimited` line) is said once.
  return words.filter((word, i) => words.indexOf(word) === i);
}

/**
 * The printing's id within its card.
 * @example printingIdOf('unlimitedHolofoil', 'shadowless') // "shadowless-holofoil"
 * @example printingIdOf('reverseHolofoil', null) // "reverse-holofoil"
 */
export function printingIdOf(variant: string, printing: string | null): string {
  return wordsOf(variant, printing).join('-');
}

/**
 * The printing as people read it.
 * @example printingLabelOf('1stEditionHolofoil', 'shadowless') // "1st Edition Shadowless Holofoil"
 * @example printingLabelOf('holofoil', 'mcdonalds') // "McDonald's Holofoil"
 */
export function printingLabelOf(variant: string, printing: string | null): string {
  return wordsOf(variant, printing)
    .map((word) => DISPLAY[word] ?? word[0].toUpperCase() + word.slice(1))
    .join(' ');
}

/** What names a price line's printing. */
export interface PrintingLine {
  variant: string;
  printing: string | null;
  primary: boolean;
  productId: number | null;
}

/**
 * The id and label of each of a card's price lines, in the order given.
 * @example printingNamesOf([{ variant: 'normal', printing: null, primary: true, productId: 1 }, { variant: 'normal', printing: null, primary: false, productId: 7 }]) // [{ id: 'normal', label: 'Normal' }, { id: 'normal-7', label: 'Normal (product 7)' }]
 */
export function printingNamesOf(lines: readonly PrintingLine[]): { id: string; label: string }[] {
  const order = lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => Number(b.line.primary) - Number(a.line.primary) || (a.line.productId ?? 0) - (b.line.productId ?? 0) || a.index - b.index);
  /** Each id given, and the product of the line that holds it. */
  const taken = new Map<string, number | null>();
  const names: { id: string; label: string }[] = [];
  for (const { line, index } of order) {
    const id = printingIdOf(line.variant, line.printing);
    const label = printingLabelOf(line.variant, line.printing);
    // Another product with the same words is told apart by its id; the same product twice is not (the schema refuses it).
    const otherProduct = taken.has(id) && line.productId !== null && taken.get(id) !== line.productId;
    names[index] = otherProduct ? { id: `${id}-${line.productId}`, label: `${label} (product ${line.productId})` } : { id, label };
    taken.set(names[index].id, line.productId);
  }
  return names;
}
