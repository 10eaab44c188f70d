// This remote's own chunk loader, for @kasa/ui/prefetch (docs/architecture.md#prefetching-code):
// `__webpack_require__` is rspack's runtime of the bundle it is written in, so each app names its
// own. Undefined outside a bundle (Jest), where prefetching does nothing.
import type { ChunkRuntime } from '@kasa/ui/prefetch';

declare const __webpack_require__: ChunkRuntime | undefined;

export function chunkRuntime(): ChunkRuntime | undefined {
  return typeof __webpack_require__ === 'undefined' ? undefined : __webpack_require__;
}
