import { describe, expect, it } from 'vitest';
import { priceStatusOf } from '../../src/catalogue/price-status.ts';
import { confidenceGrades, confidenceOf } from '../../src/catalogue/value-confidence.ts';
import { settingsOf } from '../../src/schemas/settings.ts';
import { withSettings } from '../support/settings.ts';

/** How fresh a value is: priced for PRICE_STALE_AFTER_DAYS days after its snapshot (3 unless set), stale after. */
describe('the price status', () => {
  it('calls a price stale once it is more than 3 days behind the catalogue, unless the setting says otherwise', () => {
    withSettings(settingsOf({}), () => {
      expect(priceStatusOf('2025-10-17', '2025-10-20')).toBe('priced');
      expect(priceStatusOf('2025-10-16', '2025-10-20')).toBe('stale');
      expect(priceStatusOf(null, '2025-10-20')).toBe('unpriced');
    });
    withSettings(settingsOf({ PRICE_STALE_AFTER_DAYS: '7' }), () => {
      expect(priceStatusOf('2025-10-13', '2025-10-20')).toBe('priced');
      expect(priceStatusOf('2025-10-12', '2025-10-20')).toBe('stale');
    });
  });

  it("moves the confidence's freshness grade with it: a value 5 days old grades medium under 3 days, high under 7", () => {
    const freshness = () => {
      const confidence = confidenceOf({ low: 95, market: 100, updatedAt: '2025-10-15' }, undefined, '2025-10-20')!;
      return [confidence.staleDays, confidenceGrades(confidence, 100).staleDays];
    };
    expect(withSettings({ priceStaleAfterDays: 3 }, freshness)).toEqual([5, 'medium']);
    expect(withSettings({ priceStaleAfterDays: 7 }, freshness)).toEqual([5, 'high']);
  });
});
