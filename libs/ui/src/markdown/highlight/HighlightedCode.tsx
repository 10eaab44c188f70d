// The highlighter's lazy chunk (lowlight: highlight.js grammars producing a syntax tree). The tree
// becomes React elements here: no HTML string from the highlighter ever reaches the page, and the
// only thing taken from it besides text is a class name.
import { Fragment, createElement, memo, useMemo, type ReactNode } from 'react';
import { createLowlight } from 'lowlight';
import { grammars } from './languages';

const lowlight = createLowlight(grammars);

type HastRoot = ReturnType<typeof lowlight.highlight>;
type HastNode = HastRoot['children'][number];

function classNameOf(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  const names = value.filter((name): name is string => typeof name === 'string' && /^[\w-]+$/.test(name));
  return names.length ? names.join(' ') : undefined;
}

function toReact(node: HastNode, key: string): ReactNode {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return null;
  // lowlight only produces <span class="hljs-…">: whatever else it held would still be a span.
  return createElement(
    'span',
    { key, className: classNameOf(node.properties?.className) },
    node.children.map((child, index) => toReact(child, `${key}.${index}`)),
  );
}

/** The code as highlighted spans; plain text when the language is not one the chunk carries. */
export const HighlightedCode = memo(function HighlightedCode({
  code,
  language,
}: {
  code: string;
  language: string;
}) {
  const content = useMemo(() => {
    const name = language.toLowerCase();
    if (!lowlight.registered(name)) return code;
    try {
      const tree = lowlight.highlight(name, code);
      return tree.children.map((child, index) => toReact(child, String(index)));
    } catch {
      // highlight.js gives up on some malformed input: the code still shows.
      return code;
    }
  }, [code, language]);
  return <Fragment>{content}</Fragment>;
});

export default HighlightedCode;
