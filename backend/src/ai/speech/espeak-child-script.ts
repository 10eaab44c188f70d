/**
 * The program the offline engine runs in a child process (`node --input-type=module -e`): eSpeak
 * NG's WebAssembly build is GPL-licensed, so it runs beside Kasa, never linked into it.
 *
 * argv: the file URLs of @echogarden/espeak-ng-emscripten and franc-all (both ESM only).
 * stdin: JSON {text, variant, languages: {iso639_3: espeakVoice}, fallback}.
 * stdout: a 16-bit mono WAV. Last stderr line: "KASA_SPEECH {language, voice, samples, sampleRate}".
 * Exit code 3 with a message on stderr when a voice or variant is missing: set_voice answers 0
 * even for a voice that does not exist, so both are checked against eSpeak's own lists first.
 */
export const ESPEAK_CHILD_SCRIPT = String.raw`
const [espeakUrl, francUrl] = process.argv.slice(1);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const { franc } = await import(francUrl);
const createModule = (await import(espeakUrl)).default;
const log = (line) => process.stderr.write(line + '\n');
const espeak = await createModule({ print: log, printErr: log });
const worker = new espeak.eSpeakNGWorker();
const fail = (message) => { log(message); process.exit(3); };

const detected = franc(request.text, { only: Object.keys(request.languages), minLength: 3 });
const language = detected in request.languages ? detected : request.fallback;
const espeakLanguage = request.languages[language];
const installed = new Set(worker.list_voices().flatMap((voice) => voice.languages.map((l) => l.name)));
if (!installed.has(espeakLanguage)) fail('eSpeak NG has no voice for ' + espeakLanguage);
const variants = new Set(espeak.FS.readdir('/usr/share/espeak-ng-data/voices/!v'));
if (!variants.has(request.variant)) fail('eSpeak NG has no voice variant ' + request.variant);
const voice = espeakLanguage + '+' + request.variant;
if (worker.set_voice(voice) !== 0) fail('eSpeak NG refused the voice ' + voice);

const pieces = [];
worker.synthesize(request.text, (samples) => {
  if (samples && samples.length) pieces.push(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
  return 0;
});
const pcm = Buffer.concat(pieces);
const sampleRate = worker.get_samplerate();
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
process.stdout.write(Buffer.concat([header, pcm]), () => {
  log('KASA_SPEECH ' + JSON.stringify({ language, voice, samples: pcm.length / 2, sampleRate }));
});
`;
