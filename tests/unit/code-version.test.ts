import { describe, expect, it } from 'vitest';
import { buildSettingNamesOf } from '../../src/pipeline/code-version.ts';
import { ROOT } from '../support/fixture-site.ts';

/** An incremental build keeps earlier files only while the code version is the same (src/pipeline/code-version.ts). */
describe('the code version', () => {
  it('hashes the settings that change what the build makes: the image host and the days a price stays priced among them', () => {
    expect(buildSettingNamesOf(ROOT)).toEqual(expect.arrayContaining(['CARD_IMAGE_HOST', 'PRICE_STALE_AFTER_DAYS', 'SITE_URL']));
  });
});
