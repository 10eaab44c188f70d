import type { ChatModel, ChatModelRequest } from '../chat-model.port';
import type { KnowledgeSearchService } from '../knowledge/knowledge-search.service';
import type { KnowledgeHit } from '../knowledge/knowledge-source';
import { detectReplyLanguage, type ReplyLanguage } from '../language/detect-language';

export interface OfflineAdvisorOptions {
  /** Product name used in the answer ('Kasa'). */
  appName: string;
  /** Pause between streamed word groups, so the reply arrives like a model's (0 in tests). */
  chunkDelayMs?: number;
  /** Words per streamed chunk. */
  wordsPerChunk?: number;
  /** Excerpts quoted at most. */
  maxHits?: number;
}

export const OFFLINE_ADVISOR_MODEL = 'offline-advisor';
export const DEFAULT_OFFLINE_CHUNK_DELAY_MS = 20;

/** The advisor's fixed texts, in English and French. */
export const OFFLINE_TEXTS: Record<
  ReplyLanguage,
  { notice: (app: string) => string; found: string; nothing: (app: string) => string }
> = {
  en: {
    notice: (app) =>
      `**No AI model is connected**, so this answer comes from ${app}'s local knowledge ` +
      `(a search of ${app}'s own pages and your saved content), not from an AI model.\n\n` +
      'To connect a model, the administrator sets `OPENAI_BASE_URL` (any OpenAI-compatible server: ' +
      'OpenAI, Ollama, vLLM, llama.cpp server, OpenRouter), `OPENAI_API_KEY` if that server needs one, ' +
      `and \`CHAT_MODEL\`, then restarts ${app}; the README's "AI providers" section has one line for each.`,
    found: 'Here is what I found about your question:',
    nothing: (app) =>
      `I found nothing in ${app}'s local knowledge that matches your question. ` +
      'Try rephrasing it with other key words, for example the name of a plan or a feature.',
  },
  fr: {
    notice: (app) =>
      `**Aucun modèle d'IA n'est connecté** : cette réponse vient des connaissances locales de ${app} ` +
      `(une recherche dans les pages de ${app} et vos contenus enregistrés), pas d'un modèle d'IA.\n\n` +
      "Pour connecter un modèle, l'administrateur définit `OPENAI_BASE_URL` (tout serveur compatible " +
      'OpenAI : OpenAI, Ollama, vLLM, llama.cpp server, OpenRouter), `OPENAI_API_KEY` si ce serveur en ' +
      `demande une, et \`CHAT_MODEL\`, puis redémarre ${app} ; la section « AI providers » du README ` +
      'donne une ligne pour chacun.',
    found: "Voici ce que j'ai trouvé sur votre question :",
    nothing: (app) =>
      `Je n'ai rien trouvé dans les connaissances locales de ${app} qui corresponde à votre question. ` +
      'Essayez de la reformuler avec d’autres mots-clés, par exemple le nom d’une offre ou d’une fonction.',
  },
};

/** A title safe inside a markdown link's text. */
const linkText = (text: string) => text.replace(/([\\[\]])/g, '\\$1');

/** The whole offline answer (markdown) for a question and what the knowledge search found. */
export function composeOfflineAnswer(language: ReplyLanguage, appName: string, hits: KnowledgeHit[]): string {
  const texts = OFFLINE_TEXTS[language];
  const parts = [texts.notice(appName)];
  if (hits.length === 0) parts.push(texts.nothing(appName));
  else {
    parts.push(texts.found);
    for (const hit of hits) {
      const title = hit.url ? `[${linkText(hit.title)}](${hit.url})` : linkText(hit.title);
      parts.push(`**${title}**\n> ${hit.excerpt.replace(/\s*\n\s*/g, ' ')}`);
    }
  }
  return parts.join('\n\n');
}

/** Splits a text into groups of `size` words, each keeping its following whitespace. */
export function wordGroups(text: string, size: number): string[] {
  const tokens = text.match(/\s*\S+\s*/g) ?? [];
  const groups: string[] = [];
  for (let index = 0; index < tokens.length; index += size)
    groups.push(tokens.slice(index, index + size).join(''));
  return groups;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The chat engine when no model is configured: answers from local knowledge (every registered
 * knowledge source, searched with PostgreSQL full-text search for the user's last message), says
 * first and plainly that no AI model is connected and how to connect one, and streams the answer
 * in small word groups like a model would. French questions get French texts.
 */
export class OfflineAdvisorModel implements ChatModel {
  readonly engine = 'offline' as const;
  readonly model = OFFLINE_ADVISOR_MODEL;
  private readonly chunkDelayMs: number;
  private readonly wordsPerChunk: number;
  private readonly maxHits: number;

  constructor(
    private readonly knowledge: KnowledgeSearchService,
    private readonly options: OfflineAdvisorOptions,
  ) {
    this.chunkDelayMs = options.chunkDelayMs ?? DEFAULT_OFFLINE_CHUNK_DELAY_MS;
    this.wordsPerChunk = Math.max(1, options.wordsPerChunk ?? 3);
    this.maxHits = options.maxHits ?? 3;
  }

  async *stream(request: ChatModelRequest): AsyncGenerator<string, void, undefined> {
    const { signal } = request;
    if (signal.aborted) return;
    const question =
      [...request.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
    const hits = await this.knowledge.search({
      text: question,
      userId: request.userId,
      limit: this.maxHits,
      excludeIds: request.knowledgeExcludeIds,
    });
    if (signal.aborted) return;
    const answer = composeOfflineAnswer(detectReplyLanguage(question), this.options.appName, hits);
    for (const group of wordGroups(answer, this.wordsPerChunk)) {
      if (signal.aborted) return;
      yield group;
      await pause(this.chunkDelayMs, signal);
    }
  }
}
