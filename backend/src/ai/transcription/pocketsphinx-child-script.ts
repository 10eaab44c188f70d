/**
 * The program the offline speech-to-text engine keeps running in a child process
 * (`/usr/bin/python3 -I -c`, Debian's python3-pocketsphinx, API 0.1.15): it loads the US English
 * model once (0.4–0.5 s: the 27 MB language model and the dictionary) and then decodes recording
 * after recording (pocketsphinx-child-pool.ts), where pocketsphinx_continuous loaded it again for
 * each one (bench/README.md "Voice turn"). A string constant, not a .py file: the backend's build
 * (tsc -p tsconfig.build.json) writes only the compiled .js to dist/, and copies no other file.
 *
 * argv: the acoustic model folder, the language model, the dictionary.
 * Frames both ways: a 4-byte little-endian length, then the body. In: 16 kHz mono s16le PCM, one
 * recording per frame (never text lines: audio holds every byte). Out: UTF-8 JSON, first
 * {"ready": true} once the model is loaded, then one answer per recording, {"text": "..."} or
 * {"error": "..."}. Exits when its stdin closes (Kasa ended, or retired this child).
 *
 * A recording is decoded as one utterance with full_utt=True (cepstral mean normalization over the
 * whole recording, as for a file): the words the tests expect from pocketsphinx_continuous, which
 * split at silences, come out the same (backend/test/ai-transcription.spec.ts), since the language
 * model's silence and filler words absorb the pauses.
 */
export const POCKETSPHINX_CHILD_SCRIPT = String.raw`
import json, os, random, struct, sys

# The answers get a descriptor of their own; whatever the C library prints goes to stderr.
answers = os.fdopen(os.dup(1), 'wb')
os.dup2(2, 1)
requests = sys.stdin.buffer

def send(message):
    body = json.dumps(message).encode('utf-8')
    answers.write(struct.pack('<I', len(body)) + body)
    answers.flush()

def read_exact(size):
    data = requests.read(size)
    return data if data is not None and len(data) == size else None

from pocketsphinx import Decoder

hmm, lm, dictionary = sys.argv[1:4]
config = Decoder.default_config()
config.set_string('-hmm', hmm)
config.set_string('-lm', lm)
config.set_string('-dict', dictionary)
config.set_string('-logfn', '/dev/null')
decoder = Decoder(config)

def decode(pcm):
    decoder.start_utt()
    decoder.process_raw(pcm, False, True)
    decoder.end_utt()
    hypothesis = decoder.hyp()
    return hypothesis.hypstr.strip() if hypothesis is not None else ''

# The first decode is a third slower than the next ones (measured: 0.79 s against 0.56 s for the
# same 2.8 s recording), silence does not help: a second of noise, decoded here, pays it before
# the first recording.
random.seed(1)
decode(struct.pack('<16000h', *(random.randint(-3000, 3000) for _ in range(16000))))
send({'ready': True})

while True:
    header = read_exact(4)
    if header is None:
        sys.exit(0)
    pcm = read_exact(struct.unpack('<I', header)[0])
    if pcm is None:
        sys.exit(0)
    try:
        send({'text': decode(pcm)})
    except Exception as error:
        send({'error': 'pocketsphinx failed: ' + str(error)})
`;
