import { chatModelsConfig, parseChatModels } from './chat-models';

const EVERY_PLAN = ['BASIC_PLAN', 'PRO_PLAN'];

describe('parseChatModels', () => {
  it('reads id|name|plans entries in order, the first being the default', () => {
    expect(parseChatModels('llama3.2:3b|Fast|basic,pro; qwen2.5:14b|Large|pro')).toEqual({
      models: [
        { id: 'llama3.2:3b', name: 'Fast', plans: EVERY_PLAN },
        { id: 'qwen2.5:14b', name: 'Large', plans: ['PRO_PLAN'] },
      ],
      problems: [],
    });
  });

  it('takes provider ids with / . - : and names with spaces; new lines separate entries too', () => {
    const { models, problems } = parseChatModels(
      ' gpt-4o-mini | GPT-4o mini | BASIC_PLAN, Pro \n\n meta-llama/Llama-3.1-8B-Instruct|Llama 3.1 (8B)|PRO ;',
    );
    expect(problems).toEqual([]);
    expect(models).toEqual([
      { id: 'gpt-4o-mini', name: 'GPT-4o mini', plans: EVERY_PLAN },
      { id: 'meta-llama/Llama-3.1-8B-Instruct', name: 'Llama 3.1 (8B)', plans: ['PRO_PLAN'] },
    ]);
  });

  it('lists plans in the catalogue order, each once', () => {
    expect(parseChatModels('a|A|pro,basic,pro').models[0].plans).toEqual(EVERY_PLAN);
  });

  it.each([
    ['', 'CHAT_MODELS lists no model'],
    [' ; ', 'CHAT_MODELS lists no model'],
    ['llama3.2', 'CHAT_MODELS entry 1 ("llama3.2") must be id|name|plans'],
    ['a|A|basic,pro|extra', 'CHAT_MODELS entry 1 ("a|A|basic,pro|extra") must be id|name|plans'],
    ['|Fast|basic,pro', 'CHAT_MODELS entry 1 ("|Fast|basic,pro") has no model id'],
    ['llama 3|Fast|basic,pro', 'CHAT_MODELS entry 1: the model id "llama 3" must not contain spaces'],
    ['llama3||basic,pro', 'CHAT_MODELS entry 1 (llama3) has an empty display name'],
    ['llama3|Fast|', 'CHAT_MODELS entry 1 (llama3) lists no plan (plans: basic, pro)'],
    ['llama3|Fast|basic,gold', 'CHAT_MODELS entry 1 (llama3): unknown plan "gold" (plans: basic, pro)'],
    [`llama3|${'x'.repeat(41)}|basic,pro`, 'is longer than 40 characters'],
    [`${'m'.repeat(201)}|Fast|basic,pro`, 'the model id is longer than 200 characters'],
  ])('refuses %j, naming the variable and the entry', (text, problem) => {
    const { models, problems } = parseChatModels(text);
    expect(models).toEqual([]);
    expect(problems).toEqual([expect.stringContaining(problem)]);
  });

  it('refuses a model listed twice and two models of the same name', () => {
    expect(parseChatModels('a|A|basic,pro; b|B|pro; a|C|pro').problems).toEqual([
      'CHAT_MODELS lists the model "a" twice',
    ]);
    expect(parseChatModels('a|Fast|basic,pro; b|fast|pro').problems).toEqual([
      'CHAT_MODELS names two models "fast": the picker could not tell them apart',
    ]);
  });

  it('refuses a default (the first model) that some plan may not use', () => {
    expect(parseChatModels('big|Large|pro; small|Fast|basic,pro').problems).toEqual([
      expect.stringMatching(/^CHAT_MODELS: the first model \(big\) is the default and must allow every plan/),
    ]);
  });

  it('reports every faulty entry at once', () => {
    expect(parseChatModels('a||basic,pro; b|B|gold').problems).toHaveLength(2);
  });
});

describe('chatModelsConfig', () => {
  it('with CHAT_MODELS and a server: those models', () => {
    expect(
      chatModelsConfig({ CHAT_MODELS: 'a|A|basic,pro;b|B|pro' }, 'openai-compatible', 'Kasa').models.map(
        (model) => model.id,
      ),
    ).toEqual(['a', 'b']);
  });

  it('without CHAT_MODELS: CHAT_MODEL alone, named CHAT_MODEL_NAME or its id, for every plan', () => {
    expect(chatModelsConfig({ CHAT_MODEL: 'llama3.2' }, 'openai-compatible', 'Kasa')).toEqual({
      models: [{ id: 'llama3.2', name: 'llama3.2', plans: EVERY_PLAN }],
      problems: [],
    });
    expect(
      chatModelsConfig({ CHAT_MODEL: 'llama3.2', CHAT_MODEL_NAME: 'Llama' }, 'openai-compatible', 'Kasa')
        .models,
    ).toEqual([{ id: 'llama3.2', name: 'Llama', plans: EVERY_PLAN }]);
    expect(chatModelsConfig({}, 'openai-compatible', 'Kasa').models).toEqual([
      { id: 'gpt-4o-mini', name: 'gpt-4o-mini', plans: EVERY_PLAN },
    ]);
  });

  it('offline: the offline advisor alone, named after the app', () => {
    expect(chatModelsConfig({ CHAT_MODELS: 'a|A|basic,pro;b|B|pro' }, 'offline', 'Shamba')).toEqual({
      models: [{ id: 'offline-advisor', name: 'Shamba offline advisor', plans: EVERY_PLAN }],
      problems: [],
    });
  });

  it('offline still checks CHAT_MODELS, so a mistake shows before a server is connected', () => {
    expect(chatModelsConfig({ CHAT_MODELS: 'a|A|gold' }, 'offline', 'Kasa').problems).toEqual([
      expect.stringContaining('unknown plan "gold"'),
    ]);
  });

  it('refuses CHAT_MODELS together with CHAT_MODEL or CHAT_MODEL_NAME', () => {
    for (const single of [{ CHAT_MODEL: 'x' }, { CHAT_MODEL_NAME: 'X' }])
      expect(
        chatModelsConfig({ CHAT_MODELS: 'a|A|basic,pro', ...single }, 'openai-compatible', 'Kasa'),
      ).toEqual({
        models: [],
        problems: [
          expect.stringMatching(/^Set CHAT_MODELS or CHAT_MODEL \(with CHAT_MODEL_NAME\), not both/),
        ],
      });
  });
});
