import { PLAN_IDS, type PlanId } from '@kasa/contracts';
import type { ChatModelConfig } from './app-config';

/** The offline advisor's one model (what its ChatModel.model says). */
export const OFFLINE_CHAT_MODEL_ID = 'offline-advisor';
/** Longest display name: the composer's picker fits it on a 360 px wide phone. */
export const CHAT_MODEL_NAME_MAX_LENGTH = 40;
/** Longest model id we accept (providers' names are far shorter: this catches a pasted mistake). */
export const CHAT_MODEL_ID_MAX_LENGTH = 200;
/** What an operator writes, shown in the error messages. */
export const CHAT_MODELS_EXAMPLE = 'CHAT_MODELS="llama3.2:3b|Fast|basic,pro; qwen2.5:14b|Large|pro"';

/** The variables the chat models come from (validated for type in environment.ts). */
export interface ChatModelsVariables {
  CHAT_MODELS?: string;
  CHAT_MODEL?: string;
  CHAT_MODEL_NAME?: string;
}

export interface ChatModelsResult {
  models: ChatModelConfig[];
  /** Each names the variable and the entry at fault; empty when the models are usable. */
  problems: string[];
}

/** A plan as operators write it: 'basic', 'pro' (any case), or the id itself ('PRO_PLAN'). */
const planWords = PLAN_IDS.map((id) => id.replace(/_PLAN$/, '').toLowerCase());
const PLAN_WORDS = planWords.join(', ');

function planIdOf(word: string): PlanId | undefined {
  const upper = word.toUpperCase();
  const id = upper.endsWith('_PLAN') ? upper : `${upper}_PLAN`;
  return PLAN_IDS.find((plan) => plan === id);
}

/** Characters a provider's model name never holds, and that would break the list's own syntax. */
const ID_FORBIDDEN = /[\s|;,"'`<>\\]/;

/** One entry `id|name|plans`; `where` names it in the problems ("CHAT_MODELS entry 2"). */
function parseEntry(entry: string, where: string): ChatModelsResult {
  const fields = entry.split('|').map((field) => field.trim());
  if (fields.length !== 3)
    return {
      models: [],
      problems: [
        `${where} ("${entry}") must be id|name|plans, three fields separated by |; e.g. ${CHAT_MODELS_EXAMPLE}`,
      ],
    };
  const [id, name, planList] = fields;
  const problems: string[] = [];
  if (!id) problems.push(`${where} ("${entry}") has no model id (the provider's name, e.g. llama3.2:3b)`);
  else if (ID_FORBIDDEN.test(id))
    problems.push(
      `${where}: the model id "${id}" must not contain spaces, quotes or the characters | ; , < > \\`,
    );
  else if (id.length > CHAT_MODEL_ID_MAX_LENGTH)
    problems.push(`${where}: the model id is longer than ${CHAT_MODEL_ID_MAX_LENGTH} characters`);
  const label = id ? `${where} (${id})` : where;
  if (!name) problems.push(`${label} has an empty display name (what the model picker shows, e.g. Fast)`);
  else if (name.length > CHAT_MODEL_NAME_MAX_LENGTH)
    problems.push(
      `${label}: the display name "${name}" is longer than ${CHAT_MODEL_NAME_MAX_LENGTH} characters`,
    );
  const words = planList
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
  if (!words.length) problems.push(`${label} lists no plan (plans: ${PLAN_WORDS})`);
  const plans: PlanId[] = [];
  for (const word of words) {
    const plan = planIdOf(word);
    if (!plan) problems.push(`${label}: unknown plan "${word}" (plans: ${PLAN_WORDS})`);
    else if (!plans.includes(plan)) plans.push(plan);
  }
  // Plans in the catalogue's order, whatever order the operator wrote them in.
  plans.sort((a, b) => PLAN_IDS.indexOf(a) - PLAN_IDS.indexOf(b));
  return { models: problems.length ? [] : [{ id, name, plans }], problems };
}

/**
 * CHAT_MODELS: entries `id|name|plans` separated by ';' or new lines, plans separated by ','.
 * The first entry is the default: every plan must be allowed to use it (a Basic user always has a
 * model). Ids and names must be unique.
 */
export function parseChatModels(text: string): ChatModelsResult {
  const entries = text
    .split(/[;\n]/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length)
    return { models: [], problems: [`CHAT_MODELS lists no model; e.g. ${CHAT_MODELS_EXAMPLE}`] };
  const results = entries.map((entry, index) => parseEntry(entry, `CHAT_MODELS entry ${index + 1}`));
  const problems = results.flatMap((result) => result.problems);
  const models = results.flatMap((result) => result.models);
  if (problems.length) return { models: [], problems };

  const seenIds = new Set<string>();
  const seenNames = new Set<string>();
  for (const model of models) {
    if (seenIds.has(model.id)) problems.push(`CHAT_MODELS lists the model "${model.id}" twice`);
    const name = model.name.toLowerCase();
    if (seenNames.has(name))
      problems.push(`CHAT_MODELS names two models "${model.name}": the picker could not tell them apart`);
    seenIds.add(model.id);
    seenNames.add(name);
  }
  const [first] = models;
  if (first.plans.length !== PLAN_IDS.length)
    problems.push(
      `CHAT_MODELS: the first model (${first.id}) is the default and must allow every plan (${PLAN_WORDS}); put a model every plan may use first`,
    );
  return problems.length ? { models: [], problems } : { models, problems };
}

/**
 * The chat models of the configured engine. OpenAI-compatible: CHAT_MODELS, else CHAT_MODEL alone
 * (named CHAT_MODEL_NAME, else its id) for every plan. Local: the model file, for every plan.
 * Offline: the offline advisor alone
 * (CHAT_MODELS is still checked, so a mistake shows before a server is connected).
 */
export function chatModelsConfig(
  vars: ChatModelsVariables,
  engine: 'openai-compatible' | 'local' | 'offline',
  appName: string,
  localModel?: Pick<ChatModelConfig, 'id' | 'name'>,
): ChatModelsResult {
  const listed = vars.CHAT_MODELS === undefined ? undefined : parseChatModels(vars.CHAT_MODELS);
  const problems = [...(listed?.problems ?? [])];
  if (listed && (vars.CHAT_MODEL !== undefined || vars.CHAT_MODEL_NAME !== undefined))
    problems.push(
      'Set CHAT_MODELS or CHAT_MODEL (with CHAT_MODEL_NAME), not both: the first model of CHAT_MODELS is the default',
    );
  if (problems.length) return { models: [], problems };
  if (engine === 'offline')
    return {
      models: [{ id: OFFLINE_CHAT_MODEL_ID, name: `${appName} offline advisor`, plans: [...PLAN_IDS] }],
      problems,
    };
  // One model file, one model: CHAT_MODELS names a server's models (checked above all the same).
  if (engine === 'local' && localModel)
    return { models: [{ id: localModel.id, name: localModel.name, plans: [...PLAN_IDS] }], problems };
  if (listed) return listed;
  const id = vars.CHAT_MODEL ?? 'gpt-4o-mini';
  return { models: [{ id, name: vars.CHAT_MODEL_NAME ?? id, plans: [...PLAN_IDS] }], problems };
}
