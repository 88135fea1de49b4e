/**
 * The JSON Schemas of schemas/api/ as `components.schemas`: the same files the
 * tests validate real responses against, with file refs turned into component refs.
 */
type Json = Record<string, unknown>;

/** @example componentName('card-summary.json') // "CardSummary" */
export function componentName(file: string): string {
  return file
    .replace(/\.json$/, '')
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}

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
    } else out[key] = toComponent(value); // local "#/$defs/…" refs are rewritten by schemasToComponents
  }
  return out;
}

/**
 * @example schemasToComponents({ 'market.json': { $id: 'market.json', type: 'object' } }) // { Market: { type: 'object' } }
 */
export function schemasToComponents(schemas: Record<string, unknown>): Record<string, unknown> {
  const components: Record<string, unknown> = {};
  for (const [file, schema] of Object.entries(schemas)) {
    const name = componentName(file);
    // A schema's own "#/$defs/x" refs must point inside its component once it is moved.
    components[name] = JSON.parse(JSON.stringify(toComponent(schema)).replaceAll('"#/$defs/', `"#/components/schemas/${name}/$defs/`));
  }
  return components;
}

/** A `$ref` to a component of the given section. @example ref('schemas', 'CardDetail') // { $ref: '#/components/schemas/CardDetail' } */
export const ref = (section: 'schemas' | 'headers' | 'parameters' | 'responses', name: string) => ({ $ref: `#/components/${section}/${name}` });
