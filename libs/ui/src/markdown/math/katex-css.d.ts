// KaTeX's stylesheet as text: the apps' bundler imports .css files as their text
// (tools/rspack/rspack.shared.mjs, css exportType 'text').
declare module 'katex/dist/katex.min.css' {
  const css: string;
  export default css;
}

/** The bundler's public path of the running app (rspack replaces it with the runtime value). */
declare const __webpack_public_path__: string;
