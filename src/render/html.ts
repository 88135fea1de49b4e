/**
 * HTML text made outside Astro (the search pages the function renders, the
 * inline SVG charts): everything a record or a query supplies is escaped here,
 * in one place, for text and for double-quoted attribute values alike.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** @example escapeHtml('<b>"Pikachu" & co</b>') // "&lt;b&gt;&quot;Pikachu&quot; &amp; co&lt;/b&gt;" */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}
