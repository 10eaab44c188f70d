import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  IMAGE_SIZES,
  MEDIA_PROMPT_MAX_LENGTH,
  type ImageSize,
  type MediaGenerationResult,
} from '@kasa/contracts';
import {
  Box,
  Button,
  IllustrationVocabularyHint,
  Section,
  SelectInput,
  useErrorText,
  useT,
  useToast,
} from '@kasa/ui';
import { CountedTextArea } from '../shared/CountedTextArea';
import { isUsageLimit } from '../shared/failure';
import { generateMedia } from './media-studio-api';
import { MediaResult } from './MediaResult';
import { mediaMessages } from './messages';

/** The Media Studio tab: type, size and prompt, Generate, and the result card. */
export default function MediaStudio() {
  const t = useT(mediaMessages);
  const errorText = useErrorText();
  const { toast } = useToast();
  const [size, setSize] = useState<ImageSize>(IMAGE_SIZES[0]);
  const [prompt, setPrompt] = useState('');
  const [result, setResult] = useState<{ media: MediaGenerationResult; prompt: string } | null>(null);

  const generation = useMutation({
    mutationFn: generateMedia,
    onSuccess: (media, request) => {
      setResult({ media, prompt: request.prompt });
      toast({ title: t('generated') });
    },
    onError: (error) => {
      if (isUsageLimit(error)) return;
      toast({
        title: t('generationFailed'),
        description: errorText(error, t('generationFailedText')),
        variant: 'destructive',
      });
    },
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (generation.isPending) return;
    const text = prompt.trim();
    if (!text) {
      toast({ title: t('promptRequired'), description: t('promptRequiredText'), variant: 'destructive' });
      return;
    }
    generation.mutate({ prompt: text, type: 'image', size });
  };

  return (
    <>
      <Section variant="panel" title={t('title')} testId="media-studio">
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <SelectInput label={t('type')} data-testid="media-type" value="image" onChange={() => undefined}>
            <option value="image">{t('image')}</option>
            <option value="video" disabled>
              {t('videoSoon')}
            </option>
          </SelectInput>
          <SelectInput
            label={t('size')}
            data-testid="media-size"
            value={size}
            onChange={(event) => setSize(event.target.value as ImageSize)}
            disabled={generation.isPending}
          >
            {IMAGE_SIZES.map((value) => (
              <option key={value} value={value}>
                {t(`size_${value}`)}
              </option>
            ))}
          </SelectInput>
          <CountedTextArea
            label={t('prompt')}
            testId="media-prompt"
            value={prompt}
            maxLength={MEDIA_PROMPT_MAX_LENGTH}
            placeholder={t('promptPlaceholder')}
            disabled={generation.isPending}
            onChange={setPrompt}
            onSubmit={submit}
          />
          <IllustrationVocabularyHint error={generation.error} />
          <Button
            type="submit"
            variant="contained"
            data-testid="media-generate"
            disabled={!prompt.trim() || generation.isPending}
            sx={{ minHeight: 48 }}
          >
            {generation.isPending ? t('generating') : t('generate')}
          </Button>
        </Box>
      </Section>
      {result && <MediaResult media={result.media} prompt={result.prompt} onClear={() => setResult(null)} />}
    </>
  );
}
