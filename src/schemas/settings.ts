import { imageHostOf } from './image-host.ts';

/**
 * The deployment's settings that change what is made from content and what the pages allow, read from the
 * environment here and nowhere else, and never as a module loads:
 *
 * - CARD_IMAGE_HOST moves every card image to a host of the deployment's own (image-host.ts): the records' image
 *   URLs and the HTML pages' Content-Security-Policy follow it together.
 * - PRICE_STALE_AFTER_DAYS is how old a snapshot may be, in days before the catalogue's as-of date, and still count
 *   as `priced` (price-status.ts), and the most days a value's confidence grades high (value-confidence.ts).
 *
 * The rooms ask `settings()` when they need a value, so that call sites stay as they were; the process's environment
 * is read on that first call, unless a test (or an entry point holding settings of its own) gave them with
 * `useSettings`. Each variable is read by its whole name after `process.env.`: src/pipeline/code-version.ts hashes
 * the value of every such read in the build's code (so a change of either renders every file again), and the
 * function's bundle and the Cloudflare Worker freeze the image host they were bundled with (imageHostDefine).
 */
export interface Settings {
  /** The image host as a base URL without a trailing slash; null: images stay on their upstream hosts. */
  imageHost: string | null;
  priceStaleAfterDays: number;
}

export const DEFAULT_SETTINGS: Settings = { imageHost: null, priceStaleAfterDays: 3 };

/**
 * The settings an environment gives; an image host that is not an https URL is refused, naming the variable.
 * @example settingsOf({ PRICE_STALE_AFTER_DAYS: '7' }) // { imageHost: null, priceStaleAfterDays: 7 }
 */
export function settingsOf(env: { CARD_IMAGE_HOST?: string; PRICE_STALE_AFTER_DAYS?: string }): Settings {
  return {
    imageHost: imageHostOf(env.CARD_IMAGE_HOST),
    priceStaleAfterDays: Number(env.PRICE_STALE_AFTER_DAYS ?? DEFAULT_SETTINGS.priceStaleAfterDays),
  };
}

/** The process's own settings; `typeof` keeps a runtime without `process` (a Worker without Node's globals) from failing. */
function environmentSettings(): Settings {
  return settingsOf({
    CARD_IMAGE_HOST: typeof process === 'undefined' ? undefined : process.env.CARD_IMAGE_HOST,
    PRICE_STALE_AFTER_DAYS: typeof process === 'undefined' ? undefined : process.env.PRICE_STALE_AFTER_DAYS,
  });
}

let given: Settings | undefined;

/** The settings in force: those given to useSettings, else the process's environment's (read once). */
export function settings(): Settings {
  given ??= environmentSettings();
  return given;
}

/** Puts `next` in force for every room of this process (undefined: the environment's again). */
export function useSettings(next: Settings | undefined): void {
  given = next;
}
