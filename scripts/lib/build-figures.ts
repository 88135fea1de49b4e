/**
 * The figures the docs state about a build (the bulk files' sizes, the manifest example and the crosswalk's counts in docs/data.md, what
 * tools/list costs in docs/mcp.md), found by the words around them as the README's catalogue sentence is
 * (src/knowledge-facts/readme.ts), but written from a build rather than from content: `npm run facts -- --write`
 * rewrites them from dist/ when there is one, and the smoke test, on the real build, fails when one is stale.
 * They are figures "about" the build: one is stale when it is more than STALE_SHARE off what the build gives, since
 * a day's prices move a size a little and the daily job writes its figures before it builds (docs/operations.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { CROSSWALK_COLUMNS } from '../../src/catalogue/crosswalk.ts';
import { applyQuote, type TextQuote } from '../../src/knowledge-facts/quotes.ts';
import { countTokensExactly } from '../../src/pipeline/token-counter.ts';

/** How far off the build a stated figure may be before it is stale. */
const STALE_SHARE = 0.1;

/** The docs' figures of a build, by file (from the repository's root), each quote within one line. */
export const BUILD_QUOTES: Readonly<Record<string, readonly TextQuote[]>> = {
  'docs/data.md': [
    { text: "the cards' NDJSON is about {cards_ndjson} MB ({cards_ndjson_gz} MB gzipped), the sealed products' {sealed_ndjson} MB" },
    {
      text:
        "({sealed_ndjson_gz} MB gzipped), the articles' {knowledge_ndjson} MB, the cards CSV {cards_csv} MB, the printings CSV " +
        '{printings_csv} MB, the crosswalk {crosswalk_csv} MB.',
    },
    { text: '"mediaType": "application/x-ndjson", "records": {cards_ndjson_records}, "bytes": {cards_ndjson_bytes},' },
    { text: '"mediaType": "application/gzip", "records": {cards_ndjson_gz_records}, "bytes": {cards_ndjson_gz_bytes},' },
    { text: '"mediaType": "text/csv; charset=utf-8", "records": {cards_csv_records}, "bytes": {cards_csv_bytes}, "sha256"' },
    {
      text: 'On the bundled catalogue: {crosswalk_csv_records|n} rows, {crosswalk_tcgdex_ids|n} with a TCGdex id, {crosswalk_tcgplayer_ids|n} with TCGplayer products.',
    },
  ],
  'docs/mcp.md': [{ text: 'The whole answer costs about {tool_list_tokens|n} o200k tokens' }],
};

interface BulkManifest {
  files: { path: string; records: number; bytes: number }[];
}

/** Megabytes (10⁶ bytes) to two significant figures: 64684923 → "65", 435108 → "0.44". */
const megabytes = (bytes: number) => String(Number((bytes / 1e6).toPrecision(2)));

/** What tools/list costs an agent: its answer's result, `{ tools }`, in o200k tokens. */
export const toolListTokens = (tools: unknown[]) => countTokensExactly(JSON.stringify({ tools }));

/**
 * The figures the quotes name, from the build's bulk manifest and its tool list: each bulk file by its name
 * (`cards.ndjson.gz` → `cards_ndjson_gz`) in MB, with `_records` and `_bytes` as the manifest has them.
 * @example buildFactsOf({ files: [{ path: '/api/bulk/cards.csv', records: 3, bytes: 5307131 }] }, []).cards_csv // "5.3"
 */
export function buildFactsOf(manifest: BulkManifest, tools: unknown[], crosswalkCsv: string): Record<string, unknown> {
  const facts: Record<string, unknown> = { tool_list_tokens: toolListTokens(tools), ...crosswalkFactsOf(crosswalkCsv) };
  for (const { path, records, bytes } of manifest.files) {
    const key = path.slice(path.lastIndexOf('/') + 1).replaceAll('.', '_');
    Object.assign(facts, { [key]: megabytes(bytes), [`${key}_records`]: records, [`${key}_bytes`]: bytes });
  }
  return facts;
}

/**
 * How many rows of the crosswalk (`id,tcgdexId,tcgplayerProductIds,cardmarketProductIds`) fill its TCGdex and its
 * TCGplayer column.
 * @example crosswalkFactsOf('id,tcgdexId,tcgplayerProductIds,cardmarketProductIds\nsv1-1,sv01-001,1|2,\nbase1-1,,,\n') // { crosswalk_tcgdex_ids: 1, crosswalk_tcgplayer_ids: 1 }
 */
export function crosswalkFactsOf(csv: string): { crosswalk_tcgdex_ids: number; crosswalk_tcgplayer_ids: number } {
  const rows = parse(csv, { columns: true }) as Record<(typeof CROSSWALK_COLUMNS)[number], string>[];
  return { crosswalk_tcgdex_ids: rows.filter((row) => row.tcgdexId).length, crosswalk_tcgplayer_ids: rows.filter((row) => row.tcgplayerProductIds).length };
}

/** The figures of the build in `dist`, or undefined when it has not been built. */
export function readBuildFacts(dist: string): Record<string, unknown> | undefined {
  const manifest = join(dist, 'client', 'api', 'bulk', 'manifest.json');
  const tools = join(dist, 'server', 'mcp-tools.json');
  const crosswalk = join(dist, 'client', 'api', 'bulk', 'crosswalk.csv');
  if (![manifest, tools, crosswalk].every((file) => existsSync(file))) return undefined;
  return buildFactsOf(JSON.parse(readFileSync(manifest, 'utf8')), JSON.parse(readFileSync(tools, 'utf8')), readFileSync(crosswalk, 'utf8'));
}

/** A doc as it should read with the build's figures: its stale figures rewritten, every other byte kept. */
export interface BuildFiguresReview {
  text: string;
  differences: { was: string; now: string }[];
  problems: string[];
}

const numbersIn = (text: string) => [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map(([n]) => Number(n.replaceAll(',', '')));

/** Whether each figure stated is within STALE_SHARE of the build's (the words around them are the same). */
function isAbout(was: string, now: string): boolean {
  const stated = numbersIn(was);
  const built = numbersIn(now);
  return stated.length === built.length && stated.every((n, i) => Math.abs(n - built[i]) <= STALE_SHARE * built[i]);
}

/**
 * Reviews one doc of BUILD_QUOTES against the build's figures.
 * @example reviewBuildFigures('docs/mcp.md', text, facts).differences // [] when every figure is about the build's
 */
export function reviewBuildFigures(file: string, text: string, facts: Record<string, unknown>): BuildFiguresReview {
  const review: BuildFiguresReview = { text, differences: [], problems: [] };
  for (const quote of BUILD_QUOTES[file] ?? []) {
    const result = applyQuote(review.text, quote, facts);
    if (!result.ok) review.problems.push(`${file}: ${result.message} (scripts/lib/build-figures.ts)`);
    else if (!isAbout(result.was, result.now)) {
      review.text = result.text;
      review.differences.push({ was: result.was, now: result.now });
    }
  }
  return review;
}
