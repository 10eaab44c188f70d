import { useQuery } from '@tanstack/react-query';
import type { ShareSummary } from '@kasa/contracts';
import { Box, Section, useT } from '@kasa/ui';
import { Loadable } from '../shared/Loadable';
import { sharedLinksMessages } from './messages';
import { SHARES_QUERY_KEY } from './shared-links-api';
import { SharedLinkRow } from './SharedLinkRow';

/** Shared links: every conversation the user made readable by link, newest first. */
export function SharedLinksTab() {
  const t = useT(sharedLinksMessages);
  const links = useQuery<ShareSummary[]>({ queryKey: SHARES_QUERY_KEY });
  return (
    <Section variant="panel" title={t('title')} headingId="shared-links-title" testId="account-shared-links">
      <Box component="p" sx={{ mt: 0, color: 'text.secondary' }}>
        {t('explain')}
      </Box>
      <Loadable query={links} testId="shared-links-error">
        {(list) =>
          list.length === 0 ? (
            <Box component="p" data-testid="shared-links-empty" sx={{ mb: 0, fontWeight: 600 }}>
              {t('empty')}
            </Box>
          ) : (
            <Box component="ul" aria-label={t('listLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {list.map((link) => (
                <SharedLinkRow key={link.id} link={link} />
              ))}
            </Box>
          )
        }
      </Loadable>
    </Section>
  );
}
