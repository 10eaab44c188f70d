// Dictionary: a word (or an English meaning) looked up in one language or all of them; each
// definition says where it comes from and what that source's spelling is.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LANGUAGE_TOOL_WORD_MAX, type DefineResponse } from '@kasa/contracts';
import { Box, Button, TextInput, useErrorText, useT } from '@kasa/ui';
import { actionButton } from '../../shared/ui/form-styles';
import { definitionsText } from './chat-texts';
import { MATCH_LABELS } from './helpers';
import { define } from './language-tool-api';
import { useLanguageNames } from './language-names';
import { LanguagePicker } from './LanguagePicker';
import { languageToolMessages } from './messages';
import { badge, DictionaryLoadingNote, EntryAudio, Failure, SourceNote } from './parts';

export function DictionaryTab({ onAdd }: { onAdd: (text: string) => void }) {
  const t = useT(languageToolMessages);
  const errorText = useErrorText();
  const names = useLanguageNames();
  const [word, setWord] = useState('');
  const [language, setLanguage] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<DefineResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const ready = word.trim().length > 0 && !running;

  const run = async () => {
    if (!ready) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    setFailure(null);
    setResult(null);
    try {
      const answer = await define(word.trim(), language, controller.signal);
      if (!controller.signal.aborted) setResult(answer);
    } catch (error) {
      if (!controller.signal.aborted) setFailure(errorText(error, t('failedToLookUp')));
    } finally {
      if (!controller.signal.aborted) setRunning(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run();
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="dictionary-tab">
      <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }}>
        <TextInput
          label={t('word')}
          type="search"
          value={word}
          maxLength={LANGUAGE_TOOL_WORD_MAX}
          enterKeyHint="search"
          onChange={(event) => setWord(event.target.value)}
        />
        <LanguagePicker
          label={t('language')}
          value={language}
          onChange={setLanguage}
          allowEmpty
          emptyLabel={t('allLanguages')}
          testId="define-language"
        />
        <Button type="submit" variant="contained" disabled={!ready} sx={actionButton}>
          {running ? t('defining') : t('define')}
        </Button>
      </Box>

      {failure && <Failure title={t('lookupFailed')} detail={failure} testId="define-failure" />}

      {result && (
        <Box component="section" data-testid="define-result" aria-label={t('tabDictionary')}>
          <DictionaryLoadingNote state={result.dictionaryLoading} />
          {result.definitions.length === 0 ? (
            <Box component="p" data-testid="define-empty" sx={{ m: 0, mt: 1 }}>
              {t('noEntries')}
            </Box>
          ) : (
            <>
              <Box
                component="ul"
                data-testid="definitions"
                sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
              >
                {result.definitions.map((entry) => (
                  <Box
                    component="li"
                    key={entry.id}
                    data-testid="definition"
                    sx={{ p: 1, border: '1px solid', borderColor: 'divider', borderRadius: 1 }}
                  >
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}>
                      <Box component="strong" lang={entry.language} sx={{ typography: 'h3' }}>
                        {entry.word}
                      </Box>
                      <Box component="span" sx={badge}>
                        {names.language(entry.language, entry.languageName)}
                      </Box>
                      {entry.match && (
                        <Box component="span" data-testid="entry-match" sx={badge}>
                          {t(MATCH_LABELS[entry.match])}
                        </Box>
                      )}
                      <EntryAudio entry={entry} />
                    </Box>
                    <Box>{entry.translation}</Box>
                    {entry.partOfSpeech && (
                      <Box component="small" sx={{ display: 'block' }}>
                        {t('partOfSpeech', { pos: entry.partOfSpeech })}
                      </Box>
                    )}
                    <SourceNote source={entry.source} />
                  </Box>
                ))}
              </Box>
              <Button
                variant="contained"
                sx={{ ...actionButton, mt: 1.5 }}
                onClick={() => onAdd(definitionsText(result, { t, languageName: names.language }))}
              >
                {t('addToChat')}
              </Button>
            </>
          )}
        </Box>
      )}
    </Box>
  );
}
