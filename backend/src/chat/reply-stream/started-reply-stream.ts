import type { Response } from 'express';
import type { VoiceTranscript } from '@kasa/contracts';
import { EventStreamWriter, KEEP_ALIVE_MS, openEventStream } from '../../common/sse';
import type { StartedChat } from '../chat.service';

/**
 * Answers a reply just started (a send, a new version) as the chat's event stream: the ids event,
 * then the reply's chunks and its final event. Every event carries its offset as the SSE id
 * (chatReplyStreamPath): a cut stream resumes there. The response only listens: when the client
 * goes away the reply is still written and saved. A spoken turn's ids event also carries what was
 * heard (`transcription`, ChatStreamEvent.transcription).
 */
export function streamStartedReply(
  response: Response,
  started: StartedChat,
  transcription?: VoiceTranscript,
): void {
  // The ids event is queued below, in this turn: the headers go out with it.
  openEventStream(response, { firstEventNow: true });
  // The writer batches the events of one event-loop turn into one write (common/sse.ts).
  const writer = new EventStreamWriter(response);
  writer.event(0, {
    conversationId: started.conversationId,
    userMessageId: started.userMessageId,
    assistantMessageId: started.assistantMessageId,
    ...(transcription ? { transcription } : {}),
  });
  const keepAlive = setInterval(() => writer.keepAlive(), KEEP_ALIVE_MS);
  const unsubscribe = started.reply.subscribe((event, offset) => {
    writer.chatEvent(offset, event);
    if (event.done || event.error) writer.end();
  });
  response.on('close', () => {
    clearInterval(keepAlive);
    unsubscribe();
  });
}
