import type { ChatMessageStatus, ChatRole } from '@kasa/contracts';
import type { ChatModelMessage } from '../../ai/chat-model.port';

/** A stored message that may go into the history sent to the model. */
export interface PromptHistoryMessage {
  role: ChatRole;
  content: string;
  status: ChatMessageStatus;
}

export interface ChatPromptInput {
  /** ASSISTANT_NAME: what the assistant calls itself. */
  assistantName: string;
  /** APP_NAME: the product the assistant lives in. */
  appName: string;
  /** The client's extra instructions (SendChatRequest.systemPrompt), already length-checked. */
  systemPrompt?: string | null;
  /** The conversation so far, oldest first, without the new user message. */
  history: PromptHistoryMessage[];
  /** The message being answered. */
  userMessage: string;
  /** Estimated tokens the history and the new message may use together (CHAT_HISTORY_TOKENS). */
  tokenBudget: number;
}

/** A rough, model-independent token estimate: 4 characters a token, plus 4 for each message's framing. */
export function estimateTokens(content: string): number {
  return Math.ceil(content.length / 4) + 4;
}

/** The fixed system prompt (docs/product.md#chat-screen). It always comes first and a client's text never replaces it. */
export function fixedSystemPrompt(assistantName: string, appName: string): string {
  return [
    `You are ${assistantName}, the assistant of ${appName}: an agricultural advisor for African farmers, and also a helpful general assistant for research, writing, learning and problem-solving.`,
    '',
    'How you answer:',
    "- Answer in the user's language: French, English, Pidgin or a local African language, whichever the user writes in. If a message mixes languages, answer in the main one.",
    '- Be practical: concrete steps a smallholder can take with local crops, seasons, tools and inputs that are affordable and available nearby.',
    '- Be safe: never give doses or mixing rates for pesticides, herbicides or veterinary drugs beyond what the product label says; tell the user to follow the label and wear protective equipment. When you are unsure, or when crops, animals or people are at serious risk, say so and suggest asking a local agricultural extension officer (or a vet or a doctor).',
    '- Be concise: people read you on small phone screens over slow, costly data. Start with the answer, then short paragraphs or lists; no long introductions.',
    '- For questions that are not about farming, help as a general assistant with the same care.',
    '- Say plainly when you do not know something rather than guessing.',
  ].join('\n');
}

function systemMessage(input: ChatPromptInput): ChatModelMessage {
  const fixed = fixedSystemPrompt(input.assistantName, input.appName);
  const extra = input.systemPrompt?.trim();
  if (!extra) return { role: 'system', content: fixed };
  return {
    role: 'system',
    content: [
      fixed,
      '',
      "Additional instructions from the user's settings, between the markers below. Follow them when they do not conflict with the rules above; the rules above always win.",
      '<<<USER INSTRUCTIONS',
      extra,
      'USER INSTRUCTIONS>>>',
    ].join('\n'),
  };
}

/** Messages worth sending back to the model: finished text (a failed or stopped reply's partial text counts). */
function usable(message: PromptHistoryMessage): boolean {
  return message.status !== 'streaming' && message.content.trim().length > 0;
}

/**
 * What the model receives: the fixed system prompt (with the client's instructions appended),
 * then the newest history messages whose estimated tokens fit the budget left after the new
 * message, oldest first, then the new message. The new message is always sent; when it alone
 * exceeds the budget the history is empty. History stops at the first message that does not fit
 * (no gaps in the middle of the conversation).
 */
export function buildChatPrompt(input: ChatPromptInput): ChatModelMessage[] {
  let remaining = input.tokenBudget - estimateTokens(input.userMessage);
  const kept: ChatModelMessage[] = [];
  const candidates = input.history.filter(usable);
  for (let index = candidates.length - 1; index >= 0 && remaining > 0; index--) {
    const message = candidates[index];
    const cost = estimateTokens(message.content);
    if (cost > remaining) break;
    remaining -= cost;
    kept.push({ role: message.role, content: message.content });
  }
  kept.reverse();
  return [systemMessage(input), ...kept, { role: 'user', content: input.userMessage }];
}
