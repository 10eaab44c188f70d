import type { INestApplicationContext } from '@nestjs/common';
import { SPEECH_TO_TEXT, type SpeechToText } from './transcription.port';

/**
 * Loads the offline speech-to-text model in the background, for the process that runs the
 * voice.transcribe job (main.ts with WORKER_MODE=inline, worker.ts), so its first recording does
 * not wait ~0.9 s for it (bench/README.md "Voice turn"). Called by those entry points only, not
 * at the module's start: the ~100 test applications would each load a model they never use.
 */
export function warmUpSpeechToText(app: INestApplicationContext): void {
  app.get<SpeechToText>(SPEECH_TO_TEXT).warmUp?.();
}
