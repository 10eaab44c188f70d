// The language tool dialog against its API stubbed at the network boundary (global fetch; the
// population stream is a ReadableStream the test writes server-sent events into).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  AnalyzeResponse,
  DefineResponse,
  DictionaryEntry,
  DictionaryStats,
  LanguageOption,
  PopulationEvent,
  PopulationResult,
  TranslationResponse,
} from '@kasa/contracts';
import { loadErrorMessages } from '@kasa/ui';
import {
  eventStream,
  jsonResponse,
  renderWithProviders,
  type FakeResponse,
} from '../../testing/chat-harness';
import type { EnhancementResult } from '../types';
import { parseEventChunk } from './language-tool-api';
import LanguageToolDialog from './LanguageToolDialog';

const BASE = '/api/enhancements/language-tool';

const lang = (
  code: string,
  name: string,
  country: string,
  countryCodes: string[],
  entries = 100,
): LanguageOption => ({
  code,
  name,
  country,
  countryCodes,
  entries,
});
const LANGUAGES: LanguageOption[] = [
  lang('bbk', 'Babanki', 'Cameroon', ['CM']),
  lang('bmv', 'Bum', 'Cameroon', ['CM']),
  lang('nge', 'Ngemba', 'Cameroon', ['CM']),
  lang('ibo', 'Igbo', 'Nigeria', ['NG']),
  lang('yor', 'Yoruba', 'Nigeria, Benin', ['NG', 'BJ']),
  lang('eng', 'English', 'International', [], 0),
  lang('fra', 'French', 'International', [], 0),
];

const entry = (extra: Partial<DictionaryEntry> = {}): DictionaryEntry => ({
  id: 'e1',
  word: 'mu',
  language: 'bbk',
  languageName: 'Babanki',
  translation: 'water',
  partOfSpeech: 'noun',
  source: 'asjp-v12:BABANKI',
  sourceKind: 'asjp-v12',
  audioUrl: null,
  audioUnavailable: 'phonetic-code',
  matchedOn: 'word',
  match: 'exact',
  ...extra,
});

const translation: TranslationResponse = {
  success: true,
  text: 'water',
  fromLanguage: 'eng',
  toLanguage: 'bbk',
  translation: 'mu',
  kind: 'dictionary',
  glossWords: [],
  databaseMatches: [
    {
      word: 'water',
      translation: 'mu',
      partOfSpeech: 'noun',
      audioUrl: null,
      source: 'asjp-v12:BABANKI',
      language: 'bbk',
    },
  ],
  source: 'database',
  missingWords: [],
  note: 'Translated word by word from the open dictionary.',
  model: null,
  dictionaryLoading: null,
};

const stats = (canPopulate: boolean, extra: Partial<DictionaryStats> = {}): DictionaryStats => ({
  languages: 104,
  entries: 12345,
  bySource: [
    { source: 'asjp-v12', entries: 9000 },
    { source: 'polyglottaafricana', entries: 3000 },
    { source: 'numerals', entries: 345 },
  ],
  byLanguage: Array.from({ length: 14 }, (_, i) => ({
    code: `l${i}`,
    name: i === 13 ? 'Babanki' : `Language ${i}`,
    country: i === 13 ? 'Cameroon' : 'Nigeria',
    countryCodes: [i === 13 ? 'CM' : 'NG'],
    entries: 100 + i,
    sources: {},
  })),
  lastImport: {
    status: 'complete',
    processedLanguages: 104,
    totalLanguages: 104,
    totalInserted: 12345,
    startedAt: null,
    finishedAt: null,
    error: null,
  },
  dataVersion: 'abc',
  canPopulate,
  dictionaryLoading: null,
  ...extra,
});

interface Call {
  url: string;
  method: string;
  body: unknown;
}
let calls: Call[];
let answers: {
  translate: () => FakeResponse;
  define: () => FakeResponse;
  analyze: () => FakeResponse;
  stats: () => FakeResponse;
  populate: () => FakeResponse;
};

beforeAll(() => loadErrorMessages());

beforeEach(() => {
  calls = [];
  answers = {
    translate: () => jsonResponse(200, translation),
    define: () =>
      jsonResponse(200, {
        success: true,
        word: 'mu',
        language: null,
        definitions: [],
        dictionaryLoading: null,
      } satisfies DefineResponse),
    analyze: () =>
      jsonResponse(200, { success: true, analysis: null, error: null } satisfies AnalyzeResponse),
    stats: () => jsonResponse(200, stats(false)),
    populate: () => jsonResponse(404, { message: 'not found' }),
  };
  (globalThis as { fetch?: unknown }).fetch = jest.fn(
    async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const path = url.split('?')[0];
      if (path === `${BASE}/languages`) return jsonResponse(200, LANGUAGES);
      if (path === `${BASE}/translate`) return answers.translate();
      if (path.startsWith(`${BASE}/define/`)) return answers.define();
      if (path === `${BASE}/analyze`) return answers.analyze();
      if (path === `${BASE}/stats`) return answers.stats();
      if (path === `${BASE}/populate`) return answers.populate();
      return jsonResponse(404, { message: 'not found' });
    },
  );
});
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

function renderDialog(language: 'en' | 'fr' = 'en') {
  const onComplete = jest.fn<void, [EnhancementResult]>();
  const onClose = jest.fn();
  renderWithProviders(
    <LanguageToolDialog open onClose={onClose} onComplete={onComplete} conversationId="c1" />,
    {
      language,
    },
  );
  return { onComplete, onClose, user: userEvent.setup() };
}

const callsTo = (suffix: string) => calls.filter((c) => c.url.split('?')[0].startsWith(`${BASE}${suffix}`));

async function openTab(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel', { name });
}

test('four tabs; AI Analysis is the default', async () => {
  renderDialog();
  expect(screen.getByRole('dialog', { name: 'Language Tool' })).toBeInTheDocument();
  const tabs = screen.getAllByRole('tab');
  expect(tabs.map((tab) => tab.textContent)).toEqual(['Translate', 'Dictionary', 'AI Analysis', 'Database']);
  expect(screen.getByRole('tab', { name: 'AI Analysis' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tabpanel', { name: 'AI Analysis' })).toBeVisible();
  expect(screen.getByRole('textbox', { name: 'Text to analyse' })).toBeInTheDocument();
});

test('Translate: English → Babanki by default; the same language twice and a blank text are refused', async () => {
  const { user, onComplete } = renderDialog();
  const panel = await openTab(user, 'Translate');
  const from = within(panel).getByRole('combobox', { name: 'From' });
  const to = within(panel).getByRole('combobox', { name: 'To' });
  await waitFor(() => expect(from).toHaveValue('English'));
  expect(to).toHaveValue('Babanki');

  const button = within(panel).getByRole('button', { name: 'Translate' });
  expect(button).toBeDisabled();
  await user.type(within(panel).getByRole('textbox', { name: 'Text to translate' }), '   ');
  expect(button).toBeDisabled();

  // To English as well: refused.
  await user.clear(to);
  await user.type(to, 'Engl');
  await user.click(await screen.findByRole('option', { name: /English/ }));
  expect(to).toHaveValue('English');
  expect(within(panel).getByTestId('same-language')).toHaveTextContent('Choose two different languages.');
  await user.type(within(panel).getByRole('textbox', { name: 'Text to translate' }), 'water');
  expect(button).toBeDisabled();

  // Back to Babanki with the picker, then translate.
  await user.clear(to);
  await user.type(to, 'Baban');
  await user.click(await screen.findByRole('option', { name: /Babanki/ }));
  expect(within(panel).queryByTestId('same-language')).toBeNull();
  await user.click(button);

  const result = await within(panel).findByTestId('translate-result');
  expect(callsTo('/translate')[0].body).toEqual({ text: 'water', fromLanguage: 'eng', toLanguage: 'bbk' });
  expect(within(result).getByTestId('translation')).toHaveTextContent('mu');
  expect(within(result).getByTestId('translate-source')).toHaveTextContent('Dictionary');
  const matches = within(result).getByTestId('translate-matches');
  expect(matches).toHaveTextContent('water → mu');
  expect(matches).toHaveTextContent('noun');
  expect(matches).toHaveTextContent('ASJP code (a phonetic ASCII code, not spelling)');
  expect(within(result).getByTestId('translate-note')).toHaveTextContent('Translated word by word');

  await user.click(within(result).getByRole('button', { name: 'Add to chat' }));
  expect(onComplete).toHaveBeenCalledWith({
    kind: 'text',
    text: expect.stringContaining('English → Babanki: water\nmu'),
  });
});

test('Translate: the swap button, the AI badge with its model, missing words, and a failure', async () => {
  answers.translate = () =>
    jsonResponse(200, {
      ...translation,
      fromLanguage: 'bbk',
      toLanguage: 'eng',
      kind: 'translation',
      source: 'AI',
      model: 'gpt-test',
      missingWords: ['kitchen'],
    });
  const { user } = renderDialog();
  const panel = await openTab(user, 'Translate');
  await waitFor(() => expect(within(panel).getByRole('combobox', { name: 'From' })).toHaveValue('English'));
  await user.click(within(panel).getByRole('button', { name: 'Swap languages' }));
  expect(within(panel).getByRole('combobox', { name: 'From' })).toHaveValue('Babanki');
  expect(within(panel).getByRole('combobox', { name: 'To' })).toHaveValue('English');
  await user.type(within(panel).getByRole('textbox', { name: 'Text to translate' }), 'mu kitchen');
  await user.click(within(panel).getByRole('button', { name: 'Translate' }));
  const result = await within(panel).findByTestId('translate-result');
  expect(callsTo('/translate')[0].body).toEqual({
    text: 'mu kitchen',
    fromLanguage: 'bbk',
    toLanguage: 'eng',
  });
  expect(within(result).getByTestId('translate-source')).toHaveTextContent('AI (gpt-test)');
  expect(within(result).getByTestId('missing-words')).toHaveTextContent('Not in the dictionary: kitchen');

  answers.translate = () => jsonResponse(502, { code: 'SOMETHING_NEW', message: 'The model did not answer' });
  await user.click(within(panel).getByRole('button', { name: 'Translate' }));
  const failure = await within(panel).findByTestId('translate-failure');
  expect(failure).toHaveTextContent('Translation failed');
  expect(failure).toHaveTextContent('The model did not answer');
});

const gloss: TranslationResponse = {
  ...translation,
  text: 'Water and leaf',
  translation: 'mu — fu',
  kind: 'gloss',
  glossWords: [
    { word: 'Water', gloss: 'mu' },
    { word: 'and', gloss: null },
    { word: 'leaf', gloss: 'fu' },
  ],
  missingWords: ['and'],
};

test.each([
  {
    language: 'en' as const,
    tab: 'Translate',
    field: 'Text to translate',
    heading: 'Word-by-word gloss (not a translation)',
    needsModel: 'A full translation needs an AI model on this server.',
    unknown: 'and (not in the dictionary)',
    added: 'Word-by-word gloss (not a translation): mu — fu',
  },
  {
    language: 'fr' as const,
    tab: 'Traduire',
    field: 'Texte à traduire',
    heading: 'Glose mot à mot (pas une traduction)',
    needsModel: "Une traduction complète nécessite un modèle d'IA sur ce serveur.",
    unknown: 'and (absent du dictionnaire)',
    added: 'Glose mot à mot (pas une traduction) : mu — fu',
  },
])(
  'Translate ($language): a sentence without a model is a word-by-word gloss, labelled as such',
  async ({ language, tab, field, heading, needsModel, unknown, added }) => {
    answers.translate = () => jsonResponse(200, gloss);
    const { user, onComplete } = renderDialog(language);
    const panel = await openTab(user, tab);
    await user.type(within(panel).getByRole('textbox', { name: field }), 'Water and leaf');
    await user.click(within(panel).getByRole('button', { name: tab }));
    const result = await within(panel).findByTestId('translate-result');
    expect(within(result).getAllByRole('heading', { level: 3 })[0]).toHaveTextContent(heading);
    expect(within(result).queryByText(language === 'en' ? 'Translation' : 'Traduction')).toBeNull();
    expect(within(result).getByTestId('gloss-needs-model')).toHaveTextContent(needsModel);
    expect(within(result).queryByTestId('translation')).toBeNull();
    const words = within(within(result).getByTestId('gloss')).getAllByRole('listitem');
    expect(words.map((word) => word.textContent)).toEqual(['muWater', `—${unknown}`, 'fuleaf']);
    expect(within(result).getByTestId('gloss-unknown')).toHaveTextContent(unknown);
    expect(result.textContent).not.toMatch(/\[|\]/);

    await user.click(
      within(result).getByRole('button', {
        name: language === 'en' ? 'Add to chat' : 'Ajouter à la conversation',
      }),
    );
    expect(onComplete).toHaveBeenCalledWith({
      kind: 'text',
      text: expect.stringContaining(added),
    });
  },
);

test('the picker finds languages by country as well as by name', async () => {
  const { user } = renderDialog();
  const panel = await openTab(user, 'Translate');
  const from = within(panel).getByRole('combobox', { name: 'From' });
  await waitFor(() => expect(from).toHaveValue('English'));
  await user.clear(from);
  await user.paste('nigeria');
  const listbox = await screen.findByRole('listbox');
  const names = within(listbox)
    .getAllByRole('option')
    .map((o) => o.textContent);
  expect(names).toHaveLength(2);
  expect(names[0]).toContain('Igbo');
  expect(names[1]).toContain('Yoruba');
  // Grouped by country.
  expect(listbox).toHaveTextContent('Nigeria');
  await user.clear(from);
  await user.paste('cameroon bab');
  expect(within(await screen.findByRole('listbox')).getAllByRole('option')).toHaveLength(1);
});

test('Dictionary: Enter looks the word up; the empty state; entries with their source and audio reason', async () => {
  const { user, onComplete } = renderDialog();
  const panel = await openTab(user, 'Dictionary');
  const word = within(panel).getByRole('searchbox', { name: 'Word or English meaning' });
  expect(within(panel).getByRole('button', { name: 'Look up' })).toBeDisabled();
  await user.type(word, 'zzz{Enter}');
  expect(await within(panel).findByTestId('define-empty')).toHaveTextContent('No dictionary entries found');
  expect(callsTo('/define/zzz')).toHaveLength(1);
  expect(callsTo('/define/zzz')[0].url).not.toContain('language=');

  answers.define = () =>
    jsonResponse(200, {
      success: true,
      word: 'water',
      language: 'bbk',
      definitions: [
        entry(),
        entry({
          id: 'e2',
          word: 'ŋkɔ',
          source: 'polyglottaafricana:Bamom',
          sourceKind: 'polyglottaafricana',
          partOfSpeech: null,
          match: 'fuzzy',
        }),
        entry({
          id: 'e3',
          word: 'mbi',
          source: 'numerals:baba1266-1',
          sourceKind: 'numerals',
          audioUnavailable: 'no-voice',
          match: 'accent-insensitive',
        }),
        entry({
          id: 'e4',
          word: 'mú',
          source: 'AI',
          sourceKind: 'AI',
          audioUrl: '/api/files/a?sig=1',
          audioUnavailable: null,
        }),
      ],
      dictionaryLoading: {
        status: 'running',
        processedLanguages: 40,
        totalLanguages: 104,
        totalInserted: 1000,
        startedAt: null,
        finishedAt: null,
        error: null,
      },
    } satisfies DefineResponse);
  await user.click(within(panel).getByRole('combobox', { name: 'Language' }));
  await user.type(within(panel).getByRole('combobox', { name: 'Language' }), 'Babanki');
  await user.click(await screen.findByRole('option', { name: /Babanki/ }));
  await user.clear(word);
  await user.type(word, 'water{Enter}');
  const result = await within(panel).findByTestId('define-result');
  expect(callsTo('/define/water')[0].url).toBe(`${BASE}/define/water?language=bbk`);
  expect(within(result).getByTestId('dictionary-loading')).toHaveTextContent(
    'Dictionary loading: 40 of 104 languages',
  );
  const items = within(result).getAllByTestId('definition');
  expect(items).toHaveLength(4);
  expect(items[0]).toHaveTextContent('mu');
  expect(items[0]).toHaveTextContent('Babanki');
  expect(items[0]).toHaveTextContent('water');
  expect(items[0]).toHaveTextContent('Part of speech: noun');
  expect(items[0]).toHaveTextContent('ASJP code (a phonetic ASCII code, not spelling)');
  expect(items[0]).toHaveTextContent('exact');
  expect(items[0]).toHaveTextContent('Phonetic notation, not spoken');
  expect(items[1]).toHaveTextContent('Koelle 1854 transcription');
  expect(items[1]).toHaveTextContent('similar spelling');
  expect(items[2]).toHaveTextContent('Numerals database (Chan)');
  expect(items[2]).toHaveTextContent('without accents');
  expect(items[2]).toHaveTextContent('No voice for Babanki in the speech engine');
  expect(items[3]).toHaveTextContent('AI-suggested');
  expect(within(items[3]).getByRole('button', { name: 'Play mú' })).toBeInTheDocument();

  await user.click(within(result).getByRole('button', { name: 'Add to chat' }));
  expect(onComplete).toHaveBeenCalledWith({
    kind: 'text',
    text: expect.stringContaining('- mu (Babanki): water'),
  });
});

test('AI Analysis: blank refused, the empty state, the failure text, then a result', async () => {
  const { user, onComplete } = renderDialog();
  const panel = screen.getByRole('tabpanel', { name: 'AI Analysis' });
  const field = within(panel).getByRole('textbox', { name: 'Text to analyse' });
  const button = within(panel).getByRole('button', { name: 'Analyze' });
  await user.type(field, '   ');
  expect(button).toBeDisabled();

  await user.type(field, 'xq');
  await user.click(button);
  expect(await within(panel).findByTestId('analysis-empty')).toHaveTextContent('No analysis results found');
  expect(callsTo('/analyze')[0].body).toEqual({
    text: 'xq',
    languages: ['babanki', 'bum', 'ngemba', 'igbo', 'english', 'french'],
    includeTranslation: true,
    includeDictionary: true,
    includeNER: true,
    includePronunciation: true,
    conversationId: 'c1',
  });

  answers.analyze = () => jsonResponse(200, { success: false, analysis: null, error: 'The analyser broke' });
  await user.click(button);
  const failure = await within(panel).findByTestId('analysis-failure');
  expect(failure).toHaveTextContent('Comprehensive analysis failed');
  expect(failure).toHaveTextContent('The analyser broke');

  answers.analyze = () => jsonResponse(500, { message: 'Internal server error' });
  await user.click(button);
  await waitFor(() =>
    expect(within(panel).getByTestId('analysis-failure')).toHaveTextContent('Comprehensive analysis failed'),
  );

  answers.analyze = () =>
    jsonResponse(200, {
      success: true,
      error: null,
      analysis: {
        text: 'Je bois de l’eau à Yaoundé',
        linguisticAnalysis: {
          detectedLanguage: 'fra',
          detectedLanguageName: 'French',
          confidence: 0.93,
          mixedLanguages: ['eng'],
          culturalContext: null,
          method: 'franc',
        },
        translations: [],
        pronunciation: [
          { language: 'fra', phonetic: 'ʒə bwa', toneMarking: null, available: true, note: null },
          { language: 'bbk', phonetic: null, toneMarking: null, available: false, note: null },
        ],
        namedEntities: [
          { text: 'Yaoundé', type: 'PLACE', language: 'fra', description: 'Capital of Cameroon' },
        ],
        dictionary: [
          {
            word: 'eau',
            matches: [
              {
                language: 'bbk',
                confidence: 0.8,
                gptVerified: false,
                word: 'mu',
                translation: 'water',
                partOfSpeech: 'noun',
                source: 'asjp-v12:BABANKI',
              },
            ],
          },
        ],
        mode: 'offline',
        model: null,
        notes: ['No chat model is configured: translations and cultural context are absent.'],
      },
    } satisfies AnalyzeResponse);
  // Only French and Babanki, no named entities.
  for (const name of ['Bum', 'Ngemba', 'Igbo', 'English'])
    await user.click(within(panel).getByRole('button', { name: new RegExp(name) }));
  await user.click(within(panel).getByRole('checkbox', { name: 'Named entities' }));
  await user.click(button);
  const result = await within(panel).findByTestId('analysis-result');
  expect(callsTo('/analyze').at(-1)!.body).toMatchObject({
    languages: ['babanki', 'french'],
    includeNER: false,
  });
  expect(within(result).getByTestId('detected-language')).toHaveTextContent('French');
  expect(within(result).getByTestId('detected-language')).toHaveTextContent('93% confidence');
  expect(within(result).getByTestId('mixed-languages')).toHaveTextContent('Also in the text: English');
  expect(within(result).getByTestId('cultural-context')).toHaveTextContent('needs a chat model');
  expect(within(result).getByTestId('analysis-pronunciation')).toHaveTextContent('/ʒə bwa/');
  expect(within(result).getByTestId('analysis-pronunciation')).toHaveTextContent('Babanki: Not available');
  expect(within(result).getByTestId('analysis-entities')).toHaveTextContent('Yaoundé');
  expect(within(result).getByTestId('analysis-entities')).toHaveTextContent('Place');
  expect(within(result).getByTestId('analysis-dictionary')).toHaveTextContent('mu (Babanki) → water');
  expect(within(result).getByTestId('analysis-notes')).toHaveTextContent('No chat model is configured');
  await user.click(within(result).getByRole('button', { name: 'Add to chat' }));
  expect(onComplete).toHaveBeenCalledWith({
    kind: 'text',
    text: expect.stringContaining('Language: French (93%)'),
  });
});

test('Database for everyone: statistics, sources explained, paged languages, the credit; no Populate button', async () => {
  const loading = {
    status: 'running',
    processedLanguages: 40,
    totalLanguages: 104,
    totalInserted: 1000,
    startedAt: null,
    finishedAt: null,
    error: null,
  } as const;
  answers.stats = () => jsonResponse(200, stats(false, { dictionaryLoading: loading }));
  const { user } = renderDialog();
  const panel = await openTab(user, 'Database');
  const box = await within(panel).findByTestId('dictionary-stats');
  expect(within(panel).getByTestId('dictionary-loading')).toHaveTextContent(
    'Dictionary loading: 40 of 104 languages',
  );
  expect(within(box).getByTestId('stats-languages')).toHaveTextContent('104');
  expect(within(box).getByTestId('stats-entries')).toHaveTextContent('12345');
  expect(within(box).getByTestId('stats-sources')).toHaveTextContent('Koelle 1854 transcription: 3000');
  const table = within(box).getByTestId('stats-languages-table');
  expect(within(table).getAllByRole('row')).toHaveLength(11);
  expect(within(box).getByText('Page 1 of 2')).toBeInTheDocument();
  await user.type(within(box).getByRole('searchbox', { name: 'Filter languages' }), 'camer');
  expect(within(table).getAllByRole('row')).toHaveLength(2);
  expect(table).toHaveTextContent('Babanki');
  expect(within(box).getByTestId('last-import')).toHaveTextContent('Complete: 104 of 104 languages');
  expect(within(panel).getByTestId('data-credit')).toHaveTextContent(
    'Open data: Glottolog 5.1, Numerals (Chan 2019), Polyglotta Africana (Koelle 1854), ASJP v12 — CC BY 4.0',
  );
  expect(within(panel).getByRole('link', { name: 'Sources and licence' })).toHaveAttribute(
    'href',
    '/legal/terms#open-data',
  );
  expect(within(panel).queryByRole('button', { name: 'Populate Database' })).toBeNull();
});

function result(i: number): PopulationResult {
  return {
    language: `Lang ${i}`,
    code: `c${i}`,
    country: 'Cameroon',
    status: 'success',
    entries: 10 + i,
    inserted: 10 + i,
  };
}
const sse = (event: PopulationEvent) => `data: ${JSON.stringify(event)}\n\n`;

test('Database for an admin: Populate streams the progress, keeps the first 10 results, completes and refetches the statistics', async () => {
  answers.stats = () => jsonResponse(200, stats(true));
  let stream!: ReturnType<typeof eventStream>;
  answers.populate = () => {
    stream = eventStream();
    return stream.response;
  };
  const { user } = renderDialog();
  const panel = await openTab(user, 'Database');
  await user.click(await within(panel).findByRole('button', { name: 'Populate Database' }));
  await waitFor(() => expect(callsTo('/populate')).toHaveLength(1));
  expect(callsTo('/populate')[0].method).toBe('POST');
  expect(within(panel).getByRole('button', { name: 'Populating…' })).toBeDisabled();

  act(() => stream.raw(': keep-alive\n\n' + sse({ type: 'start', total: 12, processedLanguages: 0 })));
  const progress = within(panel).getByTestId('populate-progress');
  await waitFor(() =>
    expect(within(progress).getByTestId('populate-count')).toHaveTextContent('0 of 12 languages'),
  );
  // Events split anywhere across chunks.
  let text = '';
  for (let i = 1; i <= 12; i++)
    text += sse({
      type: 'progress',
      total: 12,
      language: `Lang ${i}`,
      processed: i,
      processedLanguages: i,
      successfulLanguages: i,
      totalInserted: i * 10,
      results: [result(i)],
    });
  act(() => stream.raw(text.slice(0, 100)));
  act(() => stream.raw(text.slice(100, text.length - 20)));
  await waitFor(() =>
    expect(within(progress).getByTestId('populate-count')).toHaveTextContent('11 of 12 languages'),
  );
  expect(within(progress).getByTestId('populate-language')).toHaveTextContent('Now: Lang 11');
  expect(within(progress).getByTestId('populate-inserted')).toHaveTextContent('110 entries added');
  expect(within(progress).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
    'value',
    '92',
  );
  act(() => stream.raw(text.slice(text.length - 20)));
  const statsCalls = callsTo('/stats').length;
  act(() => {
    stream.raw(
      sse({
        type: 'complete',
        total: 12,
        processedLanguages: 12,
        successfulLanguages: 12,
        totalInserted: 120,
        results: Array.from({ length: 12 }, (_, i) => result(i + 1)),
      }),
    );
    stream.close();
  });
  expect(await within(progress).findByTestId('populate-complete')).toHaveTextContent(
    'Import complete: 12 of 12 languages, 120 entries added.',
  );
  const items = within(within(progress).getByTestId('populate-results')).getAllByRole('listitem');
  expect(items).toHaveLength(10);
  expect(items[0]).toHaveTextContent('Lang 1');
  expect(items[9]).toHaveTextContent('Lang 10');
  await waitFor(() => expect(callsTo('/stats').length).toBeGreaterThan(statsCalls));
  expect(within(panel).getByRole('button', { name: 'Populate Database' })).toBeEnabled();
});

test('Database for an admin: the three failure texts', async () => {
  answers.stats = () => jsonResponse(200, stats(true));
  answers.populate = () =>
    jsonResponse(403, {
      code: 'AUTH_ADMIN_ONLY',
      message: 'Only administrators can populate the dictionary.',
    });
  const { user } = renderDialog();
  const panel = await openTab(user, 'Database');
  const populate = await within(panel).findByRole('button', { name: 'Populate Database' });
  await user.click(populate);
  const failure = await within(panel).findByTestId('populate-failure');
  expect(failure).toHaveTextContent('Database population request failed');

  answers.populate = () => ({ ...jsonResponse(200), body: null });
  await user.click(populate);
  await waitFor(() =>
    expect(within(panel).getByTestId('populate-failure')).toHaveTextContent('No response stream available'),
  );

  let stream!: ReturnType<typeof eventStream>;
  answers.populate = () => {
    stream = eventStream();
    return stream.response;
  };
  await user.click(populate);
  await waitFor(() => expect(within(panel).queryByTestId('populate-failure')).toBeNull());
  act(() => {
    stream.raw(sse({ type: 'start', total: 3 }));
    stream.raw(sse({ type: 'error', error: 'Disk full', details: 'Could not write dictionary_entries' }));
    stream.close();
  });
  const error = await within(panel).findByTestId('populate-failure');
  expect(error).toHaveTextContent('Database population failed: Disk full');
  expect(error).toHaveTextContent('Could not write dictionary_entries');
});

test('the event parser keeps an unfinished event for the next chunk and skips comments', () => {
  const { events, rest } = parseEventChunk(
    ': ping\n\ndata: {"type":"start","total":2}\r\n\r\ndata: {"type":"pro',
  );
  expect(events).toEqual([{ type: 'start', total: 2 }]);
  expect(rest).toBe('data: {"type":"pro');
});

test('in French', async () => {
  const { user } = renderDialog('fr');
  expect(screen.getByRole('dialog', { name: 'Outil linguistique' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Analyse IA' })).toHaveAttribute('aria-selected', 'true');
  const panel = await openTab(user, 'Dictionnaire');
  await user.type(within(panel).getByRole('searchbox', { name: 'Mot ou sens en anglais' }), 'zzz{Enter}');
  expect(await within(panel).findByTestId('define-empty')).toHaveTextContent(
    'Aucune entrée de dictionnaire trouvée',
  );
});

test('in French, languages and countries Intl knows are named in French; the others keep the catalog name', async () => {
  const { user } = renderDialog('fr');
  const panel = await openTab(user, 'Traduire');
  const from = within(panel).getByRole('combobox', { name: 'De' });
  const to = within(panel).getByRole('combobox', { name: 'Vers' });
  await waitFor(() => expect(from).toHaveValue('anglais'));
  // Babanki has no name in Intl: the catalog's; its country has one: 'Cameroun'.
  expect(to).toHaveValue('Babanki');
  expect(to).toHaveAccessibleDescription('Cameroun');

  // Pasted, not typed: each typed key filters and draws the whole list again (seconds in jsdom).
  await user.clear(from);
  await user.paste('bénin');
  const listbox = await screen.findByRole('listbox');
  const options = within(listbox).getAllByRole('option');
  expect(options).toHaveLength(1);
  expect(options[0]).toHaveTextContent('yoruba');
  expect(options[0]).toHaveTextContent('Nigeria, Bénin');
  // The catalog's English names still find a language.
  await user.clear(from);
  await user.paste('cameroon bab');
  const found = within(await screen.findByRole('listbox')).getAllByRole('option');
  expect(found).toHaveLength(1);
  expect(found[0]).toHaveTextContent('Cameroun');
});

test("the fields are the kit's: labelled native fields, no MUI TextField, and themed checkboxes", async () => {
  const { user } = renderDialog();
  const analysis = screen.getByRole('tabpanel', { name: 'AI Analysis' });
  const text = within(analysis).getByRole('textbox', { name: 'Text to analyse' });
  expect(text.tagName).toBe('TEXTAREA');
  const boxes = within(analysis).getAllByRole('checkbox');
  expect(boxes).toHaveLength(4);
  for (const box of boxes) {
    // Drawn by the theme (libs/ui Checkbox), not the browser's blue box.
    expect(getComputedStyle(box).appearance).toBe('none');
    expect(box).toBeChecked();
  }

  const translate = await openTab(user, 'Translate');
  const from = within(translate).getByRole('combobox', { name: 'From' });
  const word = within(await openTab(user, 'Dictionary')).getByRole('searchbox', {
    name: 'Word or English meaning',
  });
  for (const field of [from, word]) {
    expect(field.className).not.toMatch(/MuiInputBase|MuiOutlinedInput/);
    // The kit's field height (libs/ui LabelledField FIELD_SX).
    expect(getComputedStyle(field).minHeight).toBe('48px');
  }
  expect(document.querySelector('.MuiTextField-root, .MuiOutlinedInput-root')).toBeNull();
});

test('in French, the analysis chips and the database name languages and countries in French', async () => {
  answers.stats = () =>
    jsonResponse(
      200,
      stats(false, {
        byLanguage: [
          {
            code: 'bbk',
            name: 'Babanki',
            country: 'Cameroon',
            countryCodes: ['CM'],
            entries: 9,
            sources: {},
          },
          {
            code: 'hau',
            name: 'Hausa',
            country: 'Nigeria, Niger',
            countryCodes: ['NG', 'NE'],
            entries: 8,
            sources: {},
          },
        ],
      }),
    );
  const { user } = renderDialog('fr');
  const analysis = screen.getByRole('tabpanel', { name: 'Analyse IA' });
  const chips = within(analysis).getByRole('group', { name: 'Langues' });
  expect(within(chips).getByRole('button', { name: /anglais/ })).toHaveAttribute('aria-pressed', 'true');
  expect(within(chips).getByRole('button', { name: /français/ })).toBeInTheDocument();
  expect(within(chips).getByRole('button', { name: /Babanki/ })).toBeInTheDocument();

  const database = await openTab(user, 'Base de données');
  const table = await within(database).findByTestId('stats-languages-table');
  expect(table).toHaveTextContent('Babanki (bbk)Cameroun');
  expect(table).toHaveTextContent('haoussa (hau)Nigeria, Niger');
  await user.type(within(database).getByRole('searchbox', { name: 'Filtrer les langues' }), 'cameroun');
  expect(within(table).getAllByRole('row')).toHaveLength(2);
});
