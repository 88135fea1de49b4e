/** CSV as RFC 4180 writes it: the open-data files (src/pipeline/bulk-files.ts) and a valued list's CSV answer. */

/** How the CSV joins the elements of an array field (`types`): no type name holds one. */
const CSV_LIST_SEPARATOR = '|';

export type CsvValue = string | number | boolean | null | readonly string[];

/**
 * One CSV field (RFC 4180): null is empty, an array is joined with `|`, and a
 * field holding a comma, double quote, CR or LF is quoted with its quotes doubled.
 * @example csvField('Farfetch\'d, "the duck"') // '"Farfetch\'d, ""the duck"""'
 * @example csvField(['Fire', 'Water']) // 'Fire|Water'
 */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  const text = Array.isArray(value) ? value.join(CSV_LIST_SEPARATOR) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV row, its fields joined by commas (without its CRLF). */
export const csvRow = (values: readonly CsvValue[]): string => values.map(csvField).join(',');

/** A JSON Schema of schemas/api/, as far as its CSV columns need it. */
interface ColumnSchema {
  $ref?: string;
  allOf?: ColumnSchema[];
  oneOf?: ColumnSchema[];
  properties?: Record<string, ColumnSchema>;
  items?: ColumnSchema;
  type?: string | string[];
  format?: string;
}

/** A column of a CSV of records: its name in the header, and where its value is in a record. */
export interface CsvColumn {
  name: string;
  path: readonly string[];
}

/** Columns that are a record's own properties, named as they are. @example columnsNamed(['id']) // [{ name: 'id', path: ['id'] }] */
export const columnsNamed = (names: readonly string[]): CsvColumn[] => names.map((name) => ({ name, path: [name] }));

/**
 * The value of a column in a record: null where the record leaves it out.
 * @example csvValueOf({ change: { '7d': { changePct: 9.7 } } }, { name: 'change7dPct', path: ['change', '7d', 'changePct'] }) // 9.7
 */
export function csvValueOf(record: unknown, column: CsvColumn): CsvValue {
  let value = record;
  for (const key of column.path) value = value === null || typeof value !== 'object' ? undefined : (value as Record<string, unknown>)[key];
  return (value ?? null) as CsvValue;
}

/**
 * The name of a column inside an object: the path in camel case, a leaf that repeats the object's name without it.
 * @example nestedName('change', '7d', 'changePct') // "change7dPct"
 * @example nestedName('change', '7d', 'fromUsd') // "change7dFromUsd"
 */
function nestedName(name: string, key: string, leaf: string): string {
  const rest = leaf.startsWith(name) && /^[A-Z]/.test(leaf.slice(name.length)) ? leaf.slice(name.length) : leaf;
  return `${name}${key}${rest[0].toUpperCase()}${rest.slice(1)}`;
}

/**
 * The columns of a CSV of records, read from their JSON Schema (`schemas`: the files of schemas/api/ by name), so that
 * the list is written once and a property added to the schema is a column: every property that is flat (a value, or
 * a list of values joined with `|`), in the schema's order (`allOf` parts first), with the addresses (format uri)
 * after them, where a spreadsheet's long links are out of the way; an object or a list of objects (a history, a
 * search match) has no column. A small object of windows (an object whose properties all share one schema of flat
 * values: a change's `7d`, `30d` …) is a column per window and value, named by its path (`change7dPct`), last, so
 * that the columns before keep their places.
 * @example csvColumnsOf('card-fields.json', schemas).map((c) => c.name) // ['id', 'name', 'exactName', …, 'imageSmall', 'change7dFromUsd', …]
 */
export function csvColumnsOf(file: string, schemas: Readonly<Record<string, unknown>>): CsvColumn[] {
  const resolve = (schema: ColumnSchema): ColumnSchema => (schema.$ref ? resolve(schemas[schema.$ref] as ColumnSchema) : schema);
  const isFlat = (schema: ColumnSchema): boolean => {
    const s = resolve(schema);
    if (s.properties || s.allOf || s.type === 'object') return false;
    if (s.items) return isFlat(s.items);
    return (s.oneOf ?? []).every((branch) => isFlat(branch));
  };
  const propertiesOf = (schema: ColumnSchema): [string, ColumnSchema][] => {
    const s = resolve(schema);
    return [...(s.allOf ?? []).flatMap(propertiesOf), ...Object.entries(s.properties ?? {})];
  };
  /** The windows of an object of windows: each key with its flat leaves; undefined for any other schema. */
  const windowsOf = (schema: ColumnSchema): [string, string[]][] | undefined => {
    const entries = Object.entries(resolve(schema).properties ?? {});
    const shapes = new Set(entries.map(([, s]) => s.$ref));
    if (entries.length < 2 || shapes.size !== 1 || shapes.has(undefined)) return undefined;
    const leaves = propertiesOf(entries[0][1]);
    if (leaves.length === 0 || !leaves.every(([, s]) => isFlat(s) && !resolve(s).items)) return undefined;
    return entries.map(([key]) => [key, leaves.map(([leaf]) => leaf)]);
  };
  const properties = propertiesOf({ $ref: file });
  const flat = properties.filter(([, schema]) => isFlat(schema));
  const isAddress = ([, schema]: [string, ColumnSchema]) => resolve(schema).format === 'uri';
  const windowed = properties.flatMap(([name, schema]) =>
    (windowsOf(schema) ?? []).flatMap(([key, leaves]) => leaves.map((leaf) => ({ name: nestedName(name, key, leaf), path: [name, key, leaf] }))),
  );
  return [...columnsNamed([...flat.filter((p) => !isAddress(p)), ...flat.filter(isAddress)].map(([name]) => name)), ...windowed];
}
