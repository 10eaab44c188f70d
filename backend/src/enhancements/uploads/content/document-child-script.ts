/**
 * The program that reads a document's text in a child process (`node --input-type=module -e`):
 * unpdf's PDF.js build is ESM only (so it cannot load in the CommonJS app), and parsing a 50 MB
 * document in a process of its own keeps its memory out of the worker and lets a timeout kill it.
 *
 * argv: kind ('pdf', 'docx' or 'doc'), the file's path, then the file URLs of unpdf, mammoth and
 * word-extractor. stdout: JSON {pages: string[]} (a DOCX or DOC is one "page").
 * Exit code 3 with one line on stderr: the document cannot be read (damaged, encrypted).
 */
export const DOCUMENT_CHILD_SCRIPT = String.raw`
const [kind, path, unpdfUrl, mammothUrl, wordExtractorUrl] = process.argv.slice(1);
const { readFile } = await import('node:fs/promises');
const unreadable = (message) => {
  process.stderr.write(message + '\n');
  process.exit(3);
};
const load = async (url) => {
  const module = await import(url);
  return module.default ?? module;
};
let pages;
if (kind === 'pdf') {
  const { getDocumentProxy, extractText } = await load(unpdfUrl);
  let pdf;
  try {
    pdf = await getDocumentProxy(new Uint8Array(await readFile(path)));
  } catch (error) {
    const name = error && error.name;
    unreadable(name === 'PasswordException'
      ? 'This PDF is protected by a password.'
      : 'This PDF could not be read: it may be damaged (' + (error && error.message) + ').');
  }
  try {
    pages = (await extractText(pdf, { mergePages: false })).text;
  } catch (error) {
    unreadable('The text of this PDF could not be read (' + (error && error.message) + ').');
  }
} else if (kind === 'docx') {
  const mammoth = await load(mammothUrl);
  try {
    pages = [(await mammoth.extractRawText({ path })).value];
  } catch (error) {
    unreadable('This Word document could not be read: it may be damaged (' + (error && error.message) + ').');
  }
} else if (kind === 'doc') {
  const WordExtractor = await load(wordExtractorUrl);
  try {
    const document = await new WordExtractor().extract(path);
    pages = [[document.getBody(), document.getFootnotes(), document.getEndnotes()].filter((part) => part && part.trim()).join('\n\n')];
  } catch (error) {
    unreadable('This Word document could not be read: it may be damaged (' + (error && error.message) + ').');
  }
} else unreadable('Unknown document kind ' + kind);
process.stdout.write(JSON.stringify({ pages }));
`;
