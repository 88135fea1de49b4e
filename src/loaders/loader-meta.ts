/**
 * What the record files' loaders (json-array-loader.ts) knew at the end of a load, by collection: their meta (the
 * digest and ids of each file, and the digest of what the checks across records read). Astro's content sync runs
 * the loaders in its own instance of the modules; the build-output integration takes their meta from here (a
 * global, shared by both instances) and keeps it with the build routes' bundle, so that a content build
 * (src/integrations/content-build.ts) runs the loaders from where Astro's left them.
 */
export type LoaderMeta = Record<string, Record<string, string>>;

const LOADER_META = Symbol.for('card-values:loader-meta');
const handOver = globalThis as { [LOADER_META]?: LoaderMeta };

/** A record files' loader's meta once it loaded. */
export function handOverLoaderMeta(collection: string, meta: Record<string, string>): void {
  (handOver[LOADER_META] ??= {})[collection] = meta;
}

export const loaderMetaHandedOver = (): LoaderMeta => handOver[LOADER_META] ?? {};
