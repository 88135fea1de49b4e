/**
 * `/openapi.json`, generated from the JSON Schemas in schemas/api/ (the same
 * files the tests validate real responses against), so the published contract
 * and the checked one are the same text.
 */
export const API_VERSION = '1.0.0';

type Json = Record<string, unknown>;

/** Rewrites `"$ref": "card-summary.json"` (file refs) into component refs, drops `$id`/`$schema`. */
function toComponent(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toComponent);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$id' || key === '$schema') continue;
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) {
      const [file, pointer = ''] = value.split('#');
      out.$ref = `#/components/schemas/${componentName(file)}${pointer}`;
    } else if (key === '$ref' && typeof value === 'string') {
      out.$ref = value; // local refs are rewritten by the caller's name below
    } else out[key] = toComponent(value);
  }
  return out;
}

/** @example componentName('card-summary.json') // "CardSummary" */
export function componentName(file: string): string {
  return file.replace(/\.json$/, '').split('-').map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

const json = (ref: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } });
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });
const errors = {
  '400': problem('A parameter is out of range or given twice; the body names it and what is allowed.'),
  '405': problem('Only GET and HEAD are allowed.'),
  '429': problem('Rate limited; retry after Retry-After seconds.'),
};
const param = (name: string, description: string, schema: Json) => ({ name, in: 'query', required: false, description, schema });
const slugParam = { name: 'slug', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' } };
const paging = [
  param('limit', 'Items per page (values above 200 are clamped to 200; 0 returns only total).', { type: 'integer', minimum: 0, default: 50 }),
  param('offset', 'Matches to skip.', { type: 'integer', minimum: 0, default: 0 }),
  param('sort', 'relevance (default with q) or value-desc (default without q), value-asc, name.', { enum: ['relevance', 'value-desc', 'value-asc', 'name'] }),
];

export function openApiOf(schemas: Record<string, unknown>, kinds: string[]): Json {
  const components: Json = {};
  for (const [file, schema] of Object.entries(schemas)) {
    const name = componentName(file);
    // A schema's own "#/$defs/x" refs must point inside its component once it is moved.
    components[name] = JSON.parse(JSON.stringify(toComponent(schema)).replaceAll('"#/$defs/', `"#/components/schemas/${name}/$defs/`));
  }
  const detail = (schema: string, summary: string) => ({
    get: { summary, parameters: [slugParam], responses: { '200': { description: summary, content: json(schema) }, '404': problem('No such slug.'), ...errors } },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pokémon card and sealed product values',
      version: API_VERSION,
      description: 'Read-only values in US dollars, with Markdown twins of every detail page (Accept: text/markdown).',
    },
    paths: {
      '/api/cards': { get: {
        summary: 'Search cards',
        parameters: [param('q', 'Free text over name, set name, types and rarity (at most 200 characters).', { type: 'string', maxLength: 200 }),
          param('band', 'Value band.', { enum: ['grail', 'chase', 'mid', 'budget'] }), ...paging],
        responses: { '200': { description: 'Matching cards', content: json('CardSearch') }, ...errors },
      } },
      '/api/cards/{slug}': detail('CardDetail', 'One card'),
      '/api/sealed': { get: {
        summary: 'Search sealed products',
        parameters: [param('q', 'Free text over product and group name (at most 200 characters).', { type: 'string', maxLength: 200 }),
          param('kind', 'Product kind.', { enum: kinds }), ...paging],
        responses: { '200': { description: 'Matching products', content: json('SealedSearch') }, ...errors },
      } },
      '/api/sealed/{slug}': detail('SealedDetail', 'One sealed product'),
      '/api/content': { get: { summary: 'Content summary', responses: { '200': { description: 'Totals and price date', content: json('ContentSummary') } } } },
      '/api/knowledge': { get: {
        summary: 'Knowledge articles (all in category order, or filtered)',
        parameters: [param('q', 'Free text over question, answer and tags.', { type: 'string', maxLength: 200 }), param('tag', 'Facet tag.', { type: 'string' })],
        responses: { '200': { description: 'Articles', content: json('KnowledgeList') }, ...errors },
      } },
      '/api/knowledge/{slug}': detail('KnowledgeDetail', 'One article'),
    },
    components: { schemas: components },
  };
}
