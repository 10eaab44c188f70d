import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const repoRoot = join(__dirname, '..', '..');

/** Lints `source` as if it were the file at `filePath` (repository-relative); returns ESLint's messages. */
function lintAs(filePath: string, source: string): Array<{ ruleId: string | null; message: string }> {
  const result = spawnSync(
    process.execPath,
    [join(repoRoot, 'node_modules/eslint/bin/eslint.js'), '--format', 'json', '--stdin', '--stdin-filename', filePath],
    { cwd: repoRoot, input: source, encoding: 'utf8' },
  );
  const [report] = JSON.parse(result.stdout) as Array<{ messages: Array<{ ruleId: string | null; message: string }> }>;
  return report.messages;
}

const extraneous = (messages: Array<{ ruleId: string | null; message: string }>) =>
  messages.filter((m) => m.ruleId === 'import-x/no-extraneous-dependencies').map((m) => m.message);

describe('every workspace declares the packages it imports', () => {
  it('fails on a workspace package the importing workspace does not declare (the cold-build break of @kasa/ui)', () => {
    const messages = extraneous(
      lintAs('libs/contracts/src/probe.ts', "import type { ApiError } from '@kasa/api-client';\nexport type Probe = ApiError;\n"),
    );
    expect(messages).toEqual([expect.stringContaining("'@kasa/api-client' should be listed")]);
  });

  it('fails on an undeclared npm package, values and types alike', () => {
    const messages = extraneous(
      lintAs(
        'libs/ui/src/probe.ts',
        "import Stripe from 'stripe';\nimport type { Job } from 'bullmq';\nexport const probe: [unknown, Job | null] = [Stripe, null];\n",
      ),
    );
    expect(messages).toHaveLength(2);
  });

  it('accepts what the workspace declares', () => {
    const declared = JSON.parse(readFileSync(join(repoRoot, 'libs/ui/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(declared.dependencies)).toContain('@kasa/contracts');
    const messages = extraneous(
      lintAs('libs/ui/src/probe.ts', "import type { ErrorCode } from '@kasa/contracts';\nexport type Probe = ErrorCode;\n"),
    );
    expect(messages).toEqual([]);
  });
});
