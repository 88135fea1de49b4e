import type { RootContent } from 'mdast';
import { formatUsd } from '../../catalogue/format.ts';
import { jsonUrl, pageUrl } from '../../http/links.ts';
import type { SealedDetail } from '../../schemas/api-types.ts';
import { itemChangesLine } from './change-markdown.ts';
import { confidenceParagraph, historySection, marketDetails } from './market-markdown.ts';
import { heading, link, list, paragraph, strong, toMarkdown } from './mdast.ts';

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
    ...confidenceParagraph(product.valueUsd, product.confidence, product.market),
  );
  const facts = [
    [`Kind: ${product.kind}`],
    [`Group: ${product.groupName}`],
    [`Product id: ${product.productId} (TCGplayer)`],
    [`Packs inside: ${product.totalPacks ?? 'unknown'}`],
    [`Price per pack: ${product.pricePerPack === null ? 'n/a' : formatUsd(product.pricePerPack)}`],
    ...marketDetails(product.market),
  ];
  nodes.push(list(facts));
  nodes.push(...historySection(product.history, jsonUrl('sealed', product.slug), product.change));
  nodes.push(...itemChangesLine(product.changes));
  nodes.push(paragraph('Page: ', link(pageUrl('sealed', product.slug), pageUrl('sealed', product.slug))));
  return nodes;
}
