import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { CHAT_MESSAGE_MAX_LENGTH, type SpeechLanguageCode, type VoiceTranscript } from '@kasa/contracts';
import { detectAudioType } from '../../ai/audio/audio-type';
import { SPEECH_TO_TEXT, type SpeechToText } from '../../ai/transcription/transcription.port';
import {
  ChatService,
  type RetriedChat,
  type SendChatDto,
  type SpokenMessage,
  type StartedChat,
} from '../../chat';
import { ApiException } from '../../common/api-exception';
import type { ReceivedFile } from '../../common/multipart-file';
import { FilesService } from '../../files';
import {
  ClaimLostError,
  fileSha256,
  type IdempotentClaim,
  IdempotentRequestsService,
  requestHash,
} from '../../idempotent-requests';
import { probeDurationSeconds } from '../../processes/ffmpeg';
import { QueueService } from '../../queue';
import { type ReservedUsage, UsageService } from '../../usage';
import type { User } from '../../users';
import type { Transcript } from '../jobs/voice.job-types';
import { withStoredFileCopy } from '../jobs/stored-audio';
import { speechLanguageFor } from '../speech-language';
import { meteredSeconds } from '../speech-seconds';
import { isJobTimeout, periodStart } from '../job-charges';
import { voiceEngineName } from '../voice-engine-name';
import {
  audioUnreadable,
  nothingHeard,
  recordingEmpty,
  recordingNotFound,
  sttUnavailable,
  turnAudioMissing,
  turnNotAudio,
} from '../voice.errors';
import { TRANSCRIBE_TIMEOUT_MS } from '../voice.service';
import {
  TURN_AUDIO_AND_RECORDING,
  TURN_MESSAGE_NEEDS_RECORDING,
  type VoiceTurnFieldsDto,
} from './dto/voice-turn-fields.dto';
import type { VoiceTurnUpload } from './voice-turn-upload';

export const CONFIRM_WITH_MESSAGE =
  'confirm transcribes the recording: it does not take message (send message without confirm).';

/** The language of a corrected text whose speaker chose `auto`: ISO 639's "undetermined". */
const UNDETERMINED_LANGUAGE = 'und';

/** A recording checked before anything is charged: audio by its bytes, with a length of sound. */
interface CheckedRecording {
  upload: ReceivedFile;
  contentType: string;
  duration: number;
}

/** The recording a turn uses: stored by it, or one of the user's stored earlier (recordingId). */
interface TurnRecording {
  fileId: string;
  contentType: string;
  /** Seconds, as probed before anything was charged. */
  duration: number;
}

/** What a turn records under its key for a successor (IdempotentClaim), step by step. */
interface TurnProgress extends TurnRecording {
  /** The voice.transcribe job, recorded before it is added. */
  jobId: string;
  /** Its seconds, recorded once reserved: given back when the turn then fails (nothing heard, a refused send). */
  seconds: ReservedUsage;
  /** The job's result, recorded as soon as it is read. */
  transcript: Transcript;
}

/** A turn's answer as stored under its key (plain JSON): what was heard, and the send's ids. */
interface StoredTurn {
  transcript: Omit<VoiceTranscript, 'audioUrl'>;
  /** The chat send's ids; null for `confirm`. */
  sent: { conversationId: string; userMessageId: string; assistantMessageId: string } | null;
}

/** A voice turn's answer: the transcript, and (unless `confirm`) the reply to stream. */
export interface VoiceTurnResult {
  transcript: VoiceTranscript;
  /** The reply started, or a repeat's ids (`reply: null`); absent for `confirm`. */
  started?: StartedChat | RetriedChat;
}

/**
 * A spoken turn (POST /api/voice/turns, libs/contracts/src/voice.ts): the recording stored, its
 * seconds charged and transcribed by a voice.transcribe job with the user's language hint, then
 * sent through ChatService.send with the recording on the user message; the reply streams as the
 * chat's. Once per Idempotency-Key: the steps are recorded as they are done (as in VoiceService.
 * transcribe), the send takes the same key (chat_send_keys), and a repeat answers the stored ids.
 */
@Injectable()
export class VoiceTurnsService {
  constructor(
    private readonly queues: QueueService,
    private readonly usage: UsageService,
    private readonly files: FilesService,
    private readonly chat: ChatService,
    private readonly idempotentRequests: IdempotentRequestsService,
    @Inject(SPEECH_TO_TEXT) private readonly stt: SpeechToText,
  ) {}

  /**
   * Checks what costs nothing to check (the fields together, the audio's bytes and length, the
   * engine and the language), then runs the turn once per key. The chat's checks (conversation,
   * parent, model, a message left this month) run in the turn before anything is charged.
   */
  async turn(user: User, upload: VoiceTurnUpload, idempotencyKey?: string): Promise<VoiceTurnResult> {
    const { audio, fields } = upload;
    const confirm = fields.confirm === 'true';
    if (fields.message !== undefined && !fields.recordingId)
      throw validationFailed(TURN_MESSAGE_NEEDS_RECORDING);
    if (confirm && fields.message !== undefined) throw validationFailed(CONFIRM_WITH_MESSAGE);
    if (audio && fields.recordingId) throw validationFailed(TURN_AUDIO_AND_RECORDING);
    if (!audio && !fields.recordingId) throw turnAudioMissing();
    const checked = audio ? await checkRecording(audio) : undefined;
    // A corrected text (`message`) is answered as it is: nothing is transcribed.
    const transcribes = fields.message === undefined;
    let language: SpeechLanguageCode | undefined;
    if (transcribes) {
      if (this.stt.unavailableReason) throw sttUnavailable(this.stt.unavailableReason);
      language = speechLanguageFor(this.stt, fields.language);
    }
    const hash = idempotencyKey
      ? requestHash({
          audio: checked ? await fileSha256(checked.upload.path) : null,
          recordingId: fields.recordingId?.toLowerCase() ?? null,
          message: fields.message ?? null,
          language: fields.language ?? 'auto',
          confirm,
          conversationId: fields.conversationId?.toLowerCase() ?? null,
          parentMessageId: fields.parentMessageId?.toLowerCase() ?? null,
          model: fields.model ?? null,
        })
      : '';
    // The reply started by this request's send (a repeat answers the stored ids instead).
    let started: StartedChat | RetriedChat | undefined;
    const stored = await this.idempotentRequests.run<StoredTurn, TurnProgress>(
      user.id,
      'voice.turn',
      idempotencyKey,
      hash,
      (claim) =>
        this.turnOnce(
          user,
          { fields, checked, transcribes, language, confirm, idempotencyKey },
          claim,
          (sent) => {
            started = sent;
          },
        ),
      // A job still running when the wait ended settles its own seconds: the next request with
      // the key takes the turn over and waits for it.
      { keepClaimOn: (error) => isJobTimeout(error) },
    );
    const transcript: VoiceTranscript = {
      ...stored.transcript,
      audioUrl: this.files.signedUrl({ id: stored.transcript.recordingId }),
    };
    if (confirm || !stored.sent) return { transcript };
    return { transcript, started: started ?? { ...stored.sent, reply: null } };
  }

  /**
   * The turn's steps, each recorded for a successor: the chat's checks (first run only), the
   * recording stored (or the user's stored one found), its seconds reserved and transcribed, then
   * the send. A failure after the seconds were charged gives them back and removes the recording
   * this turn stored, unless the work is left to a successor (a job still running, or a request
   * that took the claim over).
   */
  private async turnOnce(
    user: User,
    turn: {
      fields: VoiceTurnFieldsDto;
      checked?: CheckedRecording;
      transcribes: boolean;
      language?: SpeechLanguageCode;
      confirm: boolean;
      idempotencyKey?: string;
    },
    claim: IdempotentClaim<TurnProgress>,
    onStarted: (started: StartedChat | RetriedChat) => void,
  ): Promise<StoredTurn> {
    const { fields, checked } = turn;
    const earlier = claim.progress;
    let recording: TurnRecording | undefined =
      earlier?.fileId && earlier.contentType && earlier.duration !== undefined
        ? { fileId: earlier.fileId, contentType: earlier.contentType, duration: earlier.duration }
        : undefined;
    let seconds = earlier?.transcript ? earlier.seconds : undefined;
    let transcript = earlier?.transcript;
    try {
      if (!recording) {
        await this.checkTarget(user, fields, turn.confirm);
        recording = checked
          ? await this.storeRecording(user, checked, fields.conversationId)
          : await this.storedRecording(user, fields.recordingId!, turn.transcribes);
        await claim.record(recording);
      }
      if (turn.transcribes && !transcript) {
        const transcribed = await this.transcribe(user, recording, turn.language, earlier, claim);
        transcript = transcribed.transcript;
        seconds = transcribed.seconds;
      }
      if (transcript && !transcript.transcription.trim()) throw nothingHeard();
      const heard: StoredTurn['transcript'] = {
        recordingId: recording.fileId,
        transcription: transcript?.transcription.trim() ?? fields.message!,
        language: transcript?.language ?? hintedLanguage(fields) ?? UNDETERMINED_LANGUAGE,
        duration: recording.duration,
        engine: transcript?.engine ?? voiceEngineName(this.stt),
      };
      if (turn.confirm) return { transcript: heard, sent: null };
      const spoken: SpokenMessage = {
        audioFileId: recording.fileId,
        transcription: heard.transcription,
        transcriptionLanguage: heard.language === UNDETERMINED_LANGUAGE ? null : heard.language,
      };
      const dto: SendChatDto = {
        // A transcription may run past what a typed message may hold: the reply reads its start.
        message: (fields.message ?? heard.transcription).slice(0, CHAT_MESSAGE_MAX_LENGTH),
        ...(fields.conversationId ? { conversationId: fields.conversationId } : {}),
        ...(fields.parentMessageId ? { parentMessageId: fields.parentMessageId } : {}),
        ...(fields.model ? { model: fields.model } : {}),
      };
      const started = await this.chat.send(user, dto, turn.idempotencyKey, spoken);
      onStarted(started);
      const { conversationId, userMessageId, assistantMessageId } = started;
      return { transcript: heard, sent: { conversationId, userMessageId, assistantMessageId } };
    } catch (error) {
      const successorFinishes = error instanceof ClaimLostError || isJobTimeout(error);
      if (!successorFinishes) {
        if (seconds)
          await this.usage.refundAt(user.id, 'voiceMinutesPerMonth', seconds.amount, periodStart(seconds));
        // A recording sent with this turn goes with it; a stored one (recordingId) stays the user's.
        if (recording && checked)
          await this.files.deleteOwned(user.id, recording.fileId).catch(() => undefined);
      }
      throw error;
    }
  }

  /**
   * What the turn will be added to, checked before anything is charged: for a send, the chat's
   * checks (ChatService.assertCanSend: the conversation, the parent, the model and a message
   * left this month); for `confirm`, only that the conversation the recording is kept with is
   * the user's.
   */
  private async checkTarget(user: User, fields: VoiceTurnFieldsDto, confirm: boolean): Promise<void> {
    if (!confirm) return this.chat.assertCanSend(user, fields);
    if (fields.conversationId) await this.chat.assertOwned(user, fields.conversationId);
  }

  /** Stores the recording as the user's (with the conversation, so it is deleted with it). */
  private async storeRecording(
    user: User,
    checked: CheckedRecording,
    conversationId: string | undefined,
  ): Promise<TurnRecording> {
    const file = await this.files.store(user.id, {
      kind: 'recording',
      contentType: checked.contentType,
      body: createReadStream(checked.upload.path),
      originalName: checked.upload.originalName,
      conversationId,
    });
    return { fileId: file.id, contentType: checked.contentType, duration: checked.duration };
  }

  /**
   * One of the user's recordings stored earlier (404 VOICE_RECORDING_NOT_FOUND otherwise), with
   * its length probed again when it is to be transcribed (the seconds charged).
   */
  private async storedRecording(user: User, fileId: string, probe: boolean): Promise<TurnRecording> {
    const found = await this.files.readForJob(user.id, fileId).catch(() => null);
    if (!found) throw recordingNotFound();
    found.object.body.destroy();
    const { file } = found;
    if (!isRecordingKind(file.kind) || !file.contentType.startsWith('audio/')) throw recordingNotFound();
    const duration = probe
      ? await withStoredFileCopy(this.files, user.id, file.id, (path) => probeDurationSeconds(path)).catch(
          () => {
            throw audioUnreadable();
          },
        )
      : 0;
    return { fileId: file.id, contentType: file.contentType, duration };
  }

  /**
   * The recording's seconds reserved and a voice.transcribe job run with the language hint, or,
   * for a successor, the job the earlier request added. From runJob on, the job owns the seconds
   * (it or its worker refunds them if it fails); once it answered, they are the turn's to give back.
   */
  private async transcribe(
    user: User,
    recording: TurnRecording,
    language: SpeechLanguageCode | undefined,
    earlier: Partial<TurnProgress> | null,
    claim: IdempotentClaim<TurnProgress>,
  ): Promise<{ transcript: Transcript; seconds?: ReservedUsage }> {
    const recordTranscript = (transcript: unknown) => claim.record({ transcript: transcript as Transcript });
    if (earlier?.jobId) {
      const resumed = await this.queues.resumeJob('voice.transcribe', earlier.jobId, {
        timeoutMs: TRANSCRIBE_TIMEOUT_MS,
        onResult: recordTranscript,
      });
      if (resumed) return { transcript: resumed, seconds: earlier.seconds };
    }
    const jobId = randomUUID();
    const reservation = await this.usage.reserve(
      user.id,
      'voiceMinutesPerMonth',
      meteredSeconds(recording.duration),
    );
    const seconds = reservation.toJSON();
    try {
      await claim.record({ jobId, seconds });
    } catch (error) {
      await reservation.refund();
      throw error;
    }
    const transcript = await this.queues.runJob(
      'voice.transcribe',
      {
        userId: user.id,
        fileId: recording.fileId,
        contentType: recording.contentType,
        ...(language ? { language } : {}),
      },
      { timeoutMs: TRANSCRIBE_TIMEOUT_MS, reservation, jobId, onResult: recordTranscript },
    );
    return { transcript, seconds };
  }
}

/**
 * The checks of an uploaded recording that charge nothing: some bytes (400
 * VOICE_RECORDING_EMPTY), audio by its bytes (400 VOICE_NOT_AUDIO), a readable length (422
 * VOICE_AUDIO_UNREADABLE) of some sound (400 VOICE_RECORDING_EMPTY).
 */
async function checkRecording(upload: ReceivedFile): Promise<CheckedRecording> {
  if (upload.size === 0) throw recordingEmpty();
  const type = detectAudioType(upload.head);
  if (!type) throw turnNotAudio();
  const duration = await probeDurationSeconds(upload.path).catch(() => {
    throw audioUnreadable();
  });
  if (!(duration > 0)) throw recordingEmpty();
  return { upload, contentType: type.contentType, duration };
}

/** The language the user said they speak, when they named one (not `auto`). */
function hintedLanguage(fields: VoiceTurnFieldsDto): string | undefined {
  return fields.language && fields.language !== 'auto' ? fields.language : undefined;
}

/**
 * A file a user's voice made: a recording (voice turns, a WAV sent to /api/voice/transcribe) or
 * an audio upload sent there (its other formats are stored as 'upload').
 */
function isRecordingKind(kind: string): boolean {
  return kind === 'recording' || kind === 'upload';
}

function validationFailed(message: string): ApiException {
  return new ApiException(HttpStatus.BAD_REQUEST, 'VALIDATION_FAILED', message, [message]);
}
