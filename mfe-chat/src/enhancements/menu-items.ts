import type { FeaturesRuntimeConfig } from '@kasa/contracts';

/** The plus button's menu, in the product's order (docs/product.md). */
export const MENU_ITEMS = [
  { name: 'upload', label: 'addPhotoOrFile' },
  { name: 'cloud', label: 'addFromCloud' },
  { name: 'search', label: 'webSearch' },
  { name: 'canvas', label: 'canvas' },
  { name: 'research', label: 'research' },
  { name: 'languageTool', label: 'languageTool' },
] as const;

export type EnhancementName = (typeof MENU_ITEMS)[number]['name'];

/**
 * The items that need a feature the operator may not have configured: without it the item is
 * shown disabled, "Not available on this server" (docs/product.md#features-this-server-cannot-run).
 */
export const MENU_ITEM_FEATURES: Partial<Record<EnhancementName, keyof FeaturesRuntimeConfig>> = {
  cloud: 'cloudStorage',
};
