import { toLegalSectionMatch } from './legal.repository';

describe('toLegalSectionMatch', () => {
  const row = {
    type: 'fair_use',
    title: '{{APP_NAME}} fair use',
    heading: '  Daily limits ',
    rank: '0.5',
    matched: [1],
    excerpt: 'Each plan has a daily limit',
  };

  it('trims the heading and reads the rank as a number', () => {
    expect(toLegalSectionMatch(row)).toEqual({
      type: 'fair_use',
      title: '{{APP_NAME}} fair use',
      heading: 'Daily limits',
      excerpt: 'Each plan has a daily limit',
      rank: 0.5,
      matchedTerms: [1],
    });
  });

  it('has no heading for the text before the first one, or a blank one', () => {
    expect(toLegalSectionMatch({ ...row, heading: null }).heading).toBeNull();
    expect(toLegalSectionMatch({ ...row, heading: '   ' }).heading).toBeNull();
  });
});
