import type { PhrasingContent, RootContent } from 'mdast';
import { CHANGE_KINDS, type ChangeKind, type ChangeListItem, type ItemChangeRef } from '../../catalogue/change-feed.ts';
import { formatUsd, signedPct } from '../../catalogue/format.ts';
import { changesMarkdownUrl, changesUrl, pageUrl } from '../../http/links.ts';
import type { ChangeRecord, CollectionChanges, ItemRef } from '../../schemas/changes.ts';
import { heading, link, list, paragraph, toMarkdown } from './mdast.ts';

/**
 * The Markdown twins of the change feed: `/changes.md` (every import, newest
 * first) and `/changes/{date}.md` (what one import changed), and the one line a
 * card's or product's twin gives the imports that changed it.
 */
const KIND_TITLES: Record<ChangeKind, string> = {
  added: 'Added',
  removed: 'Removed',
  repriced: 'Repriced',
  band: 'Value band changed',
  status: 'Price status changed',
};

const countsText = (counts: Record<ChangeKind, number>) =>
  CHANGE_KINDS.filter((k) => counts[k] > 0)
    .map((k) => `${counts[k]} ${k}`)
    .join(', ') || 'none';

export function changeListToMarkdown(items: ChangeListItem[]): string {
  const nodes: RootContent[] = [heading(1, 'Catalogue changes')];
  nodes.push(
    paragraph(
      'What each import changed, newest first: sets and items added (a catalogue sync) and removed, values that moved by more than the threshold, value bands and price statuses that changed. The same list as JSON: ',
      link(changesUrl(), changesUrl()),
      '.',
    ),
  );
  if (items.length === 0) nodes.push(paragraph('No import has changed the catalogue yet.'));
  else
    nodes.push(
      list(
        items.map((item) => [
          link(changesMarkdownUrl(item.asOf), item.asOf),
          ` (after ${item.previousAsOf}): ${item.counts.sets ? `sets ${item.counts.sets.added} added; ` : ''}cards ${countsText(item.counts.cards)}; sealed ${countsText(item.counts.sealed)}; ` +
            `printings ${item.counts.printings.repriced > 0 ? `${item.counts.printings.repriced} repriced` : 'none'}`,
        ]),
      ),
    );
  return toMarkdown(nodes);
}

function itemLine(collection: 'cards' | 'sealed', kind: ChangeKind, item: CollectionChanges[ChangeKind][number]): (PhrasingContent | string)[] {
  const name: PhrasingContent | string = kind === 'removed' ? item.name : link(pageUrl(collection, item.slug), item.name);
  if ('changePct' in item) return [name, `: ${formatUsd(item.fromUsd)} → ${formatUsd(item.toUsd)} (${signedPct(item.changePct)})`];
  if ('from' in item) return [name, `: ${item.from ?? 'none'} → ${item.to ?? 'none'}`];
  return [name, `: ${formatUsd((item as ItemRef).valueUsd)}`];
}

export function changeRecordToMarkdown(record: ChangeRecord): string {
  const nodes: RootContent[] = [heading(1, `Catalogue changes of ${record.asOf}`)];
  nodes.push(
    paragraph(
      `${record.sets ? `New sets and cards from TCGdex (the catalogue sync), and prices` : 'Prices'} as of ${record.asOf}, replacing those of ${record.previousAsOf}. Repriced: the value moved by more than ${Math.round(record.repriceThreshold * 100)}%. As JSON: `,
      link(changesUrl(record.asOf), changesUrl(record.asOf)),
      '; every import: ',
      link(changesMarkdownUrl(), changesMarkdownUrl()),
      '.',
    ),
  );
  if (record.sets) {
    nodes.push(heading(2, `Sets added (${record.sets.added.length})`));
    nodes.push(
      list(record.sets.added.map((set) => [link(pageUrl('sets', set.id), set.name), ` (${set.id}): ${set.cards} ${set.cards === 1 ? 'card' : 'cards'}`])),
    );
  }
  for (const collection of ['cards', 'sealed'] as const) {
    const changes = record[collection];
    const kinds = CHANGE_KINDS.filter((k) => changes[k].length > 0);
    nodes.push(heading(2, collection === 'cards' ? 'Cards' : 'Sealed products'));
    if (kinds.length === 0) nodes.push(paragraph('No change.'));
    for (const kind of kinds) {
      nodes.push(heading(3, `${KIND_TITLES[kind]} (${changes[kind].length})`));
      nodes.push(list(changes[kind].map((item) => itemLine(collection, kind, item))));
    }
  }
  const printings = record.printings?.repriced ?? [];
  nodes.push(heading(2, `Printings repriced (${printings.length})`));
  if (printings.length === 0) nodes.push(paragraph(record.printings ? 'No printing moved past the threshold.' : 'This import did not compare printings.'));
  else
    nodes.push(
      list(
        printings.map((p) => [
          link(pageUrl('cards', p.slug), p.name),
          `, ${p.label}: ${formatUsd(p.fromUsd)} → ${formatUsd(p.toUsd)} (${signedPct(p.changePct)})`,
        ]),
      ),
    );
  return toMarkdown(nodes);
}

/** "Changed by imports: 2025-10-20 (repriced), …" for a detail's twin; nothing when no import changed it. */
export function itemChangesLine(changes: ItemChangeRef[] | undefined): RootContent[] {
  if (!changes?.length) return [];
  const parts: (PhrasingContent | string)[] = ['Changed by imports: '];
  changes.forEach((c, i) => {
    if (i > 0) parts.push(', ');
    parts.push(link(changesMarkdownUrl(c.asOf), c.asOf), ` (${c.what.join(', ')})`);
  });
  parts.push('.');
  return [paragraph(...parts)];
}
