import { markdownTable } from 'markdown-table';
import type { Link, PhrasingContent, Root, RootContent, Table, TableRow, Text } from 'mdast';
import { gfmStrikethroughToMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableToMarkdown } from 'mdast-util-gfm-table';
import type { Handle } from 'mdast-util-to-markdown';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import type { Steps } from '../../catalogue/steps.ts';

/**
 * Small builders for Markdown syntax trees, and the one serialiser every
 * Markdown file goes through: Markdown is built as a tree and stringified, so
 * escaping is the serialiser's job, never ours.
 */
/**
 * The serialiser checks every text node against ~40 "unsafe" patterns, which was
 * 90% of the time spent writing 18k cards. Text made only of characters that mean
 * nothing in Markdown, not opening a block (list, heading, quote), cannot need
 * escaping, so it is written as is; anything else takes the full check. The test
 * "the fast text path changes no output" holds the two paths equal.
 */
const PLAIN_TEXT = /^[\p{L}\p{N} ,.:;$%()/'’–—→×·@+=-]*$/u;
const OPENS_BLOCK = /^(?:[-+=]|\d+[.)])/;
// A space at either end needs encoding only at the edge of a line: where the
// neighbouring character is a line end (or nothing), such text takes the full check.
const atLineEdge = (char: string | undefined) => char === undefined || char === '' || char === '\n' || char === '\r';
export const plainText: Handle = (node: Text, _parent, state, info) => {
  const value = node.value;
  const fast =
    PLAIN_TEXT.test(value) &&
    !OPENS_BLOCK.test(value) &&
    !(value.startsWith(' ') && atLineEdge(info.before.at(-1))) &&
    !(value.endsWith(' ') && atLineEdge(info.after[0]));
  return fast ? value : state.safe(value, info);
};

export const STRINGIFY_OPTIONS = { bullet: '-', emphasis: '_', rule: '-' } as const;
// Only the GFM extensions the output uses: each adds "unsafe" patterns that are
// tested against every text node.
export const TO_MARKDOWN_EXTENSIONS = () => [gfmTableToMarkdown(), gfmStrikethroughToMarkdown()];
const stringifier = unified()
  .use(remarkStringify, { ...STRINGIFY_OPTIONS, handlers: { text: plainText } })
  .data('toMarkdownExtensions', TO_MARKDOWN_EXTENSIONS());

export function toMarkdown(children: RootContent[]): string {
  return stringifier.stringify({ type: 'root', children } satisfies Root);
}

/** Table rows whose cells are serialised between pauses. */
const ROWS_A_STEP = 100;

/**
 * A GFM table as steps: its cells serialised a run of rows at a time by the table extension's own cell handler (so
 * escaped as in any table), then laid out at once as its table handler lays them out, with markdown-table and the
 * options gfmTableToMarkdown() gives it (none): every column padded to its widest cell, which needs every row.
 */
function* tableSteps(node: Table): Steps<string> {
  const matrix: string[][] = [];
  const collectCells: Handle = (table: Table, _parent, state, info) => {
    const exitTable = state.enter('table');
    for (const row of table.children) {
      const exitRow = state.enter('tableRow');
      matrix.push(row.children.map((cell) => state.handle(cell, row, state, info)));
      exitRow();
    }
    exitTable();
    return '';
  };
  const cellWriter = unified()
    .use(remarkStringify, { ...STRINGIFY_OPTIONS, handlers: { text: plainText, table: collectCells } })
    .data('toMarkdownExtensions', TO_MARKDOWN_EXTENSIONS());
  for (let from = 0; from < node.children.length; from += ROWS_A_STEP) {
    cellWriter.stringify({ type: 'root', children: [{ ...node, children: node.children.slice(from, from + ROWS_A_STEP) }] });
    yield;
  }
  return markdownTable(matrix, { align: node.align, fillRows: false });
}

/** List items serialised between pauses: a few milliseconds of the slowest (items with links to escape). */
const ITEMS_A_STEP = 50;

/**
 * toMarkdown as steps (src/catalogue/steps.ts), for a list's answer written on a thread that also answers
 * searches: each block serialised on its own and a tight list a run of items at a time, with a pause between. The
 * same text: the serialiser joins blocks with a blank line and a tight list's items with a line end, and each
 * piece ends in one line end.
 */
export function* toMarkdownSteps(children: RootContent[]): Steps<string> {
  const blocks: string[] = [];
  for (const node of children) {
    if (node.type === 'table') {
      blocks.push(yield* tableSteps(node));
      continue;
    }
    if (node.type !== 'list' || node.spread || node.ordered) {
      blocks.push(toMarkdown([node]).slice(0, -1));
      yield;
      continue;
    }
    const runs: string[] = [];
    for (let from = 0; from < node.children.length; from += ITEMS_A_STEP) {
      runs.push(toMarkdown([{ ...node, children: node.children.slice(from, from + ITEMS_A_STEP) }]).slice(0, -1));
      yield;
    }
    blocks.push(runs.join('\n'));
  }
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
}

export const text = (value: string): Text => ({ type: 'text', value });
export const strong = (value: string): PhrasingContent => ({ type: 'strong', children: [text(value)] });
export const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });
export const link = (url: string, label: string): Link => ({ type: 'link', url, children: [text(label)] });

export function heading(depth: 1 | 2 | 3, value: string): RootContent {
  return { type: 'heading', depth, children: [text(value)] };
}

export function paragraph(...children: (PhrasingContent | string)[]): RootContent {
  return { type: 'paragraph', children: children.map((c) => (typeof c === 'string' ? text(c) : c)) };
}

export function list(items: (PhrasingContent | string)[][]): RootContent {
  return {
    type: 'list',
    ordered: false,
    spread: false,
    children: items.map((item) => ({
      type: 'listItem',
      spread: false,
      children: [paragraph(...item) as never],
    })),
  };
}

/** A GFM table; cells are plain text. */
export function table(header: string[], rows: (string | PhrasingContent)[][], align?: ('left' | 'right' | null)[]): Table {
  const row = (cells: (string | PhrasingContent)[]): TableRow => ({
    type: 'tableRow',
    children: cells.map((c) => ({ type: 'tableCell', children: [typeof c === 'string' ? text(c) : c] })),
  });
  return { type: 'table', align: align ?? header.map(() => null), children: [row(header), ...rows.map(row)] };
}
