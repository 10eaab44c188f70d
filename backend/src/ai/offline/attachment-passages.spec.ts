import { attachmentPassages, MAX_PASSAGE_CHARS, splitPassages } from './attachment-passages';
import { composeOfflineAnswerWithAttachments } from './offline-advisor.model';

const plan = {
  name: 'plan.txt',
  mimeType: 'text/plain',
  text: 'About our cooperative.\n\nApply NPK fertiliser two weeks after sowing.\n\nMarket day is Tuesday.',
};

describe('attachment passages (offline advisor)', () => {
  it('picks the passages containing the question terms, best first, citing the file', () => {
    expect(attachmentPassages('When do I apply fertiliser?', [plan], 3)).toEqual([
      { name: 'plan.txt', excerpt: 'Apply NPK fertiliser two weeks after sowing.', matched: 2 },
    ]);
  });

  it("quotes each file's beginning when nothing matches, and skips files without text", () => {
    const image = { name: 'leaf.png', mimeType: 'image/png', text: null };
    expect(attachmentPassages('Summarise this', [image, plan], 3)).toEqual([
      { name: 'plan.txt', excerpt: 'About our cooperative.', matched: 0 },
    ]);
  });

  it('cuts long paragraphs at sentence ends', () => {
    const long = 'A sentence about maize. '.repeat(60);
    const pieces = splitPassages(long);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(MAX_PASSAGE_CHARS);
  });

  it('answers with what it cannot see, then the files, then other sources', () => {
    const answer = composeOfflineAnswerWithAttachments(
      'en',
      'Kasa',
      { passages: attachmentPassages('fertiliser', [plan], 3), unseen: ['leaf.png'] },
      [{ source: 'legal', title: 'Pricing', excerpt: 'Pro costs 4 USD.', rank: 0.5, matchedTerms: [0] }],
      [],
    );
    expect(answer.startsWith('You attached "leaf.png"')).toBe(true);
    const order = ['"leaf.png"', 'cannot see images', '**plan.txt**', 'Pricing'];
    const at = order.map((text) => answer.indexOf(text));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });
});
