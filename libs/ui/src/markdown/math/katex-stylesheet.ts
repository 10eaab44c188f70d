// A reference, not an import: the declarations have no JavaScript, and they must come along
// wherever this file is compiled (the apps typecheck @kasa/ui's sources through tsconfig paths).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./katex-css.d.ts" />
import katexCss from 'katex/dist/katex.min.css';

/**
 * KaTeX's stylesheet with its font URLs made absolute. The bundler names the fonts relative to the
 * app's public path; in a <style> element a relative url() would resolve against the page
 * (/chat, /s/…) instead of where the app's files are served (a remote's /remotes/chat/).
 */
export function katexStylesheet(css: string, publicPath: string): string {
  return css.replace(
    /url\((["']?)(?!["']|[a-z][a-z0-9+.-]*:|\/|#)/gi,
    (_match, quote: string) => `url(${quote}${publicPath}`,
  );
}

let added = false;

/** Adds KaTeX's stylesheet to the page, once. The browser then fetches only the fonts formulas use. */
export function addKatexStylesheet(): void {
  // Under Jest the stylesheet is a stand-in object: nothing to add.
  if (added || typeof katexCss !== 'string' || typeof document === 'undefined') return;
  added = true;
  const publicPath = typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '';
  const style = document.createElement('style');
  style.setAttribute('data-kasa-katex', '');
  style.textContent = katexStylesheet(katexCss, publicPath);
  document.head.appendChild(style);
}
