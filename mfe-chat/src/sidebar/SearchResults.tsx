// Search across one's conversations: debounced, from 2 characters, hits with the matched words marked.
import { useId } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Box, ButtonBase, useErrorText, useT } from '@kasa/ui';
import { searchConversations, searchQueryKey, type ChatSearchHit } from '../shared/chat-api';
import { useDebouncedValue } from '../shared/hooks/useDebouncedValue';
import { messages } from '../messages';
import { Snippet } from './Snippet';
import { rowButton } from './styles';

/** Search waits for the typing to pause this long, and for at least 2 characters. */
export const SEARCH_DEBOUNCE_MS = 300;
const SEARCH_MIN_LENGTH = 2;

export function SearchResults({ query, onSelect }: { query: string; onSelect: (id: string) => void }) {
  const t = useT(messages);
  const headingId = useId();
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const ready = debounced.length >= SEARCH_MIN_LENGTH;
  const search = useQuery<ChatSearchHit[]>({
    queryKey: searchQueryKey(debounced),
    queryFn: ({ signal }) => searchConversations(debounced, signal),
    enabled: ready,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const errorText = useErrorText(search.error);
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="search-results">
      <h2 id={headingId} className="kasa-sidebar-heading">
        {t('searchResults')}
      </h2>
      <Box role="status" sx={{ px: 1.5, color: 'text.secondary', fontSize: '0.9rem' }}>
        {!ready || (search.isFetching && !search.data)
          ? query.length >= SEARCH_MIN_LENGTH
            ? t('searching')
            : ''
          : search.isError
            ? `${t('searchFailed')}: ${errorText(search.error)}`
            : search.data?.length === 0
              ? t('noMatches', { query: debounced })
              : ''}
      </Box>
      {ready && search.data && search.data.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {search.data.map((hit) => (
            <li key={`${hit.conversationId}:${hit.messageId}`}>
              <ButtonBase
                data-testid="search-hit"
                onClick={() => onSelect(hit.conversationId)}
                sx={{ ...rowButton, display: 'block', width: '100%', py: 1 }}
              >
                <Box component="span" sx={{ display: 'block', fontWeight: 700 }}>
                  {hit.title}
                </Box>
                <Box component="span" sx={{ display: 'block', fontSize: '0.85rem', color: 'text.secondary' }}>
                  <Snippet text={hit.snippet} />
                </Box>
              </ButtonBase>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
