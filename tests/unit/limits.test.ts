import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANGE_WINDOW_DAYS } from '../../src/catalogue/price-change.ts';
import {
  BODY_LIMITS,
  bytesText,
  CHANGE_SORT_DAYS,
  COLLECTION_LIMITS,
  changeSortOf,
  countText,
  LIST_LINES_PER_POINT,
  LOOKUP_MAX_IDS,
  listCost,
  MAX_HEADER_BYTES,
  MCP_BATCH_MAX,
  MCP_JSON_VALUES_MAX,
  POST_BODY_MAX_BYTES,
  QUERY_MAX_LENGTH,
  RATE_LIMIT_DEFAULT,
  REQUEST_COST,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SORTS,
} from '../../src/http/limits.ts';
import { LOOKUP_KEY_PATTERN } from '../../src/schemas/patterns.ts';
import { LIST_WORK } from '../../src/server/list-valuer.ts';

/**
 * The docs state the costs and limits of src/http/limits.ts (and the list worker's, src/server/list-valuer.ts):
 * each figure a doc writes is rebuilt here from its constant, so a changed constant fails until the doc says so.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
/** A doc as one line: a sentence may wrap anywhere. */
const prose = (name: string) => read(`docs/${name}`).replace(/\s+/g, ' ');
/** Fails naming the sentence a doc does not hold (rather than printing the whole doc). */
const stated = (doc: string, sentence: string) => expect(doc.includes(sentence), `the doc says: ${sentence}`).toBe(true);
/** How the docs write a small number of points. */
const WORDS = ['no', 'one'];

/** The rows of the first table after `heading`, as trimmed cells, without its header and separator rows. */
function tableAfter(text: string, heading: string): string[][] {
  const lines = text.split('\n');
  const start = lines.indexOf(heading);
  expect(start, `${heading} is in the doc`).toBeGreaterThanOrEqual(0);
  const first = lines.findIndex((line, i) => i > start && line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > first && !line.startsWith('|'));
  return lines.slice(first + 2, end).map((line) =>
    line
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim()),
  );
}

/** Each row's first cell as the one of `expected` it starts with (or whole, when none), and its other cells. */
const keyed = (rows: string[][], expected: string[][]) =>
  rows.map(([label, ...rest]) => [expected.find(([start]) => label.startsWith(start))?.[0] ?? label, ...rest]);

describe('docs/limits.md', () => {
  const text = read('docs/limits.md');

  it('the cost table gives each kind of request the points the function charges, and lists no other', () => {
    const costs = [
      ['A search:', String(REQUEST_COST.search)],
      ['A negotiated detail page', String(REQUEST_COST.page)],
      ['A price feed', String(REQUEST_COST.feed)],
      ['A list to value', `${listCost(LIST_LINES_PER_POINT)} per ${LIST_LINES_PER_POINT} lines or part of them, at least ${listCost(0)}`],
      ['An MCP `tools/call`', String(REQUEST_COST.toolCall)],
      ['An MCP `resources/read`', String(REQUEST_COST.resourceRead)],
      ['Any other MCP message', String(REQUEST_COST.protocolMessage)],
      ['A prebuilt file', '0'],
    ];
    expect(keyed(tableAfter(text, '### What each request costs'), costs)).toEqual(costs);
  });

  it('the table of bounds gives each its value, and lists no other', () => {
    const bounds = [
      ['A request head', bytesText(MAX_HEADER_BYTES)],
      ["A search's `q`", `${QUERY_MAX_LENGTH} characters`],
      ["A search page's `limit`", String(SEARCH_LIMIT_MAX)],
      ["A look-up's `ids`", `${LOOKUP_MAX_IDS} ids`],
      ['A POST body', bytesText(POST_BODY_MAX_BYTES)],
      ['Bodies held at once', bytesText(BODY_LIMITS.heldBytes)],
      ['A GET list', bytesText(COLLECTION_LIMITS.getListBytes)],
      ['Lines in one request', countText(COLLECTION_LIMITS.lines)],
      ["A line's text", `${COLLECTION_LIMITS.lineChars} characters`],
      ['A quantity on a line', countText(COLLECTION_LIMITS.quantity)],
      ['Lines admitted at once', countText(LIST_WORK.admittedLines)],
      ['Time to value one list', `${LIST_WORK.jobTimeoutMs / 1000} s`],
      ["The list worker's heap", `${LIST_WORK.heapMb} MB old space`],
      ['MCP: messages in a batch', String(MCP_BATCH_MAX)],
      ['MCP: JSON values in one request', countText(MCP_JSON_VALUES_MAX)],
    ];
    const rows = tableAfter(text, '## What one request may cost');
    expect(keyed(rows, bounds).map(([label, value]) => [label, value])).toEqual(bounds);
    const pastIt = Object.fromEntries(keyed(rows, bounds).map(([label, , past]) => [label, past]));
    expect(pastIt['A POST body']).toContain(`up to ${bytesText(BODY_LIMITS.drainBytes)} more is read and dropped`);
    expect(pastIt['A POST body']).toContain(`in stages ${BODY_LIMITS.lingerMs / 1000} s later`);
    expect(pastIt['Bodies held at once']).toBe(`\`503\`, \`Retry-After: ${BODY_LIMITS.retryAfterSeconds}\``);
    expect(pastIt["A search page's `limit`"]).toBe(`clamped to ${SEARCH_LIMIT_MAX} (default ${SEARCH_LIMIT_DEFAULT})`);
    expect(pastIt['A quantity on a line']).toContain(`counted as ${countText(COLLECTION_LIMITS.quantity)}`);
  });

  it('the prose states the default rate limit and what a list costs under it', () => {
    const { quota, windowSeconds } = RATE_LIMIT_DEFAULT;
    const lines = COLLECTION_LIMITS.lines;
    stated(text, `RateLimit-Policy: "default";q=${quota};w=${windowSeconds}`);
    stated(text, `| \`RATE_LIMIT\` | \`<requests>/<seconds>\` per client, or \`off\` | \`${quota}/${windowSeconds}\` |`);
    const words = prose('limits.md');
    stated(words, `a 120-line list costs ${listCost(120)}, a ${countText(lines)}-line CSV ${listCost(lines)} of the default ${quota}`);
    stated(words, `Valuing is the one request whose work grows with its input: ${countText(lines)} lines of unknown words`);
    stated(words, `The largest answers of a ${countText(lines)}-line list`);
    stated(
      words,
      `at most ${countText(LIST_WORK.admittedLines)} admitted lines (a few MB), ${bytesText(BODY_LIMITS.heldBytes)} of arriving bodies, and an MCP body of at most ${countText(MCP_JSON_VALUES_MAX)} JSON values`,
    );
  });
});

describe('the other docs', () => {
  it('mcp.md states what a message costs and the limits of a request', () => {
    const words = prose('mcp.md');
    stated(words, `A \`tools/call\` or \`resources/read\` costs ${WORDS[REQUEST_COST.toolCall]} point, like ${WORDS[REQUEST_COST.search]} search.`);
    expect(REQUEST_COST.resourceRead).toBe(REQUEST_COST.toolCall);
    stated(words, `\`value_collection\` costs one point per ${LIST_LINES_PER_POINT} lines, like \`/api/collection\``);
    stated(words, `its lists together hold at most ${countText(COLLECTION_LIMITS.lines)} lines`);
    stated(words, `may send one of at most ${MCP_BATCH_MAX} messages`);
    stated(words, `A request may hold at most ${countText(MCP_JSON_VALUES_MAX)} JSON values`);
    stated(
      words,
      `A body over ${bytesText(POST_BODY_MAX_BYTES)} (answered as soon as it passes), a request's lists over ${countText(COLLECTION_LIMITS.lines)} lines together, or over ${countText(MCP_JSON_VALUES_MAX)} JSON values`,
    );
  });

  it('api.md states the limits of a list to value, of a look-up and of a request head', () => {
    const words = prose('api.md');
    stated(words, `look up to ${LOOKUP_MAX_IDS} items up by id or slug`);
    stated(words, `at most ${bytesText(COLLECTION_LIMITS.getListBytes)} as sent`);
    stated(words, `(at most ${bytesText(COLLECTION_LIMITS.postBytes)} and ${countText(COLLECTION_LIMITS.lines)} lines)`);
    stated(words, `A quantity counts at most ${countText(COLLECTION_LIMITS.quantity)} a line`);
    stated(words, `headers over ${bytesText(MAX_HEADER_BYTES)}`);
  });

  it("search.md states the query's limits, the sorts and the look-ups' limits", () => {
    const text = read('docs/search.md');
    const words = prose('search.md');
    stated(text, `| cards, sealed, knowledge | \`q\` | free text, at most ${QUERY_MAX_LENGTH} characters;`);
    stated(text, `| cards, sealed | \`limit\` | integer ≥ 0, default ${SEARCH_LIMIT_DEFAULT}; above ${SEARCH_LIMIT_MAX} is clamped to ${SEARCH_LIMIT_MAX};`);
    const sorts = /^\| cards, sealed \| `sort` \| (.*) \|$/m.exec(text)?.[1];
    // The sorts in backticks, without what the parentheses say of them (`relevance` (default with `q`)).
    expect(
      sorts
        ?.replace(/\([^)]*\)/g, '')
        .match(/`[a-z0-9-]+`/g)
        ?.map((s) => s.slice(1, -1)),
    ).toEqual([...SORTS]);
    for (const what of ['card ids or slugs', 'TCGplayer product ids, comma-separated', 'TCGplayer product ids or slugs']) {
      stated(text, `up to ${LOOKUP_MAX_IDS} ${what}`);
    }
    stated(text, `| autocomplete | \`q\` | what has been typed, at most ${QUERY_MAX_LENGTH} characters;`);
    stated(words, `any case, up to ${LOOKUP_MAX_IDS}, in the order asked`);
    const keyMax = 1 + Number(/\{0,(\d+)\}$/.exec(LOOKUP_KEY_PATTERN)?.[1]);
    stated(words, `(empty, longer than ${keyMax} characters,`);
    stated(words, `q given twice or longer than ${QUERY_MAX_LENGTH} characters is a 400 naming \`q\``);
  });
});

describe('limits', () => {
  it('a list costs a point per 50 lines or part of them, at least one', () => {
    expect([0, 1, 50, 51, 120, 5000].map(listCost)).toEqual([1, 1, 1, 2, 3, 100]);
  });

  it('the change sorts are the windows of the change fields (CHANGE_WINDOW_DAYS), each way, after the others', () => {
    expect(CHANGE_SORT_DAYS).toEqual(CHANGE_WINDOW_DAYS);
    expect(SORTS.filter((sort) => sort.startsWith('change'))).toEqual(CHANGE_WINDOW_DAYS.flatMap((days) => [`change${days}d-desc`, `change${days}d-asc`]));
    expect(SORTS.slice(0, 4)).toEqual(['relevance', 'value-desc', 'value-asc', 'name']);
    expect(changeSortOf('change30d-asc')).toEqual({ days: 30, direction: 'asc' });
    expect(changeSortOf('value-asc')).toBeUndefined();
  });

  it('sizes are written in their largest whole unit, counts with thousands separators', () => {
    expect([POST_BODY_MAX_BYTES, COLLECTION_LIMITS.getListBytes, 1500].map(bytesText)).toEqual(['1 MB', '6 KB', '1,500 bytes']);
    expect(countText(20_000)).toBe('20,000');
  });
});
