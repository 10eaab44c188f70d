import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderWebManifest } from './web-manifest';

const template = readFileSync(join(__dirname, '../../../frontend-shell/public/manifest.json'), 'utf8');

describe('renderWebManifest', () => {
  it('puts the configured app name in name, short_name and the description', () => {
    const manifest = JSON.parse(renderWebManifest(template, 'Shamba'));
    expect(manifest.name).toBe('Shamba');
    expect(manifest.short_name).toBe('Shamba');
    expect(manifest.description).toMatch(/^Shamba: /);
    expect(manifest.description).not.toContain('Kasa');
  });

  it("keeps the build's icons, colours and start URL", () => {
    const built = JSON.parse(template);
    const manifest = JSON.parse(renderWebManifest(template, 'Shamba'));
    for (const key of ['icons', 'theme_color', 'background_color', 'display', 'start_url', 'scope', 'id']) {
      expect(manifest[key]).toEqual(built[key]);
    }
  });

  it('rejects a template that is not JSON (a broken build must not be served as a manifest)', () => {
    expect(() => renderWebManifest('<html>', 'Kasa')).toThrow();
  });
});
