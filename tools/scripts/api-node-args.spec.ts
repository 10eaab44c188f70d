// The API's Node flags (scripts/lib.mjs apiNodeArgs): npm start, the benchmarks and the end-to-end
// app start the API with them. The scripts are ES modules run before `npm install`: read them in a
// child Node, as npm start does.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const lib = join(__dirname, '..', '..', 'scripts', 'lib.mjs');

function apiNodeArgs(env: Record<string, string>): { args?: string[]; error?: string } {
  const child = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { apiNodeArgs } from ${JSON.stringify(lib)};
       try { console.log(JSON.stringify({ args: apiNodeArgs(${JSON.stringify(env)}) })); }
       catch (error) { console.log(JSON.stringify({ error: error.message })); }`,
    ],
    { encoding: 'utf8' },
  );
  return JSON.parse(child.stdout) as { args?: string[]; error?: string };
}

describe('apiNodeArgs', () => {
  it('caps the old space at 512 MB by default', () => {
    expect(apiNodeArgs({})).toEqual({ args: ['--max-old-space-size=512'] });
  });

  it('takes API_MAX_OLD_SPACE_MB', () => {
    expect(apiNodeArgs({ API_MAX_OLD_SPACE_MB: '1024' })).toEqual({ args: ['--max-old-space-size=1024'] });
  });

  it('refuses a value that is not a whole number of MB, or too small to run the API', () => {
    for (const value of ['abc', '1.5', '64', ''])
      expect(apiNodeArgs({ API_MAX_OLD_SPACE_MB: value }).error).toMatch(
        /API_MAX_OLD_SPACE_MB must be a whole number of MB, at least 128/,
      );
  });
});
