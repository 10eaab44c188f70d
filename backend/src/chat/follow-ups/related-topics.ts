import { CHAT_FOLLOW_UPS_MAX } from '@kasa/contracts';
import type { KnowledgeHit } from '../../ai/knowledge/knowledge-source';
import type { ReplyLanguage } from '../../ai/language/detect-language';
import { FOLLOW_UP_MAX_LENGTH } from './parse-follow-ups';

/**
 * Sources whose hits are the user's own words (their earlier conversations): "tell me more about"
 * something the user wrote is no topic of the advisor's, so they are not suggested.
 */
const USERS_OWN_WORDS_SOURCES: ReadonlySet<string> = new Set(['conversations']);

/** How a related topic is offered, in the question's language. */
export const RELATED_TOPIC_QUESTIONS: Readonly<Record<ReplyLanguage, (topic: string) => string>> = {
  en: (topic) => `Tell me more about ${topic}`,
  fr: (topic) => `Parlez-moi de ${topic}`,
};

/** A hit's title without its source's label ("Research: Cocoa prices" → "Cocoa prices"). */
export function topicOf(title: string): string {
  return title
    .replace(/^\p{L}+\s?:\s+/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The topic cut at a word so its question fits a chip. */
function fitted(topic: string, room: number): string {
  if (topic.length <= room) return topic;
  const cut = topic.slice(0, room - 1);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length >= room / 2 ? atWord : cut).trimEnd()}…`;
}

/** The reply's text as its titles are compared: markdown link escapes undone. */
const unescaped = (text: string) => text.replace(/\\([\\[\]])/g, '$1');

export interface RelatedTopicsInput {
  /** The knowledge search's hits for the question, best first. */
  hits: KnowledgeHit[];
  /** The reply's text: a source it quotes already is not suggested again. */
  reply: string;
  /** The conversation's title: the conversation itself is no related topic. */
  conversationTitle: string;
  language: ReplyLanguage;
}

/**
 * The offline advisor's follow-ups: the best sources about the question that its reply did not
 * quote, as short questions in the question's language, each topic once, at most
 * CHAT_FOLLOW_UPS_MAX. [] when every relevant source was quoted already.
 */
export function relatedTopicQuestions(input: RelatedTopicsInput): string[] {
  const ask = RELATED_TOPIC_QUESTIONS[input.language];
  const room = FOLLOW_UP_MAX_LENGTH - ask('').length;
  const reply = unescaped(input.reply);
  const seen = new Set([input.conversationTitle.trim().toLocaleLowerCase()]);
  const questions: string[] = [];
  for (const hit of input.hits) {
    if (USERS_OWN_WORDS_SOURCES.has(hit.source) || reply.includes(hit.title)) continue;
    const topic = topicOf(hit.title);
    const key = topic.toLocaleLowerCase();
    if (!topic || seen.has(key)) continue;
    seen.add(key);
    questions.push(ask(fitted(topic, room)));
    if (questions.length === CHAT_FOLLOW_UPS_MAX) break;
  }
  return questions;
}
