import type { RootContent } from 'mdast';
import type { SealedDetail } from '../sealed-record.ts';
import { formatUsd, historyChange } from '../format.ts';
import { heading, link, list, paragraph, strong, toMarkdown } from './mdast.ts';
import { jsonUrl, pageUrl } from '../links.ts';

/** The Markdown twin of `/api/sealed/{slug}`. */
export function sealedToMarkdown(product: SealedDetail): string {
  return toMarkdown(sealedToMarkdownTree(product));
}

/** The syntax tree of the Markdown twin (exported so tests can serialise it both ways). */
export function sealedToMarkdownTree(product: SealedDetail): RootContent[] {
  const nodes: RootContent[] = [heading(1, product.cleanName)];
  nodes.push(
    product.valueUsd === null
      ? paragraph('No market price is known for this product (', strong('unpriced'), ').')
      : paragraph('Value: ', strong(formatUsd(product.valueUsd)), product.priceStatus === 'stale' ? ' (stale price).' : '.'),
  );
  const facts: (string | ReturnType<typeof link>)[][] = [
    [`Kind: ${product.kind}`],
    [`Group: ${product.groupName}`],
    [`Packs inside: ${product.totalPacks ?? 'unknown'}`],
    [`Price per pack: ${product.pricePerPack === null ? 'n/a' : formatUsd(product.pricePerPack)}`],
  ];
  if (product.market) {
    facts.push([`Listings: ${formatUsd(product.market.lowPrice)} low to ${formatUsd(product.market.highPrice)} high`]);
    facts.push([`Source: ${product.market.source}, ${product.market.updatedAt} (`, link(product.market.marketUrl, 'marketplace page'), ')']);
  }
  nodes.push(list(facts));
  const change = product.history && historyChange(product.history.market);
  if (product.history && change) {
    nodes.push(heading(2, 'Price history'));
    nodes.push(paragraph(
      `Market price ${formatUsd(change.first)} → ${formatUsd(change.last)} between ${product.history.start} and ${product.history.end} ` +
      `(${change.changePct >= 0 ? '+' : ''}${change.changePct}%). Daily values are in the `,
      link(jsonUrl('sealed', product.slug), 'JSON'), '.',
    ));
  }
  nodes.push(paragraph('Page: ', link(pageUrl('sealed', product.slug), pageUrl('sealed', product.slug))));
  return nodes;
}
