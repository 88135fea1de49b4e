/**
 * One-off (issue 44): turns each article's quote templates (the `quotes` of src/knowledge-facts/articles/*.ts)
 * into markers in its Markdown: each placeholder's figure wrapped as `:fact[…]{…}` where it stands, each quoted
 * table given a fact-table comment (or, for a table of fixed rows, a marker in each cell), and the figures the
 * templates held as words or as `constants` declared in the front matter. Checks that every marked article
 * reads as before once its markers are resolved. Run once, before the templates are deleted.
 *
 * Usage:  node scripts/convert-article-markers.ts [--write]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { rewriteArticle } from '../src/knowledge-facts/article-text.ts';
import { factsCatalogueOf } from '../src/knowledge-facts/catalogue.ts';
import { writeValue } from '../src/knowledge-facts/figures.ts';
import { itemsOf } from '../src/knowledge-facts/index.ts';
import { lookUp } from '../src/knowledge-facts/look-up.ts';
import { plainText } from '../src/knowledge-facts/markers.ts';
import { tableRows } from '../src/knowledge-facts/row-template.ts';
import { catalogueOf, readPriceContent } from './lib/price-import.ts';

const { values: args } = parseArgs({ options: { write: { type: 'boolean', default: false } } });

type Quote = { in: 'answer' | 'body'; text: string } | { in: 'body'; header: string };
type OldArticle = { slug: string; facts(c: unknown): Record<string, unknown>; quotes: Quote[]; constants?: string[] };

const SLUGS = [
  'black-white-rares',
  'catalogue-and-price-dates',
  'gold-star-cards',
  'how-card-values-are-computed',
  'last-scarlet-violet-sets-chase-cards',
  'mega-evolution-era-unpriced',
  'mega-hyper-rares',
  'modern-chase-cards',
  'new-era-sealed-price-moves',
  'new-era-sealed-values',
  'poke-ball-master-ball-printings',
  'priced-stale-unpriced',
  'prismatic-evolutions-values',
  'rarity-and-value-bands',
  'sealed-coverage',
  'special-illustration-rare-premium',
  'value-bands-explained',
  'value-outside-listings',
  'vintage-vs-modern-values',
  'what-counts-as-vintage',
  'what-makes-a-grail',
  'why-most-cards-are-budget',
];

const CARD_LINK = '[{name}](/cards/{slug})';
const TIMES = (field: string) => `{${field}[{.|x}×]|none}`;
const PRODUCT = (field: string, label: string, perPack: boolean) =>
  `{${field}[[${label}](/sealed/{slug}) {valueUsd|usd|unpriced}${perPack ? '{per_pack_usd[ ({.|usd} a pack)]}' : ''}]|none}`;

/** The fact-tables: each quoted table's list and row template, by its header. */
const FACT_TABLES: Record<string, { rows: string; row: string; where?: string; labels?: string }> = {
  '| Card | Set | Value | Rank in its set | The same name in the set |': {
    rows: 'rows',
    row: `| ${CARD_LINK} | {set} | {valueUsd|usd|unpriced} | {rank_in_set|ord|unpriced} | {same_name_in_set[{rarity} {valueUsd|usd|unpriced}]|none} |`,
  },
  '| Set | Released | Cards with a value | One copy of each | Black White Rares | Their share |': {
    rows: 'by_set',
    row: '| {@key} | {released} | {cards_with_value|n} | {set_usd|usd} | {black_white_rares_usd|usd} | {share_pct|pct} |',
  },
  '| Card | Set | Value |': { rows: 'top', row: `| ${CARD_LINK} | {set} | {valueUsd|usd} |` },
  '| Set | Released | Cards with a value | Median card | Chase or grail | Most valuable card |': {
    rows: 'sets',
    row: `| {@key} | {released} | {valued|n} | {median_usd|usd|none} | {chase_or_grail|n} | {top.0[${CARD_LINK}, {valueUsd|usd}]|none} |`,
  },
  '| Set | Card | Rarity | Value |': { rows: 'sets.*.top', row: `| {@1} | ${CARD_LINK} | {rarity} | {valueUsd|usd} |` },
  '| Set | Code | Released | Cards | With a value | Unpriced |': {
    rows: 'by_set',
    row: '| {@key} | {code[{.} (`{id}`)]|`{id}`} | {released} | {cards|n} | {valued|n} | {unpriced|n} |',
  },
  '| Card | Set | Rarity | Value |': { rows: 'top', row: `| ${CARD_LINK} | {set} | {rarity} | {valueUsd|usd} |` },
  '| Card | Number | Set | Released | Value | The same name in the set |': {
    rows: 'rows',
    row: `| ${CARD_LINK} | {number} | {set} | {released} | {valueUsd|usd|unpriced} | {same_name_in_set[{rarity} {valueUsd|usd|unpriced}]|none} |`,
  },
  '| Card | First price on record | Lowest | Highest | Value |': {
    rows: 'rows',
    where: 'history',
    row: `| ${CARD_LINK} | {history.first_usd|usd} ({history.first_date}) | {history.low_usd|usd} | {history.high_usd|usd} | {valueUsd|usd} |`,
  },
  '| Product | First price on record | Week of release | Value | Since release |': {
    rows: 'moves',
    row: `| [{name}](/sealed/{slug}) | {first[{market|usd} ({date})]|none} | {release_week_usd|usd|none} | {valueUsd|usd|unpriced} | ${TIMES('since_release')} |`,
  },
  '| Product | Compared | Median since release |': {
    rows: 'by_kind',
    labels:
      'booster_box: booster box; booster_bundle: booster bundle; booster_pack: booster pack; etb: Elite Trainer Box; pokemon_center_etb: Pokémon Center ETB',
    row: `| {@key|label} | {products|n} | ${TIMES('median_since_release')} |`,
  },
  '| Kind | Products |': { rows: 'products.kinds', row: '| {@key} | {.|n} |' },
  '| Set | Booster box | Booster bundle | Booster pack |': {
    rows: 'by_set',
    row: `| {@key} | ${PRODUCT('booster_box', 'box', true)} | ${PRODUCT('booster_bundle', 'bundle', true)} | ${PRODUCT('booster_pack', 'pack', false)} |`,
  },
  '| Set | Elite Trainer Box | Pokémon Center Elite Trainer Box |': {
    rows: 'by_set',
    row: `| {@key} | ${PRODUCT('etb', 'ETB', false)} | ${PRODUCT('pokemon_center_etb', 'Pokémon Center ETB', false)} |`,
  },
  "| Set | Printing | Cards | Median value | Times the reverse holo | Times the card's value |": {
    rows: 'by_set.*',
    where: 'cards',
    labels: 'pokeball: Poké Ball; masterball: Master Ball',
    row: `| {@1} | {@2|label} | {cards|n} | {median_usd|usd|none} | ${TIMES('over_reverse_holo')} | ${TIMES('over_card_value')} |`,
  },
  "| Card | Set | Rarity | Master Ball printing | The card's value |": {
    rows: 'top_master_ball',
    row: `| ${CARD_LINK} | {set} | {rarity} | {printing_usd|usd} | {valueUsd|usd|unpriced} |`,
  },
  '| Card | Rarity | Value |': { rows: 'top', row: `| ${CARD_LINK} | {rarity} | {valueUsd|usd} |` },
  '| Rarity | Cards | Median | Grail | Chase | Mid | Budget |': {
    rows: 'by_rarity',
    row: '| {@key} | {cards|n} | {median_usd|usd} | {grail|n} | {chase|n} | {mid|n} | {budget|n} |',
  },
  '| Rarity | Cards with a value | Median | Chase or grail |': {
    rows: 'by_rarity',
    row: '| {@key} | {cards|n} | {median_usd|usd|unpriced} | {chase_or_grail|n} |',
  },
  '| Card | Set | Double Rare | Ultra Rare | Hyper Rare | Special Illustration Rare |': {
    rows: 'examples',
    row: `| ${CARD_LINK} | {set} | {values.Double Rare|usd|—} | {values.Ultra Rare|usd|—} | {values.Hyper Rare|usd|—} | {values.Special Illustration Rare|usd|—} |`,
  },
  '| Set | Special Illustration Rares | Median SIR | Median Illustration Rare | Median Ultra Rare |': {
    rows: 'by_set',
    row: '| {@key} | {sir_cards|n} | {sir_median_usd|usd|unpriced} | {illustration_rare_median_usd|usd|none} | {ultra_rare_median_usd|usd|none} |',
  },
};

/** Where an article's table of the same header is made otherwise. */
const FACT_TABLES_OF: Record<string, typeof FACT_TABLES> = {
  'sealed-coverage': { '| Kind | Products |': { rows: 'by_kind_top', labels: 'etb: etb (Elite Trainer Box)', row: '| {@key|label} | {.|n} |' } },
  'what-makes-a-grail': { '| Card | Set | Rarity | Value |': { rows: 'top', row: `| ${CARD_LINK} | {set} ({year}) | {rarity} | {valueUsd|usd} |` } },
};

/** Per article, the header row of a table whose rows an article fixes: the table's text with each figure marked. */
type CellMarks = (row: string[], r: number) => string[];
const CELL_TABLES: Record<string, Record<string, CellMarks>> = {
  'priced-stale-unpriced': {
    '| Status | Rule | Cards | Sealed |': (row) => {
      const status = row[0].replaceAll('`', '');
      return [row[0], row[1].replace(/\d+ days/, (d) => `${mark('stale_after_days', d.split(' ')[0])} days`), ...['cards', 'sealed'].map((k, i) => mark(`${k}_by_status.${status}`, row[2 + i]))];
    },
  },
  'value-outside-listings': {
    '| | With a value | Market below lowest listing | Market above highest listing |': (row, r) => {
      const kind = r === 0 ? 'cards' : 'sealed';
      return [row[0], mark(`${kind}.priced`, row[1]), mark(`${kind}.market_below_low`, row[2]), mark(`${kind}.market_above_high`, row[3])];
    },
  },
  'vintage-vs-modern-values': {
    '| Era | Priced cards | Median value | Grail | Chase | Mid | Budget | Chase or grail |': (row, r) => {
      const era = ['vintage', 'between', 'modern'][r];
      const fields = ['priced_cards', 'median_usd', 'grail', 'chase', 'mid', 'budget', 'chase_or_grail_pct'];
      return [row[0], ...fields.map((f, i) => mark(`by_era.${era}.${f}`, row[i + 1]))];
    },
  },
  'value-bands-explained': {
    '| Band | Value | Cards | Sealed products | Example |': (row) => {
      const band = row[0] === 'none' ? 'unpriced' : row[0].replaceAll('`', '');
      const range = row[1].replace(/^\$(\d+)/, (d) => mark(`thresholds_usd.${band}`, d)).replace(/^under (\$\d+)/, (_, d) => `under ${mark('thresholds_usd.mid', d)}`);
      const example = row[4].replace(/\[[^\]]+\]\(\/cards\/[^)]*-([a-z0-9]+-[A-Za-z0-9]+)\), (\$[\d,.]+)$/, (m, id, value) => m.replace(value, `:fact[${value}]{card=${id}}`));
      return [row[0], range, mark(`cards_by_band.${band}`, row[2]), mark(`sealed_by_band.${band}`, row[3]), example];
    },
  },
};

let current: { facts: Record<string, unknown> } = { facts: {} };
/** A figure marked with its key, the format named only where the figure's shape would not give it. */
function mark(key: string, shown: string): string {
  const found = lookUp(current.facts, key);
  if (!found.found) throw new Error(`no fact ${key}`);
  if (writeValue(found.value, undefined, shown) !== shown) throw new Error(`${key}: ${JSON.stringify(found.value)} is not written "${shown}"`);
  return `:fact[${shown}]{key=${attribute(key)}}`;
}

const attribute = (value: string) => (/^[^\s"'=<>`}]+$/.test(value) ? value : value.includes("'") ? `"${value}"` : `'${value}'`);

const PLACEHOLDER = /\{([^{}|]+)(?:\|(\w+))?\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const FINDS: Record<string, string> = {
  n: '\\d[\\d,]*',
  usd: '\\$[\\d,]+\\.\\d\\d',
  pct: '-?\\d+\\.\\d%',
  x: '\\d+\\.\\d',
  month: '[A-Z][a-z]+ \\d{4}',
  ord: '\\d+(?:st|nd|rd|th)',
};

/** The old template as a pattern with one group per placeholder (as src/knowledge-facts/quotes.ts read it). */
function patternOf(template: string): { pattern: RegExp; placeholders: { path: string; format?: string }[] } {
  const parts = template.split(PLACEHOLDER);
  const placeholders: { path: string; format?: string }[] = [];
  let source = '';
  for (let i = 0; i < parts.length; i += 3) {
    source += escapeRegExp(parts[i]);
    if (i + 1 < parts.length) {
      placeholders.push({ path: parts[i + 1], format: parts[i + 2] });
      source += `(${FINDS[parts[i + 2]] ?? '.+?'})`;
    }
  }
  return { pattern: new RegExp(source, 'gd'), placeholders };
}

const content = catalogueOf(readPriceContent('content'));
const catalogue = factsCatalogueOf(content);
const items = itemsOf(catalogue);
let totals = { markers: 0, tables: 0, cellTables: 0, constants: 0 };

for (const slug of SLUGS) {
  const path = join('content', 'knowledge', `${slug}.md`);
  const original = readFileSync(path, 'utf8');
  const article = (await import(`../src/knowledge-facts/articles/${slug}.ts`)).default as OldArticle;
  const facts = article.facts(catalogue);
  current = { facts };
  const fm = /^---\n([\s\S]*?\n)---\n/.exec(original)!;
  const answerLine = /^answer: (".*")$/m.exec(fm[1])!;
  const fields = { answer: JSON.parse(answerLine[1]) as string, body: original.slice(fm[0].length) };
  const spans: Record<'answer' | 'body', { start: number; end: number; by: string }[]> = { answer: [], body: [] };

  for (const quote of article.quotes) {
    if ('header' in quote) continue;
    const text = fields[quote.in];
    const { pattern, placeholders } = patternOf(quote.text);
    const matches = [...text.matchAll(pattern)];
    if (matches.length !== 1) throw new Error(`${slug}: ${matches.length} matches of ${quote.text}`);
    placeholders.forEach(({ path: ref, format }, k) => {
      const [start, end] = matches[0].indices![k + 1];
      const shown = text.slice(start, end);
      const item = /^(card|sealed):([^:]+)(?::(\w+))?$/.exec(ref);
      const found = item ? items(item[1] as 'card', item[2], item[3] ?? 'valueUsd') : lookUp(facts, ref);
      if (!found.found) throw new Error(`${slug}: no value for ${ref}`);
      const named = writeValue(found.value, undefined, shown) === shown ? undefined : format;
      if (writeValue(found.value, named as never, shown) !== shown) throw new Error(`${slug}: ${ref} ${JSON.stringify(found.value)} is not written "${shown}"`);
      const what = item ? `${item[1]}=${item[2]}${item[3] ? ` field=${item[3]}` : ''}` : `key=${attribute(ref)}`;
      spans[quote.in].push({ start, end, by: `:fact[${shown}]{${what}${named ? ` format=${named}` : ''}}` });
      totals.markers++;
    });
  }

  // The tables of the body, from the bottom up so the offsets above stay true.
  let body = replace(fields.body, spans.body);
  for (const quote of article.quotes) {
    if (!('header' in quote)) continue;
    const lines = body.split('\n');
    const at = lines.indexOf(quote.header);
    let end = at + 2;
    while (end + 1 < lines.length && lines[end + 1].startsWith('|')) end++;
    const rows = lines.slice(at + 2, end + 1);
    const cells = CELL_TABLES[slug]?.[quote.header];
    if (cells) {
      const marked = rows.map((row, r) => `| ${cells(row.slice(2, -2).split(' | '), r).join(' | ')} |`);
      if (marked.some((row, r) => plainText(row).text !== rows[r])) throw new Error(`${slug}: marked table differs from ${quote.header}`);
      lines.splice(at + 2, rows.length, ...marked);
      totals.markers += marked.join('\n').split(':fact[').length - 1;
      totals.cellTables++;
    } else {
      const spec = FACT_TABLES_OF[slug]?.[quote.header] ?? FACT_TABLES[quote.header];
      if (!spec) throw new Error(`${slug}: no spec for ${quote.header}`);
      const made = tableRows(facts, spec);
      if (made.join('\n') !== rows.join('\n')) throw new Error(`${slug}: ${quote.header}\n${made.join('\n')}\n--- was ---\n${rows.join('\n')}`);
      const attrs = [`rows=${spec.rows}`, spec.where && `where=${spec.where}`, spec.labels && `labels="${spec.labels}"`, `row="${spec.row}"`].filter(Boolean);
      lines.splice(at, 0, `<!-- fact-table ${attrs.join(' ')} -->`);
      totals.tables++;
    }
    body = lines.join('\n');
  }
  const answer = replace(fields.answer, spans.answer);
  let yaml = fm[1].replace(answerLine[0], () => `answer: ${JSON.stringify(answer)}`);

  // Constants: the old ones, and the figures the templates held as words; the review names what is left.
  const probe = rewriteArticle(`---\n${yaml}---\n${body}`, { facts, items });
  const stray = [...new Set(probe.problems.flatMap((p) => /^"(.+)" is a figure no marker writes/.exec(p.message)?.[1] ?? []))];
  const others = probe.problems.filter((p) => !/is a figure no marker writes/.test(p.message));
  if (others.length) throw new Error(`${slug}: ${JSON.stringify(others)}`);
  const constants = [...new Set([...(article.constants ?? []), ...stray])];
  const added = stray.filter((f) => !(article.constants ?? []).includes(f));
  if (constants.length) {
    yaml = yaml.replace(/^structured:/m, `constants: [${constants.map((c) => JSON.stringify(c)).join(', ')}]\nstructured:`);
    totals.constants += constants.length;
  }
  const text = `---\n${yaml}---\n${body}`;
  const review = rewriteArticle(text, { facts, items });
  const resolved = plainText(body).text;
  if (resolved !== fields.body) {
    const i = [...resolved].findIndex((c, k) => c !== fields.body[k]);
    throw new Error(`${slug}: the body reads other than before once resolved at ${JSON.stringify(fields.body.slice(i - 40, i + 40))} vs ${JSON.stringify(resolved.slice(i - 40, i + 40))}`);
  }
  if (plainText(answer).text !== fields.answer) throw new Error(`${slug}: the answer reads other than before once resolved`);
  const left = review.differences.filter((d) => d.path[0] !== 'structured' && d.path[0] !== 'mentions');
  console.log(`${slug}: ${spans.answer.length + spans.body.length} markers${added.length ? `; constants added from the templates' words: ${added.join(', ')}` : ''}`);
  if (left.length || review.problems.length) throw new Error(`${slug}: ${JSON.stringify({ left, problems: review.problems })}`);
  if (args.write) writeFileSync(path, text);
}
console.log(totals);

function replace(text: string, spans: { start: number; end: number; by: string }[]): string {
  let out = text;
  for (const s of [...spans].sort((a, b) => b.start - a.start)) out = out.slice(0, s.start) + s.by + out.slice(s.end);
  return out;
}
