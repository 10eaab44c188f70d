import { join } from 'node:path';
import { Controller, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser, JwtAuthGuard } from '../../auth';
import { ApiChatModelNotAllowed, CHAT_MODEL_UNKNOWN_WHEN, ChatTurnAnswer } from '../../chat';
import { EventStream } from '../../concurrency-limits';
import { APP_CONFIG, type AppConfig } from '../../config';
import {
  ApiErrorResponse,
  ApiOtherErrors,
  ApiSignedIn,
  ApiUsageLimit,
  ApiValidationFailed,
} from '../../docs';
import { ApiIdempotencyKey, IdempotencyKey } from '../../idempotent-requests';
import type { User } from '../../users';
import { VoiceTurnUploadDoc } from './dto/voice-turn-fields.dto';
import { ApiVoiceTurnAnswer } from './dto/voice-turn.responses';
import { withVoiceTurnUpload } from './voice-turn-upload';
import { VoiceTurnsService } from './voice-turns.service';

/** A spoken turn: a recording transcribed and answered like a typed message. Signed in. */
@ApiTags('voice')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('voice/turns')
@UseGuards(JwtAuthGuard)
export class VoiceTurnsController {
  /** Recordings being received (DATA_DIR/uploads), each removed once its request is answered. */
  private readonly uploadDir: string;

  constructor(
    private readonly turns: VoiceTurnsService,
    private readonly answer: ChatTurnAnswer,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.uploadDir = join(config.dataDir, 'uploads');
  }

  /**
   * libs/contracts/src/voice.ts (VOICE_TURNS_PATH). An event stream (held as one of the user's
   * streams from the upload on, so a turn's transcription counts too); everything refused before
   * the stream starts is an ordinary JSON error.
   */
  @Post()
  @EventStream()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: VoiceTurnUploadDoc })
  @ApiVoiceTurnAnswer()
  @ApiValidationFailed(
    `no audio nor recordingId (VOICE_AUDIO_MISSING), the bytes are not audio (VOICE_NOT_AUDIO), the recording is empty or has no length (VOICE_RECORDING_EMPTY), the engine here cannot transcribe the language (VOICE_LANGUAGE_UNSUPPORTED: the message names those it can), message without recordingId, an Idempotency-Key that is not a UUID, or ${CHAT_MODEL_UNKNOWN_WHEN} Nothing is charged.`,
  )
  @ApiErrorResponse(
    404,
    "conversationId, parentMessageId (CHAT_MESSAGE_NOT_FOUND) or recordingId (VOICE_RECORDING_NOT_FOUND) is not the user's; nothing is charged.",
  )
  @ApiChatModelNotAllowed()
  @ApiErrorResponse(413, 'The recording is larger than 50 MB (VOICE_AUDIO_TOO_LARGE).')
  @ApiErrorResponse(
    422,
    'The audio could not be read (VOICE_AUDIO_UNREADABLE), or no words were heard in it (VOICE_NOTHING_HEARD: its seconds are given back).',
  )
  @ApiUsageLimit('messagesPerMonth')
  @ApiErrorResponse(502, 'The transcription engine failed (JOB_FAILED, or the provider refused: AI_* codes).')
  @ApiErrorResponse(
    503,
    'No speech-to-text engine here (STT_UNAVAILABLE), no worker (JOB_NO_WORKER), the transcription took too long (JOB_TIMEOUT: send again with the same key), or the server is restarting.',
  )
  @ApiIdempotencyKey('recording')
  async turn(
    @CurrentUser() user: User,
    @Req() request: Request,
    @IdempotencyKey() idempotencyKey: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    const result = await withVoiceTurnUpload(request, this.uploadDir, (upload) =>
      this.turns.turn(user, upload, idempotencyKey),
    );
    if (!result.started) {
      response.status(200).json(result.transcript);
      return;
    }
    await this.answer.stream(user, result.started, response, result.transcript);
  }
}
