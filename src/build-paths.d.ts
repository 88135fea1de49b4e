declare module 'virtual:card-values/build-paths' {
  const paths: import('./pipeline/build-paths.ts').BuildPaths;
  export default paths;
}
