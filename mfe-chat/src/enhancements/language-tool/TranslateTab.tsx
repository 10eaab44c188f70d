// Translate: from English to Babanki by default; the dictionary's matches are shown as the
// evidence, whether the dictionary or a chat model made the translation. Without a model a
// sentence is a word-by-word gloss, labelled as such (kind 'gloss').
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  LANGUAGE_TOOL_DEFAULT_FROM,
  LANGUAGE_TOOL_DEFAULT_TO,
  LANGUAGE_TOOL_TEXT_MAX,
  type TranslationResponse,
} from '@kasa/contracts';
import { Box, Button, TextArea, useErrorText, useT } from '@kasa/ui';
import { actionButton } from '../../shared/ui/form-styles';
import { translationText } from './chat-texts';
import { nameOf } from './helpers';
import { translate } from './language-tool-api';
import { useLanguageNames } from './language-names';
import { GlossWords } from './GlossWords';
import { LanguagePicker } from './LanguagePicker';
import { useLanguages } from './useLanguages';
import { languageToolMessages } from './messages';
import { badge, DictionaryLoadingNote, Failure, Heading, note, SourceNote } from './parts';

export function TranslateTab({ onAdd }: { onAdd: (text: string) => void }) {
  const t = useT(languageToolMessages);
  const errorText = useErrorText();
  const { data: languages } = useLanguages();
  const names = useLanguageNames();
  const sameId = useId();
  const [from, setFrom] = useState<string>(LANGUAGE_TOOL_DEFAULT_FROM);
  const [to, setTo] = useState<string>(LANGUAGE_TOOL_DEFAULT_TO);
  const [text, setText] = useState('');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<TranslationResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  // A gloss is never called a translation (docs/product.md, Language tool).
  const resultHeading =
    result?.kind === 'gloss'
      ? t('glossHeading')
      : result?.kind === 'dictionary'
        ? t('dictionaryEntryHeading')
        : t('translation');
  const same = from === to;
  const ready = !same && text.trim().length > 0 && !running;

  const run = async () => {
    if (!ready) return;
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    setFailure(null);
    setResult(null);
    try {
      const answer = await translate(
        { text: text.trim(), fromLanguage: from, toLanguage: to },
        controller.signal,
      );
      if (!controller.signal.aborted) setResult(answer);
    } catch (error) {
      if (!controller.signal.aborted) setFailure(errorText(error, t('failedToTranslate')));
    } finally {
      if (!controller.signal.aborted) setRunning(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run();
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="translate-tab">
      <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr', sm: '1fr auto 1fr' },
            alignItems: 'start',
          }}
        >
          <LanguagePicker
            label={t('from')}
            value={from}
            onChange={(code) => code && setFrom(code)}
            testId="translate-from"
          />
          <Button
            type="button"
            variant="outlined"
            aria-label={t('swap')}
            onClick={() => {
              setFrom(to);
              setTo(from);
            }}
            sx={{ ...actionButton, justifySelf: 'center' }}
          >
            ⇄
          </Button>
          <LanguagePicker
            label={t('to')}
            value={to}
            onChange={(code) => code && setTo(code)}
            testId="translate-to"
          />
        </Box>
        {same && (
          <Box
            id={sameId}
            role="alert"
            data-testid="same-language"
            sx={{ color: 'error.main', fontWeight: 600 }}
          >
            {t('sameLanguage')}
          </Box>
        )}
        <TextArea
          label={t('textToTranslate')}
          value={text}
          maxLength={LANGUAGE_TOOL_TEXT_MAX}
          onChange={(event) => setText(event.target.value)}
          minHeight={72}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!ready}
          aria-describedby={same ? sameId : undefined}
          sx={actionButton}
        >
          {running ? t('translating') : t('translate')}
        </Button>
      </Box>

      {failure && <Failure title={t('translationFailed')} detail={failure} testId="translate-failure" />}

      {result && (
        <Box component="section" data-testid="translate-result" aria-label={resultHeading}>
          <DictionaryLoadingNote state={result.dictionaryLoading} />
          <Heading>
            {resultHeading}{' '}
            <Box component="span" data-testid="translate-source" sx={badge}>
              {result.source === 'AI'
                ? result.model
                  ? t('sourceAiModel', { model: result.model })
                  : t('sourceAi')
                : t('sourceDictionary')}
            </Box>
          </Heading>
          {result.kind === 'gloss' && (
            <Box data-testid="gloss-needs-model" sx={{ ...note, mb: 1 }}>
              {t('glossNeedsModel')}
            </Box>
          )}
          {result.kind === 'gloss' && result.translation ? (
            <GlossWords words={result.glossWords} language={result.toLanguage} />
          ) : (
            <Box
              component="p"
              data-testid="translation"
              lang={result.toLanguage}
              sx={{ m: 0, fontSize: '1.2rem', fontWeight: 700, whiteSpace: 'pre-wrap' }}
            >
              {result.translation || t('noTranslation')}
            </Box>
          )}
          {result.databaseMatches.length > 0 && (
            <>
              <Heading>{t('evidence')}</Heading>
              <Box
                component="ul"
                data-testid="translate-matches"
                sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }}
              >
                {result.databaseMatches.map((match, i) => (
                  <Box component="li" key={`${i}-${match.word}-${match.translation}`}>
                    <strong>{match.word}</strong> → <span lang={match.language}>{match.translation}</span>
                    {match.partOfSpeech && (
                      <Box component="span" sx={{ ...badge, ml: 0.5 }}>
                        {match.partOfSpeech}
                      </Box>
                    )}
                    <SourceNote source={match.source} />
                  </Box>
                ))}
              </Box>
            </>
          )}
          {result.missingWords.length > 0 && (
            <Box component="p" data-testid="missing-words" sx={{ m: 0, mt: 1 }}>
              {t('missingWords', { words: result.missingWords.join(', ') })}
            </Box>
          )}
          {result.note && (
            <Box data-testid="translate-note" sx={{ ...note, mt: 1 }}>
              {result.note}
            </Box>
          )}
          <Button
            variant="contained"
            sx={{ ...actionButton, mt: 1.5 }}
            onClick={() =>
              onAdd(
                translationText(result, {
                  t,
                  languageName: (code) => names.language(code, nameOf(languages, code)),
                }),
              )
            }
          >
            {t('addToChat')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
