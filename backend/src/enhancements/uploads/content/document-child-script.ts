/**
 * The program that reads a document's text in a child process (`node --input-type=module -e`):
 * unpdf's PDF.js build is ESM only (so it cannot load in the CommonJS app), and parsing a 50 MB
 * document in a process of its own keeps its memory out of the worker, under a hard limit
 * (UPLOAD_CHILD_MEMORY_MB), and lets a timeout kill it.
 *
 * argv: kind ('pdf', 'docx' or 'doc'), the file's path, the most characters to keep, then the
 * file URLs of unpdf, mammoth and word-extractor. stdout: JSON {pageCount, visibleCharacters,
 * text} (index-text.task.ts's DocumentOutput; a DOCX or DOC is one page). A PDF's pages are read
 * one at a time, in order, until the text is long enough.
 * Exit code 3 with one line on stderr: the document cannot be read (damaged, encrypted).
 * Exit code 4 with one line on stderr: reading it needs more memory than the child may have.
 */
export const DOCUMENT_CHILD_SCRIPT = String.raw`
const [kind, path, maxCharsArg, unpdfUrl, mammothUrl, wordExtractorUrl] = process.argv.slice(1);
const maxChars = Number(maxCharsArg);
const { readFile } = await import('node:fs/promises');
const stop = (code, message) => {
  process.stderr.write(message + '\n');
  process.exit(code);
};
const tooLarge = (error) =>
  error instanceof RangeError && /allocation failed|Invalid (string|array|typed array) length|out of memory/i.test(error.message);
const unreadable = (message, error) =>
  tooLarge(error)
    ? stop(4, 'Reading this document needs more memory than the server allows (' + error.message + ').')
    : stop(3, message + (error ? ' (' + (error.message || error) + ').' : ''));
const load = async (url) => {
  const module = await import(url);
  return module.default ?? module;
};
const visible = (text) => text.replace(/\s/g, '').length;
let output;
if (kind === 'pdf') {
  const { getDocumentProxy } = await load(unpdfUrl);
  let pdf;
  try {
    pdf = await getDocumentProxy(new Uint8Array(await readFile(path)));
  } catch (error) {
    if (error && error.name === 'PasswordException') stop(3, 'This PDF is protected by a password.');
    unreadable('This PDF could not be read: it may be damaged', error);
  }
  const pages = [];
  let length = 0;
  let visibleCharacters = 0;
  try {
    for (let number = 1; number <= pdf.numPages && length < maxChars; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .filter((item) => item.str != null)
        .map((item) => item.str + (item.hasEOL ? '\n' : ''))
        .join('');
      page.cleanup();
      pages.push(text);
      length += text.length + 2;
      visibleCharacters += visible(text);
    }
  } catch (error) {
    unreadable('The text of this PDF could not be read', error);
  }
  output = { pageCount: pdf.numPages, visibleCharacters, text: pages.join('\n\n').slice(0, maxChars) };
} else if (kind === 'docx') {
  const mammoth = await load(mammothUrl);
  try {
    const text = (await mammoth.extractRawText({ path })).value.slice(0, maxChars);
    output = { pageCount: 1, visibleCharacters: visible(text), text };
  } catch (error) {
    unreadable('This Word document could not be read: it may be damaged', error);
  }
} else if (kind === 'doc') {
  const WordExtractor = await load(wordExtractorUrl);
  try {
    const document = await new WordExtractor().extract(path);
    const text = [document.getBody(), document.getFootnotes(), document.getEndnotes()]
      .filter((part) => part && part.trim())
      .join('\n\n')
      .slice(0, maxChars);
    output = { pageCount: 1, visibleCharacters: visible(text), text };
  } catch (error) {
    unreadable('This Word document could not be read: it may be damaged', error);
  }
} else stop(3, 'Unknown document kind ' + kind);
process.stdout.write(JSON.stringify(output));
`;
