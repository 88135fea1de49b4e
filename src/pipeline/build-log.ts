/**
 * The build's own account of itself: numbered phases, printed by the project's integration hooks
 * (src/integrations/build-output.ts) and the build route, and the steps of the last, so that no script has to read
 * Astro's console to know where the build is (npm run bench:build times the phases from these lines). Astro's own
 * lines pass through between them unchanged.
 */
export const BUILD_PHASES = [
  'loading and validating content',
  'bundling the function and the build routes',
  'rendering and writing JSON, Markdown and HTML',
  'gathering the manifest of ETags and token counts',
] as const;

/** Seconds since this process started: the build's clock (scripts/build.ts starts Astro's process for the build). */
const elapsed = () => `${(performance.now() / 1000).toFixed(1)} s`;

/** @example logPhase(3) // prints "\n== [3/4] rendering and writing JSON, Markdown and HTML" */
export function logPhase(phase: 1 | 2 | 3 | 4): void {
  console.log(`\n== [${phase}/${BUILD_PHASES.length}] ${BUILD_PHASES[phase - 1]}`);
}

/** A step within a phase, with the build's clock. @example logStep('manifest of 67341 files written') */
export function logStep(text: string): void {
  console.log(`   ${text} (${elapsed()})`);
}
