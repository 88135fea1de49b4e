import { describe, expect, it } from 'vitest';
import { printingIdOf, printingLabelOf, printingNamesOf } from '../../src/schemas/printing-names.ts';

describe('printing names', () => {
  it.each([
    ['holofoil', null, 'holofoil', 'Holofoil'],
    ['reverseHolofoil', null, 'reverse-holofoil', 'Reverse Holofoil'],
    ['1stEditionHolofoil', null, '1st-edition-holofoil', '1st Edition Holofoil'],
    ['unlimitedHolofoil', null, 'unlimited-holofoil', 'Unlimited Holofoil'],
    ['unlimitedHolofoil', 'shadowless', 'shadowless-holofoil', 'Shadowless Holofoil'],
    ['1stEditionHolofoil', 'shadowless', '1st-edition-shadowless-holofoil', '1st Edition Shadowless Holofoil'],
    ['1stEdition', 'shadowless', '1st-edition-shadowless', '1st Edition Shadowless'],
    ['unlimited', 'unlimited', 'unlimited', 'Unlimited'],
    ['normal', 'unlimited', 'unlimited-normal', 'Unlimited Normal'],
    ['holofoil', 'set-logo/staff', 'set-logo-staff-holofoil', 'Set Logo Staff Holofoil'],
    ['holofoil', 'mcdonalds', 'mcdonalds-holofoil', "McDonald's Holofoil"],
    ['normal', 'no-e-reader', 'no-e-reader-normal', 'No e Reader Normal'],
    ['reverseHolofoil', 'pokeball', 'pokeball-reverse-holofoil', 'Poké Ball Reverse Holofoil'],
    ['holofoil', 'masterball', 'masterball-holofoil', 'Master Ball Holofoil'],
    ['holofoil', 'masterball/pokeball', 'masterball-pokeball-holofoil', 'Master Ball Poké Ball Holofoil'],
  ])('%s with printing %s is %s, "%s"', (variant, printing, id, label) => {
    expect(printingIdOf(variant, printing)).toBe(id);
    expect(printingLabelOf(variant, printing)).toBe(label);
  });

  it('a second product with the same words adds its product id; primary lines keep the plain id whatever the order', () => {
    const line = (productId: number, primary: boolean) => ({ variant: 'reverseHolofoil', printing: null, primary, productId });
    expect(printingNamesOf([line(210842, false), line(84569, true), line(210841, false)])).toEqual([
      { id: 'reverse-holofoil-210842', label: 'Reverse Holofoil (product 210842)' },
      { id: 'reverse-holofoil', label: 'Reverse Holofoil' },
      { id: 'reverse-holofoil-210841', label: 'Reverse Holofoil (product 210841)' },
    ]);
  });

  it('the same product twice, or lines without a product id, keep one id, which the content schema then refuses', () => {
    const line = { variant: 'normal', printing: null, primary: true, productId: null };
    expect(printingNamesOf([line, line]).map((n) => n.id)).toEqual(['normal', 'normal']);
    const product = { ...line, productId: 42382 };
    expect(printingNamesOf([product, product]).map((n) => n.id)).toEqual(['normal', 'normal']);
  });
});
