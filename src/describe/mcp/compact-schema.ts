/**
 * A response schema of schemas/api made fit for an MCP tool's `outputSchema`: one self-contained schema (its
 * file refs and `$defs` inlined, `allOf` merged), keeping what a result holds (properties, their types, items,
 * short enums) and leaving out the prose and finer rules (descriptions, which fields are required, patterns,
 * bounds, closed-object rules), which /openapi.json keeps. Every agent that lists the tools pays for each word
 * of these in tokens (the required lists of the real catalogue's tools were 229 of its 2,500), so below `depth`
 * levels of objects a value is only its type (`{ type: 'object' }`). A compacted
 * schema accepts everything its source does (it only drops constraints), which the contract tests check by
 * validating the same real answers against both.
 */
type Json = Record<string, unknown>;

/** Longer enums (sealed kinds, tags) are only their type: the full list is in /openapi.json and the tool's input. */
const ENUM_MAX = 6;
const KEPT = new Set(['type', 'properties', 'items', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', '$ref']);

/** @example compactSchema({ 'a.json': { type: 'object', properties: { n: { type: 'integer', minimum: 0 } } } }, 'a.json', 1) // { type: 'object', properties: { n: { type: 'integer' } } } */
export function compactSchema(schemas: Record<string, unknown>, file: string, depth: number): Json {
  return compact(schemas[file] as Json, { schemas, file, depth });
}

interface Context {
  schemas: Record<string, unknown>;
  /** The file whose `#/$defs/…` refs are being read. */
  file: string;
  /** Object levels still kept in full. */
  depth: number;
}

function resolve(ref: string, context: Context): { schema: Json; context: Context } {
  const [file, pointer = ''] = ref.split('#');
  const target = file || context.file;
  let schema = context.schemas[target] as Json | undefined;
  for (const key of pointer.split('/').filter(Boolean)) schema = schema?.[key] as Json | undefined;
  if (!schema) throw new Error(`compactSchema: ${context.file} refers to ${ref}, which is not in schemas/api`);
  return { schema, context: { ...context, file: target } };
}

function compact(schema: Json, context: Context): Json {
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref, context);
    return compact({ ...target.schema, ...withoutRef(schema) }, target.context);
  }
  let merged: Json = schema;
  if (Array.isArray(schema.allOf)) {
    merged = { ...schema, allOf: undefined };
    for (const part of schema.allOf as Json[]) merged = mergeObjects(merged, compact(part, context));
  }
  const isObject = merged.type === 'object' || (Array.isArray(merged.type) && merged.type.includes('object'));
  if (isObject && context.depth <= 0) return { type: merged.type };
  const out: Json = {};
  for (const [key, value] of Object.entries(merged)) {
    if (!KEPT.has(key) || value === undefined || key === 'allOf' || key === '$ref') continue;
    if (key === 'properties') {
      const inner = { ...context, depth: context.depth - 1 };
      out.properties = Object.fromEntries(Object.entries(value as Record<string, Json>).map(([name, property]) => [name, compact(property, inner)]));
    } else if (key === 'items') out.items = compact(value as Json, context);
    else if (key === 'anyOf' || key === 'oneOf')
      Object.assign(
        out,
        alternatives(
          key,
          (value as Json[]).map((part) => compact(part, context)),
          merged,
        ),
      );
    else if (key === 'enum' && (value as unknown[]).length > ENUM_MAX) continue;
    else out[key] = value;
  }
  return out;
}

const withoutRef = ({ $ref, ...rest }: Json): Json => rest;

/**
 * Alternatives that are each only a type (an object below the depth, or null) as one `type` list, where the
 * schema has no type of its own: it accepts what they accept (and an integer that oneOf would have refused as
 * both `integer` and `number`), in fewer tokens: `oneOf: [{ type: 'object' }, { type: 'null' }]` is `type: ['object', 'null']`.
 */
function alternatives(key: 'anyOf' | 'oneOf', parts: Json[], schema: Json): Json {
  const typeOnly = schema.type === undefined && parts.every((part) => Object.keys(part).length === 1 && typeof part.type === 'string');
  return typeOnly ? { type: [...new Set(parts.map((part) => part.type))] } : { [key]: parts };
}

/** `allOf` of object schemas as one: their properties together. */
function mergeObjects(a: Json, b: Json): Json {
  return { ...b, ...a, type: a.type ?? b.type, properties: { ...(b.properties as Json), ...(a.properties as Json) } };
}
