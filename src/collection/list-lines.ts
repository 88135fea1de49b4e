/**
 * Reading a collection list into lines: pasted text (one item a line) or a CSV
 * export from a collection app. Pure: what each line asks for (quantity, search
 * words, grade, TCGplayer product id); value-list.ts looks the lines up.
 *
 * Quantities in text. `2x charizard`, `2 x charizard`, `x2 charizard`,
 * `charizard x2` and `charizard 2x` always give a quantity. A bare leading
 * integer (`2 charizard`) does only when it is 1 to 99 and followed by a word
 * that begins with a letter: numbers of 100 and more name things (the set 151
 * in `151 etb`), and `4/102 charizard` begins with a collector number, not an
 * integer. A trailing bare number (`charizard base set 4`) is a collector number.
 */
import { parse } from 'csv-parse/sync';
import { COLLECTION_LIMITS } from '../http/limits.ts';

export interface ListLine {
  /** The line's number in the input, 1-based (CSV: in the file, the header being line 1). */
  line: number;
  /** The line as sent, trimmed, at most COLLECTION_LIMITS.lineChars characters (CSV: its fields joined by spaces). */
  text: string;
  /** How many, 1 to COLLECTION_LIMITS.quantity. */
  quantity: number;
  /** The quantity as written, when it was more than COLLECTION_LIMITS.quantity (and `quantity` is that): the answer says so. */
  quantityAsWritten?: number;
  /** What remains to search for: the line as `text` shows it (cut at COLLECTION_LIMITS.lineChars) without its quantity and grade. */
  query: string;
  /** A grade the line named: `psa 10`, `bgs 9.5`. */
  grade?: { company: string; grade: string };
  /** A TCGplayer product id (a CSV column). */
  productId?: number;
  /** The printing words a CSV column added at the end of `query` (`reverse holo`), to drop if they find nothing. */
  printing?: string;
}

const LINE_TEXT_MAX = COLLECTION_LIMITS.lineChars;

const clip = (text: string) => text.slice(0, LINE_TEXT_MAX);
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();
const QUANTITY_MAX = COLLECTION_LIMITS.quantity;
const quantityOf = (digits: string) => Math.min(Math.max(Number(digits), 1), QUANTITY_MAX);
/** The quantity as written, when quantityOf clamped it to QUANTITY_MAX. */
const asWritten = (digits: string) => (Number(digits) > QUANTITY_MAX ? { quantityAsWritten: Number(digits) } : {});

/** Graders as people write them → as the answer names them. */
const GRADERS: Readonly<Record<string, string>> = { psa: 'PSA', bgs: 'BGS', beckett: 'BGS', cgc: 'CGC', sgc: 'SGC', tag: 'TAG' };
/** `psa 10`, `PSA10`, `bgs 9.5`, `cgc 9.0`, anywhere in a line, as whole words. */
const GRADE_RE = /(?<![\p{L}\p{N}])(psa|bgs|beckett|cgc|sgc|tag)\s*(10|[1-9](?:\.[05])?)(?![\p{L}\p{N}]|\.\d)/iu;

/**
 * The grade a text names, and the text without it.
 * @example takeGrade('charizard 4/102 PSA10') // { rest: 'charizard 4/102', grade: { company: 'PSA', grade: '10' } }
 */
function takeGrade(text: string): { rest: string; grade?: ListLine['grade'] } {
  const found = GRADE_RE.exec(text);
  if (!found) return { rest: text };
  const grade = found[2].replace(/\.0$/, '');
  return {
    rest: squeeze(`${text.slice(0, found.index)} ${text.slice(found.index + found[0].length)}`),
    grade: { company: GRADERS[found[1].toLowerCase()], grade },
  };
}

/** Quantity forms, tried in order; each captures the number and the rest of the line. */
const QUANTITY_FORMS: readonly RegExp[] = [
  /^(\d{1,6})\s*[x×](?:\s+(.*))?$/iu, // 2x charizard, 2 x charizard, 3x
  /^[x×]\s*(\d{1,6})(?:\s+(.*))?$/iu, // x2 charizard
  /^(?<rest>.+?)\s+[x×]\s*(\d{1,6})$/iu, // charizard x2, charizard x 2
  /^(?<rest>.+?)\s+(\d{1,6})\s*[x×]$/iu, // charizard 2x
  /^([1-9]\d?)\s+(\p{L}.*)$/u, // 2 charizard (see the rule above)
];

/**
 * The quantity a line gives (1 when none), and the line without it.
 * @example takeQuantity('charizard x2') // { quantity: 2, rest: 'charizard' }
 * @example takeQuantity('151 etb') // { quantity: 1, rest: '151 etb' }
 */
function takeQuantity(text: string): { quantity: number; quantityAsWritten?: number; rest: string } {
  for (const form of QUANTITY_FORMS) {
    const found = form.exec(text);
    if (!found) continue;
    // The trailing forms name their groups the other way round: rest first, then the number.
    return found.groups?.rest === undefined
      ? { quantity: quantityOf(found[1]), ...asWritten(found[1]), rest: found[2] ?? '' }
      : { quantity: quantityOf(found[2]), ...asWritten(found[2]), rest: found.groups.rest };
  }
  return { quantity: 1, rest: text };
}

/** Comment lines: `# heading`, `// note`. */
const COMMENT_RE = /^(?:#|\/\/)/;
/** A list bullet before the item: `- `, `* `, `• `. */
const BULLET_RE = /^[-*•]\s+/;

/**
 * One item per line; blank and comment lines are skipped but keep their numbers.
 * @example linesOfText('# binder\n2x charizard 4/102 psa 10')
 * // [{ line: 2, text: '2x charizard 4/102 psa 10', quantity: 2, query: 'charizard 4/102', grade: { company: 'PSA', grade: '10' } }]
 */
export function linesOfText(text: string): ListLine[] {
  const lines: ListLine[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .forEach((raw, i) => {
      const trimmed = raw.trim();
      if (trimmed === '' || COMMENT_RE.test(trimmed)) return;
      // Cut before it is read, so that what is searched is what the entry's text shows.
      const text = clip(trimmed).trimEnd();
      const { rest, grade } = takeGrade(squeeze(text.replace(BULLET_RE, '')));
      const { rest: query, ...quantity } = takeQuantity(rest);
      lines.push({ line: i + 1, text, ...quantity, query: squeeze(query), ...(grade && { grade }) });
    });
  return lines;
}

/** Header names per field, compared by keyText; the first listed that a file has wins. */
const COLUMNS = {
  quantity: ['quantity', 'qty', 'count', 'amount', 'have', 'total quantity'],
  name: ['name', 'card name', 'product name', 'product', 'card', 'item', 'simple name'],
  set: ['set', 'set name', 'edition', 'expansion', 'set code'],
  number: ['number', 'card number', 'collector number', 'no', '#', 'card #'],
  printing: ['printing', 'variant', 'finish', 'foil', 'edition type'],
  grade: ['grade', 'graded', 'condition'],
  productId: ['tcgplayer id', 'tcgplayer product id', 'product id', 'tcgplayerid', 'tcgplayer_id'],
  // TCGplayer's collection export says `Japanese`; its seller export names the product line, `Pokemon Japan`.
  language: ['language', 'product line'],
} as const;
type Field = keyof typeof COLUMNS;

/** Case and punctuation folded away: `Card #` and `card_#` both give `card#`. */
const keyText = (header: string) => header.toLowerCase().replace(/[^a-z0-9#]/g, '');

function columnsOf(header: readonly string[]): Partial<Record<Field, number>> {
  const keys = header.map(keyText);
  const columns: Partial<Record<Field, number>> = {};
  for (const field of Object.keys(COLUMNS) as Field[]) {
    for (const name of COLUMNS[field]) {
      const at = keys.indexOf(keyText(name));
      if (at !== -1) {
        columns[field] = at;
        break;
      }
    }
  }
  return columns;
}

/**
 * A printing column's value as the search's printing words: `Reverse Holofoil` → `reverse holo`,
 * `1st Edition Holofoil` → `1st edition holo`, `Unlimited Holofoil` → `unlimited holo`. A plain `Holofoil`
 * (or `Foil`, or yes in a foil column) and `Normal` give nothing: the search reads `holo` as the card's most
 * valuable holo printing, which for a Base Set card is Shadowless, four times what a plain Holofoil row holds;
 * without a word the card keeps its primary printing's value, the holo of a holo rare.
 * @example printingWordsOf('Reverse Holofoil') // "reverse holo"
 */
export function printingWordsOf(value: string): string {
  const folded = squeeze(value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' '));
  if (/^(?:|normal|non ?foil|no|false|0|n|holo|holofoil|foil|yes|true|1|y)$/.test(folded)) return '';
  return folded.replace(/\b(?:holofoil|foil)\b/g, 'holo');
}

/**
 * A language column's value as the search's language word: `jp` for a Japanese card (`Japanese`, `Pokemon Japan`),
 * which keeps a Japanese line off the English card of the same name and number (SV2a's 151 is not the English 151).
 * Any other value gives nothing: English cards are the ones a line without a language word prefers.
 * @example languageWordOf('Pokemon Japan') // "jp"
 */
export function languageWordOf(value: string): string {
  return /\bjapan(?:ese)?\b/i.test(value) ? 'jp' : '';
}

/** TCGplayer writes a set with its code ("SWSH07: Evolving Skies", "SM - Team Up"); the search knows the name. */
const SET_CODE_RE = /^[A-Za-z]+\d*\s*(?::|\s-)\s+/;
/** TCGplayer names carry notes the catalogue's names lack: "Umbreon VMAX (Alternate Art Secret)", "Pikachu - 58/102". */
const NAME_NOTE_RE = /\s*\([^)]*\)|\s+-\s+[\w/]+$/g;

const NO_NAME_PROBLEM = 'the CSV has no column naming the item (name, card name, product…) or its TCGplayer product id';

/**
 * A CSV export with a header row: TCGplayer's collection export, Dragon Shield's (with its `"sep=,"` first
 * line), or any file whose columns have the usual names. Rows whose quantity is 0 list cards not held and are skipped.
 * @example linesOfCsv('Quantity,Name,Set,Card Number\n2,Charizard,Base Set,4/102')
 * // [{ line: 2, text: '2 Charizard Base Set 4/102', quantity: 2, query: 'Charizard Base Set 4/102' }]
 */
export function linesOfCsv(text: string): ListLine[] | { problem: string } {
  const body = text.replace(/^\uFEFF/, '');
  // Excel's delimiter hint, which Dragon Shield writes before the header.
  const fromLine = /^"?sep=.?"?\s*(?:\r\n|\r|\n)/i.test(body) ? 2 : 1;
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With info, each record comes as { record, info } (csv-parse's types do not say so).
    records = parse(body, {
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
      from_line: fromLine,
    }) as unknown as typeof records;
  } catch (error) {
    return { problem: `the CSV could not be read: ${(error as Error).message}` };
  }
  const [header, ...rows] = records;
  const columns = header ? columnsOf(header.record) : {};
  if (columns.name === undefined && columns.productId === undefined) return { problem: NO_NAME_PROBLEM };
  const lines: ListLine[] = [];
  for (const { record, info } of rows) {
    const cell = (field: Field) => {
      const at = columns[field];
      return at === undefined ? '' : squeeze(record[at] ?? '');
    };
    const count = cell('quantity');
    if (/^0+$/.test(count)) continue;
    const productId = Number(cell('productId'));
    const fromName = takeGrade(cell('name').replace(NAME_NOTE_RE, ''));
    const grade = takeGrade(cell('grade')).grade ?? fromName.grade;
    const printing = printingWordsOf(cell('printing'));
    const set = cell('set').replace(SET_CODE_RE, '').replace(/[()]/g, '');
    const named = squeeze([fromName.rest, set, cell('number')].join(' '));
    const language = named === '' ? '' : languageWordOf(cell('language'));
    if (named === '' && !(productId > 0)) continue;
    const query = clip(squeeze(named === '' ? '' : `${named} ${language} ${printing}`));
    // info.lines is where the record ends; a quoted field spanning lines started that many lines before.
    const newlines = record.reduce((sum, field) => sum + (field.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
    lines.push({
      line: info.lines - newlines,
      text: clip(squeeze(record.join(' '))),
      ...(/^\d+$/.test(count) ? { quantity: quantityOf(count), ...asWritten(count) } : { quantity: 1 }),
      query,
      ...(grade && { grade }),
      ...(Number.isSafeInteger(productId) && productId > 0 && { productId }),
      ...(printing && named !== '' && { printing }),
    });
  }
  return lines;
}
