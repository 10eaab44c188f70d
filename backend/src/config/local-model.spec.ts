import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localModelConfig, localModelId } from './local-model';

/** A file that starts like a GGUF model (the rest is llama.cpp's to check when it loads). */
const ggufLike = (path: string) =>
  writeFileSync(path, Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(28)]));

describe('localModelConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'kasa-local-config-'));
    mkdirSync(join(dataDir, 'models'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('takes LOCAL_MODEL_PATH, named by its file, with defaults for a small machine', () => {
    const path = join(dataDir, 'qwen2.5-1.5b-instruct-q4_k_m.gguf');
    ggufLike(path);
    const { model, problems } = localModelConfig({ LOCAL_MODEL_PATH: path }, dataDir, true);
    expect(problems).toEqual([]);
    expect(model).toMatchObject({
      path,
      id: 'qwen2.5-1.5b-instruct-q4_k_m',
      name: 'qwen2.5-1.5b-instruct-q4_k_m',
      chosenBy: 'LOCAL_MODEL_PATH',
      contextSize: 4096,
      parallel: 1,
      queueMax: 50,
      maxReplyTokens: 1024,
    });
    expect(model!.threads).toBeGreaterThanOrEqual(1);
  });

  it('finds the one model in DATA_DIR/models when no server is set, and names the choice when there are several', () => {
    expect(localModelConfig({}, dataDir, false)).toEqual({ problems: [], notes: [] });
    ggufLike(join(dataDir, 'models', 'one.gguf'));
    writeFileSync(join(dataDir, 'models', 'two.gguf.part'), 'half a download');
    expect(localModelConfig({}, dataDir, false).model).toMatchObject({
      id: 'one',
      chosenBy: 'DATA_DIR/models',
    });
    // An operator who set an OpenAI-compatible server meant it.
    expect(localModelConfig({}, dataDir, true).model).toBeUndefined();
    ggufLike(join(dataDir, 'models', 'two.gguf'));
    const several = localModelConfig({}, dataDir, false);
    expect(several.model).toBeUndefined();
    expect(several.notes).toEqual([
      expect.stringMatching(/2 models in .* \(one\.gguf, two\.gguf\): set LOCAL_MODEL_PATH/),
    ]);
  });

  it('refuses a directory, a missing file and a file that is not GGUF, naming the variable', () => {
    const text = join(dataDir, 'readme.gguf');
    writeFileSync(text, 'not a model');
    expect(localModelConfig({ LOCAL_MODEL_PATH: dataDir }, dataDir, false).problems).toEqual([
      expect.stringMatching(/^LOCAL_MODEL_PATH: .* is not a file/),
    ]);
    expect(
      localModelConfig({ LOCAL_MODEL_PATH: join(dataDir, 'nope.gguf') }, dataDir, false).problems,
    ).toEqual([expect.stringMatching(/^LOCAL_MODEL_PATH: there is no file at .*nope\.gguf/)]);
    expect(localModelConfig({ LOCAL_MODEL_PATH: text }, dataDir, false).problems).toEqual([
      expect.stringMatching(/^LOCAL_MODEL_PATH: .*readme\.gguf is not a GGUF model file/),
    ]);
  });

  it('makes a model id of any file name', () => {
    expect(localModelId('/models/My Model, v2.GGUF')).toBe('My-Model-v2');
  });
});
