import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Inject, Injectable } from '@nestjs/common';
import type {
  SpeechLanguageCode,
  SpeechResult,
  TranscriptionResult,
  VoiceCapabilities,
} from '@kasa/contracts';
import { detectAudioType } from '../ai/audio/audio-type';
import { probeDurationSeconds } from '../processes/ffmpeg';
import { TEXT_TO_SPEECH, type TextToSpeech } from '../ai/speech/speech.port';
import { SPEECH_TO_TEXT, type SpeechToText } from '../ai/transcription/transcription.port';
import { ChatService } from '../chat';
import { conversationChoiceInvalid } from '../common';
import { FilesService } from '../files';
import {
  ClaimLostError,
  fileSha256,
  type IdempotentClaim,
  IdempotentRequestsService,
  requestHash,
} from '../idempotent-requests';
import { QueueService } from '../queue';
import { type ReservedUsage, UsageService } from '../usage';
import type { User } from '../users';
import type { AudioUpload } from './audio-upload';
import type { SpeakDto } from './dto/speak.dto';
import type { Transcript } from './jobs/voice.job-types';
import { isJobTimeout, periodStart } from './job-charges';
import { estimatedSpeechSeconds, meteredSeconds } from './speech-seconds';
import { parseSpeechLanguageHint, speechLanguageFor } from './speech-language';
import { newConversationIdOf } from './new-conversation-field';
import { voiceEngineName } from './voice-engine-name';
import { audioUnreadable, notAudio, sttUnavailable } from './voice.errors';

/** What the assistant's message says above speech made from the user's text. */
export const SPEECH_CAPTION = 'Spoken audio.';

/** How long a request waits for its job (engines can be slow on long text or audio). */
export const SPEAK_TIMEOUT_MS = 120_000;
export const TRANSCRIBE_TIMEOUT_MS = 180_000;

/** What a transcription leaves to answer it again: the result with the stored file instead of a link. */
type StoredTranscription = Omit<TranscriptionResult, 'audioUrl'> & { fileId: string };

/** The stored upload a transcription job reads. */
interface StoredUpload {
  fileId: string;
  contentType: string;
  /** Seconds, as probed before it was charged. */
  duration: number;
}

/** What a transcription records under its key for a successor (IdempotentClaim). */
interface TranscribeProgress extends StoredUpload {
  /** The upload's charge, recorded with the stored upload: refunded if the work finally fails. */
  upload: ReservedUsage;
  /** The voice.transcribe job, recorded before it is added. */
  jobId: string;
  /** The job's result, recorded as soon as it is read. */
  transcript: Transcript;
}

/**
 * Speech out (POST /api/voice/speak) and speech in (POST /api/voice/transcribe). The engines run
 * in the workers ('voice.*' jobs); this side meters the voice seconds, stores uploads and turns a
 * stored file into a signed link.
 */
@Injectable()
export class VoiceService {
  constructor(
    private readonly queues: QueueService,
    private readonly usage: UsageService,
    private readonly files: FilesService,
    private readonly chat: ChatService,
    private readonly idempotentRequests: IdempotentRequestsService,
    @Inject(SPEECH_TO_TEXT) private readonly stt: SpeechToText & { model?: string },
    @Inject(TEXT_TO_SPEECH) private readonly tts: TextToSpeech & { model?: string },
  ) {}

  /**
   * What the engines configured here can do (GET /api/voice/capabilities). Why transcription is
   * unavailable names what to install or set: only `forAdministrator` gets it.
   */
  capabilities(forAdministrator: boolean): VoiceCapabilities {
    const unavailableReason = this.stt.unavailableReason ?? null;
    return {
      speechToText: {
        available: unavailableReason === null,
        engine: unavailableReason === null ? voiceEngineName(this.stt) : null,
        languages: this.stt.languages ? [...this.stt.languages] : null,
        detectsLanguage: this.stt.detectsLanguage,
        unavailableReason: forAdministrator ? unavailableReason : null,
      },
      textToSpeech: { engine: voiceEngineName(this.tts) },
    };
  }

  /**
   * Reserves an estimate of the seconds (the audio does not exist yet); the job's worker settles
   * it to the real duration before the job completes, whether or not this request still waits
   * (VoiceJobs.speak, WorkerService): the excess goes back; a shortfall is counted too, unless
   * that passes the limit, when the audio is delivered anyway and the overrun left uncounted (the
   * work is done, and the generous estimate keeps such overruns to a few seconds).
   *
   * With a conversation (checked before anything is charged), the text and the speech become its
   * messages; with a new chat's id, they start its conversation (ChatService.startConversation).
   */
  async speak(user: User, dto: SpeakDto): Promise<SpeechResult> {
    const { conversationId, newConversationId } = dto;
    if (conversationId && newConversationId) throw conversationChoiceInvalid();
    if (conversationId) await this.chat.assertOwned(user, conversationId);
    if (newConversationId) await this.chat.assertCanStart(user, newConversationId);
    const estimate = estimatedSpeechSeconds(dto.text);
    const reservation = await this.usage.reserve(user.id, 'voiceMinutesPerMonth', estimate);
    const spoken = await this.queues.runJob(
      'voice.speak',
      { userId: user.id, text: dto.text, voice: dto.voice, format: dto.format },
      { timeoutMs: SPEAK_TIMEOUT_MS, reservation },
    );
    if (newConversationId) {
      await this.chat.startConversation(user, newConversationId, dto.text);
      await this.files.assignToConversation(user.id, spoken.fileId, newConversationId);
    } else if (conversationId) {
      await this.files.assignToConversation(user.id, spoken.fileId, conversationId);
    }
    const joined = conversationId ?? newConversationId;
    if (joined)
      await this.chat.appendMessages(user, joined, [
        { role: 'user', content: dto.text },
        { role: 'assistant', content: SPEECH_CAPTION, audioFileId: spoken.fileId },
      ]);
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
   * With a new chat's id (`newConversationId`), the recording and its transcription start that
   * conversation (ChatService.startConversation).
   */
  async transcribe(user: User, upload: AudioUpload, idempotencyKey?: string): Promise<TranscriptionResult> {
    const newConversationId = newConversationIdOf(upload);
    const hint = parseSpeechLanguageHint(upload.fields?.language);
    // 400 VOICE_LANGUAGE_UNSUPPORTED before anything is charged; without an engine, the 503 says more.
    const language = this.stt.unavailableReason ? undefined : speechLanguageFor(this.stt, hint);
    // The bytes are read again only when a key asks for their hash.
    const hash = idempotencyKey
      ? requestHash({
          audio: await fileSha256(upload.path),
          conversationId: upload.conversationId ?? null,
          // Only when sent: a request without it hashes as before the field existed.
          ...(hint ? { language: hint } : {}),
          ...(newConversationId ? { newConversationId } : {}),
        })
      : '';
    const stored = await this.idempotentRequests.run<StoredTranscription, TranscribeProgress>(
      user.id,
      'voice.transcribe',
      idempotencyKey,
      hash,
      (claim) => this.transcribeOnce(user, upload, language, newConversationId, claim),
      { keepClaimOn: (error, progress) => keepsClaim(error, progress.transcript !== undefined) },
    );
    const { fileId, ...result } = stored;
    return { ...result, audioUrl: this.files.signedUrl({ id: fileId }) };
  }

  /**
   * Checks the upload (audio by its bytes, a readable duration, the user's conversation) before
   * anything is charged, then reserves one upload, stores it, reserves its seconds and has a
   * worker transcribe the stored file. A failure gives the upload back (the job's worker gives
   * the seconds back), unless the work is left to a successor (keepsClaim).
   *
   * Under an Idempotency-Key, each step is recorded as it is done (the stored upload, the job's
   * id before the job is added, the job's result once read), so a request taking over from one
   * whose instance died carries on from there without storing, charging or transcribing again.
   */
  private async transcribeOnce(
    user: User,
    upload: AudioUpload,
    language: SpeechLanguageCode | undefined,
    newConversationId: string | undefined,
    claim: IdempotentClaim<TranscribeProgress>,
  ): Promise<StoredTranscription> {
    const earlier = claim.progress;
    let uploadCharge = earlier?.upload;
    // Once recorded with the stored upload, a successor taking the claim over uses that upload.
    let uploadRecorded = uploadCharge !== undefined;
    let transcriptRecorded = earlier?.transcript !== undefined;
    const recordTranscript = async (transcript: unknown) => {
      await claim.record({ transcript: transcript as Transcript });
      transcriptRecorded = true;
    };
    try {
      let stored: StoredUpload;
      let transcript = earlier?.transcript;
      if (earlier?.fileId && earlier.contentType && earlier.duration !== undefined) {
        stored = { fileId: earlier.fileId, contentType: earlier.contentType, duration: earlier.duration };
        if (!transcript && earlier.jobId)
          transcript = await this.queues.resumeJob('voice.transcribe', earlier.jobId, {
            timeoutMs: TRANSCRIBE_TIMEOUT_MS,
            onResult: recordTranscript,
          });
      } else {
        const type = detectAudioType(upload.head);
        if (!type) throw notAudio();
        if (this.stt.unavailableReason) throw sttUnavailable(this.stt.unavailableReason);
        const duration = await probeDurationSeconds(upload.path).catch(() => {
          throw audioUnreadable();
        });
        // The conversation's owner is checked before anything is charged (404 otherwise).
        if (upload.conversationId) await this.chat.assertOwned(user, upload.conversationId);
        if (newConversationId) await this.chat.assertCanStart(user, newConversationId);

        uploadCharge = (await this.usage.reserve(user.id, 'audioUploadsPerMonth', 1)).toJSON();
        const file = await this.files.store(user.id, {
          kind: type.container === 'wav' ? 'recording' : 'upload',
          contentType: type.contentType,
          body: createReadStream(upload.path),
          originalName: upload.originalName,
          conversationId: upload.conversationId,
        });
        stored = { fileId: file.id, contentType: type.contentType, duration };
        await claim.record({ ...stored, upload: uploadCharge });
        uploadRecorded = true;
      }
      if (!transcript) {
        // No job yet, or it failed (its worker gave its seconds back): one for the stored upload.
        const jobId = randomUUID();
        await claim.record({ jobId });
        // From runJob on, the job owns the seconds: runJob or its worker refunds them if it fails.
        const secondsReservation = await this.usage.reserve(
          user.id,
          'voiceMinutesPerMonth',
          meteredSeconds(stored.duration),
        );
        transcript = await this.queues.runJob(
          'voice.transcribe',
          {
            userId: user.id,
            fileId: stored.fileId,
            contentType: stored.contentType,
            ...(language ? { language } : {}),
          },
          {
            timeoutMs: TRANSCRIBE_TIMEOUT_MS,
            reservation: secondsReservation,
            jobId,
            onResult: recordTranscript,
          },
        );
      }
      if (newConversationId) {
        // Started only now, so a failed transcription leaves no empty conversation behind; the
        // recording, stored before it existed, then goes with it when it is deleted.
        await this.chat.startConversation(user, newConversationId, transcript.transcription);
        await this.files.assignToConversation(user.id, stored.fileId, newConversationId);
      }
      const joined = upload.conversationId ?? newConversationId;
      if (joined)
        // Once per recording: the request that stored it may have added it before its instance died.
        await this.chat.appendMessagesOnce(user, joined, stored.fileId, [
          {
            role: 'user',
            content: transcript.transcription,
            audioFileId: stored.fileId,
            transcription: transcript.transcription,
          },
        ]);
      return {
        transcription: transcript.transcription,
        language: transcript.language,
        duration: stored.duration,
        fileId: stored.fileId,
        engine: transcript.engine,
      };
    } catch (error) {
      // A successor (this key's next request, or the one that took over) finishes with the upload.
      const successorFinishes =
        uploadRecorded && (error instanceof ClaimLostError || keepsClaim(error, transcriptRecorded));
      if (uploadCharge && !successorFinishes)
        await this.usage.refundAt(
          user.id,
          'audioUploadsPerMonth',
          uploadCharge.amount,
          periodStart(uploadCharge),
        );
      throw error;
    }
  }
}

/**
 * Whether a failed transcription leaves its work to the next request with its key: a job still
 * running when the wait ended (it settles its seconds itself and keeps the upload), or a
 * transcript already read and recorded (charged; only its message and answer are left).
 */
function keepsClaim(error: unknown, transcriptRecorded: boolean): boolean {
  return transcriptRecorded || isJobTimeout(error);
}
