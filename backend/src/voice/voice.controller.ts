import { join } from 'node:path';
import { Body, Controller, Get, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { SpeechResult, TranscriptionResult, VoiceCapabilities } from '@kasa/contracts';
import { Admins, CurrentUser, JwtAuthGuard } from '../auth';
import { HeavyRequest } from '../concurrency-limits';
import { APP_CONFIG, type AppConfig } from '../config';
import { ApiErrorResponse, ApiOtherErrors, ApiSignedIn, ApiUsageLimit, ApiValidationFailed } from '../docs';
import { ApiIdempotencyKey, IdempotencyKey } from '../idempotent-requests';
import type { User } from '../users';
import { withAudioUpload } from './audio-upload';
import { SpeakDto } from './dto/speak.dto';
import { VoiceCapabilitiesDoc } from './dto/voice-capabilities.doc';
import { SpeechResultDoc, TranscribeUploadDoc, TranscriptionResultDoc } from './dto/voice-results.doc';
import { VoiceService } from './voice.service';

/** Text to speech and speech to text. Every route needs a signed-in user. */
@ApiTags('voice')
@ApiSignedIn()
@ApiOtherErrors()
@Controller('voice')
@UseGuards(JwtAuthGuard)
export class VoiceController {
  /** Uploads being received (DATA_DIR/uploads), each removed once its request is answered. */
  private readonly uploadDir: string;

  constructor(
    private readonly voice: VoiceService,
    private readonly admins: Admins,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.uploadDir = join(config.dataDir, 'uploads');
  }

  /**
   * Read before recording: the UI says up front when a language cannot be transcribed here, or
   * that transcription is not available on this server (what to install: administrators only).
   */
  @Get('capabilities')
  @ApiOkResponse({ type: VoiceCapabilitiesDoc })
  capabilities(@CurrentUser() user: User): VoiceCapabilities {
    return this.voice.capabilities(this.admins.isAdmin(user));
  }

  @Post('speak')
  @HeavyRequest('speech')
  @HttpCode(200)
  @ApiOkResponse({ type: SpeechResultDoc })
  @ApiValidationFailed('both conversationId and newConversationId are sent')
  @ApiErrorResponse(
    404,
    "conversationId names no conversation of the user's, or newConversationId is another user's (nothing is charged).",
  )
  @ApiUsageLimit('voiceMinutesPerMonth')
  @ApiErrorResponse(502, 'The speech engine failed (JOB_FAILED, or the provider refused: AI_* codes).')
  @ApiErrorResponse(503, 'No worker is running voice jobs (JOB_NO_WORKER) or it took too long (JOB_TIMEOUT).')
  @ApiErrorResponse(
    507,
    'The audio could not be stored: storage is full (STORAGE_FULL); the seconds are given back.',
  )
  speak(@CurrentUser() user: User, @Body() dto: SpeakDto): Promise<SpeechResult> {
    return this.voice.speak(user, dto);
  }

  @Post('transcribe')
  @HeavyRequest('transcription')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: TranscribeUploadDoc })
  @ApiOkResponse({ type: TranscriptionResultDoc })
  @ApiValidationFailed(
    'no audio file (VOICE_AUDIO_MISSING), another field, a conversationId or newConversationId that is not a UUID, both of them, a language that is not a SpeechLanguageHint, or an Idempotency-Key that is not a UUID (refused before the upload is read); VOICE_LANGUAGE_UNSUPPORTED: the engine here cannot transcribe that language (the message names those it can; nothing is charged)',
  )
  @ApiErrorResponse(
    404,
    "conversationId names no conversation of the user's, or newConversationId is another user's (nothing is charged).",
  )
  @ApiErrorResponse(413, 'The audio file is larger than 50 MB (VOICE_AUDIO_TOO_LARGE).')
  @ApiErrorResponse(
    415,
    'The file is not audio by its bytes (VOICE_NOT_AUDIO), or the body is not multipart.',
  )
  @ApiErrorResponse(422, 'The audio could not be read (VOICE_AUDIO_UNREADABLE).')
  @ApiUsageLimit('audioUploadsPerMonth')
  @ApiErrorResponse(502, 'The transcription engine failed (JOB_FAILED, or the provider refused: AI_* codes).')
  @ApiErrorResponse(
    503,
    'No speech-to-text engine here (STT_UNAVAILABLE names what to install or configure), or no worker (JOB_NO_WORKER).',
  )
  @ApiIdempotencyKey('recording')
  transcribe(
    @CurrentUser() user: User,
    @Req() request: Request,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ): Promise<TranscriptionResult> {
    return withAudioUpload(request, this.uploadDir, (upload) =>
      this.voice.transcribe(user, upload, idempotencyKey),
    );
  }
}
