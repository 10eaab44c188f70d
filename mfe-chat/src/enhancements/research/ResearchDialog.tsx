// Research: a question, the server's progress polled every second, then a summary citing its
// numbered sources, which "Add to message" puts in the chat input. Loaded lazily.
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { ApiError } from '@kasa/api-client';
import {
  ENHANCEMENT_QUERY_MAX_LENGTH,
  type ResearchProgress,
  type ResearchResponse,
  type ResearchSource,
} from '@kasa/contracts';
import { Box, Button, useErrorText, useT, useToast } from '@kasa/ui';
import { actionButton, fieldLabel, textArea } from '../../shared/ui/form-styles';
import { DialogFrame } from '@kasa/ui/dialog-frame';
import type { EnhancementDialogProps } from '../types';
import { research, researchProgress } from './research-api';
import { newRequestId, researchMessageText, STAGE_LABELS, summaryParts } from './research-helpers';
import { researchMessages } from './messages';

/** How often the progress is asked for while the research runs. */
const PROGRESS_POLL_MS = 1000;

const TYPE_LABELS = { encyclopedia: 'typeEncyclopedia', web: 'typeWeb', local: 'typeLocal' } as const;

const badge = {
  display: 'inline-block',
  px: 0.75,
  borderRadius: 1,
  border: '1px solid',
  borderColor: 'divider',
  fontSize: '0.8rem',
  whiteSpace: 'nowrap',
} as const;

export default function ResearchDialog({
  open,
  onClose,
  onComplete,
  conversationId,
}: EnhancementDialogProps) {
  const t = useT(researchMessages);
  const { toast } = useToast();
  const errorText = useErrorText();
  const fieldId = useId();
  const hintId = useId();
  const [query, setQuery] = useState('');
  const [running, setRunning] = useState<string | null>(null);
  const [progress, setProgress] = useState<ResearchProgress | null>(null);
  const [result, setResult] = useState<ResearchResponse | null>(null);
  const abort = useRef<AbortController | null>(null);

  // Closing the dialog mid-research drops the answer and stops the polling.
  useEffect(() => () => abort.current?.abort(), []);

  useEffect(() => {
    if (!running) return;
    const controller = new AbortController();
    const poll = () =>
      researchProgress(running, controller.signal).then(
        (next) => !controller.signal.aborted && setProgress(next),
        // Not known yet, or a blip: the next poll tries again; the research itself reports failure.
        () => undefined,
      );
    void poll();
    const timer = setInterval(() => void poll(), PROGRESS_POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [running]);

  const start = async () => {
    const text = query.trim();
    if (!text || running) return;
    const requestId = newRequestId();
    const controller = new AbortController();
    abort.current = controller;
    setResult(null);
    setProgress(null);
    setRunning(requestId);
    try {
      const answer = await research(
        { query: text, requestId, ...(conversationId ? { conversationId } : {}) },
        controller.signal,
      );
      if (!controller.signal.aborted) setResult(answer);
    } catch (error) {
      // An over-quota 429 already has the app-wide usage-limit toast: one toast, not two.
      if (!controller.signal.aborted && !(error instanceof ApiError && error.usageLimit)) {
        toast({
          title: t('researchFailed'),
          description: errorText(error, t('failedToResearch')),
          variant: 'destructive',
        });
      }
    } finally {
      if (!controller.signal.aborted) setRunning(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void start();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void start();
  };

  const sourceLink = (source: ResearchSource, n: number, text: string) => (
    <Box
      component="a"
      href={source.url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('citation', { n, title: source.title })}
      sx={{ color: 'inherit', fontWeight: 700 }}
    >
      {text}
    </Box>
  );

  return (
    <DialogFrame open={open} onClose={onClose} title={t('title')} testId="research-dialog">
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Box component="form" onSubmit={submit}>
          <Box component="label" htmlFor={fieldId} sx={fieldLabel}>
            {t('question')}
          </Box>
          <Box
            component="textarea"
            id={fieldId}
            value={query}
            maxLength={ENHANCEMENT_QUERY_MAX_LENGTH}
            aria-describedby={hintId}
            onChange={(event: ChangeEvent<HTMLTextAreaElement>) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
            sx={{ ...textArea, minHeight: 80, maxHeight: 200 }}
          />
          <Box component="small" id={hintId} sx={{ display: 'block', color: 'text.secondary', mt: 0.5 }}>
            {t('keyHint')}
          </Box>
          <Button
            type="submit"
            variant="contained"
            disabled={!!running || !query.trim()}
            sx={{ ...actionButton, mt: 1 }}
          >
            {running ? t('researching') : t('run')}
          </Button>
        </Box>

        {running && (
          <Box data-testid="research-progress">
            <Box
              component="progress"
              max={100}
              value={progress?.percent ?? 0}
              aria-label={t('progress')}
              sx={{ width: '100%', height: 8, accentColor: '#ffd60a' }}
            />
            <Box role="status" aria-live="polite">
              {t(STAGE_LABELS[progress?.stage ?? 'queued'])}
            </Box>
          </Box>
        )}

        {result && (
          <Box component="section" data-testid="research-result" aria-label={t('summary')}>
            {result.mode === 'offline' && (
              <Box
                data-testid="research-offline"
                sx={{
                  p: 1,
                  mb: 1,
                  border: '1px dashed',
                  borderColor: 'divider',
                  borderRadius: 1,
                  fontSize: '0.9rem',
                }}
              >
                {t('offline')}
              </Box>
            )}
            <Box component="h3" sx={{ fontSize: '1.05rem', m: 0, mb: 0.5 }}>
              {t('summary')}
            </Box>
            <Box
              component="p"
              data-testid="research-summary"
              sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {summaryParts(result.summary, result.sources.length).map((part, i) =>
                'cite' in part ? (
                  <span key={i}>
                    {sourceLink(result.sources[part.cite - 1], part.cite, `[${part.cite}]`)}
                  </span>
                ) : (
                  <span key={i}>{part.text}</span>
                ),
              )}
            </Box>
            {result.sources.length > 0 && (
              <>
                <Box component="h3" sx={{ fontSize: '1.05rem', m: 0, mt: 1.5, mb: 0.5 }}>
                  {t('sources')}
                </Box>
                <Box
                  component="ol"
                  data-testid="research-sources"
                  sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}
                >
                  {result.sources.map((source, i) => (
                    <Box component="li" key={`${i}-${source.url}`} sx={{ overflowWrap: 'anywhere' }}>
                      <Box
                        component="a"
                        href={source.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        sx={{ color: 'inherit', fontWeight: 600 }}
                      >
                        {source.title}
                      </Box>{' '}
                      <Box component="span" sx={badge}>
                        {t(TYPE_LABELS[source.type])}
                      </Box>
                      {source.snippet && (
                        <Box component="small" sx={{ display: 'block', color: 'text.secondary' }}>
                          {source.snippet}
                        </Box>
                      )}
                    </Box>
                  ))}
                </Box>
              </>
            )}
            <Button
              variant="contained"
              sx={{ ...actionButton, mt: 1.5 }}
              onClick={() =>
                onComplete({
                  kind: 'text',
                  text: researchMessageText(result.summary, result.sources, t('sourcesHeading')),
                })
              }
            >
              {t('addToMessage')}
            </Button>
          </Box>
        )}
      </Box>
    </DialogFrame>
  );
}
