import { parseFrontmatter } from 'astro/markdown';
import { EVENT_ID, type Event, getScalarValue, parseEvents } from 'js-yaml';
import { type JsonPath, LineIndex, type Position } from './json-positions.ts';

/**
 * A Markdown file read the way the build reads it (Astro's own front matter
 * parser, so dates and every YAML quirk come out the same), with the positions of
 * its front matter fields for the content checker.
 */
export type MarkdownRead =
  | { ok: true; data: Record<string, unknown>; body: string; positions: FrontMatterPositions }
  | { ok: false; position: Position; message: string };

/** Astro's front matter pattern (@astrojs/internal-helpers/frontmatter), to know where the block lies. */
const FRONT_MATTER = /(?:^\uFEFF?|^\s*\n)(?:---|\+\+\+)([\s\S]*?\n)(?:---|\+\+\+)/;

export function readMarkdown(text: string): MarkdownRead {
  const match = FRONT_MATTER.exec(text);
  // Where the YAML starts (just after the opening ---), and where the block does.
  const yamlStart = match ? match.index + match[0].length - match[1].length - 3 : 0;
  const lines = new LineIndex(text);
  let parsed: ReturnType<typeof parseFrontmatter>;
  try {
    parsed = parseFrontmatter(text, { frontmatter: 'empty-with-spaces' });
  } catch (error) {
    const yamlError = error as { reason?: string; mark?: { position?: number }; message?: string };
    const offset = typeof yamlError.mark?.position === 'number' ? yamlStart + yamlError.mark.position : yamlStart;
    return { ok: false, position: lines.at(offset), message: `front matter is not valid YAML: ${yamlError.reason ?? yamlError.message ?? String(error)}` };
  }
  return {
    ok: true,
    data: parsed.frontmatter,
    body: parsed.content.trim(),
    positions: new FrontMatterPositions(
      text,
      lines,
      match ? { start: yamlStart - 3, yaml: match[1], yamlStart, end: match.index + match[0].length } : undefined,
    ),
  };
}

interface YamlNode {
  offset: number;
  /** Where its key starts, for a mapping's value. */
  keyOffset?: number;
  members?: Map<string, YamlNode>;
  items?: YamlNode[];
}

/**
 * Where front matter fields are. The YAML is read once more as an event stream
 * with offsets (js-yaml's parseEvents); if that fails, a field is found by its
 * top-level key, and a whole-record problem points at the opening `---`.
 */
export class FrontMatterPositions {
  private tree: YamlNode | null | undefined;
  private readonly text: string;
  private readonly lines: LineIndex;
  private readonly block: { start: number; yaml: string; yamlStart: number; end: number } | undefined;

  constructor(text: string, lines: LineIndex, block: { start: number; yaml: string; yamlStart: number; end: number } | undefined) {
    this.text = text;
    this.lines = lines;
    this.block = block;
  }

  /** The opening `---` (line 1 of a file without front matter). */
  start(): Position {
    return this.lines.at(this.block?.start ?? 0);
  }

  /** The first line after the front matter block (where the body belongs). */
  afterBlock(): Position {
    const end = this.block?.end ?? 0;
    const next = this.text.indexOf('\n', end);
    return this.lines.at(next === -1 ? end : next + 1 < this.text.length ? next + 1 : end);
  }

  /** The value at `path` (or, with `key`, its key); a missing field falls back to its nearest ancestor. */
  of(path: JsonPath, { key = false } = {}): Position {
    if (!this.block) return this.start();
    this.tree ??= this.parse();
    if (this.tree === null) return this.byTopLevelKey(path);
    let node = this.tree;
    let found: Position | undefined;
    for (const [i, part] of path.entries()) {
      const next = typeof part === 'number' ? node.items?.[part] : node.members?.get(part);
      if (!next) break;
      node = next;
      const last = i === path.length - 1;
      const offset = key && last && next.keyOffset !== undefined ? next.keyOffset : next.offset;
      found = this.lines.at(this.block.yamlStart + offset);
    }
    return found ?? this.start();
  }

  private byTopLevelKey(path: JsonPath): Position {
    if (!this.block || typeof path[0] !== 'string') return this.start();
    const at = new RegExp(`^${path[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:`, 'm').exec(this.block.yaml);
    return at ? this.lines.at(this.block.yamlStart + at.index) : this.start();
  }

  private parse(): YamlNode | null {
    if (!this.block) return null;
    const source = this.block.yaml;
    let events: Event[];
    try {
      events = parseEvents(source, {});
    } catch {
      return null;
    }
    let i = 0;
    const read = (): YamlNode => {
      const event = events[i++];
      switch (event.type) {
        case EVENT_ID.SCALAR:
          return { offset: event.valueStart === -1 ? -1 : event.valueStart };
        case EVENT_ID.ALIAS:
          return { offset: Math.max(0, event.anchorStart - 1) };
        case EVENT_ID.MAPPING: {
          const members = new Map<string, YamlNode>();
          while (i < events.length && events[i].type !== EVENT_ID.POP) {
            const keyEvent = events[i];
            const keyNode = read();
            const value = read();
            const keyText = keyEvent.type === EVENT_ID.SCALAR ? getScalarValue(source, keyEvent) : String(members.size);
            // An empty value (`key:`) has no offset of its own: its key stands for it.
            members.set(keyText, { ...value, offset: value.offset === -1 ? keyNode.offset : value.offset, keyOffset: keyNode.offset });
          }
          i++;
          return { offset: event.start, members };
        }
        case EVENT_ID.SEQUENCE: {
          const items: YamlNode[] = [];
          while (i < events.length && events[i].type !== EVENT_ID.POP) items.push(read());
          i++;
          return { offset: event.start, items };
        }
        default:
          return { offset: 0 };
      }
    };
    while (i < events.length && events[i].type !== EVENT_ID.DOCUMENT) i++;
    if (i >= events.length) return null;
    i++;
    if (i >= events.length || events[i].type === EVENT_ID.POP) return null;
    return read();
  }
}
