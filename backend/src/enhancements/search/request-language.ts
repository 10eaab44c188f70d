import type { ReplyLanguage } from '../../ai/language/detect-language';

/**
 * The user's language from an Accept-Language header ('fr-FR,fr;q=0.9,en;q=0.8'): the preferred
 * one of French and English, by quality. Neither (or no header): undefined, and the caller decides
 * (the query's own language).
 */
export function requestLanguage(header: string | string[] | undefined): ReplyLanguage | undefined {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: { language: ReplyLanguage; quality: number } | undefined;
  for (const part of value.slice(0, 500).split(',')) {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    const language = tag.startsWith('fr') ? 'fr' : tag.startsWith('en') ? 'en' : undefined;
    if (!language) continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    const quality = q === undefined ? 1 : Number(q);
    if (!Number.isFinite(quality) || quality <= 0) continue;
    if (!best || quality > best.quality) best = { language, quality };
  }
  return best?.language;
}
