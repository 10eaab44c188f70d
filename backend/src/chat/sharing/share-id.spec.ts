import { isShareId, newShareId } from './share-id';

describe('share ids', () => {
  it('are 22 base64url characters, different each time', () => {
    const ids = new Set(Array.from({ length: 200 }, newShareId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(isShareId(id)).toBe(true);
  });

  it.each([
    '',
    'short',
    'a'.repeat(23),
    'a'.repeat(21) + '=',
    'a'.repeat(21) + '/',
    'a'.repeat(21) + '.',
    42,
  ])('rejects %p', (value) => {
    expect(isShareId(value)).toBe(false);
  });
});
