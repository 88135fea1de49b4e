import type { RootContent } from 'mdast';
import { formatUsd, signedPct } from '../../catalogue/format.ts';
import { moversRules, windowTitle } from '../../catalogue/movers.ts';
import { MOVERS_URL } from '../../http/links.ts';
import type { Mover, Movers } from '../../schemas/api-types.ts';
import { heading, link, paragraph, table, toMarkdown } from './mdast.ts';

/**
 * `/movers.md`: the Markdown twin of `/api/movers`, a table per window, kind of item and direction, each item
 * linked to its page.
 */

const LISTS = [
  ['cards', 'rises', 'Cards rising'],
  ['cards', 'falls', 'Cards falling'],
  ['sealed', 'rises', 'Sealed products rising'],
  ['sealed', 'falls', 'Sealed products falling'],
] as const;

function moverTable(movers: Mover[], cards: boolean) {
  return table(
    [cards ? 'Card' : 'Product', ...(cards ? ['Set'] : []), 'From', 'To', 'Change', 'Known days'],
    movers.map((m) => [
      link(m.url, m.name),
      ...(cards ? [m.setName ?? ''] : []),
      `${formatUsd(m.fromUsd)} (${m.fromDate})`,
      `${formatUsd(m.toUsd)} (${m.toDate})`,
      signedPct(m.changePct),
      String(m.knownDays),
    ]),
    ['left', ...(cards ? (['left'] as const) : []), 'right', 'right', 'right', 'right'],
  );
}

/** @example moversToMarkdown(movers) // "# Price movers\n\nTCGplayer market prices to 2025-10-20. Ranked: …" */
export function moversToMarkdown(movers: Movers): string {
  const nodes: RootContent[] = [
    heading(1, 'Price movers'),
    paragraph(
      `The biggest rises and falls of TCGplayer market prices to ${movers.pricesAsOf}. ${moversRules(movers)} As JSON, with the daily prices: `,
      link(MOVERS_URL, MOVERS_URL),
      '.',
    ),
  ];
  for (const window of movers.windows) {
    nodes.push(heading(2, windowTitle(window)));
    for (const [kind, direction, title] of LISTS) {
      nodes.push(heading(3, title));
      const list = window[kind][direction];
      nodes.push(list.length > 0 ? moverTable(list, kind === 'cards') : paragraph('None qualified under the rules above.'));
    }
  }
  return toMarkdown(nodes);
}
