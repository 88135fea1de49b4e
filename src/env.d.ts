/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Set by the front server (src/server/front-server.ts) for every request it hands to Astro. */
    searchers: import('./server/search-data.ts').Searchers;
  }
}

// For plain tsc (npm run check): Astro's own language tools type .astro files; tsc
// only needs to know that importing one yields a component for the container API.
declare module '*.astro' {
  const Component: import('astro/runtime/server/index.js').AstroComponentFactory;
  export default Component;
}
