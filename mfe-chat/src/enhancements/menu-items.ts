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
