import { OFFLINE_CHAT_MODEL_ID } from '../../config';
import {
  type ChatModel,
  type ChatModelRequest,
  type ChatReplyOutcome,
  messageQuestion,
} from '../chat-model.port';
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

/** The advisor's fixed texts, in English and French. */
export const OFFLINE_TEXTS: Record<
  ReplyLanguage,
  {
    found: string;
    /** Nothing passed the relevance floor: said plainly, with the sources searched. */
    nothingRelevant: string;
    searched: string;
    noSources: (app: string) => string;
    /** After a reply that found nothing: what to try, and that it cost no message. */
    notCounted: string;
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
    found: 'Here is what I found about your question:',
    nothingRelevant:
      'I found nothing relevant to your question in my sources, so I will not guess an answer.',
    searched: 'I searched:',
    noSources: (app) => `${app} has no local knowledge to search yet.`,
    notCounted:
      'Try other words, or ask about what these sources cover. This question was not counted in your monthly messages.',
    fromFiles: 'Here is what your attached files say about your question:',
    filesBeginning:
      'Nothing in your attached files matches your question word for word; here is how they begin:',
    otherSources: 'My other sources also say:',
    cannotSeeImages: (names) =>
      `You attached ${names.map((name) => `"${name}"`).join(', ')}, but I cannot see images or drawings: ` +
      'I can only read text.',
  },
  fr: {
    found: "Voici ce que j'ai trouvé sur votre question :",
    nothingRelevant:
      "Je n'ai rien trouvé de pertinent pour votre question dans mes sources, je ne vais donc pas " +
      'inventer de réponse.',
    searched: "J'ai cherché dans :",
    noSources: (app) => `${app} n'a pas encore de connaissances locales où chercher.`,
    notCounted:
      'Essayez d’autres mots, ou posez une question sur ce que ces sources contiennent. Cette question ' +
      "n'a pas été comptée dans vos messages du mois.",
    fromFiles: 'Voici ce que disent vos fichiers joints sur votre question :',
    filesBeginning:
      'Rien dans vos fichiers joints ne correspond mot pour mot à votre question ; voici comment ils commencent :',
    otherSources: 'Mes autres sources disent aussi :',
    cannotSeeImages: (names) =>
      `Vous avez joint ${names.map((name) => `« ${name} »`).join(', ')}, mais je ne peux pas voir les images ` +
      'ni les dessins : je ne sais lire que du texte.',
  },
};

/** A title safe inside a markdown link's text. */
const linkText = (text: string) => text.replace(/([\\[\]])/g, '\\$1');

/**
 * The whole offline answer (markdown) for a question: the relevant hits quoted, or, when there
 * are none, that nothing relevant was found, in which sources (`sources`: their descriptions),
 * and that the question cost no message (the reply's outcome gives it back: OfflineAdvisorModel).
 * Never advice of its own, and never how the server is set up: the chat's notice says once that
 * no model is connected (docs/product.md#chat-without-an-ai-model).
 */
export function composeOfflineAnswer(
  language: ReplyLanguage,
  appName: string,
  hits: KnowledgeHit[],
  sources: string[],
): string {
  const texts = OFFLINE_TEXTS[language];
  const parts: string[] = [];
  if (hits.length === 0) {
    parts.push(texts.nothingRelevant);
    if (sources.length === 0) parts.push(texts.noSources(appName));
    else parts.push(`${texts.searched}\n\n${sources.map((source) => `- ${source}`).join('\n')}`);
    parts.push(texts.notCounted);
  } else {
    parts.push(texts.found, ...hits.map(quotedHit));
  }
  return parts.join('\n\n');
}

/** A hit as the answer quotes it: its (linked) title in bold, then its excerpt on one line. */
function quotedHit(hit: KnowledgeHit): string {
  const title = hit.url ? `[${linkText(hit.title)}](${hit.url})` : linkText(hit.title);
  return `**${title}**\n> ${hit.excerpt.replace(/\s*\n\s*/g, ' ')}`;
}

/** What the user attached, as the offline answer uses it. */
export interface OfflineAttachments {
  /** The files' passages chosen for the question (attachment-passages.ts). */
  passages: AttachmentPassage[];
  /** Images and canvases with no text: named, not seen. */
  unseen: string[];
}

/**
 * The offline answer for a message sent with attachments: what cannot be seen, the files'
 * passages cited by file name, then the other sources' relevant hits (if any). With nothing
 * readable attached, the ordinary answer follows what cannot be seen.
 */
export function composeOfflineAnswerWithAttachments(
  language: ReplyLanguage,
  appName: string,
  attachments: OfflineAttachments,
  hits: KnowledgeHit[],
  sources: string[],
): string {
  const texts = OFFLINE_TEXTS[language];
  const parts = attachments.unseen.length ? [texts.cannotSeeImages(attachments.unseen)] : [];
  if (!attachments.passages.length) {
    parts.push(composeOfflineAnswer(language, appName, hits, sources));
    return parts.join('\n\n');
  }
  parts.push(
    attachments.passages.some((passage) => passage.matched > 0) ? texts.fromFiles : texts.filesBeginning,
  );
  for (const passage of attachments.passages)
    parts.push(`**${linkText(passage.name)}**\n> ${passage.excerpt.replace(/\s*\n\s*/g, ' ')}`);
  if (hits.length) parts.push(texts.otherSources, ...hits.map(quotedHit));
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
 * passages passing the relevance floor) and streams the answer in small word groups like a model
 * would. That no model is connected, and how to connect one, is the chat's notice
 * (GET /api/chat/models `offline`), never part of an answer. When nothing relevant is found it
 * says so, names its sources rather than quote something unrelated, and returns `nothingFound`:
 * the message is given back. French questions get French texts. It has one model:
 * ChatModelRequest.model is ignored.
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

  async *stream(request: ChatModelRequest): AsyncGenerator<string, ChatReplyOutcome | void, undefined> {
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
    const passages = attachments.length ? attachmentPassages(question, attachments, this.maxHits) : [];
    const answer = attachments.length
      ? composeOfflineAnswerWithAttachments(
          language,
          this.options.appName,
          {
            passages,
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
    return { nothingFound: hits.length === 0 && passages.length === 0 };
  }
}
