/**
 * Recomputes the figures knowledge articles state (counts by band, status, rarity and era, medians, totals,
 * grails, graded comps, the catalogue's span) from content, with the code the API serves them by, and writes them
 * into each article: the `structured` members its facts file owns (src/knowledge-facts/articles/<slug>.ts) and
 * the figures its Markdown marks (`:fact[…]{…}` and fact-tables: docs/editing.md), and nothing else; and into the
 * catalogue sentence of the README beside the content tree (`<content>/../README.md`, when there is one:
 * src/knowledge-facts/readme.ts). Run it after anything that changes prices, cards or articles; the daily price
 * job does (docs/operations.md). When a build is there (`--dist`), also the figures the docs state about it, the
 * bulk files' sizes and what tools/list costs, each rewritten when it is no longer about the build's
 * (scripts/lib/build-figures.ts).
 *
 * Usage:  node scripts/compute-facts.ts [--write] [--check] [--content DIR] [--dist DIR]
 *         dry run by default: prints which figures would change
 *         --write    rewrites the articles, the README and the docs' figures of the build
 *         --check    exits 2 when any of them would change (for CI)
 *         --content  the content tree (default: CONTENT_DIR, else content/)
 *         --dist     the build whose figures the docs state (default: DIST_DIR, else dist/; none there: skipped)
 * Exit:   0 done (or up to date), 1 an article has a marker that cannot be read or names no value, or a figure
 *         no marker covers (or the README no longer holds its catalogue sentence): mend it by hand, the message
 *         names the file and line; 2 --check found stale figures
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pricedContentOf, reviewArticles } from '../src/knowledge-facts/index.ts';
import { reviewReadme } from '../src/knowledge-facts/readme.ts';
import { readContentFiles } from '../src/loaders/content-files.ts';
import { BUILD_QUOTES, readBuildFacts, reviewBuildFigures } from './lib/build-figures.ts';

const { values: args } = parseArgs({
  options: {
    write: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    content: { type: 'string', default: process.env.CONTENT_DIR ?? 'content' },
    dist: { type: 'string', default: process.env.DIST_DIR ?? 'dist' },
  },
});
const CONTENT = resolve(args.content!);
const articlePath = (slug: string) => join(CONTENT, 'knowledge', `${slug}.md`);
const clip = (text: string) => (text.length > 90 ? `${text.slice(0, 87)}…` : text).replaceAll('\n', ' ⏎ ');

console.log('1. loading content');
const content = readContentFiles(CONTENT);
console.log(`   ${content.cards.length} cards, ${content.sealed.length} sealed products, ${content.sets.length} sets`);

console.log('2. recomputing the articles’ figures');
const slugs = readdirSync(join(CONTENT, 'knowledge'))
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((f) => f.slice(0, -3));
const reviews = reviewArticles(
  content,
  slugs.map((slug) => ({ slug, text: readFileSync(articlePath(slug), 'utf8') })),
);
const changed = reviews.filter((r) => r.text !== r.was);
const broken = reviews.filter((r) => r.problems.length > 0);
const lineOf = (text: string, offset: number | undefined) => (offset === undefined ? '' : `:${text.slice(0, offset).split('\n').length}`);
for (const review of changed) {
  console.log(`   ${review.slug}.md`);
  for (const d of review.differences) {
    console.log(`     ${d.path.join('.')}${lineOf(review.was, d.offset)}${d.marker ? ` ${d.marker}` : ''}: ${clip(d.was)} → ${clip(d.now)}`);
  }
  if (review.differences.length === 0) console.log('     (written other than as this script writes it)');
  if (args.write) writeFileSync(articlePath(review.slug), review.text);
}
for (const review of broken) {
  for (const p of review.problems) console.error(`compute-facts: ${review.slug}.md${lineOf(review.was, p.offset)} ${p.path.join('.')}: ${p.message}`);
}

console.log('3. the README’s catalogue sentence');
const README = join(CONTENT, '..', 'README.md');
const readme = existsSync(README) ? readFileSync(README, 'utf8') : undefined;
const readmeReview = readme === undefined ? undefined : reviewReadme(readme, pricedContentOf(content), slugs.length);
if (!readmeReview) console.log(`   no README beside ${CONTENT}`);
else {
  for (const d of readmeReview.differences) console.log(`   README.md: ${clip(d.was)} → ${clip(d.now)}`);
  for (const p of readmeReview.problems) console.error(`compute-facts: README.md: ${p}`);
  if (args.write && readmeReview.text !== readme) writeFileSync(README, readmeReview.text);
}
const readmeChanged = readmeReview !== undefined && readmeReview.text !== readme;

console.log('4. the docs’ figures of the build');
const buildFacts = readBuildFacts(resolve(args.dist!));
const docs = buildFacts === undefined ? [] : Object.keys(BUILD_QUOTES).map((file) => ({ file, was: readFileSync(join(CONTENT, '..', file), 'utf8') }));
const docReviews = docs.map(({ file, was }) => ({ file, was, ...reviewBuildFigures(file, was, buildFacts!) }));
if (!buildFacts) console.log(`   no build in ${args.dist}: skipped`);
for (const review of docReviews) {
  for (const d of review.differences) console.log(`   ${review.file}: ${clip(d.was)} → ${clip(d.now)}`);
  for (const p of review.problems) console.error(`compute-facts: ${p}`);
  if (args.write && review.text !== review.was) writeFileSync(join(CONTENT, '..', review.file), review.text);
}
const docsChanged = docReviews.filter((review) => review.text !== review.was).map((review) => review.file);

console.log(`5. summary: ${reviews.length} articles, the README and the docs`);
if (changed.length === 0 && !readmeChanged && docsChanged.length === 0) console.log('   every figure is up to date');
else {
  const names = [...changed.map((r) => r.slug), ...(readmeChanged ? ['README.md'] : []), ...docsChanged];
  console.log(`   ${args.write ? 'rewrote' : 'would rewrite'} ${names.length}: ${names.join(', ')}`);
  if (!args.write) console.log('   run with --write to apply');
}
if (broken.length > 0 || readmeReview?.problems.length || docReviews.some((review) => review.problems.length > 0)) {
  console.error('   mend the markers or figures named above by hand (docs/editing.md), then run again');
  process.exit(1);
}
if (args.check && !args.write && (changed.length > 0 || readmeChanged || docsChanged.length > 0)) process.exit(2);
