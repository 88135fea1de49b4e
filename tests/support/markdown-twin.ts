import { expect } from 'vitest';
import type { FileInfo } from '../../src/http/file-manifest.ts';

/**
 * A prebuilt Markdown file as served: its media type, the token count and ETag its manifest entry gives, CORS,
 * and a Link to its JSON twin and to /llms.txt.
 */
export function expectMarkdownTwin(res: Response, file: FileInfo, twin: string): void {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  expect(res.headers.get('x-markdown-tokens')).toBe(String(file.tokens));
  expect(res.headers.get('etag')).toBe(file.etag);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  expect(res.headers.get('link')).toBe(`<${twin}>; rel="alternate"; type="application/json", </llms.txt>; rel="describedby"`);
}
