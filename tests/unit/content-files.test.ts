import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readContentFiles } from '../../src/loaders/content-files.ts';
import { sealedProductsOf } from '../../src/loaders/record-files.ts';
import { FIXTURE_CONTENT, scratchDir } from '../support/fixture-site.ts';

/** The one reader of content files for scripts and tests (src/loaders/content-files.ts), on the fixture content. */
const copy = scratchDir('content-files');
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const json = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));

describe('the content files', () => {
  it('are read in file-name order, as the files hold them, each sealed product given its file’s group', () => {
    const content = readContentFiles(FIXTURE_CONTENT);
    expect(content.sets).toEqual(json(FIXTURE_CONTENT, 'sets.json'));
    expect(content.cards).toEqual(['base1', 'fix1', 'jp-sv2a', 'jp-sv2d', 'jp-sv8a'].flatMap((set) => json(FIXTURE_CONTENT, `cards/${set}.json`)));
    // Key order kept: a record written back is the bytes it was read from.
    expect(JSON.stringify(content.cards[0])).toBe(JSON.stringify(json(FIXTURE_CONTENT, 'cards/base1.json')[0]));
    const { group, products } = json(FIXTURE_CONTENT, 'sealed/2848-swsh07-evolving-skies.json');
    expect(content.sealed).toHaveLength(products.length);
    for (const product of content.sealed) expect(product.group).toEqual(group);
  });

  it('stop at a record its collection’s schema refuses, naming the file, the record and the field', () => {
    rmSync(copy, { recursive: true, force: true });
    cpSync(FIXTURE_CONTENT, copy, { recursive: true });
    const file = join(copy, 'cards', 'base1.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"market": 458.29', '"market": "cheap"'));
    expect(() => readContentFiles(copy)).toThrow(/cards\/base1\.json: record 0 \(base1-4\): field "prices\.0\.market": /);
  });

  it('refuse a sealed file that is not a group with its products, naming it', () => {
    expect(() => sealedProductsOf([], 'sealed/x.json')).toThrow('sealed/x.json: expected { group, products: [...] }');
  });
});
