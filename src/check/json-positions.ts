import { findNodeAtLocation, type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';

/**
 * Lines and columns of JSON values, for the content checker. Content is parsed
 * with JSON.parse (fast) and only a file with a problem is parsed again here,
 * keeping offsets (jsonc-parser, the VS Code JSON parser).
 */

/** A 1-based line and column. */
export interface Position {
  line: number;
  column: number;
}

export type JsonPath = readonly (string | number)[];

/** Line and column of offsets in one text (line starts found once, then a binary search per offset). */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  /** @example new LineIndex('a\nbc').at(3) // { line: 2, column: 2 } */
  at(offset: number): Position {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.starts[low] + 1 };
  }
}

/**
 * The positions of one JSON text's values.
 * @example new JsonPositions('{\n  "a": [1, "x"]\n}').of(['a', 1]) // { line: 2, column: 13 }
 */
export class JsonPositions {
  private readonly lines: LineIndex;
  private readonly root: Node | undefined;

  constructor(text: string) {
    this.lines = new LineIndex(text);
    this.root = parseTree(text, [], { disallowComments: true });
  }

  /**
   * Where the value at `path` starts; `key: true` gives the key of that member
   * instead (an unknown field is the key's fault). A path that does not exist
   * (a missing field) falls back to its nearest ancestor that does.
   */
  of(path: JsonPath, { key = false } = {}): Position {
    if (!this.root) return { line: 1, column: 1 };
    for (let n = path.length; n >= 0; n--) {
      const node = findNodeAtLocation(this.root, path.slice(0, n) as (string | number)[]);
      if (!node) continue;
      const keyNode = key && n === path.length && node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
      return this.lines.at((keyNode ?? node).offset);
    }
    return this.lines.at(this.root.offset);
  }
}

/**
 * Where a text that JSON.parse refused goes wrong, and what is wrong, in words.
 * The position is V8's when its message gives one, else the first error of
 * jsonc-parser's strict parse.
 */
export function jsonSyntaxProblem(text: string, error: unknown): Position & { message: string } {
  const raw = error instanceof Error ? error.message : String(error);
  const lines = new LineIndex(text);
  const message = raw.replace(/ at position \d+(?: \(line \d+ column \d+\))?/, '');
  const v8 = / at position (\d+)/.exec(raw);
  if (v8) return { ...lines.at(Number(v8[1])), message: `not valid JSON: ${message}` };
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length) return { ...lines.at(errors[0].offset), message: `not valid JSON: ${message} (${printParseErrorCode(errors[0].error)})` };
  return { line: 1, column: 1, message: `not valid JSON: ${message}` };
}
