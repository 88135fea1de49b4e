/**
 * A card's HTML page, for people (cards/<slug>.html): what it says as HTML text, filled into the frame of the
 * site's layout (src/layouts/Page.astro, rendered once: src/render/pages/page-shell.ts pageFrameOf). A page
 * rendered 20k times a build through Astro paid for its layout and for every node of its tables and charts each
 * time. Everything a record supplies is escaped here; what a sealed product's page shows too is in
 * record-parts.ts.
 */
import { formatUsd } from '../../catalogue/format.ts';
import { marketProductWords } from '../../catalogue/marketplace.ts';
import { setIdOfCard } from '../../catalogue/set-record.ts';
import { bandLabel } from '../../catalogue/value-bands.ts';
import { type Alternate, alternatesOf, feedAlternatesOf, pageUrl } from '../../http/links.ts';
import type { CardDetail } from '../../schemas/api-types.ts';
import { languageLine } from '../../schemas/language.ts';
import { escapeHtml as e } from '../html.ts';
import type { FramedPage } from './page-shell.ts';
import { changedByHtml, listingsHtml, priceHistoryHtml, valueConfidenceHtml } from './record-parts.ts';

/** A card's page as the frame takes it. */
export function cardPageOf(card: CardDetail): FramedPage {
  return {
    title: card.exactName,
    description: `${card.exactName}: ${formatUsd(card.valueUsd)}`,
    head: alternatesHtml([...alternatesOf('cards', card.slug), ...feedAlternatesOf('cards', card.slug)]),
    main: cardMainHtml(card),
  };
}

/** The `<link>`s of a page's alternates, as the layout writes them. */
function alternatesHtml(alternates: readonly Alternate[]): string {
  return alternates
    .map(
      ({ rel, type, href, title }) =>
        `<link rel="${e(rel)}"${type === undefined ? '' : ` type="${e(type)}"`} href="${e(href)}"${title === undefined ? '' : ` title="${e(title)}"`}>`,
    )
    .join('');
}

/** The printings table's head; its last column names the product of the card's language. */
const printingsHead = (card: CardDetail) =>
  `<thead><tr><th scope="col">Printing</th><th scope="col">Market</th><th scope="col">Low</th><th scope="col">High</th><th scope="col">Confidence</th><th scope="col">Updated</th><th scope="col">${e(marketProductWords(card.language).column)}</th></tr></thead>`;

function printingsHtml(card: CardDetail): string {
  if (card.printings.length === 0) return '';
  const valued = card.printings.find((p) => p.id === card.valuePrinting);
  const count = card.printings.length === 1 ? 'The one printing:' : `All ${card.printings.length} printings, most valuable first:`;
  const rows = card.printings.map(
    (p) =>
      `<tr id="${e(`printing-${p.id}`)}"><th scope="row">${e(p.label)}${p.id === card.valuePrinting ? "<small> (the card's value)</small>" : ''}${p.priceStatus === 'unpriced' ? '<small> (unpriced)</small>' : ''}</th>` +
      `<td class="num">${e(formatUsd(p.marketPrice))}</td><td class="num">${e(formatUsd(p.lowPrice))}</td><td class="num">${e(formatUsd(p.highPrice))}</td>` +
      `<td>${e(p.confidence?.tier ?? 'n/a')}</td><td>${e(p.updatedAt)}</td><td><a href="${e(p.marketUrl)}" rel="nofollow">${e(String(p.productId ?? p.source))}</a></td></tr>`,
  );
  return (
    `<h2>Printings</h2><p>${valued ? `The value above is the <strong>${e(valued.label)}</strong> printing. ` : ''}${e(count)}</p>` +
    `<div class="table-scroll" role="region" aria-label="Prices by printing" tabindex="0"><table>${printingsHead(card)}<tbody>${rows.join('')}</tbody></table></div>`
  );
}

/** One chart per printing that has a daily history, the card's value first. */
function chartsHtml(card: CardDetail): string {
  const charted = card.printings.filter((p) => p.history).sort((a, b) => Number(b.id === card.valuePrinting) - Number(a.id === card.valuePrinting));
  if (charted.length === 0) return '';
  const charts = charted.map((p) => `<h3>${e(p.label)}</h3>${priceHistoryHtml(p.history!, p.change, `Market price of the ${p.label} printing`)}`);
  return `<h2>Price history</h2>${charts.join('')}`;
}

/** The inside of a card page's `<main>`. */
function cardMainHtml(card: CardDetail): string {
  const value = card.valueUsd === null ? '<p class="value">Unpriced</p>' : `<p class="value">${e(formatUsd(card.valueUsd))}</p>`;
  const band = card.valueBand
    ? `<p><span class="band">${e(bandLabel(card.valueBand))}</span>${card.priceStatus === 'stale' ? '<span class="muted"> · stale price</span>' : ''}</p>`
    : '';
  const subtypes = card.subtypes.length > 0 ? e(` · ${card.subtypes.join(', ')}`) : '';
  const kind = `<p><a href="${e(pageUrl('sets', setIdOfCard(card.id)))}">${e(card.setName)}</a> · ${e(card.rarity || 'No rarity')} · ${e(card.types.join(', ') || 'No type')}${subtypes}</p><p>${e(languageLine(card))}</p>`;
  const graded = card.graded
    ? `<p>PSA 10: ${e(formatUsd(card.graded.psa10))} (${e(String(card.graded.psa10Multiplier))}× ungraded ${e(formatUsd(card.graded.ungraded))}) <small>${e(card.graded.source)}, ${e(card.graded.updatedAt)}</small></p>`
    : '';
  const legalities = Object.entries(card.legalities);
  const legal =
    legalities.length > 0
      ? `<ul>${legalities.map(([format, label]) => `<li>${e(format)}: ${e(label)}</li>`).join('')}</ul>`
      : '<p>Not recorded by the source.</p>';
  return (
    `<h1>${e(card.exactName)}</h1><div class="card">` +
    `<img src="${e(card.imageSmall)}" alt="${e(card.exactName)}" width="245" height="342" loading="eager">` +
    `<div>${value}${valueConfidenceHtml(card.valueUsd, card.confidence, card.market)}${band}${listingsHtml(card.market, card.language)}${kind}` +
    `${printingsHtml(card)}${graded}${chartsHtml(card)}${changedByHtml(card.changes)}<h2>Legalities</h2>${legal}</div></div>`
  );
}
