import { describeChatModels } from './ai.module';

describe('describeChatModels (the start-up log line)', () => {
  it('names the one model', () => {
    expect(
      describeChatModels([{ id: 'llama3.2', name: 'llama3.2', plans: ['BASIC_PLAN', 'PRO_PLAN'] }]),
    ).toBe('model llama3.2');
  });

  it('lists several models with their names and plans, the default first', () => {
    expect(
      describeChatModels([
        { id: 'llama3.2:3b', name: 'Fast', plans: ['BASIC_PLAN', 'PRO_PLAN'] },
        { id: 'qwen2.5:14b', name: 'Large', plans: ['PRO_PLAN'] },
      ]),
    ).toBe(
      'models llama3.2:3b "Fast" (every plan), qwen2.5:14b "Large" (PRO_PLAN); the first is the default',
    );
  });
});
