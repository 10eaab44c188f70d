import { readInlineRuntimeConfig } from './runtime-config';

describe('readInlineRuntimeConfig', () => {
  const page = (html: string) => new DOMParser().parseFromString(html, 'text/html');

  test('reads the JSON block the server inlines into index.html', () => {
    const doc = page(
      `<head><script id="kasa-runtime-config" type="application/json">${JSON.stringify({
        appName: 'Shamba',
        assistantName: 'Mkulima',
        remotes: {
          chat: '/remotes/chat/mf-manifest.json',
          studio: '/remotes/studio/mf-manifest.json',
          billing: '/remotes/billing/mf-manifest.json',
          account: '/remotes/account/mf-manifest.json',
        },
      })}</script></head>`,
    );
    expect(readInlineRuntimeConfig(doc)).toMatchObject({ appName: 'Shamba', assistantName: 'Mkulima' });
  });

  test('gives null when the block is missing or broken, so the shell fetches instead', () => {
    expect(readInlineRuntimeConfig(page('<head></head>'))).toBeNull();
    expect(
      readInlineRuntimeConfig(
        page('<script id="kasa-runtime-config" type="application/json">{oops</script>'),
      ),
    ).toBeNull();
    expect(
      readInlineRuntimeConfig(
        page('<script id="kasa-runtime-config" type="application/json">{"remotes":{}}</script>'),
      ),
    ).toBeNull();
  });
});
