/**
 * An engine's name as the API shows it (results' `engine`, VoiceCapabilities): the model of an
 * OpenAI-compatible server, else the offline engine ('pocketsphinx', 'espeak-ng').
 */
export function voiceEngineName(engine: { engine: string; model?: string }): string {
  return engine.engine === 'openai' && engine.model ? engine.model : engine.engine;
}
