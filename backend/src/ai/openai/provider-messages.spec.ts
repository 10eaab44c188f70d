import { hasImageParts, toProviderMessages } from './openai-chat.model';
import type { ChatModelMessage } from '../chat-model.port';

const withImage: ChatModelMessage[] = [
  { role: 'system', content: 'rules' },
  {
    role: 'user',
    content: [
      { type: 'text', text: 'What is this?' },
      { type: 'text', text: '<<<FILE leaf.png (image, shown below)\nFILE>>>' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,AA==' }, name: 'leaf.png' },
    ],
  },
];

describe('toProviderMessages', () => {
  it('sends text-only parts as one string (text models refuse content arrays)', () => {
    expect(
      toProviderMessages([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        },
      ]),
    ).toEqual([{ role: 'user', content: 'a\n\nb' }]);
    expect(hasImageParts([{ role: 'user', content: 'a' }])).toBe(false);
  });

  it('sends images as image_url parts, without our own fields', () => {
    expect(hasImageParts(withImage)).toBe(true);
    expect(toProviderMessages(withImage)[1]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        { type: 'text', text: '<<<FILE leaf.png (image, shown below)\nFILE>>>' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,AA==' } },
      ],
    });
  });

  it('replaces the images by a sentence naming them for a model that refused them', () => {
    const [, user] = toProviderMessages(withImage, true);
    expect(typeof user.content).toBe('string');
    expect(user.content).toMatch(/^What is this\?\n\n/);
    expect(user.content).toMatch(/attached an image \(leaf\.png\), but this model cannot see images/);
  });
});
