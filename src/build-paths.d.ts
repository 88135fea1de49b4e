declare module 'virtual:card-values/build-paths' {
  const paths: import('./build/build-paths.ts').BuildPaths;
  export default paths;
}
