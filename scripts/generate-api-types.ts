/**
 * Writes src/schemas/api-types.ts: the TypeScript types of the API's records, generated from the JSON
 * Schemas of schemas/api/ (json-schema-to-typescript), so that the code that makes a record and the schema
 * that publishes it cannot drift. Each type is named as its /openapi.json component (card-detail.json →
 * CardDetail); `ApiSchemas` maps each schema file to its type.
 *
 * Usage:  node scripts/generate-api-types.ts [--check]
 *         --check writes nothing and fails when the committed file is not what the schemas give (CI)
 * Exit:   0 up to date (or written), 1 out of date (--check), 2 usage error
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { componentName } from '../src/describe/openapi/schema-components.ts';

const ROOT = join(import.meta.dirname, '..');
const SCHEMA_DIR = join(ROOT, 'schemas', 'api');
const TYPES_FILE = join(ROOT, 'src', 'schemas', 'api-types.ts');

const BANNER = `/**
 * The API's records as TypeScript types, generated from schemas/api/*.json by \`npm run types\`: do not edit;
 * change the schema and run it again (CI runs \`npm run types -- --check\`). Names are the /openapi.json components.
 */`;

let check: boolean;
try {
  check = parseArgs({ options: { check: { type: 'boolean', default: false } } }).values.check;
} catch (error) {
  console.error(`generate-api-types: ${(error as Error).message}\nusage: node scripts/generate-api-types.ts [--check]`);
  process.exit(2);
}

type Json = { [key: string]: unknown };

/**
 * JSON Schema 2020-12 lets `$ref` sit beside other keywords (`{ "$ref": "#/$defs/item", "properties": … }`:
 * both apply); the generator reads such a `$ref` alone (or, beside a description, copies the type it names),
 * so it is restated as the `allOf` it means.
 */
function refsAsAllOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(refsAsAllOf);
  if (schema === null || typeof schema !== 'object') return schema;
  const { $ref, ...rest } = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, refsAsAllOf(value)])) as Json;
  if ($ref === undefined || Object.keys(rest).length === 0) return $ref === undefined ? rest : { $ref };
  return { ...rest, allOf: [{ $ref }, ...((rest.allOf as unknown[] | undefined) ?? [])] };
}

/** The type names are the /openapi.json component names, and a schema's `$defs` keep their key's name. */
function named(file: string, schema: Json): Json {
  const defs = Object.fromEntries(
    Object.entries((schema.$defs as Record<string, Json> | undefined) ?? {}).map(([key, def]) => [key, { ...def, title: componentName(key) }]),
  );
  return { ...schema, title: componentName(file), ...(schema.$defs ? { $defs: defs } : {}) };
}

const files = readdirSync(SCHEMA_DIR)
  .filter((file) => file.endsWith('.json'))
  .sort();
const schemas = Object.fromEntries(files.map((file) => [file, named(file, refsAsAllOf(JSON.parse(readFileSync(join(SCHEMA_DIR, file), 'utf8'))) as Json)]));

// One root that references every file, so that a type used by several files is declared once.
const root: JSONSchema = {
  title: 'ApiSchemas',
  description: 'Each schema file of schemas/api/ and the type of what it describes.',
  type: 'object',
  additionalProperties: false,
  required: files,
  properties: Object.fromEntries(files.map((file) => [file, { $ref: file }])),
};

const generated = await compile(root, 'ApiSchemas', {
  bannerComment: BANNER,
  additionalProperties: false,
  ignoreMinAndMaxItems: true,
  format: false,
  // Refs name other files of the folder; the generator reads them from the copies made above, not from disk.
  $refOptions: {
    resolve: {
      file: false,
      api: {
        order: 1,
        canRead: (ref: { url: string }) => files.some((file) => ref.url.endsWith(`/${file}`)),
        read: (ref: { url: string }) => schemas[ref.url.split('/').at(-1)!],
      },
    },
  },
  cwd: SCHEMA_DIR,
});

const biome = spawnSync(join(ROOT, 'node_modules', '.bin', 'biome'), ['format', `--stdin-file-path=${relative(ROOT, TYPES_FILE)}`], {
  cwd: ROOT,
  input: generated,
  encoding: 'utf8',
});
if (biome.status !== 0) throw new Error(`biome format failed: ${biome.stderr}`);
const text = biome.stdout;

const target = relative(ROOT, TYPES_FILE);
const current = (() => {
  try {
    return readFileSync(TYPES_FILE, 'utf8');
  } catch {
    return '';
  }
})();
if (check) {
  if (current !== text) {
    console.error(`${target} is not what schemas/api/ gives: run npm run types and commit the result.`);
    process.exit(1);
  }
  console.log(`${target} is up to date with schemas/api/ (${files.length} schemas).`);
} else {
  if (current !== text) writeFileSync(TYPES_FILE, text);
  console.log(`${target}: ${current === text ? 'unchanged' : 'written'} from ${files.length} schemas.`);
}
