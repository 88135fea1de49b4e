/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Set by the front server (src/server/front-server.ts) for every request it hands to Astro. */
    searchers: import('./server/search-data.ts').Searchers;
  }
}
