import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Loader } from 'astro/loaders';
import { parseFrontmatter } from 'astro/markdown';
import { factsNamedNowhere, type MarkerProblem, plainText } from '../knowledge-facts/markers.ts';
import { shownPath } from './record-files.ts';

/**
 * The articles, content/knowledge/<slug>.md, as Astro's glob loader would load them, but served as readers see
 * them: each figure marker (`:fact[20,608]{key=…}`) replaced by its figure and each fact-table comment dropped
 * (src/knowledge-facts/markers.ts), in the answer and the body, before the body is rendered. So the record, its
 * `.md` twin, the page, the search index, the bulk files and MCP never hold a marker. The figures are the ones
 * `npm run facts` wrote and `npm run check` holds to content; this loader computes none, so an article's entry
 * depends on its file alone and an unchanged file is not rendered again.
 */
export function knowledgeLoader(dir: string): Loader {
  return {
    name: 'knowledge-loader',
    async load({ store, parseData, generateDigest, renderMarkdown }) {
      const files = readdirSync(dir)
        .filter((f) => f.endsWith('.md'))
        .sort();
      const ids = new Set<string>();
      for (const file of files) {
        const path = join(dir, file);
        const shown = shownPath(path);
        const text = readFileSync(path, 'utf8');
        const id = file.slice(0, -3);
        ids.add(id);
        // Spaces for the front matter, so an offset in the body is an offset in the file.
        let read: ReturnType<typeof parseFrontmatter>;
        try {
          read = parseFrontmatter(text, { frontmatter: 'empty-with-spaces' });
        } catch (error) {
          throw new Error(`${shown}: the front matter is not valid YAML: ${(error as Error).message}`);
        }
        const { frontmatter, content } = read;
        const body = plainText(content);
        const answer = typeof frontmatter.answer === 'string' ? plainText(frontmatter.answer) : undefined;
        const { answer: _, ...others } = frontmatter;
        const answerProblems = typeof frontmatter.answer === 'string' ? factsNamedNowhere(frontmatter.answer, frontmatter.structured) : [];
        const problems = [
          ...[...body.problems, ...factsNamedNowhere(content, frontmatter.structured)].map((p) => `${shown}:${lineColumn(text, p)}: ${p.message}`),
          ...[...(answer?.problems ?? []), ...answerProblems].map((p) => `${shown}: answer: ${p.message}`),
          ...(JSON.stringify(others).includes(':fact[') ? [`${shown}: front matter: markers are read in the answer and the body only`] : []),
        ];
        if (problems.length) throw new Error(`the article's markers cannot be read:\n  ${problems.join('\n  ')}`);
        const served = body.text.trim();
        // The served text is in the digest too: a change to how markers are read renders the article again.
        const digest = generateDigest(JSON.stringify([text, served, answer?.text ?? '']));
        if (store.get(id)?.digest === digest) continue;
        const data = await parseData({ id, data: answer ? { ...frontmatter, answer: answer.text } : frontmatter, filePath: shown });
        store.set({ id, data, body: served, filePath: shown, digest, rendered: await renderMarkdown(served, { fileURL: pathToFileURL(path) }) });
      }
      for (const id of store.keys()) if (!ids.has(id)) store.delete(id);
    },
  };
}

/** `line:column` of a problem's offset in the file. */
function lineColumn(text: string, problem: MarkerProblem): string {
  const before = text.slice(0, problem.offset);
  return `${before.split('\n').length}:${before.length - before.lastIndexOf('\n')}`;
}
