// Generate Image: a prompt, Generate, the image below with Download. With a conversation open, the
// image joins it (the server adds the messages); from a new chat it starts a conversation, which the
// chat then shows (new-chat-conversation.ts). Without a network the request waits in the media
// outbox, listed here, and its image shows here once the runner has it.
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { MEDIA_PROMPT_MAX_LENGTH } from '@kasa/contracts';
import { Box, Button, IllustrationVocabularyHint, useT } from '@kasa/ui';
import { MessageImage } from '../shared/media/MessageMedia';
import { generateImage } from '../shared/media-api';
import { messages } from '../messages';
import { isNetworkFailure } from '../offline/media-outbox-drain';
import { isOnline } from '../shared/network';
import { useActionFeedback } from './useActionFeedback';
import { useMediaQueue } from './useMediaQueue';
import { resultTarget } from './new-chat-conversation';
import { WaitingRequests } from './WaitingRequests';
import { actionButton, fieldLabel, textArea } from '../shared/ui/form-styles';

export function GenerateImageAction({ conversationId }: { conversationId: string | null }) {
  const t = useT(messages);
  const feedback = useActionFeedback();
  const fieldId = useId();
  const [prompt, setPrompt] = useState('');
  const [busy, setBusy] = useState(false);
  // The last failure, shown under the prompt when it is one the vocabulary hint explains.
  const [failure, setFailure] = useState<unknown>(null);
  const media = useMediaQueue('image');
  const result = media.shown?.kind === 'image' ? media.shown.result : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = prompt.trim();
    if (!text || busy) return;
    const key = media.newRequest();
    const target = resultTarget(conversationId);
    const queue = async () => {
      if (await media.queue({ ...target, prompt: text }, key)) setPrompt('');
    };
    setBusy(true);
    setFailure(null);
    try {
      if (!isOnline()) return await queue();
      media.answeredNow(key, { kind: 'image', result: await generateImage(text, target, key) });
      feedback.succeeded(t('imageGenerated'));
      feedback.refreshConversation(target);
    } catch (error) {
      if (isNetworkFailure(error)) await queue();
      else {
        setFailure(error);
        feedback.failed(t('generationFailed'), error, t('failedToGenerateImage'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} data-testid="generate-image-action">
      <Box component="label" htmlFor={fieldId} sx={fieldLabel}>
        {t('imagePrompt')}
      </Box>
      <Box
        component="textarea"
        id={fieldId}
        value={prompt}
        maxLength={MEDIA_PROMPT_MAX_LENGTH}
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => setPrompt(event.target.value)}
        sx={textArea}
      />
      <IllustrationVocabularyHint error={failure} />
      <Button
        type="submit"
        variant="contained"
        disabled={busy || !prompt.trim()}
        sx={{ ...actionButton, mt: 1 }}
      >
        {busy ? t('generating') : t('generate')}
      </Button>
      {result && <MessageImage url={result.url} />}
      <WaitingRequests items={media.waiting} onCancel={media.cancel} />
    </Box>
  );
}
