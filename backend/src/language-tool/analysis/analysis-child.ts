import { runProcess } from '../../processes/run-process';
import { ANALYSIS_CHILD_SCRIPT } from './analysis-child-script';

export interface AnalysisChildRequest {
  /** The text franc ranks ('' skips franc). */
  francText: string;
  only: string[];
  minLength: number;
  /** The text eSpeak transcribes ('' skips eSpeak). */
  ipaText: string;
  voices: Readonly<Record<string, string>>;
  ipaFor: string[];
  ipaForFrancTop: boolean;
}

export interface AnalysisChildResult {
  franc: [string, number][];
  ipa: Record<string, string>;
  missing: string[];
}

function moduleUrl(specifier: string): string {
  return new URL(`file://${require.resolve(specifier)}`).href;
}

/** Runs franc and eSpeak NG in a child process (analysis-child-script.ts), killed after `timeoutMs`. */
export async function runAnalysisChild(
  request: AnalysisChildRequest,
  timeoutMs: number,
): Promise<AnalysisChildResult> {
  const { stdout } = await runProcess(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      ANALYSIS_CHILD_SCRIPT,
      moduleUrl('franc-all'),
      moduleUrl('@echogarden/espeak-ng-emscripten'),
    ],
    { input: JSON.stringify(request), timeoutMs },
  );
  return JSON.parse(stdout.toString('utf8')) as AnalysisChildResult;
}
