import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';

/**
 * Properties that a browser Kasa serves still needs with `-webkit-` (Safari on iPhones, Chrome
 * before its unprefixed versions): the only prefixing left (docs/architecture.md#runtime-styles).
 */
const WEBKIT_PROPERTIES = new Set([
  'user-select',
  'appearance',
  'backdrop-filter',
  'text-size-adjust',
  'mask',
  'mask-image',
  'box-decoration-break',
]);

/** stylis's element type of a declaration (`DECLARATION` in stylis). */
const DECLARATION = 'decl';

/**
 * Writes `-webkit-<property>` before the few properties in WEBKIT_PROPERTIES (and before
 * `background-clip: text`). Emotion's default, stylis's full prefixer, rewrites every rule for
 * browsers Kasa does not serve (old Firefox, IE's `-ms-` grid): a third of the work of each rule set
 * and half again as many rules to insert, on the main thread while the first screen commits.
 */
export const essentialPrefixes: StylisPlugin = (element) => {
  if (element.type !== DECLARATION || element.return || typeof element.props !== 'string') return;
  const property = element.props;
  if (WEBKIT_PROPERTIES.has(property) || (property === 'background-clip' && element.children === 'text')) {
    element.return = `-webkit-${element.value}${element.value}`;
  }
};

/**
 * The page's emotion cache (docs/architecture.md#runtime-styles), given to every MUI component
 * and `sx` below KasaUiProvider, the remotes' components included (the CacheProvider's context
 * is the shared @emotion/react's). Its own key: emotion's default cache (key `css`) may still hold
 * the styles of something rendered outside the provider, and two caches must not share a key.
 */
export function createKasaEmotionCache(): EmotionCache {
  return createCache({ key: 'kcss', stylisPlugins: [essentialPrefixes] });
}
