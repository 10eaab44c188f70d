// A tiny llama-architecture GGUF model with seeded random weights (about 230 KB), written by the
// tests themselves: the local chat model's real loading, streaming, stop, line and error paths run
// with no model download. Its replies are random tokens; only their flow is tested.
import { writeFileSync } from 'node:fs';

const GGUF_MAGIC = 0x46554747; // 'GGUF', little-endian
const GGUF_VERSION = 3;
const ALIGNMENT = 32;
const GGML_TYPE_F32 = 0;

/** GGUF metadata value types. */
const enum ValueType {
  Uint32 = 4,
  Int32 = 5,
  Float32 = 6,
  Bool = 7,
  String = 8,
  Array = 9,
}

/** llama.cpp's token types. */
const TOKEN = { normal: 1, unknown: 2, control: 3, byte: 6 } as const;

const CHATML_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

const WORDS = (
  'the a and of to in is it you that for on with was are be at not from have what when where how why ' +
  'yes no hello world good day maize beans rain farm plant water le la les un une et est de je bonjour merci'
).split(' ');

/** mulberry32: a small seeded generator of floats in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A SentencePiece vocabulary: <unk>, <s>, </s>, the 256 byte tokens (the fallback for any text),
 * ChatML's two control tokens, then letters and every prefix of each word (SentencePiece merges
 * two pieces only into a piece of the vocabulary).
 */
function vocabulary() {
  const tokens = ['<unk>', '<s>', '</s>'];
  const types: number[] = [TOKEN.unknown, TOKEN.control, TOKEN.control];
  for (let byte = 0; byte < 256; byte += 1) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(TOKEN.byte);
  }
  for (const control of ['<|im_start|>', '<|im_end|>']) {
    tokens.push(control);
    types.push(TOKEN.control);
  }
  const pieces = new Set(['▁']);
  for (const character of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,!?') {
    pieces.add(character);
    pieces.add(`▁${character}`);
  }
  for (const word of WORDS)
    for (let end = 2; end <= word.length + 1; end += 1) pieces.add(`▁${word}`.slice(0, end));
  const scores = tokens.map(() => 0);
  let index = 0;
  for (const piece of pieces) {
    tokens.push(piece);
    types.push(TOKEN.normal);
    // Longer pieces merge first.
    scores.push(-1000 + piece.length * 10 - index++ * 1e-3);
  }
  return { tokens, types, scores };
}

class ByteWriter {
  private readonly chunks: Buffer[] = [];
  length = 0;

  push(buffer: Buffer): void {
    this.chunks.push(buffer);
    this.length += buffer.length;
  }
  private fixed(size: number, write: (buffer: Buffer) => void): void {
    const buffer = Buffer.alloc(size);
    write(buffer);
    this.push(buffer);
  }
  u32(value: number): void {
    this.fixed(4, (b) => b.writeUInt32LE(value));
  }
  i32(value: number): void {
    this.fixed(4, (b) => b.writeInt32LE(value));
  }
  u64(value: number): void {
    this.fixed(8, (b) => b.writeBigUInt64LE(BigInt(value)));
  }
  f32(value: number): void {
    this.fixed(4, (b) => b.writeFloatLE(value));
  }
  string(value: string): void {
    const bytes = Buffer.from(value, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad(): void {
    const rest = this.length % ALIGNMENT;
    if (rest) this.push(Buffer.alloc(ALIGNMENT - rest));
  }
  value(type: ValueType, value: unknown, itemType?: ValueType): void {
    if (type === ValueType.Uint32) this.u32(value as number);
    else if (type === ValueType.Int32) this.i32(value as number);
    else if (type === ValueType.Float32) this.f32(value as number);
    else if (type === ValueType.Bool) this.push(Buffer.from([value ? 1 : 0]));
    else if (type === ValueType.String) this.string(value as string);
    else {
      const items = value as unknown[];
      this.u32(itemType!);
      this.u64(items.length);
      for (const item of items) this.value(itemType!, item);
    }
  }
  toBuffer(): Buffer {
    return Buffer.concat(this.chunks, this.length);
  }
}

export interface TinyGgufOptions {
  seed?: number;
  layers?: number;
  /** The model's training context (what the context size is capped at). */
  contextLength?: number;
}

/** The GGUF bytes of a tiny random llama model with a ChatML chat template. */
export function tinyGguf({ seed = 42, layers = 2, contextLength = 8192 }: TinyGgufOptions = {}): Buffer {
  const embedding = 32;
  const feedForward = 64;
  const heads = 4;
  const vocab = vocabulary();
  const next = random(seed);
  const weights = (count: number) => Float32Array.from({ length: count }, () => (next() * 2 - 1) * 0.1);
  const ones = (count: number) => new Float32Array(count).fill(1);

  // GGUF lists dimensions innermost first.
  const tensors: { name: string; dims: number[]; data: Float32Array }[] = [
    {
      name: 'token_embd.weight',
      dims: [embedding, vocab.tokens.length],
      data: weights(embedding * vocab.tokens.length),
    },
  ];
  for (let layer = 0; layer < layers; layer += 1) {
    const block = (name: string, dims: number[], data: Float32Array) =>
      tensors.push({ name: `blk.${layer}.${name}.weight`, dims, data });
    block('attn_norm', [embedding], ones(embedding));
    for (const name of ['attn_q', 'attn_k', 'attn_v', 'attn_output'])
      block(name, [embedding, embedding], weights(embedding * embedding));
    block('ffn_norm', [embedding], ones(embedding));
    block('ffn_gate', [embedding, feedForward], weights(embedding * feedForward));
    block('ffn_up', [embedding, feedForward], weights(embedding * feedForward));
    block('ffn_down', [feedForward, embedding], weights(feedForward * embedding));
  }
  tensors.push(
    { name: 'output_norm.weight', dims: [embedding], data: ones(embedding) },
    {
      name: 'output.weight',
      dims: [embedding, vocab.tokens.length],
      data: weights(embedding * vocab.tokens.length),
    },
  );

  const metadata: [string, ValueType, unknown, ValueType?][] = [
    ['general.architecture', ValueType.String, 'llama'],
    ['general.name', ValueType.String, 'kasa-test-tiny'],
    ['general.alignment', ValueType.Uint32, ALIGNMENT],
    ['general.file_type', ValueType.Uint32, 0],
    ['llama.context_length', ValueType.Uint32, contextLength],
    ['llama.embedding_length', ValueType.Uint32, embedding],
    ['llama.block_count', ValueType.Uint32, layers],
    ['llama.feed_forward_length', ValueType.Uint32, feedForward],
    ['llama.attention.head_count', ValueType.Uint32, heads],
    ['llama.attention.head_count_kv', ValueType.Uint32, heads],
    ['llama.attention.layer_norm_rms_epsilon', ValueType.Float32, 1e-5],
    ['llama.rope.dimension_count', ValueType.Uint32, embedding / heads],
    ['llama.rope.freq_base', ValueType.Float32, 10000],
    ['llama.vocab_size', ValueType.Uint32, vocab.tokens.length],
    ['tokenizer.ggml.model', ValueType.String, 'llama'],
    ['tokenizer.ggml.tokens', ValueType.Array, vocab.tokens, ValueType.String],
    ['tokenizer.ggml.scores', ValueType.Array, vocab.scores, ValueType.Float32],
    ['tokenizer.ggml.token_type', ValueType.Array, vocab.types, ValueType.Int32],
    ['tokenizer.ggml.unknown_token_id', ValueType.Uint32, 0],
    ['tokenizer.ggml.bos_token_id', ValueType.Uint32, 1],
    ['tokenizer.ggml.eos_token_id', ValueType.Uint32, 2],
    ['tokenizer.ggml.add_bos_token', ValueType.Bool, true],
    ['tokenizer.ggml.add_eos_token', ValueType.Bool, false],
    ['tokenizer.chat_template', ValueType.String, CHATML_TEMPLATE],
  ];

  const out = new ByteWriter();
  out.u32(GGUF_MAGIC);
  out.u32(GGUF_VERSION);
  out.u64(tensors.length);
  out.u64(metadata.length);
  for (const [key, type, value, itemType] of metadata) {
    out.string(key);
    out.u32(type);
    out.value(type, value, itemType);
  }
  let offset = 0;
  for (const tensor of tensors) {
    out.string(tensor.name);
    out.u32(tensor.dims.length);
    for (const dim of tensor.dims) out.u64(dim);
    out.u32(GGML_TYPE_F32);
    out.u64(offset);
    offset += Math.ceil(tensor.data.byteLength / ALIGNMENT) * ALIGNMENT;
  }
  out.pad();
  for (const tensor of tensors) {
    out.push(Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
    out.pad();
  }
  return out.toBuffer();
}

/** Writes the tiny model to `path`; returns its size in bytes. */
export function writeTinyGguf(path: string, options?: TinyGgufOptions): number {
  const bytes = tinyGguf(options);
  writeFileSync(path, bytes);
  return bytes.length;
}
