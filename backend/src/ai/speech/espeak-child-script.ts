/**
 * The program the offline engine keeps running in a child process (`node --input-type=module -e`,
 * with an IPC channel in 'advanced' serialization): eSpeak NG's WebAssembly build is
 * GPL-licensed, so it runs beside Kasa, never linked into it. It loads the WebAssembly module and
 * franc once, then speaks request after request (espeak-child-pool.ts), which saves the ~0.85 s a
 * fresh child took before its first sample (bench/README.md "Voice turn").
 *
 * argv: the file URLs of @echogarden/espeak-ng-emscripten and franc-all (both ESM only).
 * Sends {ready: true} once loaded. Then, per message {id, text, variant, languages: {iso639_3:
 * espeakVoice}, fallback}, answers {id, wav} (a 16-bit mono WAV) with {metadata: {language, voice,
 * samples, sampleRate}}, or {id, error} when a voice or variant is missing: set_voice answers 0
 * even for a voice that does not exist, so both are checked against eSpeak's own lists first.
 * Exits when Kasa disconnects (Kasa ended, or retired this child).
 */
export const ESPEAK_CHILD_SCRIPT = String.raw`
const [espeakUrl, francUrl] = process.argv.slice(1);
const log = (line) => process.stderr.write(line + '\n');
const { franc } = await import(francUrl);
const createModule = (await import(espeakUrl)).default;
const espeak = await createModule({ print: log, printErr: log });
const worker = new espeak.eSpeakNGWorker();
const installed = new Set(worker.list_voices().flatMap((voice) => voice.languages.map((l) => l.name)));
const variants = new Set(espeak.FS.readdir('/usr/share/espeak-ng-data/voices/!v'));

function wavOf(pcm, sampleRate) {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

function speak(request) {
  const detected = franc(request.text, { only: Object.keys(request.languages), minLength: 3 });
  const language = detected in request.languages ? detected : request.fallback;
  const espeakLanguage = request.languages[language];
  if (!installed.has(espeakLanguage)) return { error: 'eSpeak NG has no voice for ' + espeakLanguage };
  if (!variants.has(request.variant)) return { error: 'eSpeak NG has no voice variant ' + request.variant };
  const voice = espeakLanguage + '+' + request.variant;
  if (worker.set_voice(voice) !== 0) return { error: 'eSpeak NG refused the voice ' + voice };
  const pieces = [];
  worker.synthesize(request.text, (samples) => {
    if (samples && samples.length) pieces.push(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
    return 0;
  });
  const pcm = Buffer.concat(pieces);
  const sampleRate = worker.get_samplerate();
  return { wav: wavOf(pcm, sampleRate), metadata: { language, voice, samples: pcm.length / 2, sampleRate } };
}

process.on('disconnect', () => process.exit(0));
process.on('message', (request) => {
  let answer;
  try {
    answer = speak(request);
  } catch (error) {
    answer = { error: 'eSpeak NG failed: ' + (error && error.message ? error.message : String(error)) };
  }
  process.send({ id: request.id, ...answer });
});
process.send({ ready: true });
`;
