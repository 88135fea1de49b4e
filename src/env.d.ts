/// <reference types="astro/client" />

// For plain tsc (npm run check): Astro's own language tools type .astro files; tsc
// only needs to know that importing one yields a component for the container API.
declare module '*.astro' {
  const Component: import('astro/runtime/server/index.js').AstroComponentFactory;
  export default Component;
}
