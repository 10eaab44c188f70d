import { createHash } from 'node:crypto';
import { CHAT_ROOT_PARENT_ID, type RegenerateReplyRequest, type SendChatRequest } from '@kasa/contracts';
import type { TurnParent } from '../turns/turn.repository';

/** Where a send's message goes: unset, the root (null or the nil UUID), or a message. */
export function turnParent(dto: Pick<SendChatRequest, 'parentMessageId'>): TurnParent {
  if (dto.parentMessageId === undefined) return { kind: 'shown' };
  if (dto.parentMessageId === null || dto.parentMessageId === CHAT_ROOT_PARENT_ID) return { kind: 'root' };
  return { kind: 'message', id: dto.parentMessageId.toLowerCase() };
}

/**
 * What identifies a send's request: a retry must carry the same, a reused key does not. The
 * parent and the model are added only when given, so a plain send's hash is what it was before
 * they existed (keys stored then still match their retries). A spoken send adds its recording
 * (`recordingFileId`): the same words said in another recording are another message.
 */
export function sendHash(dto: SendChatRequest, recordingFileId?: string): string {
  const fields: unknown[] = [
    dto.conversationId ?? null,
    dto.message,
    dto.systemPrompt ?? null,
    dto.attachments ?? [],
  ];
  if (dto.parentMessageId !== undefined || dto.model !== undefined)
    fields.push(turnParent(dto), dto.model ?? null);
  if (recordingFileId !== undefined) fields.push({ recording: recordingFileId.toLowerCase() });
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** A new version's request: never equal to a send's (a key used for a send is refused here). */
export function regenerateHash(replyId: string, dto: RegenerateReplyRequest): string {
  const fields = ['regenerate', replyId.toLowerCase(), dto.model ?? null, dto.systemPrompt ?? null];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}
