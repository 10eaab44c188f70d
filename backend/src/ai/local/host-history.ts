import type { ChatHistoryItem } from 'node-llama-cpp' with { 'resolution-mode': 'import' };
import type { HostChatTurn } from './local-model-protocol';

/**
 * The conversation as node-llama-cpp's chat session takes it: the turns before the last user
 * message as its history, that message as the prompt. Consecutive turns of one role are joined (a
 * chat template expects them to alternate).
 */
export function historyOf(turns: HostChatTurn[]): { history: ChatHistoryItem[]; prompt: string } {
  const lastUser = turns.map((turn) => turn.role).lastIndexOf('user');
  const prompt = lastUser === -1 ? '' : turns[lastUser].text;
  const history: ChatHistoryItem[] = [];
  for (const turn of lastUser === -1 ? turns : turns.slice(0, lastUser)) {
    const previous = history.at(-1);
    if (turn.role === 'system') {
      if (previous?.type === 'system') previous.text = `${String(previous.text)}\n\n${turn.text}`;
      else history.push({ type: 'system', text: turn.text });
    } else if (turn.role === 'user') {
      if (previous?.type === 'user') previous.text = `${previous.text}\n\n${turn.text}`;
      else history.push({ type: 'user', text: turn.text });
    } else if (previous?.type === 'model') previous.response.push(`\n\n${turn.text}`);
    else history.push({ type: 'model', response: [turn.text] });
  }
  return { history, prompt };
}
