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

/** Reads a shell; throws when a marker is missing, doubled or out of order (the layout changed without this module). */
export function pageShellOf(text: string): PageShell {
  const [beforeTitle, between, afterMain] = cutAtMarkers('page shell', text, [SHELL_TITLE, SHELL_MAIN]);
  return {
    fill: (title, main) => `${beforeTitle}${escapeText(title)}${between}${main}${afterMain}`,
  };
}

/** The text around each of `markers`, which it must hold once each and in that order: markers.length + 1 parts. */
function cutAtMarkers(what: string, text: string, markers: readonly string[]): string[] {
  const parts: string[] = [];
  let rest = text;
  for (const marker of markers) {
    if (text.split(marker).length !== 2) throw new Error(`the ${what} must hold ${marker} exactly once`);
    const at = rest.indexOf(marker);
    if (at === -1) throw new Error(`the ${what} must hold its markers in the order ${markers.join(', ')}`);
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + marker.length);
  }
  return [...parts, rest];
}

/** Where a page frame (pageFrameOf) takes a page's description and the links of its head. */
export const FRAME_DESCRIPTION = '%%cv-description%%';
export const FRAME_HEAD = '%%cv-head%%';
/** The layout's props and slots that render a page frame. */
export const FRAME_PROPS = { title: SHELL_TITLE, description: FRAME_DESCRIPTION };
export const FRAME_SLOTS = { default: SHELL_MAIN, head: FRAME_HEAD };

/** What a framed page says: `title` and `description` are text (escaped here); `head` and `main` are HTML. */
export interface FramedPage {
  title: string;
  description: string;
  head: string;
  main: string;
}

export interface PageFrame {
  fill(page: FramedPage): string;
}

/**
 * A frame for the build's own pages: the layout rendered once with markers for the title, the description, the
 * head's links (its `head` slot) and main. The card pages, most of a build's pages, are filled into it: through
 * Astro each cost the layout's render again. Throws when a marker is
 * missing, doubled or out of order (the layout changed without this module).
 */
export function pageFrameOf(text: string): PageFrame {
  const [beforeTitle, beforeDescription, beforeHead, beforeMain, afterMain] = cutAtMarkers('page frame', text, [
    SHELL_TITLE,
    FRAME_DESCRIPTION,
    FRAME_HEAD,
    SHELL_MAIN,
  ]);
  return {
    fill: ({ title, description, head, main }) =>
      `${beforeTitle}${escapeText(title)}${beforeDescription}${escapeText(description)}${beforeHead}${head}${beforeMain}${main}${afterMain}`,
  };
}
