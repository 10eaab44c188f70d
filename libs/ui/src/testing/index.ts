// @kasa/ui/testing: the test harness every frontend shares (jest + jsdom only). Imported by spec
// files and test harnesses, never by app code, so it stays out of the bundles; the library build
// (tsconfig.build.json) leaves it out too.
export * from './fetch-stub';
export * from './fake-microphone';
export * from './fixtures';
export * from './render-remote';
