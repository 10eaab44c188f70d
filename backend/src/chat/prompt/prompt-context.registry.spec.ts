import { Logger } from '@nestjs/common';
import { ChatPromptContextRegistry } from './prompt-context.registry';
import type { ChatPromptContextSource } from './prompt-context-source';

const source = (name: string, answer: () => Promise<string | null>): ChatPromptContextSource => ({
  name,
  promptContext: jest.fn(answer),
});

describe('ChatPromptContextRegistry', () => {
  it('answers null when no feature registered a source', async () => {
    await expect(new ChatPromptContextRegistry().contextFor('u1')).resolves.toBeNull();
  });

  it("joins the sources' blocks for the user in the order registered, leaving out the empty ones", async () => {
    const registry = new ChatPromptContextRegistry();
    const farm = source('farm', async () => 'About the farm:\n- Crops: maize');
    registry.register(farm);
    registry.register(source('empty', async () => null));
    registry.register(source('blank', async () => '  '));
    registry.register(source('weather', async () => 'Weather:\n- Rain tomorrow'));
    await expect(registry.contextFor('u1')).resolves.toBe(
      'About the farm:\n- Crops: maize\n\nWeather:\n- Rain tomorrow',
    );
    expect(farm.promptContext).toHaveBeenCalledWith('u1');
  });

  it('leaves out a source that fails, with a warning, so the reply still starts', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const registry = new ChatPromptContextRegistry();
    registry.register(source('farm', () => Promise.reject(new Error('connection lost'))));
    await expect(registry.contextFor('u1')).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("'farm'"));
    warn.mockRestore();
  });

  it('refuses a second source under the same name', () => {
    const registry = new ChatPromptContextRegistry();
    registry.register(source('farm', async () => null));
    expect(() => registry.register(source('farm', async () => null))).toThrow(/already registered/);
  });
});
