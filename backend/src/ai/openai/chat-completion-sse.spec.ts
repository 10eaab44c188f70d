import { APIError } from 'openai';
import { readChatCompletionStream } from './chat-completion-sse';

const encoder = new TextEncoder();

function body(...parts: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
}

const chunk = (content: string) =>
  JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] });

async function read(stream: ReadableStream<Uint8Array>) {
  const texts: string[] = [];
  const iterator = readChatCompletionStream(stream);
  for (;;) {
    const next = await iterator.next();
    if (next.done) return { texts, sawDone: next.value.sawDone };
    texts.push(next.value.choices[0]?.delta?.content ?? '');
  }
}

describe('readChatCompletionStream', () => {
  it('yields each chunk and sees [DONE], across any split of the bytes and line-ending style', async () => {
    const text = `data: ${chunk('Hel')}\r\n\r\n: OPENROUTER PROCESSING\n\ndata:${chunk('lo')}\r\rdata: [DONE]\n\n`;
    for (let cut = 1; cut < text.length; cut += 7) {
      expect(await read(body(text.slice(0, cut), text.slice(cut)))).toEqual({
        texts: ['Hel', 'lo'],
        sawDone: true,
      });
    }
  });

  it('reports a body that ends without [DONE] (a cut stream), keeping a last event without a blank line', async () => {
    expect(await read(body(`data: ${chunk('a')}\n\ndata: ${chunk('b')}`))).toEqual({
      texts: ['a', 'b'],
      sawDone: false,
    });
  });

  it('joins multi-line data and decodes characters split between reads', async () => {
    const bytes = encoder.encode(`data: ${chunk('café ')}\n\n`);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 60));
        controller.enqueue(bytes.slice(60));
        controller.enqueue(encoder.encode('data: {"choices":\ndata: [{"delta":{"content":"ok"}}]}\n\n'));
        controller.close();
      },
    });
    expect((await read(stream)).texts).toEqual(['café ', 'ok']);
  });

  it('throws an error event as the SDK does', async () => {
    await expect(
      read(body(`data: ${chunk('a')}\n\ndata: {"error":{"message":"overloaded"}}\n\n`)),
    ).rejects.toBeInstanceOf(APIError);
  });
});
