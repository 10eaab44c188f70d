import { exportContentDisposition, titleSlug } from './export-filename';

describe('titleSlug', () => {
  it.each([
    ['Maize spacing', 'maize-spacing'],
    ['Récolte du maïs — quand ?', 'recolte-du-mais-quand'],
    ['  "Quotes" & <tags>/..\\ ', 'quotes-tags'],
    ['玉米', 'conversation'],
    ['🌽', 'conversation'],
    ['', 'conversation'],
  ])('%p → %p', (title, slug) => {
    expect(titleSlug(title)).toBe(slug);
  });

  it('is at most 60 characters and never ends with a dash', () => {
    const slug = titleSlug(`${'word '.repeat(30)}`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('exportContentDisposition', () => {
  it('names the download after the title, with the format extension', () => {
    expect(exportContentDisposition('Maize spacing', 'markdown')).toBe(
      'attachment; filename="maize-spacing.md"',
    );
    expect(exportContentDisposition('Maize spacing', 'json')).toBe(
      'attachment; filename="maize-spacing.json"',
    );
  });
});
