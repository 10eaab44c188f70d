import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';
import { ChatStreamEventDoc, VoiceTranscriptDoc } from '../../../chat';
import { KEEP_ALIVE_MS } from '../../../common/sse';

/**
 * POST /api/voice/turns' answer: the chat's event stream (as POST /api/chat, its ids event with
 * `transcription`), or, for `confirm=true`, the transcript as JSON.
 */
export function ApiVoiceTurnAnswer(): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(ChatStreamEventDoc, VoiceTranscriptDoc),
    ApiOkResponse({
      description: `Unless confirm=true: a text/event-stream exactly as POST /api/chat answers (\`id: <offset>\` and \`data: {json}\` ChatStreamEvents: the ids at id 0, then \`content\` chunks, then \`{done: true}\` or \`{error}\`; resumable with GET /api/chat/messages/{id}/stream and \`Last-Event-ID\`; \`: keep-alive\` every ${KEEP_ALIVE_MS / 1000} s), its ids event also carrying \`transcription\` (what was heard). With confirm=true: the transcript as JSON, nothing sent to the chat. Failures found before the stream starts are JSON errors.`,
      content: {
        'text/event-stream': {
          schema: { $ref: getSchemaPath(ChatStreamEventDoc) },
          example:
            'id: 0\ndata: {"conversationId":"…","userMessageId":"…","assistantMessageId":"…","transcription":{"recordingId":"…","transcription":"When do I plant maize?","language":"en","duration":2.4,"audioUrl":"…","engine":"whisper-1"}}\n\nid: 5\ndata: {"content":"Plant"}\n\nid: 5\ndata: {"done":true,"conversationId":"…"}\n\n',
        },
        'application/json': { schema: { $ref: getSchemaPath(VoiceTranscriptDoc) } },
      },
    }),
  );
}
