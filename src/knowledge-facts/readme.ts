/**
 * The repository README's sentence about the bundled catalogue (its counts, the price date, the days of history),
 * written from content by the same quotes as the articles' figures: `npm run facts -- --write` rewrites it, the
 * daily job commits it with the day's prices, and `npm run check` fails when it says other than content does. So
 * the README is true the day after the job runs, not only the day it was typed.
 */

import { daysBetween } from '../schemas/dates.ts';
import type { PricedContent } from './priced-content.ts';
import { applyQuote, type TextQuote } from './quotes.ts';

/**
 * The README's sentence that states figures, as templates like an article's quotes: each lies within one line of
 * the README (a figure that grows a digit moves no line break the template would have to know).
 */
export const README_QUOTES: readonly TextQuote[] = [
  {
    text: 'The bundled catalogue: {cards|n} cards in {sets|n} sets, from {first_set.name} ({first_set.year}) to {last_set.name} ({last_set.year}), and {sealed|n} sealed',
  },
  { text: '{ja_cards|n} of the cards Japanese (in {ja_sets|n} sets),' },
  { text: 'TCGplayer market prices as of {prices_as_of} (sets released since are listed unpriced),' },
  { text: '{card_daily_days|n} days of daily history per card (sealed: weekly from {sealed_weekly_from|month}), PriceCharting' },
  { text: 'graded figures for {graded_cards|n} cards, and {articles|n} articles.' },
];

/** The first and the newest English set by release, named with their year (a Japanese set may be named in Japanese alone). */
function setEnds(catalogue: PricedContent) {
  const byRelease = catalogue.sets
    .filter((s) => s.language === 'en')
    .sort((a, b) => (a.releaseDate < b.releaseDate ? -1 : a.releaseDate > b.releaseDate ? 1 : 0));
  const named = (set: (typeof byRelease)[number]) => ({ name: set.name, year: set.releaseDate.slice(0, 4) });
  return { first_set: named(byRelease[0]), last_set: named(byRelease.at(-1)!) };
}

/**
 * The figures the README states, from the catalogue and the number of articles in content/knowledge/.
 * @example readmeFactsOf(catalogue, 56).articles // 56
 */
export function readmeFactsOf(catalogue: PricedContent, articles: number): Record<string, unknown> {
  const daily = catalogue.cards.flatMap((c) => c.entry.history);
  const first = daily.map((h) => h.start).sort()[0];
  const last = daily
    .map((h) => h.end)
    .sort()
    .at(-1);
  const sealedFrom = catalogue.sealed.flatMap((p) => (p.entry.history ? [p.entry.history.weekly?.start ?? p.entry.history.start] : [])).sort()[0];
  return {
    cards: catalogue.cards.length,
    sets: catalogue.sets.length,
    ja_cards: catalogue.cards.filter((c) => c.entry.language === 'ja').length,
    ja_sets: catalogue.sets.filter((s) => s.language === 'ja').length,
    ...setEnds(catalogue),
    sealed: catalogue.sealed.length,
    prices_as_of: catalogue.pricesAsOf,
    // Both ends counted: a history of one day is one day.
    card_daily_days: first && last ? daysBetween(first, last) + 1 : 0,
    sealed_weekly_from: sealedFrom ?? null,
    graded_cards: catalogue.cards.filter((c) => c.entry.graded).length,
    articles,
  };
}

/** What the README says against what content gives: one line each, as `was` and `now`. */
export interface ReadmeReview {
  text: string;
  differences: { was: string; now: string }[];
  problems: string[];
}

/**
 * The README as it should read with the catalogue's figures today; every other byte is kept, so an up-to-date
 * README comes back unchanged (that equality is the check).
 * @example reviewReadme(readme, catalogue, 56).differences // [] when the README is up to date
 */
export function reviewReadme(text: string, catalogue: PricedContent, articles: number): ReadmeReview {
  const facts = readmeFactsOf(catalogue, articles);
  const review: ReadmeReview = { text, differences: [], problems: [] };
  for (const quote of README_QUOTES) {
    const result = applyQuote(review.text, quote, facts);
    if (!result.ok) review.problems.push(`${result.message} (src/knowledge-facts/readme.ts)`);
    else {
      review.text = result.text;
      if (result.was !== result.now) review.differences.push({ was: result.was, now: result.now });
    }
  }
  return review;
}
