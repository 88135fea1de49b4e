import type { PhrasingContent, RootContent } from 'mdast';
import { formatUsd } from '../../catalogue/format.ts';
import { finish, mapInSteps, type Steps } from '../../catalogue/steps.ts';
import { pageUrl } from '../../http/links.ts';
import type { Collection, CollectionEntry, CollectionSeries } from '../../schemas/api-types.ts';
import { heading, link, list, paragraph, strong, table, toMarkdownSteps } from './mdast.ts';

/** Entries made into table rows or list items between pauses: about a millisecond's work. */
const ENTRIES_A_STEP = 250;

/**
 * A valued list (/api/collection) as Markdown for agents: the total first, then one table row per line, then
 * the lines to check with their alternatives. Built as a tree and serialised (mdast.ts), never glued.
 */
export function collectionToMarkdown(collection: Collection): string {
  return finish(collectionToMarkdownSteps(collection));
}

/**
 * collectionToMarkdown as steps (src/catalogue/steps.ts): the tree built a run of entries at a time (5,000 rows
 * and their alternatives took some 30 ms in one piece), then serialised in steps by toMarkdownSteps.
 */
export function* collectionToMarkdownSteps(collection: Collection): Steps<string> {
  const { counts, asOf } = collection;
  const prices =
    asOf === undefined
      ? `at prices as of ${collection.pricesAsOf}. `
      : `as of ${asOf}: each line at its price in the week ending that day (the column Price of gives its date). `;
  const nodes: RootContent[] = [
    heading(1, asOf === undefined ? 'Collection value' : `Collection value as of ${asOf}`),
    paragraph(
      strong(`Total: ${formatUsd(collection.totalUsd)}`),
      ` for ${collection.quantity} ${collection.quantity === 1 ? 'item' : 'items'} on ${collection.entries.length} ${collection.entries.length === 1 ? 'line' : 'lines'}, ${prices}`,
      `Matched ${counts.matched}, ambiguous ${counts.ambiguous}, not found ${counts['not-found']}, unpriced ${counts.unpriced}${asOf === undefined ? '' : ' (no price then: not in the total)'}.`,
    ),
  ];
  if (collection.entries.length > 0) {
    const dated = asOf !== undefined;
    nodes.push(
      table(
        ['Line', 'Qty', 'Item', 'Status', 'Unit', 'Value', ...(dated ? ['Price of'] : [])],
        yield* mapInSteps(collection.entries, ENTRIES_A_STEP, (entry) => [
          String(entry.line),
          String(entry.quantity),
          itemCell(entry),
          entry.status,
          formatUsd(entry.unitValueUsd),
          formatUsd(entry.lineValueUsd),
          ...(dated ? [entry.priceDate ?? '—'] : []),
        ]),
        ['right', 'right', 'left', 'left', 'right', 'right', ...(dated ? (['left'] as const) : [])],
      ),
    );
  }
  if (collection.series) nodes.push(...seriesNodes(collection.series, collection.entries.length));
  const toCheck = collection.entries.filter((entry) => entry.status !== 'matched');
  if (toCheck.length > 0) {
    nodes.push(heading(2, 'Lines to check'));
    nodes.push(
      list(
        yield* mapInSteps(toCheck, ENTRIES_A_STEP, (entry) => {
          const item: (PhrasingContent | string)[] = [`Line ${entry.line} (“${entry.text}”): ${entry.status}.`];
          if (entry.note) item.push(` ${entry.note}`);
          if (entry.alternatives?.length) {
            item.push(' Other candidates: ');
            entry.alternatives.forEach((alternative, i) => {
              if (i > 0) item.push(', ');
              item.push(
                link(pageUrl(alternative.kind === 'card' ? 'cards' : 'sealed', alternative.slug), alternative.name),
                ` (${alternative.kind === 'card' ? 'id' : 'product'} ${alternative.id}, ${formatUsd(alternative.valueUsd)})`,
              );
            });
            item.push('.');
          }
          return item;
        }),
      ),
    );
  }
  return yield* toMarkdownSteps(nodes);
}

/** The total over time: a sentence, then a row a point (a week's close before the daily part). */
function seriesNodes(series: CollectionSeries, lines: number): RootContent[] {
  const weeks = series.points.some((p) => p.date < series.dailyFrom);
  return [
    heading(2, `Total over time (${series.window})`),
    paragraph(
      `From ${series.from} to ${series.to}: each line at its price that day (its latest record from the day it was recorded, before that the last price known in the week ending that day)${weeks ? `, a point a week (its Sunday's close) before ${series.dailyFrom}, then a day` : ', a point a day'}. ` +
        'A day on which no line had a price has no total.',
    ),
    table(
      ['Date', 'Total', `Lines valued (of ${lines})`],
      series.points.map((p) => [p.date, p.totalUsd === null ? '—' : formatUsd(p.totalUsd), String(p.valuedLines)]),
      ['left', 'right', 'right'],
    ),
  ];
}

/** What a line was read as: a link to the item's page, with the printing and grade it named. */
function itemCell(entry: CollectionEntry): PhrasingContent | string {
  const extra = [entry.card?.printing?.label, entry.grade && `${entry.grade.company} ${entry.grade.grade}`].filter(Boolean).join(', ');
  const suffix = extra ? ` (${extra})` : '';
  if (entry.card) return link(pageUrl('cards', entry.card.slug), `${entry.card.exactName}${suffix}`);
  if (entry.sealed) return link(pageUrl('sealed', entry.sealed.slug), entry.sealed.cleanName);
  return entry.text;
}
