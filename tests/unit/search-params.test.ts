import { describe, expect, it } from 'vitest';
import { parseAutocomplete, parseCardSearch, parseKnowledgeSearch, parseSealedSearch } from '../../src/search/search-params.ts';

const cards = (s: string) => parseCardSearch(new URLSearchParams(s));

describe('search parameters', () => {
  it('defaults: 50 results from 0, by value without q and by relevance with it', () => {
    expect(cards('')).toEqual({ ok: true, params: { q: undefined, sort: 'value-desc', limit: 50, offset: 0, band: undefined } });
    expect(cards('q=mew')).toMatchObject({ ok: true, params: { q: 'mew', sort: 'relevance' } });
  });

  it('a limit above 200 is clamped to 200', () => {
    expect(cards('limit=201')).toMatchObject({ params: { limit: 200 } });
    expect(cards('limit=99999999999999999999999')).toMatchObject({ params: { limit: 200 } });
  });

  it('a blank q means no query', () => {
    expect(cards('q=%20%20')).toMatchObject({ params: { q: undefined, sort: 'value-desc' } });
  });

  it('q counts characters, not bytes: 200 accented letters are allowed', () => {
    expect(cards(`q=${'é'.repeat(200)}`).ok).toBe(true);
    expect(cards(`q=${'é'.repeat(201)}`)).toMatchObject({ ok: false, problem: { parameter: 'q', status: 400 } });
  });

  it.each([
    ['limit=abc', 'limit'],
    ['offset=-3', 'offset'],
    ['band=Grail', 'band'],
    ['sort=price', 'sort'],
    ['offset=1&offset=2', 'offset'],
  ])('%s is rejected naming %s', (query, parameter) => {
    const parsed = cards(query);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toMatchObject({ status: 400, parameter });
  });

  it('kind accepts only the kinds present in content', () => {
    expect(parseSealedSearch(new URLSearchParams('kind=etb'), ['etb', 'tin'])).toMatchObject({ ok: true, params: { kind: 'etb' } });
    expect(parseSealedSearch(new URLSearchParams('kind=crate'), ['etb', 'tin'])).toMatchObject({
      ok: false,
      problem: { parameter: 'kind', allowed: ['etb', 'tin'] },
    });
  });

  it('tag accepts only the controlled facet tags', () => {
    expect(parseKnowledgeSearch(new URLSearchParams('tag=psa-10'))).toMatchObject({ ok: true, params: { tag: 'psa-10' } });
    expect(parseKnowledgeSearch(new URLSearchParams('tag=shiny'))).toMatchObject({ ok: false, problem: { parameter: 'tag' } });
  });

  it('autocomplete keeps q as sent, takes it once and at most 200 characters, and reads an absent or blank one as empty', () => {
    const autocomplete = (s: string) => parseAutocomplete(new URLSearchParams(s));
    expect(autocomplete('q=Mr.%20Mime%20')).toEqual({ ok: true, params: { q: 'Mr. Mime ' } });
    expect(autocomplete('')).toEqual({ ok: true, params: { q: '' } });
    expect(autocomplete('q=%20')).toEqual({ ok: true, params: { q: '' } });
    expect(autocomplete('q=ch&q=char')).toMatchObject({ ok: false, problem: { status: 400, parameter: 'q' } });
    expect(autocomplete(`q=${'é'.repeat(201)}`)).toMatchObject({ ok: false, problem: { status: 400, parameter: 'q' } });
  });
});
