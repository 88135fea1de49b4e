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

/**
 * The columns of a CSV of records, read from their JSON Schema (`schemas`: the files of schemas/api/ by name), so that
 * the list is written once and a property added to the schema is a column: every property that is flat (a value, or
 * a list of values joined with `|`), in the schema's order (`allOf` parts first), with the addresses (format uri)
 * last, where a spreadsheet's long links are out of the way; an object or a list of objects (a history, a search
 * match) has no column.
 * @example csvColumnsOf('card-fields.json', schemas) // ['id', 'name', 'exactName', …, 'types', 'imageSmall']
 */
export function csvColumnsOf(file: string, schemas: Readonly<Record<string, unknown>>): string[] {
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
  const flat = propertiesOf({ $ref: file }).filter(([, schema]) => isFlat(schema));
  const isAddress = ([, schema]: [string, ColumnSchema]) => resolve(schema).format === 'uri';
  return [...flat.filter((p) => !isAddress(p)), ...flat.filter(isAddress)].map(([name]) => name);
}
