// Voice mode's loop (docs/product.md#voice) as a store outside React, like the send machine
// (sending/chat-sender.ts): listening → thinking → speaking → listening again, until End.
//
// - One microphone for the whole session (recording/recorder.ts openMicrophone); each listening
//   phase records on it, and the detector (vad/speech-detector.ts), fed its level ~50 times a
//   second, ends the question after a pause. "Send now" ends it early; a long silence starts a
//   new recording without sending anything.
// - The recording is sent as a voice turn through the send machine (ChatSender.sendVoice), so
//   it is stored, charged and answered like one from the composer. The live turn shows what was
//   heard and the reply; thinking lasts until the reply's first chunk.
// - The reply is spoken sentence by sentence as it streams (speech/sentences.ts,
//   speech/speech-queue.ts). Speech over the answer (barge-in, a stricter detector) or a tap
//   silences it at once and listens; the reply itself goes on and is saved. A question asked
//   while that reply is still being written is sent when it ends.
import type { ChatMessage, SpeechLanguageHint } from '@kasa/contracts';
import type { ChatSender, ChatSenderSnapshot, LiveTurn } from '../../sending/chat-sender';
import {
  openMicrophone,
  startRecording,
  type MicrophoneHandle,
  type RecorderHandle,
} from '../recording/recorder';
import type { VoiceRecording } from '../voice-turn';
import { BARGE_IN, LISTENING, SpeechDetector } from '../vad/speech-detector';
import { SentenceSplitter } from '../speech/sentences';
import { SpeechQueue, speechFormat, type SpeechAudio } from '../speech/speech-queue';
import { holdScreenWakeLock } from './wake-lock';

/** How often the microphone's level is read (the detector expects about 50 Hz). */
export const LEVEL_INTERVAL_MS = 20;

export type VoiceModeState = 'listening' | 'thinking' | 'speaking' | 'paused';

/**
 * What went wrong last, shown until the next question: the microphone (a MicrophoneError), the
 * send (the send machine would not take it), the reply (as the send machine kept it:
 * ChatMessage.error / errorCode, which errorText reads), or the speech (an ApiError of POST
 * /api/voice/speak, or a SpeechPlaybackError).
 */
export type VoiceModeProblem =
  | { kind: 'microphone'; cause: unknown }
  | { kind: 'send' }
  | { kind: 'reply'; cause: { error: string | null; code: string | null } }
  | { kind: 'speech'; cause: unknown };

export interface VoiceSessionView {
  state: VoiceModeState;
  /** What the last question was heard as (its transcription). */
  heard: string | null;
  /** The reply being written (markdown), or the last one. */
  reply: string;
  /** Why the last step failed, shown until the next question. */
  problem: VoiceModeProblem | null;
  /** Paused because voice mode cannot listen now (offline, a language not transcribed here). */
  blocked: boolean;
}

export interface VoiceSessionOptions {
  sender: ChatSender;
  model?: string;
  /** "I speak", read at each send. */
  language: () => SpeechLanguageHint;
  /** The finished reply of `turn` as the send machine stored it (it has the last chunks). */
  storedReply: (turn: LiveTurn) => ChatMessage | undefined;
  /** What is said in place of a code block. */
  codeOnScreen: string;
  /** The one element the answers play through. */
  audio: SpeechAudio;
  /** The microphone's level at each reading (for the level ring), outside React's renders. */
  onLevel?: (level: number) => void;
}

/** The turn voice mode sent and is following. */
interface Followed {
  /** The live turn before the send: the next different one is ours. */
  keyBefore: number | null;
  /** Its outbox key, once seen (the same across retries). */
  itemKey: string | null;
  last: LiveTurn | null;
  splitter: SentenceSplitter;
  /** Not spoken any more (interrupted, or speech failed); still shown. */
  muted: boolean;
}

export class VoiceSession {
  private view: VoiceSessionView = { state: 'paused', heard: null, reply: '', problem: null, blocked: false };
  private readonly listeners = new Set<() => void>();

  private microphone: MicrophoneHandle | null = null;
  private opening: Promise<MicrophoneHandle> | null = null;
  private recorder: RecorderHandle | null = null;
  private detector: SpeechDetector | null = null;
  private bargeIn: SpeechDetector | null = null;
  /** The room's noise, as the last detector measured it (the next one starts from it). */
  private floor: number | undefined;
  private speech: SpeechQueue | null = null;
  private followed: Followed | null = null;
  /** A question asked while another reply is still being written: sent when it ends. */
  private waitingRecording: VoiceRecording | null = null;
  /** Bumped by every new listening phase and by End: a late answer of an older one is dropped. */
  private phase = 0;
  private started = false;
  private ended = false;
  private blocked = false;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private unsubscribe: (() => void) | null = null;
  private releaseWakeLock: (() => void) | null = null;

  constructor(private readonly options: VoiceSessionOptions) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): VoiceSessionView => this.view;

  private update(change: Partial<VoiceSessionView>): void {
    this.view = { ...this.view, ...change };
    for (const listener of [...this.listeners]) listener();
  }

  /** Opens the session: the wake lock, the sender's turns, the level readings, then listening. */
  start(): void {
    if (this.started || this.ended) return;
    this.started = true;
    this.releaseWakeLock = holdScreenWakeLock();
    this.unsubscribe = this.options.sender.subscribe(this.onSender);
    this.ticker = setInterval(this.tick, LEVEL_INTERVAL_MS);
    void this.listen();
  }

  /** Voice mode cannot listen now (offline, or the language cannot be transcribed here), or can again. */
  setBlocked(blocked: boolean): void {
    if (this.blocked === blocked) return;
    this.blocked = blocked;
    if (blocked) {
      this.silence();
      this.stopRecording();
      // The microphone is not kept open for nothing (its indicator would stay on).
      this.microphone?.close();
      this.microphone = null;
      this.phase += 1;
      this.update({ state: 'paused', blocked: true });
    } else {
      this.update({ blocked: false });
      if (this.started && this.view.state === 'paused') void this.listen();
    }
  }

  /** The big centre target: send now while listening, interrupt while speaking, retry when paused. */
  tap(): void {
    if (this.view.state === 'listening') this.sendNow();
    else if (this.view.state === 'speaking') this.interrupt();
    else if (this.view.state === 'paused' && !this.blocked) void this.listen();
  }

  /** Ends the question now (before the detector hears the pause). */
  sendNow(): void {
    if (this.view.state === 'listening' && this.recorder) void this.finishQuestion();
  }

  /** Barge-in: the answer stops at once and voice mode listens; the reply goes on on the server. */
  interrupt(): void {
    if (this.view.state !== 'speaking') return;
    this.silence();
    void this.listen();
  }

  /** End: nothing records, plays or holds the screen any more. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.phase += 1;
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    this.unsubscribe?.();
    this.silence();
    this.stopRecording();
    this.microphone?.close();
    this.microphone = null;
    this.waitingRecording = null;
    this.followed = null;
    this.releaseWakeLock?.();
    this.releaseWakeLock = null;
  }

  private async listen(): Promise<void> {
    if (this.ended || this.blocked) return;
    const phase = ++this.phase;
    this.stopRecording();
    this.bargeIn = null;
    this.update({ state: 'listening' });
    try {
      const microphone = await this.microphoneReady();
      if (phase !== this.phase) return;
      const recorder = await startRecording(microphone);
      if (phase !== this.phase) {
        recorder.cancel();
        return;
      }
      this.recorder = recorder;
      this.detector = new SpeechDetector(LISTENING, this.floor);
    } catch (error) {
      if (phase !== this.phase) return;
      this.microphone?.close();
      this.microphone = null;
      this.update({ state: 'paused', problem: { kind: 'microphone', cause: error } });
    }
  }

  /** The session's microphone, opened once (two listening phases in a row share the asking). */
  private microphoneReady(): Promise<MicrophoneHandle> {
    if (this.microphone) return Promise.resolve(this.microphone);
    this.opening ??= openMicrophone().then(
      (microphone) => {
        this.opening = null;
        // Ended or paused while the browser asked: not kept open for nothing.
        if (this.ended || this.blocked) {
          microphone.close();
          throw new Error('voice mode closed');
        }
        this.microphone = microphone;
        return microphone;
      },
      (error: unknown) => {
        this.opening = null;
        throw error;
      },
    );
    return this.opening;
  }

  private stopRecording(): void {
    this.recorder?.cancel();
    this.recorder = null;
    this.detector = null;
  }

  private silence(): void {
    this.speech?.stop();
    this.speech = null;
    this.bargeIn = null;
    if (this.followed) this.followed.muted = true;
  }

  /** One level reading: the detector of the phase decides. */
  private readonly tick = (): void => {
    const microphone = this.microphone;
    if (!microphone) return;
    const level = microphone.level();
    const now = performance.now();
    this.options.onLevel?.(level);
    if (this.view.state === 'listening' && this.detector) {
      const event = this.detector.push(level, now);
      if (event === 'end') void this.finishQuestion();
      else if (event === 'no-speech') {
        // Nobody spoke: a fresh recording, so a question asked later is not minutes of silence.
        this.floor = this.detector.noiseFloor;
        void this.listen();
      }
    } else if (this.view.state === 'speaking' && this.bargeIn) {
      if (this.bargeIn.push(level, now) === 'start') this.interrupt();
    }
  };

  private async finishQuestion(): Promise<void> {
    const recorder = this.recorder;
    if (!recorder) return;
    this.floor = this.detector?.noiseFloor ?? this.floor;
    this.recorder = null;
    this.detector = null;
    const phase = ++this.phase;
    this.update({ state: 'thinking', heard: null, reply: '', problem: null });
    let recording: VoiceRecording;
    try {
      recording = await recorder.stop();
    } catch (error) {
      if (phase !== this.phase) return;
      this.update({ problem: { kind: 'microphone', cause: error } });
      void this.listen();
      return;
    }
    if (phase !== this.phase) return;
    this.waitingRecording = recording;
    this.sendWaiting(this.options.sender.getSnapshot());
  }

  /** Sends the question once no reply is being written (an interrupted one goes on for a while). */
  private sendWaiting(snapshot: ChatSenderSnapshot): void {
    const recording = this.waitingRecording;
    if (!recording || snapshot.pending || this.followed) return;
    this.waitingRecording = null;
    this.followed = {
      keyBefore: snapshot.turn?.key ?? null,
      itemKey: null,
      last: null,
      splitter: new SentenceSplitter(this.options.codeOnScreen),
      muted: false,
    };
    const { model } = this.options;
    const sent = this.options.sender.sendVoice({
      recording,
      language: this.options.language(),
      ...(model ? { model } : {}),
    });
    if (!sent) {
      this.followed = null;
      this.update({ problem: { kind: 'send' } });
      void this.listen();
    }
  }

  private readonly onSender = (): void => {
    if (this.ended) return;
    const snapshot = this.options.sender.getSnapshot();
    const followed = this.followed;
    if (!followed) {
      this.sendWaiting(snapshot);
      return;
    }
    const turn = snapshot.turn;
    const ours =
      turn !== null &&
      turn.kind === 'send' &&
      (followed.itemKey === null ? turn.key !== followed.keyBefore : turn.itemKey === followed.itemKey);
    if (ours) {
      followed.itemKey = turn.itemKey;
      followed.last = turn;
      this.showTurn(followed, turn);
      return;
    }
    // Not started yet, or waiting to be tried again (the connection failed before the server took it).
    if (followed.itemKey === null || snapshot.waiting.some((item) => item.key === followed.itemKey)) return;
    this.followed = null;
    this.turnEnded(followed);
    this.sendWaiting(snapshot);
  };

  private showTurn(followed: Followed, turn: LiveTurn): void {
    const heard = turn.voice?.transcription?.transcription ?? this.view.heard;
    if (heard !== this.view.heard || turn.reply !== this.view.reply)
      this.update({ heard, reply: turn.reply });
    if (followed.muted || !turn.reply) return;
    const sentences = followed.splitter.push(turn.reply);
    this.speak(sentences);
  }

  /** Queues sentences of the followed reply, starting the speech (and speaking) at the first. */
  private speak(sentences: string[]): void {
    if (!this.speech) {
      if (this.view.state !== 'thinking') return;
      const queue: SpeechQueue = new SpeechQueue({
        audio: this.options.audio,
        format: speechFormat(),
        onDrained: () => {
          if (this.speech !== queue) return;
          this.speech = null;
          void this.listen();
        },
        onError: (error) => {
          if (this.speech !== queue) return;
          this.silence();
          this.update({ problem: { kind: 'speech', cause: error } });
          void this.listen();
        },
      });
      this.speech = queue;
      this.bargeIn = new SpeechDetector(BARGE_IN, this.floor);
      this.update({ state: 'speaking' });
    }
    for (const sentence of sentences) this.speech.enqueue(sentence);
  }

  /** The followed turn ended: the rest of the reply is spoken, or what went wrong is said. */
  private turnEnded(followed: Followed): void {
    const last = followed.last;
    const stored = last ? this.options.storedReply(last) : undefined;
    const reply = stored?.content ?? last?.reply ?? '';
    // Never taken by the server (refused: nothing heard, over the quota…): the send machine
    // reports why to the screen (onNotStarted 'voice'); here it was not sent.
    const refused = !last || (last.userMessageId === null && !stored);
    const problem: VoiceModeProblem | null = refused
      ? { kind: 'send' }
      : stored?.status === 'failed'
        ? { kind: 'reply', cause: { error: stored.error ?? null, code: stored.errorCode ?? null } }
        : null;
    this.update({ reply, ...(problem ? { problem } : {}) });
    if (followed.muted) return;
    const rest = followed.splitter.finish(reply);
    if (rest.length) this.speak(rest);
    if (this.speech) this.speech.close();
    else if (this.view.state === 'thinking') void this.listen();
  }
}
