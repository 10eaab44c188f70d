// The grammars a reply's code block may be highlighted in: what farmers' and advisers' questions
// bring (data work, scripts, web pages, configuration). Each costs bytes in the highlighter's lazy
// chunk; a fence in another language shows as plain text.
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import r from 'highlight.js/lib/languages/r';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

/** By name; each grammar brings its own aliases (py, js, ts, sh, html, yml, md…). */
export const grammars = {
  bash,
  c,
  cpp,
  css,
  java,
  javascript,
  json,
  markdown,
  python,
  r,
  shell,
  sql,
  typescript,
  xml,
  yaml,
};
