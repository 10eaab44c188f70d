// The media outbox's runner on the chat screen: loads the signed-in user's waiting image
// generations and transcriptions and sends them (media-outbox-drain), then says how each ended: a
// toast, and the conversation it joined read again so the new messages appear (or the one it
// started from a new chat opened, useActionFeedback). Loaded only when
// something waits or is queued (MediaOutboxMount): it is not part of the chat's first load.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '@kasa/api-client';
import { useT } from '@kasa/ui';
import { messages } from '../messages';
import { useActionFeedback } from './useActionFeedback';
import { useLatest } from '../shared/hooks/useLatest';
import { chatMediaOutbox } from '../offline/media-outbox';
import { chatMediaOutboxDrain, type MediaOutboxDrain } from '../offline/media-outbox-drain';

export function useMediaOutboxRunner(drain: MediaOutboxDrain = chatMediaOutboxDrain()): void {
  const t = useT(messages);
  const queryClient = useQueryClient();
  const feedback = useActionFeedback();
  const latest = useLatest({ t, feedback });

  useEffect(() => {
    const detach = drain.attach({
      answered: (item, answer) => {
        const { t, feedback } = latest.current;
        if (answer.kind === 'image') feedback.succeeded(t('imageGenerated'));
        else
          feedback.succeeded(t('audioTranscribed'), t('languageLabel', { language: answer.result.language }));
        feedback.refreshConversation(item);
      },
      refused: (item, error) => {
        const { t, feedback } = latest.current;
        if (item.kind === 'image') feedback.failed(t('generationFailed'), error, t('failedToGenerateImage'));
        else feedback.failed(t('transcriptionFailed'), error, t('failedToTranscribe'));
      },
    });
    const user = queryClient.getQueryData<{ id?: string } | null>(CURRENT_USER_QUERY_KEY);
    void chatMediaOutbox()
      .load(user?.id ?? '')
      .then(() => drain.pump());
    return detach;
  }, [drain, queryClient, latest]);
}

/** Mounted by MediaOutboxMount once the media outbox is needed. */
export default function MediaOutboxRunner(): null {
  useMediaOutboxRunner();
  return null;
}
