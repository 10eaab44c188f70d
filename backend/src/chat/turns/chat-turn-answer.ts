import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { VoiceTranscript } from '@kasa/contracts';
import type { User } from '../../users';
import { ReplyStreamService } from '../reply-stream/reply-stream.service';
import { streamStartedReply } from '../reply-stream/started-reply-stream';
import type { RetriedChat, StartedChat } from './reply-starter';

/**
 * Answers a send as the chat's event stream (POST /api/chat's shape) for a feature that sends
 * through ChatService (a voice turn): a reply just started streams from the live task; a retried
 * idempotency key (`reply: null`) streams the first send's reply from its start, live or saved,
 * through the resumable reply service. `transcription` joins the ids event either way.
 */
@Injectable()
export class ChatTurnAnswer {
  constructor(private readonly replyStream: ReplyStreamService) {}

  stream(
    user: User,
    started: StartedChat | RetriedChat,
    response: Response,
    transcription?: VoiceTranscript,
  ): Promise<void> {
    if (started.reply) {
      streamStartedReply(response, started, transcription);
      return Promise.resolve();
    }
    return this.replyStream.streamReply(
      user,
      started.assistantMessageId,
      0,
      response,
      transcription ? { transcription } : {},
    );
  }
}
