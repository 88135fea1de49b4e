import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { MCP_PROTOCOL_VERSIONS } from '../../src/describe/mcp/protocol.ts';
import { ROOT } from '../support/fixture-site.ts';

/**
 * The built /openapi.json describes the whole contract and lints clean under
 * Spectral (spectral:oas), offline. Spectral is the one linter kept: on 33
 * defects planted in this document it found 27, Redocly's recommended rules 23
 * (docs/architecture.md has the comparison).
 */
const file = join(inject('fixtureDist'), 'client', 'openapi.json');
const api = JSON.parse(readFileSync(file, 'utf8'));

/** The contract's "Paths at a glance" (shared/spec/API.md), as OpenAPI path templates. */
const CONTRACT_PATHS = [
  '/api/cards',
  '/api/cards/autocomplete',
  '/api/cards/{slug}',
  '/api/sealed',
  '/api/sealed/{slug}',
  '/api/content',
  '/api/knowledge',
  '/api/knowledge/{slug}',
  '/cards/{slug}',
  '/sealed/{slug}',
  '/knowledge/{slug}',
  '/cards/{slug}.md',
  '/sealed/{slug}.md',
  '/knowledge/{slug}.md',
  '/llms.txt',
  '/openapi.json',
  '/api/bulk/manifest.json',
  '/api/bulk/cards.ndjson',
  '/api/bulk/cards.ndjson.gz',
  '/api/bulk/cards.csv',
  '/api/bulk/printings.csv',
  '/api/bulk/crosswalk.csv',
  '/api/bulk/sealed.ndjson',
  '/api/bulk/sealed.ndjson.gz',
  '/api/bulk/knowledge.ndjson',
  '/api/bulk/knowledge.ndjson.gz',
  '/api/changes',
  '/api/changes/{date}',
  '/api/collection',
  '/changes.md',
  '/changes/{date}.md',
  '/api/sets',
  '/api/sets/{setId}',
  '/sets',
  '/sets/{setId}',
  '/sets.md',
  '/sets/{setId}.md',
  '/mcp',
  '/api/catalog',
  '/api/catalog/{name}',
  '/catalog.md',
  '/catalog/{name}.md',
  '/api/movers',
  '/movers.md',
  '/feeds/cards/{slug}.json',
  '/feeds/cards/{slug}.atom',
  '/feeds/sets/{setId}.json',
  '/feeds/sets/{setId}.atom',
  '/feeds/sealed/{slug}.json',
  '/feeds/sealed/{slug}.atom',
  '/feeds/collection.json',
  '/feeds/collection.atom',
];
/** The price feeds: the function's, readable from any origin (a preflight), kept by shared caches (no RateLimit on a 200). */
const FEEDS = CONTRACT_PATHS.filter((path) => path.startsWith('/feeds/'));
const DETAIL_PAGES = ['/cards/{slug}', '/sealed/{slug}', '/knowledge/{slug}', '/sets/{setId}', '/sets'];
const METHODS = ['get', 'head', 'options', 'put', 'post', 'delete', 'patch', 'trace'];

type Operation = { operationId?: string; responses: Record<string, { content?: Record<string, unknown> }> };
const operations: Array<[string, string, Operation]> = Object.entries(api.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((m): [string, string, Operation] => [path, m, item[m]]),
);

/** Runs a linter from node_modules/.bin on the project's Node (the first `node` in PATH), with no network calls. */
function lint(bin: string, args: string[]) {
  const result = spawnSync(join(ROOT, 'node_modules', '.bin', bin), args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
      NO_COLOR: '1',
    },
  });
  const output = `exit ${result.status}\n${result.stdout}\n${result.stderr}`;
  /** It prints its JSON report, and only it, to stdout (with --quiet). */
  function json<T>(): T {
    try {
      return JSON.parse(result.stdout);
    } catch {
      throw new Error(`${bin} printed no JSON report:\n${output}`);
    }
  }
  return { status: result.status, output, json };
}

describe('/openapi.json lints clean', () => {
  it('spectral lint (spectral:oas) finds nothing at any severity', () => {
    const run = lint('spectral', ['lint', file, '--ruleset', '.spectral.yaml', '--format', 'json', '--fail-severity', 'hint', '--quiet']);
    const findings = run
      .json<Array<{ severity: number; code: string; message: string; path: string[] }>>()
      .map((f) => `${['error', 'warning', 'info', 'hint'][f.severity]} ${f.code} at ${f.path.join('.')}: ${f.message}`);
    expect(findings, 'spectral findings').toEqual([]);
    expect(run.status, run.output).toBe(0);
  });
});

describe('/openapi.json covers the contract', () => {
  it('describes every path of the contract and no other', () => {
    expect(Object.keys(api.paths).sort()).toEqual([...CONTRACT_PATHS].sort());
  });

  it('every operation has an operationId, and no two share one', () => {
    const ids = operations.map(([path, method, op]) => op.operationId ?? `(none on ${method} ${path})`);
    expect(ids.filter((id) => id.startsWith('(none'))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('HEAD is described wherever GET is, and the preflight on /api/*, the detail pages, /mcp and the feeds', () => {
    for (const [path, item] of Object.entries(api.paths as Record<string, Record<string, Operation>>)) {
      expect(item.head, path).toEqual(item.get ? expect.anything() : undefined);
      const preflight = path.startsWith('/api/') || DETAIL_PAGES.includes(path) || path === '/mcp' || FEEDS.includes(path);
      expect(item.options?.responses['204'], path).toEqual(preflight ? { $ref: '#/components/responses/Preflight' } : undefined);
    }
  });

  it.each(DETAIL_PAGES)('%s offers HTML, Markdown and JSON, and 406 when none is acceptable', (path) => {
    const { responses } = api.paths[path].get;
    expect(Object.keys(responses['200'].content).sort()).toEqual(['application/json', 'text/html', 'text/markdown']);
    expect(responses['406'].$ref).toBe('#/components/responses/NotAcceptable');
    expect(api.components.responses.NotAcceptable.content['application/problem+json'].schema.$ref).toBe('#/components/schemas/NotAcceptableProblem');
  });

  it('the rate-limit headers are reusable components, referenced by what the function answers', () => {
    expect(Object.keys(api.components.headers)).toEqual(expect.arrayContaining(['RateLimit', 'RateLimit-Policy', 'Retry-After']));
    for (const path of ['/api/cards', '/api/cards/autocomplete', '/api/sealed', ...DETAIL_PAGES]) {
      expect(api.paths[path].get.responses['200'].headers.RateLimit, path).toEqual({ $ref: '#/components/headers/RateLimit' });
      expect(api.paths[path].get.responses['429'], path).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    }
  });

  it('/mcp takes a POST alone, rate limited, and names the protocol versions it speaks', () => {
    const item = api.paths['/mcp'];
    expect(Object.keys(item).filter((key) => METHODS.includes(key))).toEqual(['post', 'options']);
    const { operationId, parameters, responses } = item.post;
    expect(operationId).toBe('postMcp');
    const version = parameters.find((p: { name?: string }) => p.name === 'MCP-Protocol-Version');
    expect(version.schema.enum).toEqual([...MCP_PROTOCOL_VERSIONS]);
    expect(responses['200'].headers.RateLimit).toMatchObject({ $ref: '#/components/headers/RateLimit' });
    expect(responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    expect(responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    expect(Object.keys(responses).sort()).toEqual(['200', '202', '400', '403', '405', '406', '413', '415', '429', '503']);
  });

  it('the API is open: no security requirement', () => {
    expect(api.security).toEqual([]);
    expect(api.components.securitySchemes).toBeUndefined();
  });
});

describe('/openapi.json names what is deprecated', () => {
  /** Every property marked deprecated, as `Component.$defs.def.property` or `Component.property`, with its description. */
  function deprecatedProperties(node: unknown, path: string, found: Map<string, string>): Map<string, string> {
    if (node === null || typeof node !== 'object') return found;
    const { properties } = node as { properties?: Record<string, { deprecated?: boolean; description?: string }> };
    for (const [name, property] of Object.entries(properties ?? {})) if (property.deprecated) found.set(`${path}.${name}`, property.description ?? '');
    for (const [key, child] of Object.entries(node)) if (key !== 'properties') deprecatedProperties(child, `${path}.${key}`, found);
    return found;
  }

  it("the change records' from, to and changePercent are deprecated, each naming the field that replaces it and the version that removes it", () => {
    const found = deprecatedProperties(api.components.schemas, 'schemas', new Map());
    const spellings = { from: 'fromUsd', to: 'toUsd', changePercent: 'changePct' };
    const expected = ['repriced', 'printingRepriced'].flatMap((def) => Object.keys(spellings).map((name) => `schemas.ChangeRecord.$defs.${def}.${name}`));
    expect([...found.keys()].sort()).toEqual(expected.sort());
    for (const [path, description] of found) {
      const [, , , def, name] = path.split('.');
      const replacement = spellings[name as keyof typeof spellings];
      expect(description, path).toBe(`Deprecated since 1.1.0, removed in 2.0.0: ${replacement}, under its old name.`);
      const sibling = api.components.schemas.ChangeRecord.$defs[def].properties[replacement];
      expect(sibling?.deprecated, `${path}: ${replacement} is there and current`).toBeUndefined();
    }
  });
});
