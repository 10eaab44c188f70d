// AI Analysis (the default tab): which language a text is in, its words in the dictionary, named
// entities, pronunciation, and (with a chat model) translations and cultural context. What the
// server could not do offline it says in its notes, shown as they are.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  ANALYZE_LANGUAGE_NAMES,
  LANGUAGE_TOOL_TEXT_MAX,
  type AnalyzeLanguageName,
  type AnalyzeResponse,
  type NamedEntityType,
} from '@kasa/contracts';
import { Box, Button, CheckboxField, FIELD_LABEL_SX, TextArea, useErrorText, useT } from '@kasa/ui';
import { actionButton } from '../../shared/ui/form-styles';
import { analysisText } from './chat-texts';
import { analysisIsEmpty, nameOf } from './helpers';
import { analyze } from './language-tool-api';
import { useLanguageNames } from './language-names';
import { useLanguages } from './useLanguages';
import { languageToolMessages, type LanguageToolText } from './messages';
import { badge, Failure, Heading, note, SourceNote } from './parts';

/**
 * The six languages the tool is built for, with the names the analyze call takes; the label is
 * the fallback where Intl cannot name the language in the interface language.
 */
const CHIPS: { name: AnalyzeLanguageName; label: string }[] = [
  { name: 'babanki', label: 'Babanki' },
  { name: 'bum', label: 'Bum' },
  { name: 'ngemba', label: 'Ngemba' },
  { name: 'igbo', label: 'Igbo' },
  { name: 'english', label: 'English' },
  { name: 'french', label: 'French' },
];

const OPTIONS = [
  ['includeTranslation', 'includeTranslation'],
  ['includeDictionary', 'includeDictionary'],
  ['includeNER', 'includeNER'],
  ['includePronunciation', 'includePronunciation'],
] as const;
type OptionName = (typeof OPTIONS)[number][0];

const ENTITY_LABELS: Record<NamedEntityType, LanguageToolText> = {
  PLACE: 'entityPLACE',
  PERSON: 'entityPERSON',
  ORGANIZATION: 'entityORGANIZATION',
  LANGUAGE: 'entityLANGUAGE',
  OTHER: 'entityOTHER',
};

const percent = (value: number) => Math.round(Math.max(0, Math.min(1, value)) * 100);

const chip = {
  minHeight: 40,
  px: 1.5,
  borderRadius: 5,
  border: '2px solid',
  borderColor: 'divider',
  bgcolor: 'background.paper',
  color: 'text.primary',
  font: 'inherit',
  cursor: 'pointer',
  '&[aria-pressed="true"]': { borderColor: 'text.primary', fontWeight: 700 },
} as const;

export function AnalysisTab({
  onAdd,
  conversationId,
}: {
  onAdd: (text: string) => void;
  conversationId?: string;
}) {
  const t = useT(languageToolMessages);
  const errorText = useErrorText();
  const { data: languages } = useLanguages();
  const names = useLanguageNames();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<AnalyzeLanguageName[]>(CHIPS.map((c) => c.name));
  const [options, setOptions] = useState<Record<OptionName, boolean>>({
    includeTranslation: true,
    includeDictionary: true,
    includeNER: true,
    includePronunciation: true,
  });
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<AnalyzeResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const ready = text.trim().length > 0 && !running;
  const name = (code: string, fallback?: string) => names.language(code, fallback || nameOf(languages, code));

  const run = async () => {
    if (!ready) return;
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    setFailure(null);
    setResult(null);
    try {
      const answer = await analyze(
        {
          text: text.trim(),
          ...(chosen.length ? { languages: chosen } : {}),
          ...options,
          ...(conversationId ? { conversationId } : {}),
        },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      if (!answer.success) setFailure(answer.error ?? t('failedToAnalyze'));
      else setResult(answer);
    } catch (error) {
      if (!controller.signal.aborted) setFailure(errorText(error, t('failedToAnalyze')));
    } finally {
      if (!controller.signal.aborted) setRunning(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run();
  };

  const analysis = result?.analysis ?? null;
  const empty = result !== null && analysisIsEmpty(analysis);
  const la = analysis?.linguisticAnalysis;

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="analysis-tab">
      <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }}>
        <TextArea
          label={t('textToAnalyze')}
          value={text}
          maxLength={LANGUAGE_TOOL_TEXT_MAX}
          onChange={(event) => setText(event.target.value)}
          minHeight={80}
        />
        <Box role="group" aria-label={t('languagesToCheck')}>
          <Box sx={{ ...FIELD_LABEL_SX, mb: 0.5 }}>{t('languagesToCheck')}</Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
            {CHIPS.map((c) => {
              const on = chosen.includes(c.name);
              return (
                <Box
                  component="button"
                  type="button"
                  key={c.name}
                  aria-pressed={on}
                  onClick={() =>
                    setChosen((list) => (on ? list.filter((n) => n !== c.name) : [...list, c.name]))
                  }
                  sx={chip}
                >
                  {on ? '✓ ' : ''}
                  {names.language(ANALYZE_LANGUAGE_NAMES[c.name], c.label)}
                </Box>
              );
            })}
          </Box>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
          {OPTIONS.map(([key, label]) => (
            <CheckboxField
              key={key}
              label={t(label)}
              checked={options[key]}
              onChange={(event) => setOptions((o) => ({ ...o, [key]: event.target.checked }))}
            />
          ))}
        </Box>
        <Button type="submit" variant="contained" disabled={!ready} sx={actionButton}>
          {running ? t('analyzing') : t('analyze')}
        </Button>
      </Box>

      {failure && <Failure title={t('analysisFailed')} detail={failure} testId="analysis-failure" />}

      {empty && (
        <Box component="p" data-testid="analysis-empty" sx={{ m: 0 }}>
          {t('noAnalysis')}
        </Box>
      )}

      {analysis && la && !empty && (
        <Box
          component="section"
          data-testid="analysis-result"
          aria-label={t('tabAnalysis')}
          sx={{ display: 'grid', gap: 0.5 }}
        >
          <Heading>{t('detected')}</Heading>
          <Box data-testid="detected-language">
            <strong>
              {names.language(la.detectedLanguage, la.detectedLanguageName || name(la.detectedLanguage))}
            </strong>{' '}
            <Box component="span" sx={badge}>
              {t('confidence', { percent: percent(la.confidence) })}
            </Box>
          </Box>
          {la.mixedLanguages.length > 0 && (
            <Box data-testid="mixed-languages">
              {t('mixedLanguages', { languages: la.mixedLanguages.map((code) => name(code)).join(', ') })}
            </Box>
          )}

          <Heading>{t('culturalContext')}</Heading>
          <Box data-testid="cultural-context" sx={la.culturalContext ? undefined : note}>
            {la.culturalContext ?? t('culturalContextNeedsModel')}
          </Box>

          {analysis.translations.length > 0 && (
            <>
              <Heading>{t('translations')}</Heading>
              <Box component="ul" data-testid="analysis-translations" sx={{ m: 0, pl: 2.5 }}>
                {analysis.translations.map((tr, i) => (
                  <li key={`${i}-${tr.language}`}>
                    <strong>{name(tr.language)}:</strong> <span lang={tr.language}>{tr.translation}</span>{' '}
                    <Box component="span" sx={badge}>
                      {t('confidence', { percent: percent(tr.confidence) })}
                    </Box>
                    {tr.reasoning && (
                      <Box component="small" sx={{ display: 'block', color: 'text.secondary' }}>
                        {tr.reasoning}
                      </Box>
                    )}
                  </li>
                ))}
              </Box>
            </>
          )}

          {analysis.pronunciation.length > 0 && (
            <>
              <Heading>{t('pronunciation')}</Heading>
              <Box component="ul" data-testid="analysis-pronunciation" sx={{ m: 0, pl: 2.5 }}>
                {analysis.pronunciation.map((p, i) => (
                  <li key={`${i}-${p.language}`}>
                    <strong>{name(p.language)}:</strong>{' '}
                    {p.available && p.phonetic ? (
                      <span>/{p.phonetic}/</span>
                    ) : (
                      <span>{p.note ?? t('pronunciationUnavailable')}</span>
                    )}
                    {p.toneMarking && (
                      <Box component="small" sx={{ display: 'block' }}>
                        {t('toneMarking', { tones: p.toneMarking })}
                      </Box>
                    )}
                  </li>
                ))}
              </Box>
            </>
          )}

          {analysis.namedEntities.length > 0 && (
            <>
              <Heading>{t('namedEntities')}</Heading>
              <Box component="ul" data-testid="analysis-entities" sx={{ m: 0, pl: 2.5 }}>
                {analysis.namedEntities.map((e, i) => (
                  <li key={`${i}-${e.text}`}>
                    <strong>{e.text}</strong>{' '}
                    <Box component="span" sx={badge}>
                      {t(ENTITY_LABELS[e.type] ?? 'entityOTHER')}
                    </Box>
                    {e.description && (
                      <Box component="small" sx={{ display: 'block', color: 'text.secondary' }}>
                        {e.description}
                      </Box>
                    )}
                  </li>
                ))}
              </Box>
            </>
          )}

          {analysis.dictionary.length > 0 && (
            <>
              <Heading>{t('dictionaryMatches')}</Heading>
              <Box component="ul" data-testid="analysis-dictionary" sx={{ m: 0, pl: 2.5 }}>
                {analysis.dictionary.map((d, i) => (
                  <li key={`${i}-${d.word}`}>
                    <strong>{d.word}</strong>
                    <Box component="ul" sx={{ m: 0, pl: 2 }}>
                      {d.matches.map((m, j) => (
                        <li key={`${j}-${m.language}-${m.translation}`}>
                          {m.word} ({name(m.language)}) → {m.translation}
                          {m.partOfSpeech ? `, ${m.partOfSpeech}` : ''}{' '}
                          <Box component="span" sx={badge}>
                            {t('confidence', { percent: percent(m.confidence) })}
                          </Box>
                          {m.gptVerified && (
                            <Box component="span" sx={{ ...badge, ml: 0.5 }}>
                              {t('verified')}
                            </Box>
                          )}
                          <SourceNote source={m.source} />
                        </li>
                      ))}
                    </Box>
                  </li>
                ))}
              </Box>
            </>
          )}

          {analysis.notes.length > 0 && (
            <>
              <Heading>{t('notes')}</Heading>
              <Box
                component="ul"
                data-testid="analysis-notes"
                sx={{ m: 0, pl: 2.5, color: 'text.secondary' }}
              >
                {analysis.notes.map((n, i) => (
                  <li key={i}>{n}</li>
                ))}
              </Box>
            </>
          )}

          <Button
            variant="contained"
            sx={{ ...actionButton, mt: 1.5 }}
            onClick={() => onAdd(analysisText(analysis, { t, languageName: name, percent }))}
          >
            {t('addToChat')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
