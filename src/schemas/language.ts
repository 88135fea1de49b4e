import { z } from 'astro/zod';

/**
 * The language a card or a set is printed in: English (`en`), or Japanese (`ja`, ../shared/data/japanese/SOURCE.md).
 * Written once: the content schemas, the API's records and the search's `lang:` filter read it here.
 */
export const LANGUAGES = ['en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const languageSchema = z.enum(LANGUAGES);

/**
 * Every id of a Japanese set or card begins with it (`jp-sv8a`, `jp-sv8a-217`) and no English one does, so the two
 * id spaces cannot collide; a Japanese set id may hold more hyphens (`jp-sv-p`).
 */
export const JAPANESE_ID_PREFIX = 'jp-';

/** The language an id belongs to, read from the id alone. */
export const languageOfId = (id: string): Language => (id.startsWith(JAPANESE_ID_PREFIX) ? 'ja' : 'en');

/**
 * What is wrong with a record's language fields, or undefined: its language must be its id's, a Japanese record
 * carries its Japanese name (`nameJa`; a set's may be null where the source gives none) and an English one none.
 */
export function languageProblem(record: { id: string; language: Language; nameJa?: string | null }): { path: string; message: string } | undefined {
  const expected = languageOfId(record.id);
  if (record.language !== expected) {
    return {
      path: 'language',
      message: `"${record.language}" for an id ${expected === 'ja' ? `beginning with "${JAPANESE_ID_PREFIX}"` : `not beginning with "${JAPANESE_ID_PREFIX}"`}: must be "${expected}"`,
    };
  }
  if (record.language === 'ja' && record.nameJa === undefined) return { path: 'nameJa', message: 'missing: a Japanese record carries its Japanese name' };
  if (record.language === 'en' && record.nameJa !== undefined) return { path: 'nameJa', message: 'only a Japanese record carries a Japanese name' };
  return undefined;
}

/** A language as the pages write it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', ja: 'Japanese' };

/**
 * What the pages say of a record's language and Japanese name, as one line.
 * @example languageLine({ language: 'ja', nameJa: 'ナンジャモ' }) // "Language: Japanese · Japanese name: ナンジャモ"
 */
export function languageLine(record: { language: Language; nameJa: string | null }): string {
  return `Language: ${LANGUAGE_NAMES[record.language]}${record.nameJa ? ` · Japanese name: ${record.nameJa}` : ''}`;
}

/**
 * A record's Japanese name where a page shows it beside its name: null on English records, and where the name is
 * the Japanese one already (a card or set whose English name no source gives).
 * @example japaneseNameBeside({ name: 'Umbreon ex', nameJa: 'ブラッキーex' }) // "ブラッキーex"
 * @example japaneseNameBeside({ name: 'コルサ', nameJa: 'コルサ' }) // null
 */
export function japaneseNameBeside(record: { name: string; nameJa: string | null }): string | null {
  return record.nameJa && record.nameJa !== record.name ? record.nameJa : null;
}

/**
 * The words that name a language in a search: free words of a query (`iono jp`) and the values `lang:` takes beside
 * the codes (`lang:japanese`). One list, so that the two read alike.
 */
export const LANGUAGE_WORDS: Readonly<Record<Language, readonly string[]>> = { en: ['english', 'eng'], ja: ['japanese', 'jp', 'jpn'] };
