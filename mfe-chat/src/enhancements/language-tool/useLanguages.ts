import { useQuery } from '@tanstack/react-query';
import type { LanguageOption } from '@kasa/contracts';
import { LANGUAGES_QUERY_KEY } from './language-tool-api';

/** The picker's languages (GET …/languages), fetched once and kept for the session. */
export function useLanguages() {
  return useQuery<LanguageOption[]>({ queryKey: LANGUAGES_QUERY_KEY, staleTime: Infinity });
}
