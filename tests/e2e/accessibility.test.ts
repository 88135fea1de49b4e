/**
 * Every kind of HTML page, as people with other means than a wide screen and a mouse meet it: judged by
 * axe-core, read for its structure (title, language, landmarks, one heading), used with a keyboard, looked at
 * on a 375 px wide phone and without the card image host, and watched for console errors. The pages come
 * from the lists in tests/support/browser.ts (one line adds a kind of page to every test here).
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_PAGES, axeViolations, openPage, PAGES, pathOf, pricedCard, type Site, SLOW, startSite, TIMEOUT_MS } from '../support/browser.ts';

const DESKTOP = { width: 1000, height: 800 };
const PHONE = { width: 375, height: 800 };

let site: Site | undefined;
/** Contexts by what they stand for: a desktop browser as served (CSP and all), the same for axe, a phone, no image host. */
let desktop: BrowserContext;
let forAxe: BrowserContext;
let phone: BrowserContext;
let desktopWithoutImages: BrowserContext;
let phoneWithoutImages: BrowserContext;

const open = (context: BrowserContext, path: string) => openPage(context, site!.base, path);

beforeAll(async () => {
  site = await startSite();
  desktop = await site.newContext({ viewport: DESKTOP });
  // The page's CSP forbids the inline script that carries axe-core; what axe judges does not depend on it.
  forAxe = await site.newContext({ viewport: DESKTOP, bypassCSP: true });
  phone = await site.newContext({ viewport: PHONE });
  desktopWithoutImages = await site.newContext({ viewport: DESKTOP, images: 'unreachable' });
  phoneWithoutImages = await site.newContext({ viewport: PHONE, images: 'unreachable' });
}, TIMEOUT_MS);

afterAll(async () => {
  await site?.stop();
}, TIMEOUT_MS);

/** What a page shows a reader of its structure: counts of the parts there must be exactly one of, and which are missing. */
const structureOf = () => {
  const count = (selector: string) => document.querySelectorAll(selector).length;
  return {
    titled: document.title.trim().length > 0,
    lang: document.documentElement.lang,
    mains: count('main'),
    h1s: count('h1'),
    banners: count('body > header'),
    namedNavsInBanner: count('body > header nav[aria-label]'),
    footers: count('body > footer'),
    imagesWithoutSize: [...document.querySelectorAll('img')]
      .filter((img) => !/^\d+$/.test(img.getAttribute('width') ?? '') || !/^\d+$/.test(img.getAttribute('height') ?? ''))
      .map((img) => img.outerHTML),
  };
};

/** How far the page reaches past the viewport's right edge and, when it does, the deepest elements past it (to name the culprit). */
const sidewaysOverflow = () => {
  const overflow = document.documentElement.scrollWidth - window.innerWidth;
  if (overflow <= 0) return { overflow: 0, culprits: [] };
  const culprits = [...document.querySelectorAll('body *')]
    .filter(
      (e) =>
        e.getBoundingClientRect().right > window.innerWidth + 0.5 && ![...e.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 0.5),
    )
    .slice(0, 5)
    .map((e) => `${e.tagName.toLowerCase()}${e.className ? `.${e.className}` : ''}: ${(e.textContent ?? '').trim().slice(0, 60)}`);
  return { overflow, culprits };
};

describe.each(PAGES)('the $name page', (pageUnderTest) => {
  it('has no serious or critical accessibility violations (axe-core)', SLOW, async () => {
    const { page } = await open(forAxe, pathOf(pageUnderTest));
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('has a title, a language, a banner with named navigation, one main, one h1, a footer, and sized images', SLOW, async () => {
    const { page } = await open(desktop, pathOf(pageUnderTest));
    expect(await page.evaluate(structureOf)).toEqual({
      titled: true,
      lang: 'en',
      mains: 1,
      h1s: 1,
      banners: 1,
      namedNavsInBanner: 1,
      footers: 1,
      imagesWithoutSize: [],
    });
    await page.close();
  });

  it('loads with no console error and no uncaught exception', SLOW, async () => {
    const { page, errors } = await open(desktop, pathOf(pageUnderTest));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits a 375 px wide phone without scrolling sideways', SLOW, async () => {
    const { page } = await open(phone, pathOf(pageUnderTest));
    expect(await page.evaluate(sidewaysOverflow)).toEqual({ overflow: 0, culprits: [] });
    await page.close();
  });
});

describe('articles, each with what its Markdown holds (tables, code, long words)', () => {
  it.each(ARTICLE_PAGES)('$name fits a 375 px wide phone and loads with no console error', SLOW, async (pageUnderTest) => {
    const { page, errors } = await open(phone, pathOf(pageUnderTest));
    expect(await page.evaluate(sidewaysOverflow)).toEqual({ overflow: 0, culprits: [] });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('keyboard', () => {
  /** The focused element's tag, text, whether it lies inside the viewport and inside main, and its outline. */
  const focused = () => {
    const element = document.activeElement as HTMLElement;
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return {
      tag: element.tagName.toLowerCase(),
      text: element.textContent?.trim() ?? '',
      onScreen: box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth,
      inMain: element.closest('main') !== null,
      // Visible: drawn, at least 2 px wide, not transparent; else what it is, to say why not.
      outline:
        style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2 && !/^rgba\(\d+, \d+, \d+, 0\)$/.test(style.outlineColor)
          ? 'visible'
          : `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
    };
  };

  it('the first Tab shows a skip link with a visible outline, and following it takes the next Tab into main', SLOW, async () => {
    expect(pricedCard, 'the build has no priced card').toBeDefined();
    const { page } = await open(desktop, `/cards/${pricedCard!.slug}`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(focused)).toEqual({ tag: 'a', text: 'Skip to content', onScreen: true, inMain: false, outline: 'visible' });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(focused)).toMatchObject({ onScreen: true, inMain: true, outline: 'visible' });
    await page.close();
  });

  it('a focused link of the site navigation shows a visible outline', SLOW, async () => {
    const { page } = await open(desktop, '/');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(focused)).toEqual({ tag: 'a', text: 'Card values', onScreen: true, inMain: false, outline: 'visible' });
    await page.close();
  });
});

describe('card image host unreachable', () => {
  /** The card image's box, whether it failed to load, and its background (what stands in for the picture). */
  const imageBox = () => {
    const img = document.querySelector('main img') as HTMLImageElement;
    const box = img.getBoundingClientRect();
    return {
      width: box.width,
      height: box.height,
      failed: img.complete && img.naturalWidth === 0,
      alt: img.alt,
      background: getComputedStyle(img).backgroundColor,
    };
  };
  const cardShaped = { width: 245, height: 342 };

  it.each([
    ['desktop', () => desktopWithoutImages],
    ['375 px phone', () => phoneWithoutImages],
  ])('on a %s the card page keeps the card-shaped box, grey with the card name, and logs only the failed image', SLOW, async (_, contextOf) => {
    expect(pricedCard, 'the build has no priced card').toBeDefined();
    const { page, errors } = await open(contextOf(), `/cards/${pricedCard!.slug}`);
    const box = await page.evaluate(imageBox);
    expect(box).toMatchObject({ failed: true, alt: pricedCard!.exactName });
    expect(box.width).toBeCloseTo(cardShaped.width, 0);
    expect(box.height).toBeCloseTo(cardShaped.height, 0);
    expect(box.background).not.toMatch(/^rgba\(\d+, \d+, \d+, 0\)$/);
    expect(errors.length, 'the image load was refused, so the browser reports it').toBeGreaterThan(0);
    for (const error of errors) expect(error).toMatch(/^Failed to load resource: net::ERR_CONNECTION_REFUSED \(https:\/\/images\.pokemontcg\.io\//);
    await page.close();
  });
});

describe('network', () => {
  it('the pages asked for nothing beyond this server and the image host', () => {
    expect(site!.blocked).toEqual([]);
  });
});
