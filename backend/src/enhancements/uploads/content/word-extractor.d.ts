/** Just what Kasa uses of word-extractor (a CommonJS package without types). */
declare module 'word-extractor' {
  interface WordDocument {
    getBody(): string;
    getFootnotes(): string;
    getEndnotes(): string;
    getHeaders(options?: { includeFooters?: boolean }): string;
  }
  class WordExtractor {
    extract(source: string | Buffer): Promise<WordDocument>;
  }
  export = WordExtractor;
}

declare module 'word-extractor/lib/file-reader' {
  class FileReader {
    constructor(path: string);
    open(): Promise<void>;
    close(): Promise<void>;
  }
  export = FileReader;
}

declare module 'word-extractor/lib/ole-compound-doc' {
  import type FileReader from 'word-extractor/lib/file-reader';
  class OleCompoundDoc {
    constructor(reader: FileReader);
    read(): Promise<OleCompoundDoc>;
    _rootStorage?: { _dirEntry?: { streams?: Record<string, unknown> } };
  }
  export = OleCompoundDoc;
}
