import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  SPEECH_FORMATS,
  SPEECH_TEXT_MAX_LENGTH,
  SPEECH_VOICES,
  type SpeechFormat,
  type SpeechResult,
  type SpeechVoice,
} from '@kasa/contracts';
import {
  Badge,
  Box,
  Button,
  Section,
  SelectInput,
  isDataSaverOn,
  useErrorText,
  useT,
  useToast,
} from '@kasa/ui';
import { AudioPlayButton } from '../shared/AudioPlayButton';
import { CountedTextArea } from '../shared/CountedTextArea';
import { isUsageLimit } from '../shared/failure';
import { sharedMessages } from '../shared/messages';
import { useDownload } from '../shared/useDownload';
import { voiceMessages } from './messages';
import { speak } from './voice-lab-api';

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Text to speech: voice, format and text, Generate Speech, and the result to play or save. */
export function TextToSpeech() {
  const t = useT(voiceMessages);
  const errorText = useErrorText();
  const { toast } = useToast();
  const [voice, setVoice] = useState<SpeechVoice>('alloy');
  // The data saver starts it on Opus (about half mp3's bytes); the user may still pick another.
  const [format, setFormat] = useState<SpeechFormat>(() => (isDataSaverOn() ? 'opus' : 'mp3'));
  const [text, setText] = useState('');
  const [result, setResult] = useState<SpeechResult | null>(null);

  const speech = useMutation({
    mutationFn: speak,
    onSuccess: (spoken) => {
      setResult(spoken);
      toast({ title: t('speechGenerated') });
    },
    onError: (error) => {
      if (isUsageLimit(error)) return;
      toast({
        title: t('speechFailed'),
        description: errorText(error, t('speechFailedText')),
        variant: 'destructive',
      });
    },
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (speech.isPending) return;
    const trimmed = text.trim();
    if (!trimmed) {
      toast({ title: t('textRequired'), description: t('textRequiredText'), variant: 'destructive' });
      return;
    }
    speech.mutate({ text: trimmed, voice, format });
  };

  return (
    <>
      <Section variant="panel" title={t('ttsTitle')} testId="tts">
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
            <SelectInput
              label={t('voice')}
              data-testid="tts-voice"
              value={voice}
              disabled={speech.isPending}
              onChange={(event) => setVoice(event.target.value as SpeechVoice)}
            >
              {SPEECH_VOICES.map((name) => (
                <option key={name} value={name}>
                  {capitalised(name)}
                </option>
              ))}
            </SelectInput>
            <SelectInput
              label={t('format')}
              data-testid="tts-format"
              value={format}
              disabled={speech.isPending}
              onChange={(event) => setFormat(event.target.value as SpeechFormat)}
            >
              {SPEECH_FORMATS.map((name) => (
                <option key={name} value={name}>
                  {name.toUpperCase()}
                </option>
              ))}
            </SelectInput>
          </Box>
          <CountedTextArea
            label={t('text')}
            testId="tts-text"
            value={text}
            maxLength={SPEECH_TEXT_MAX_LENGTH}
            placeholder={t('textPlaceholder')}
            disabled={speech.isPending}
            onChange={setText}
            onSubmit={submit}
          />
          <Button
            type="submit"
            variant="contained"
            data-testid="tts-generate"
            disabled={!text.trim() || speech.isPending}
            sx={{ minHeight: 48 }}
          >
            {speech.isPending ? t('generatingSpeech') : t('generateSpeech')}
          </Button>
        </Box>
      </Section>
      {result && <SpeechResultCard result={result} onClear={() => setResult(null)} />}
    </>
  );
}

function SpeechResultCard({ result, onClear }: { result: SpeechResult; onClear: () => void }) {
  const t = useT(voiceMessages);
  const ts = useT(sharedMessages);
  const { download, downloading } = useDownload();
  return (
    <Section variant="panel" title={t('speechTitle')} testId="tts-result">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <Badge variant="outline" testId="tts-result-voice">
          {capitalised(result.voice)}
        </Badge>
        <Badge variant="outline" testId="tts-result-format">
          {result.format.toUpperCase()}
        </Badge>
      </Box>
      <Box
        component="p"
        data-testid="tts-result-text"
        sx={{
          mt: 0,
          mb: 1.5,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          maxHeight: 200,
          overflowY: 'auto',
        }}
      >
        {result.text}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <AudioPlayButton url={result.audioUrl} testId="tts-play" />
        <Button
          variant="outlined"
          data-testid="tts-download"
          disabled={downloading}
          onClick={() => void download(result.audioUrl, 'kasa-speech')}
          sx={{ minHeight: 44 }}
        >
          {ts('download')}
        </Button>
        <Button variant="outlined" data-testid="tts-clear" onClick={onClear} sx={{ minHeight: 44 }}>
          {ts('clear')}
        </Button>
      </Box>
    </Section>
  );
}
