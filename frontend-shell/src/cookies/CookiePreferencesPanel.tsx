import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CookiePreferencesResponse } from '@kasa/contracts';
import { Box, Button, useErrorText, useT, useToast } from '@kasa/ui';
import { cookieSessionId } from './cookie-session';
import {
  ACCEPT_ALL,
  NECESSARY_ONLY,
  cookiePreferencesQueryKey,
  saveCookiePreferences,
  toChoice,
  type CookieChoice,
} from './cookie-preferences-api';
import { setConsentFlag } from './consent-flag';
import { CookieToggles } from './CookieToggles';
import { cookieMessages } from './messages';

/**
 * The cookie legal page's toggles (docs/product.md#cookie-consent): shows what this load's session stored (or the
 * defaults), and Accept All / Reject All / Save post a new choice.
 */
export function CookiePreferencesPanel() {
  const t = useT(cookieMessages);
  const errorText = useErrorText();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const queryKey = cookiePreferencesQueryKey(cookieSessionId);
  // GET /api/legal/cookie-preferences/{sessionId}?type=session through the default query function.
  const stored = useQuery<CookiePreferencesResponse | null>({ queryKey });
  // What the visitor changed since the last stored choice; null = show the stored choice.
  const [draft, setDraft] = useState<CookieChoice | null>(null);
  const shown = draft ?? (stored.data ? toChoice(stored.data) : NECESSARY_ONLY);

  const save = useMutation({
    mutationFn: (choice: CookieChoice) => saveCookiePreferences(cookieSessionId, choice),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      setDraft(null);
      toast({ title: t('savedTitle'), description: t('savedDescription') });
    },
    onError: (error) => {
      console.warn('Failed to save cookie preferences', error);
      // The page's own words always come first; what went wrong follows when the error says.
      const failed = t('errorDescription');
      const reason = errorText(error, failed);
      toast({
        title: t('errorTitle'),
        description: reason === failed ? failed : `${failed} ${reason}`,
        variant: 'destructive',
      });
    },
    // The visitor has answered the cookie question here: the banner need not ask again.
    onSettled: () => setConsentFlag(),
  });

  const choose = (choice: CookieChoice) => {
    setDraft(choice);
    save.mutate(choice);
  };
  const busy = stored.isPending || save.isPending;

  return (
    <Box
      component="section"
      aria-labelledby="cookie-page-title"
      data-testid="cookie-preferences-panel"
      sx={{ mt: 3, p: 2, border: '2px solid', borderColor: 'divider', borderRadius: 2 }}
    >
      <Box component="h2" id="cookie-page-title" sx={{ m: 0, fontSize: '1.25rem', fontWeight: 700 }}>
        {t('pageTitle')}
      </Box>
      <Box component="p" sx={{ mt: 0.5, mb: 1, color: 'text.secondary' }}>
        {t('pageIntro')}
      </Box>
      {stored.isPending && (
        <Box component="p" role="status" sx={{ my: 1, color: 'text.secondary' }}>
          {t('loading')}
        </Box>
      )}
      {stored.isError && (
        <Box component="p" role="status" data-testid="cookie-page-load-failed" sx={{ my: 1 }}>
          {t('loadFailed')}
        </Box>
      )}
      <CookieToggles value={shown} onChange={setDraft} disabled={busy} testIdPrefix="cookie-page-toggle" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button
          data-testid="cookie-page-accept-all"
          variant="contained"
          disabled={busy}
          onClick={() => choose(ACCEPT_ALL)}
          sx={{ flex: '1 1 auto' }}
        >
          {t('acceptAll')}
        </Button>
        <Button
          data-testid="cookie-page-reject-all"
          variant="contained"
          disabled={busy}
          onClick={() => choose(NECESSARY_ONLY)}
          sx={{ flex: '1 1 auto' }}
        >
          {t('rejectAll')}
        </Button>
        <Button
          data-testid="cookie-page-save"
          variant="outlined"
          color="inherit"
          disabled={busy}
          onClick={() => choose(shown)}
          sx={{ flex: '1 1 auto' }}
        >
          {t('save')}
        </Button>
      </Box>
    </Box>
  );
}
