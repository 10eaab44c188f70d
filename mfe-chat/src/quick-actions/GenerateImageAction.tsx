// Generate Image: a prompt, Generate, the image below with Download. With a conversation open, the
// image joins it (the server adds the messages).
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { MEDIA_PROMPT_MAX_LENGTH } from '@kasa/contracts';
import { Box, Button, useT } from '@kasa/ui';
import { MessageImage } from '../conversation/MessageMedia';
import { generateImage, type MediaGenerationResult } from '../media-api';
import { messages } from '../messages';
import { useActionFeedback } from './feedback';
import { actionButton, fieldLabel, textArea } from './styles';

export function GenerateImageAction({ conversationId }: { conversationId: string | null }) {
  const t = useT(messages);
  const feedback = useActionFeedback(conversationId);
  const fieldId = useId();
  const [prompt, setPrompt] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<MediaGenerationResult | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = prompt.trim();
    if (!text || busy) return;
    setBusy(true);
    try {
      setResult(await generateImage(text, conversationId));
      feedback.succeeded(t('imageGenerated'));
      feedback.refreshConversation();
    } catch (error) {
      feedback.failed(t('generationFailed'), error, t('failedToGenerateImage'));
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
      <Button
        type="submit"
        variant="contained"
        disabled={busy || !prompt.trim()}
        sx={{ ...actionButton, mt: 1 }}
      >
        {busy ? t('generating') : t('generate')}
      </Button>
      {result && <MessageImage url={result.url} />}
    </Box>
  );
}
