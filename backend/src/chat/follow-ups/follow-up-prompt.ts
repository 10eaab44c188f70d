import type { ChatModelMessage } from '../../ai/chat-model.port';

/** How much of the question and of the reply the suggestion request quotes (characters). */
export const FOLLOW_UP_QUESTION_EXCERPT = 2000;
export const FOLLOW_UP_REPLY_EXCERPT = 4000;

/**
 * What the model is told. Its answer is parsed by parse-follow-ups.ts, which also copes with the
 * numbering and quotes models add despite being told not to.
 */
export const FOLLOW_UP_INSTRUCTIONS =
  'You suggest follow-up questions for a chat assistant that helps African farmers. Read the ' +
  "user's question and the assistant's answer, then write up to three short questions (at most " +
  '12 words each) the user is likely to ask next about the same topic. Write them in the language ' +
  "of the user's question, as the user would ask them. Answer with one question per line and " +
  'nothing else: no introduction, numbering, bullets or quotes.';

const excerpt = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The small request that asks the connected model for suggestions after a finished reply. */
export function followUpRequestMessages(question: string | null, reply: string): ChatModelMessage[] {
  const parts = [];
  if (question?.trim()) parts.push(`Question:\n${excerpt(question.trim(), FOLLOW_UP_QUESTION_EXCERPT)}`);
  parts.push(`Answer:\n${excerpt(reply.trim(), FOLLOW_UP_REPLY_EXCERPT)}`);
  return [
    { role: 'system', content: FOLLOW_UP_INSTRUCTIONS },
    { role: 'user', content: parts.join('\n\n') },
  ];
}
