import { OFFLINE_CHAT_MODEL_ID } from '../../config';
import { type ChatModel, type ChatModelRequest, messageQuestion } from '../chat-model.port';
import type { KnowledgeSearchService } from '../knowledge/knowledge-search.service';
import type { KnowledgeHit } from '../knowledge/knowledge-source';
import { detectReplyLanguage, type ReplyLanguage } from '../language/detect-language';
import { type AttachmentPassage, attachmentPassages } from './attachment-passages';

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

/** The advisor's one model, as the chat models catalogue lists it (config/chat-models.ts). */
export const OFFLINE_ADVISOR_MODEL = OFFLINE_CHAT_MODEL_ID;
export const DEFAULT_OFFLINE_CHUNK_DELAY_MS = 20;

/**
 * How every offline answer begins, in each language. Sources of stored text (the user's
 * conversations) use it to leave the advisor's own earlier answers out: they only repeat other
 * sources and the notice, and quoting them back would present them as the user's knowledge.
 */
export const OFFLINE_ANSWER_OPENINGS: Readonly<Record<ReplyLanguage, string>> = {
  en: '**No AI model is connected**',
  fr: "**Aucun modèle d'IA n'est connecté**",
};

/** The advisor's fixed texts, in English and French. */
export const OFFLINE_TEXTS: Record<
  ReplyLanguage,
  {
    notice: (app: string) => string;
    found: string;
    /** Nothing passed the relevance floor: said plainly, with the sources searched. */
    nothingRelevant: string;
    searched: string;
    noSources: (app: string) => string;
    connectModel: string;
    /** Before the passages of the user's attached files. */
    fromFiles: string;
    /** Before the files' first passages, when none matched the question. */
    filesBeginning: string;
    /** Before the other sources' hits, after the files' passages. */
    otherSources: string;
    /** Images or canvases attached: the advisor cannot see them. */
    cannotSeeImages: (names: string[]) => string;
  }
> = {
  en: {
    notice: (app) =>
      `${OFFLINE_ANSWER_OPENINGS.en}, so this answer comes from ${app}'s local knowledge ` +
      `(a search of ${app}'s own pages and your saved content), not from an AI model.\n\n` +
      'To connect a model, the administrator sets `OPENAI_BASE_URL` (any OpenAI-compatible server: ' +
      'OpenAI, Ollama, vLLM, llama.cpp server, OpenRouter), `OPENAI_API_KEY` if that server needs one, ' +
      `and \`CHAT_MODEL\`, then restarts ${app}; the README's "AI providers" section has one line for each.`,
    found: 'Here is what I found about your question:',
    nothingRelevant:
      'I found nothing relevant to your question in my sources, so I will not guess an answer.',
    searched: 'I searched:',
    noSources: (app) => `${app} has no local knowledge to search yet.`,
    connectModel:
      'An AI model could answer questions like this one: the administrator can connect one as ' +
      'described above. Until then I can only quote these sources, so ask about what they cover.',
    fromFiles: 'Here is what your attached files say about your question:',
    filesBeginning:
      'Nothing in your attached files matches your question word for word; here is how they begin:',
    otherSources: 'My other sources also say:',
    cannotSeeImages: (names) =>
      `You attached ${names.map((name) => `"${name}"`).join(', ')}, but I cannot see images or drawings ` +
      'without an AI model connected. A model that reads images can be connected by the administrator: ' +
      '`OPENAI_BASE_URL` (a server with a vision model), `OPENAI_API_KEY` if it needs one, and `CHAT_MODEL`.',
  },
  fr: {
    notice: (app) =>
      `${OFFLINE_ANSWER_OPENINGS.fr} : cette réponse vient des connaissances locales de ${app} ` +
      `(une recherche dans les pages de ${app} et vos contenus enregistrés), pas d'un modèle d'IA.\n\n` +
      "Pour connecter un modèle, l'administrateur définit `OPENAI_BASE_URL` (tout serveur compatible " +
      'OpenAI : OpenAI, Ollama, vLLM, llama.cpp server, OpenRouter), `OPENAI_API_KEY` si ce serveur en ' +
      `demande une, et \`CHAT_MODEL\`, puis redémarre ${app} ; la section « AI providers » du README ` +
      'donne une ligne pour chacun.',
    found: "Voici ce que j'ai trouvé sur votre question :",
    nothingRelevant:
      "Je n'ai rien trouvé de pertinent pour votre question dans mes sources, je ne vais donc pas " +
      'inventer de réponse.',
    searched: "J'ai cherché dans :",
    noSources: (app) => `${app} n'a pas encore de connaissances locales où chercher.`,
    connectModel:
      "Un modèle d'IA pourrait répondre à ce genre de question : l'administrateur peut en connecter un " +
      'comme indiqué ci-dessus. En attendant, je ne peux que citer ces sources : posez une question ' +
      'sur ce qu’elles contiennent.',
    fromFiles: 'Voici ce que disent vos fichiers joints sur votre question :',
    filesBeginning:
      'Rien dans vos fichiers joints ne correspond mot pour mot à votre question ; voici comment ils commencent :',
    otherSources: 'Mes autres sources disent aussi :',
    cannotSeeImages: (names) =>
      `Vous avez joint ${names.map((name) => `« ${name} »`).join(', ')}, mais je ne peux pas voir les images ` +
      "ni les dessins sans modèle d'IA connecté. L'administrateur peut connecter un modèle qui lit les " +
      'images : `OPENAI_BASE_URL` (un serveur avec un modèle de vision), `OPENAI_API_KEY` si ce serveur en ' +
      'demande une, et `CHAT_MODEL`.',
  },
};

/** A title safe inside a markdown link's text. */
const linkText = (text: string) => text.replace(/([\\[\]])/g, '\\$1');

/**
 * The whole offline answer (markdown) for a question: the notice, then the relevant hits quoted,
 * or, when there are none, that nothing relevant was found, in which sources (`sources`: their
 * descriptions), and that a connected model could answer. Never advice of its own.
 */
export function composeOfflineAnswer(
  language: ReplyLanguage,
  appName: string,
  hits: KnowledgeHit[],
  sources: string[],
): string {
  const texts = OFFLINE_TEXTS[language];
  const parts = [texts.notice(appName)];
  if (hits.length === 0) {
    parts.push(texts.nothingRelevant);
    if (sources.length === 0) parts.push(texts.noSources(appName));
    else parts.push(`${texts.searched}\n\n${sources.map((source) => `- ${source}`).join('\n')}`);
    parts.push(texts.connectModel);
  } else {
    parts.push(texts.found);
    for (const hit of hits) {
      const title = hit.url ? `[${linkText(hit.title)}](${hit.url})` : linkText(hit.title);
      parts.push(`**${title}**\n> ${hit.excerpt.replace(/\s*\n\s*/g, ' ')}`);
    }
  }
  return parts.join('\n\n');
}

/** What the user attached, as the offline answer uses it. */
export interface OfflineAttachments {
  /** The files' passages chosen for the question (attachment-passages.ts). */
  passages: AttachmentPassage[];
  /** Images and canvases with no text: named, not seen. */
  unseen: string[];
}

/**
 * The offline answer for a message sent with attachments: the notice, what cannot be seen, the
 * files' passages cited by file name, then the other sources' relevant hits (if any). With
 * nothing readable attached, the ordinary answer follows what cannot be seen.
 */
export function composeOfflineAnswerWithAttachments(
  language: ReplyLanguage,
  appName: string,
  attachments: OfflineAttachments,
  hits: KnowledgeHit[],
  sources: string[],
): string {
  const texts = OFFLINE_TEXTS[language];
  const unseen = attachments.unseen.length ? [texts.cannotSeeImages(attachments.unseen)] : [];
  if (!attachments.passages.length) {
    const [notice, ...rest] = composeOfflineAnswer(language, appName, hits, sources).split('\n\n');
    return [notice, ...unseen, ...rest].join('\n\n');
  }
  const parts = [texts.notice(appName), ...unseen];
  parts.push(
    attachments.passages.some((passage) => passage.matched > 0) ? texts.fromFiles : texts.filesBeginning,
  );
  for (const passage of attachments.passages)
    parts.push(`**${linkText(passage.name)}**\n> ${passage.excerpt.replace(/\s*\n\s*/g, ' ')}`);
  if (hits.length) {
    parts.push(texts.otherSources);
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
 * knowledge source, searched with PostgreSQL full-text search for the user's last message, only
 * passages passing the relevance floor), says first and plainly that no AI model is connected and
 * how to connect one, and streams the answer in small word groups like a model would. When nothing
 * relevant is found it says so and names its sources rather than quote something unrelated.
 * French questions get French texts. It has one model: ChatModelRequest.model is ignored.
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
    const last = [...request.messages].reverse().find((message) => message.role === 'user');
    const question = last ? messageQuestion(last) : '';
    const hits = await this.knowledge.search({
      text: question,
      userId: request.userId,
      limit: this.maxHits,
      excludeIds: request.knowledgeExcludeIds,
    });
    if (signal.aborted) return;
    const language = detectReplyLanguage(question);
    const attachments = request.attachments ?? [];
    const answer = attachments.length
      ? composeOfflineAnswerWithAttachments(
          language,
          this.options.appName,
          {
            passages: attachmentPassages(question, attachments, this.maxHits),
            unseen: attachments
              .filter((attachment) => !attachment.text && attachment.mimeType.startsWith('image/'))
              .map((attachment) => attachment.name),
          },
          hits,
          this.knowledge.sourceDescriptions(language),
        )
      : composeOfflineAnswer(
          language,
          this.options.appName,
          hits,
          this.knowledge.sourceDescriptions(language),
        );
    for (const group of wordGroups(answer, this.wordsPerChunk)) {
      if (signal.aborted) return;
      yield group;
      await pause(this.chunkDelayMs, signal);
    }
  }
}
