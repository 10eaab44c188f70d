import { useEffect, useId, useRef, useState } from 'react';
import type { FarmProfile } from '@kasa/contracts';
import { Box, Button, useErrorText, useT, useToast } from '@kasa/ui';
import { findRoundedLocation, LocationProblemError, type LocationProblem } from './current-location';
import { farmMessages } from './messages';
import { useSaveFarmLocation } from './useSaveFarmProfile';

const PROBLEM_TEXT = {
  denied: 'locationDenied',
  unavailable: 'locationUnavailable',
  unsupported: 'locationUnsupported',
} as const satisfies Record<LocationProblem, keyof (typeof farmMessages)['en']>;

/**
 * "Use my location": first says what is kept and why, then asks the browser; the rounded position
 * is saved at once. A saved location can be removed. A refusal is explained, never an error.
 */
export function FarmLocation({ saved }: { saved: FarmProfile }) {
  const t = useT(farmMessages);
  const { toast } = useToast();
  const errorText = useErrorText();
  const saveLocation = useSaveFarmLocation();
  const [step, setStep] = useState<'idle' | 'explaining' | 'locating'>('idle');
  const [problem, setProblem] = useState<LocationProblem | null>(null);
  const shareButton = useRef<HTMLButtonElement>(null);
  const explainId = useId();
  const hasLocation = saved.latitude !== null && saved.longitude !== null;

  // The question gets the focus once asked: its explanation is read out with its button.
  useEffect(() => {
    if (step === 'explaining') shareButton.current?.focus();
  }, [step]);

  const saveFailed = (error: unknown) =>
    toast({ title: t('locationSaveFailed'), description: errorText(error), variant: 'destructive' });

  const share = async () => {
    setProblem(null);
    setStep('locating');
    try {
      await saveLocation.mutateAsync(await findRoundedLocation());
    } catch (error) {
      if (error instanceof LocationProblemError) setProblem(error.problem);
      else saveFailed(error);
    } finally {
      setStep('idle');
    }
  };

  const remove = () =>
    saveLocation.mutate(
      { latitude: null, longitude: null },
      { onSuccess: () => toast({ title: t('locationRemoved') }), onError: saveFailed },
    );

  const locating = step === 'locating';
  return (
    <Box data-testid="farm-location" sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      {hasLocation ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
          <Box component="span" role="status" data-testid="farm-location-saved" sx={{ fontWeight: 600 }}>
            <span aria-hidden="true">✓ </span>
            {t('locationSaved')}
          </Box>
          <Button
            type="button"
            variant="text"
            color="inherit"
            disabled={saveLocation.isPending}
            onClick={remove}
            data-testid="farm-location-remove"
            sx={{ textDecoration: 'underline', minWidth: 0, px: 0.5 }}
          >
            {saveLocation.isPending ? t('removingLocation') : t('removeLocation')}
          </Button>
        </Box>
      ) : step === 'idle' ? (
        <Button
          type="button"
          variant="outlined"
          color="inherit"
          onClick={() => {
            setProblem(null);
            setStep('explaining');
          }}
          data-testid="farm-use-location"
        >
          {t('useLocation')}
        </Button>
      ) : (
        <Box role="group" aria-label={t('useLocation')} data-testid="farm-location-question">
          <Box component="p" id={explainId} sx={{ mt: 0, mb: 1 }}>
            {t('locationExplain')}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button
              ref={shareButton}
              type="button"
              variant="contained"
              disabled={locating}
              aria-describedby={explainId}
              onClick={() => void share()}
              data-testid="farm-share-location"
            >
              {locating ? t('locating') : t('shareLocation')}
            </Button>
            <Button type="button" color="inherit" disabled={locating} onClick={() => setStep('idle')}>
              {t('cancel')}
            </Button>
          </Box>
        </Box>
      )}
      {problem && (
        <Box role="alert" data-testid="farm-location-problem" sx={{ color: 'error.main', fontWeight: 600 }}>
          {t(PROBLEM_TEXT[problem])}
        </Box>
      )}
    </Box>
  );
}
