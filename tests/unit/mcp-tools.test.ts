import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { compactSchema } from '../../src/describe/mcp/compact-schema.ts';
import { toolListOf, toolSpecsOf } from '../../src/describe/mcp/tools.ts';
import { CARD_SEARCH_QUERY, sealedSearchQuery } from '../../src/describe/openapi/parameters.ts';
import { SCHEMA_DIR, schemaFiles } from '../support/schemas.ts';

/**
 * The MCP tool list (src/describe/mcp/tools.ts) as the build writes it: the HTTP API's parameters as arguments, and
 * output schemas compacted from schemas/api that still accept what the full ones accept.
 */
const schemas = Object.fromEntries(schemaFiles().map((file) => [file, JSON.parse(readFileSync(join(SCHEMA_DIR, file), 'utf8'))]));
const KINDS = ['booster-box', 'etb'];

describe('the MCP tool list', () => {
  it('gives each search tool exactly the query parameters of its endpoint, with their schemas', () => {
    const tools = toolListOf(schemas, KINDS);
    const input = (name: string) => tools.find((t) => t.name === name)!.inputSchema as { properties: Record<string, { type?: string; enum?: unknown }> };
    expect(Object.keys(input('search_cards').properties)).toEqual(CARD_SEARCH_QUERY.map((p) => p.name));
    expect(Object.keys(input('search_sealed').properties)).toEqual(sealedSearchQuery(KINDS).map((p) => p.name));
    expect(input('search_sealed').properties.kind.enum).toEqual(KINDS);
    expect(input('search_cards').properties.limit.type).toBe('integer');
  });

  it('keeps each argument description to its first clause, and says which arguments a record tool needs', () => {
    const tools = toolListOf(schemas, KINDS);
    const limit = (tools[0].inputSchema as { properties: { limit: { description: string } } }).properties.limit;
    expect(limit.description).toBe('Items per page, at most 200.');
    expect(tools.find((t) => t.name === 'get_set')!.inputSchema).toMatchObject({ required: ['setId'], additionalProperties: false });
  });

  it('makes every output schema an object schema that Ajv compiles', () => {
    const ajv = new Ajv2020({ strict: false });
    for (const tool of toolListOf(schemas, KINDS)) {
      expect(tool.outputSchema.type, tool.name).toBe('object');
      expect(() => ajv.compile(tool.outputSchema), tool.name).not.toThrow();
    }
  });

  it('names an output schema that exists for every tool', () => {
    for (const spec of toolSpecsOf(KINDS)) expect(Object.keys(schemas), spec.name).toContain(spec.output);
  });
});

describe('compactSchema', () => {
  const toy = {
    'item.json': { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^x', description: 'An id.' } } },
    'list.json': {
      type: 'object',
      allOf: [{ $ref: 'item.json' }],
      properties: { rows: { type: 'array', items: { $ref: '#/$defs/row' } }, kind: { enum: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] } },
      $defs: { row: { type: 'object', properties: { n: { type: 'integer', minimum: 0 } } } },
      unevaluatedProperties: false,
    },
  };

  it('inlines refs and allOf, and leaves out prose, required lists, patterns, bounds, long enums and closed-object rules', () => {
    expect(compactSchema(toy, 'list.json', 2)).toEqual({
      type: 'object',
      properties: { rows: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer' } } } }, kind: {}, id: { type: 'string' } },
    });
  });

  it('says alternatives that are only types as one list of types, and keeps any others', () => {
    const schemas = {
      'a.json': {
        type: 'object',
        properties: {
          market: { oneOf: [{ $ref: '#/$defs/market' }, { type: 'null' }] },
          id: {
            anyOf: [
              { type: 'string', pattern: '^x' },
              { type: 'integer', minimum: 1 },
            ],
          },
          tag: { oneOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] },
        },
        $defs: { market: { type: 'object', properties: { low: { type: 'number' } } } },
      },
    };
    expect(compactSchema(schemas, 'a.json', 1).properties).toEqual({
      market: { type: ['object', 'null'] },
      id: { type: ['string', 'integer'] },
      tag: { oneOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] },
    });
  });

  it('gives objects below the depth only their type', () => {
    expect(compactSchema(toy, 'list.json', 1).properties).toMatchObject({ rows: { type: 'array', items: { type: 'object' } } });
  });

  it('fails on a ref to a schema that does not exist, naming it', () => {
    expect(() => compactSchema({ 'a.json': { $ref: 'missing.json' } }, 'a.json', 1)).toThrow(/a\.json refers to missing\.json/);
  });
});
