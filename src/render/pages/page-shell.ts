import { escapeHtml as escapeText } from '../html.ts';

/**
 * The frame of a page the function renders: the site's layout
 * (src/layouts/Page.astro) rendered once at build with two markers, one where
 * the title goes and one for the contents of `<main>`, and written to
 * dist/server/pages/shell.html. The function fills it in per request, so its
 * pages have the same head, header and footer as every prebuilt page, and the
 * function needs no Astro at run time.
 */
export const SHELL_FILE = 'pages/shell.html';
export const SHELL_TITLE = '%%cv-title%%';
export const SHELL_MAIN = '%%cv-main%%';

export interface PageShell {
  /** The page: `title` is text (escaped here), `main` is HTML. */
  fill(title: string, main: string): string;
}

/** Reads a shell; throws when a marker is missing or doubled (the layout changed without this module). */
export function pageShellOf(text: string): PageShell {
  for (const marker of [SHELL_TITLE, SHELL_MAIN]) {
    if (text.split(marker).length !== 2) throw new Error(`the page shell must hold ${marker} exactly once`);
  }
  const [beforeTitle, afterTitle] = text.split(SHELL_TITLE);
  const [between, afterMain] = afterTitle.split(SHELL_MAIN);
  return {
    fill: (title, main) => `${beforeTitle}${escapeText(title)}${between}${main}${afterMain}`,
  };
}
