import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import effectReturnsCleanup from './effect-returns-cleanup.js';

// The rule needs type information: the probe is typed by TypeScript's default project, with the DOM and React
// types the web app uses.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.tsx'],
      languageOptions: {
        parser: tseslint.parser,
        parserOptions: {
          projectService: { allowDefaultProject: ['eslint-rules/*.tsx'] },
          tsconfigRootDir: repoRoot,
        },
      },
      plugins: { bazaar: { rules: { 'effect-returns-cleanup': effectReturnsCleanup } } },
      rules: { 'bazaar/effect-returns-cleanup': 'error' },
    },
  ],
});

async function problemLines(body: string) {
  const code = `import { useEffect } from 'react';\nexport function Probe({ onClose }: { onClose: () => void }) {\n${body}\n  return null;\n}\n`;
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}eslint-rules/probe.tsx` });
  return result!.messages.map((message) => `${message.ruleId ?? message.message}:${message.line}`);
}

// Type-aware linting builds a TypeScript program first: seconds on a busy machine.
describe('bazaar/effect-returns-cleanup', { timeout: 60_000 }, () => {
  it('refuses an effect that returns what a void call gave back (window.scrollTo returns a Promise)', async () => {
    expect(await problemLines('  useEffect(() => window.scrollTo(0, 0), []);')).toEqual([
      'bazaar/effect-returns-cleanup:3',
    ]);
    expect(await problemLines('  useEffect(() => {\n    return window.scrollTo(0, 0);\n  }, []);')).toEqual([
      'bazaar/effect-returns-cleanup:4',
    ]);
    expect(await problemLines('  useEffect(onClose, [onClose]);')).toEqual([
      'bazaar/effect-returns-cleanup:3',
    ]);
  });

  it('accepts effects that return nothing or a cleanup function', async () => {
    const body = [
      '  useEffect(() => {\n    window.scrollTo(0, 0);\n  }, []);',
      '  useEffect(() => {\n    const id = window.setTimeout(onClose, 10);\n    if (!id) return;\n    return () => window.clearTimeout(id);\n  }, [onClose]);',
      '  useEffect(() => () => onClose(), [onClose]);',
      '  useEffect(() => {\n    [1, 2].forEach((n) => {\n      return window.scrollTo(0, n);\n    });\n  }, []);',
    ].join('\n');
    expect(await problemLines(body)).toEqual([]);
  });
});
