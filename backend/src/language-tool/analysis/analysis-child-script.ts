/**
 * The program the analysis runs in a child process (`node --input-type=module -e`), beside the
 * speech engine's (ai/speech/espeak-child-script.ts):
 * - franc-all is ESM only, and the API is CommonJS (Jest's module system cannot load it either);
 * - eSpeak NG's WebAssembly build is GPL-licensed, so it runs beside Kasa, never linked into it.
 * One process does both, so an analysis starts one child at most.
 *
 * argv: the file URLs of franc-all and @echogarden/espeak-ng-emscripten.
 * stdin: JSON {francText, only, minLength, ipaText, voices: {iso639_3: espeakVoice}, ipaFor: [iso],
 *   ipaForFrancTop}: franc ranks `francText` among `only`; eSpeak (loaded only when some IPA is
 *   wanted) transcribes `ipaText` with the voice of each language of `ipaFor`, and of franc's
 *   choice when `ipaForFrancTop` and it has a voice.
 * stdout: JSON {franc: [[code, score]...], ipa: {iso: string}, missing: [iso]}: `missing` are the
 *   languages whose voice eSpeak does not have (set_voice answers non-zero, or it is not listed).
 */
export const ANALYSIS_CHILD_SCRIPT = String.raw`
const [francUrl, espeakUrl] = process.argv.slice(1);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const { francAll } = await import(francUrl);

const franc = request.francText
  ? francAll(request.francText, { only: request.only, minLength: request.minLength }).slice(0, 5)
  : [];
const top = franc[0] && franc[0][0] !== 'und' ? franc[0][0] : null;
const wanted = new Set(request.ipaFor);
if (request.ipaForFrancTop && top && request.voices[top]) wanted.add(top);

const ipa = {};
const missing = [];
if (wanted.size > 0 && request.ipaText) {
  const createModule = (await import(espeakUrl)).default;
  const quiet = () => undefined;
  const espeak = await createModule({ print: quiet, printErr: quiet });
  const worker = new espeak.eSpeakNGWorker();
  const installed = new Set(worker.list_voices().flatMap((voice) => voice.languages.map((l) => l.name)));
  for (const language of wanted) {
    const voice = request.voices[language];
    if (!voice || !installed.has(voice) || worker.set_voice(voice) !== 0) { missing.push(language); continue; }
    const result = worker.synthesize_ipa(request.ipaText);
    if (result.code !== 0) { missing.push(language); continue; }
    // eSpeak separates phonemes with '_' and clauses with new lines.
    ipa[language] = result.ipa.replace(/_/g, '').split('\n').map((line) => line.trim()).filter(Boolean).join(' ');
  }
}
process.stdout.write(JSON.stringify({ franc, ipa, missing }));
`;
