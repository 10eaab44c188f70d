// Sending audio for transcription (Voice Record and Upload Audio share it): it joins the open
// conversation, or starts one from a new chat (new-chat-conversation.ts). Without a network the
// audio waits in the media outbox and its transcription shows once the runner has it.
import { useCallback, useState } from 'react';
import { useT } from '@kasa/ui';
import { transcribe } from '../shared/media-api';
import { messages } from '../messages';
import { isNetworkFailure } from '../offline/media-outbox-drain';
import { isOnline } from '../shared/network';
import { useActionFeedback } from './useActionFeedback';
import { useMediaQueue } from './useMediaQueue';
import { resultTarget } from './new-chat-conversation';

export function useTranscription(conversationId: string | null) {
  const t = useT(messages);
  const feedback = useActionFeedback();
  const [busy, setBusy] = useState(false);
  const media = useMediaQueue('transcription');
  const { queue: mediaQueue, newRequest, answeredNow } = media;
  const result = media.shown?.kind === 'transcription' ? media.shown.result : null;

  const run = useCallback(
    async (audio: Blob, fileName: string) => {
      const key = newRequest();
      const target = resultTarget(conversationId);
      const queue = () => mediaQueue({ ...target, audio, fileName }, key);
      setBusy(true);
      try {
        if (!isOnline()) {
          await queue();
          return;
        }
        const answer = await transcribe(audio, fileName, target, key);
        answeredNow(key, { kind: 'transcription', result: answer });
        feedback.succeeded(t('audioTranscribed'), t('languageLabel', { language: answer.language }));
        feedback.refreshConversation(target);
      } catch (error) {
        if (isNetworkFailure(error)) await queue();
        else feedback.failed(t('transcriptionFailed'), error, t('failedToTranscribe'));
      } finally {
        setBusy(false);
      }
    },
    [conversationId, feedback, t, mediaQueue, newRequest, answeredNow],
  );

  return { busy, result, run, waiting: media.waiting, cancel: media.cancel };
}
