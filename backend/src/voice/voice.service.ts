import { createReadStream } from 'node:fs';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { SpeechResult, TranscriptionResult } from '@kasa/contracts';
import { detectAudioType } from '../ai/audio/audio-type';
import { probeDurationSeconds } from '../ai/audio/ffmpeg';
import { SPEECH_TO_TEXT, type SpeechToText } from '../ai/transcription/transcription.port';
import { ChatService } from '../chat';
import { ApiException } from '../common/api-exception';
import { FilesService } from '../files';
import { fileSha256, IdempotentRequestsService, requestHash } from '../idempotent-requests';
import { QueueService } from '../queue';
import { type Reservation, UsageLimitExceededException, UsageService } from '../usage';
import type { User } from '../users';
import type { AudioUpload } from './audio-upload';
import type { SpeakDto } from './dto/speak.dto';
import { estimatedSpeechSeconds, meteredSeconds } from './speech-seconds';

/** How long a request waits for its job (engines can be slow on long text or audio). */
export const SPEAK_TIMEOUT_MS = 120_000;
export const TRANSCRIBE_TIMEOUT_MS = 180_000;

export const NOT_AUDIO =
  'Please select an audio file (WAV, MP3, Ogg, FLAC, M4A, WebM or AAC): this file is not audio.';
export const AUDIO_UNREADABLE = 'This audio could not be read. Please try another recording.';

/** What a transcription leaves to answer it again: the result with the stored file instead of a link. */
type StoredTranscription = Omit<TranscriptionResult, 'audioUrl'> & { fileId: string };

/**
 * Speech out (POST /api/voice/speak) and speech in (POST /api/voice/transcribe). The engines run
 * in the workers ('voice.*' jobs); this side meters the voice seconds, stores uploads and turns a
 * stored file into a signed link.
 */
@Injectable()
export class VoiceService {
  private readonly logger = new Logger(VoiceService.name);

  constructor(
    private readonly queues: QueueService,
    private readonly usage: UsageService,
    private readonly files: FilesService,
    private readonly chat: ChatService,
    private readonly idempotentRequests: IdempotentRequestsService,
    @Inject(SPEECH_TO_TEXT) private readonly stt: SpeechToText,
  ) {}

  /**
   * Reserves an estimate of the seconds (the audio does not exist yet), then settles to the real
   * duration: the excess goes back; a shortfall is reserved too, and when that passes the limit
   * the audio is delivered anyway and the overrun left uncounted (the work is done, and the
   * generous estimate keeps such overruns to a few seconds).
   */
  async speak(user: User, dto: SpeakDto): Promise<SpeechResult> {
    const estimate = estimatedSpeechSeconds(dto.text);
    const reservation = await this.usage.reserve(user.id, 'voiceMinutesPerMonth', estimate);
    const spoken = await this.queues.runJob(
      'voice.speak',
      { userId: user.id, text: dto.text, voice: dto.voice, format: dto.format },
      { timeoutMs: SPEAK_TIMEOUT_MS, reservation },
    );
    await this.settle(reservation, meteredSeconds(spoken.duration));
    return {
      audioUrl: this.files.signedUrl({ id: spoken.fileId }),
      voice: dto.voice,
      format: dto.format,
      text: dto.text,
      engine: spoken.engine,
      duration: spoken.duration,
    };
  }

  /**
   * Transcribes an upload, once per Idempotency-Key: a retry with the same bytes (and
   * conversation) answers the stored transcription with its link signed anew, charging nothing.
   */
  async transcribe(user: User, upload: AudioUpload, idempotencyKey?: string): Promise<TranscriptionResult> {
    // The bytes are read again only when a key asks for their hash.
    const hash = idempotencyKey
      ? requestHash({ audio: await fileSha256(upload.path), conversationId: upload.conversationId ?? null })
      : '';
    const stored = await this.idempotentRequests.run(user.id, 'voice.transcribe', idempotencyKey, hash, () =>
      this.transcribeOnce(user, upload),
    );
    const { fileId, ...result } = stored;
    return { ...result, audioUrl: this.files.signedUrl({ id: fileId }) };
  }

  /**
   * Checks the upload (audio by its bytes, a readable duration, the user's conversation) before
   * anything is charged, then reserves one upload and its seconds, stores it and has a worker
   * transcribe the stored file. Any failure after the reservation gives both back.
   */
  private async transcribeOnce(user: User, upload: AudioUpload): Promise<StoredTranscription> {
    const type = detectAudioType(upload.head);
    if (!type) throw new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'VOICE_NOT_AUDIO', NOT_AUDIO);
    if (this.stt.unavailableReason)
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'STT_UNAVAILABLE', this.stt.unavailableReason);
    const duration = await probeDurationSeconds(upload.path).catch(() => {
      throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VOICE_AUDIO_UNREADABLE', AUDIO_UNREADABLE);
    });
    // The conversation's owner is checked before anything is charged (404 otherwise).
    if (upload.conversationId) await this.chat.assertOwned(user, upload.conversationId);

    const uploadReservation = await this.usage.reserve(user.id, 'audioUploadsPerMonth', 1);
    // From runJob on, the job owns the seconds: its worker refunds them if it fails.
    let secondsOwnedByJob = false;
    let secondsReservation: Reservation | undefined;
    try {
      secondsReservation = await this.usage.reserve(
        user.id,
        'voiceMinutesPerMonth',
        meteredSeconds(duration),
      );
      const file = await this.files.store(user.id, {
        kind: type.container === 'wav' ? 'recording' : 'upload',
        contentType: type.contentType,
        body: createReadStream(upload.path),
        originalName: upload.originalName,
        conversationId: upload.conversationId,
      });
      secondsOwnedByJob = true;
      const transcript = await this.queues.runJob(
        'voice.transcribe',
        { userId: user.id, fileId: file.id, contentType: type.contentType },
        { timeoutMs: TRANSCRIBE_TIMEOUT_MS, reservation: secondsReservation },
      );
      if (upload.conversationId)
        await this.chat.appendMessages(user, upload.conversationId, [
          {
            role: 'user',
            content: transcript.transcription,
            audioFileId: file.id,
            transcription: transcript.transcription,
          },
        ]);
      return {
        transcription: transcript.transcription,
        language: transcript.language,
        duration,
        fileId: file.id,
        engine: transcript.engine,
      };
    } catch (error) {
      // A job still running when the wait ended settles its seconds itself and keeps the upload.
      if (!isJobTimeout(error))
        await Promise.all([
          uploadReservation.refund(),
          secondsOwnedByJob ? undefined : secondsReservation?.refund(),
        ]);
      throw error;
    }
  }

  private async settle(reservation: Reservation, seconds: number): Promise<void> {
    const { userId, amount } = reservation;
    if (seconds < amount) {
      await this.usage.refundAt(userId, 'voiceMinutesPerMonth', amount - seconds, periodStart(reservation));
    } else if (seconds > amount) {
      try {
        await this.usage.reserve(userId, 'voiceMinutesPerMonth', seconds - amount);
      } catch (error) {
        if (!(error instanceof UsageLimitExceededException)) throw error;
        this.logger.warn(
          `Speech for user ${userId} passed the voice limit by ${seconds - amount} s (not counted).`,
        );
      }
    }
  }
}

function periodStart(reservation: Reservation): Date {
  return new Date(`${reservation.period}T00:00:00Z`);
}

function isJobTimeout(error: unknown): boolean {
  return error instanceof ApiException && (error.getResponse() as { code?: string }).code === 'JOB_TIMEOUT';
}
