/**
 * The chat enhancements (the composer's plus button): file upload, Google Drive import, web
 * search, research and the canvas. Paths are under /api/enhancements.
 */

/** Largest file a user can upload (bytes). */
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

/** The types an upload may be, decided by the file's content (never by its name or declared type). */
export const UPLOAD_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
  'text/csv',
  'application/json',
] as const;
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];

/**
 * The file-name extensions an upload may have (a name without one is fine): the upload dialog
 * checks them first, the server refuses any other with the 415, and the stored name takes the
 * extension of the type found in the bytes.
 */
export const UPLOAD_EXTENSIONS = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'pdf',
  'doc',
  'docx',
  'txt',
  'csv',
  'json',
] as const;

/**
 * Where the text extraction of an upload stands. 'pending': queued; 'running': reading (OCR
 * reports `progress`); 'done': the text is indexed; 'failed': `error` says why (the file is kept).
 */
export type ExtractionStatus = 'pending' | 'running' | 'done' | 'failed';

/** An upload record: the answer of POST /api/enhancements/upload (spec shape plus extraction). */
export interface UploadRecord {
  id: string;
  originalName: string;
  size: number;
  mimeType: UploadMimeType;
  extraction: UploadExtraction;
}

export interface UploadExtraction {
  status: ExtractionStatus;
  /** 0 to 100 while running. */
  progress: number;
  /** How the text was read: 'text', 'pdf', 'docx', 'doc' or 'ocr'; set once done. */
  method?: 'text' | 'pdf' | 'docx' | 'doc' | 'ocr' | null;
  /** Characters of text found, once done. */
  characters?: number | null;
  /** Why the extraction failed, in English words (the UI's fallback); with `code`. */
  error?: string | null;
  code?: string | null;
  /** A scanned PDF read by OCR: its pages read (from the first on) and its pages in all. */
  pagesRead?: number | null;
  pagesTotal?: number | null;
  /**
   * Why pages were left unread: 'page-limit' (at most so many pages are read by OCR) or
   * 'time-limit' (the extraction's time ran out). Null when every page was read.
   */
  stoppedBy?: 'page-limit' | 'time-limit' | null;
  /** What was read and what was skipped, in English words (the UI's fallback), e.g. 'Pages 51-3000 were not read: …'. */
  note?: string | null;
}

/** A file in the user's Google Drive, as the cloud-storage dialog lists it. */
export interface CloudStorageFile {
  id: string;
  name: string;
  mimeType: string;
  /** Bytes; null for Google Docs, Sheets and Slides (they are exported on import). */
  size: number | null;
  modifiedTime: string;
  webViewLink: string | null;
}

/** GET /api/enhancements/google-drive/auth-url. */
export interface CloudStorageAuthUrl {
  authUrl: string;
}

/** POST /api/enhancements/google-drive/files: `code` is optional (the callback page stores the grant). */
export interface CloudStorageFilesRequest {
  code?: string;
  conversationId?: string;
}
export interface CloudStorageFilesResponse {
  success: true;
  files: CloudStorageFile[];
}

/** POST /api/enhancements/google-drive/download. */
export interface CloudStorageDownloadRequest {
  fileId: string;
  conversationId?: string;
}
export interface CloudStorageDownloadResponse {
  success: true;
  upload: UploadRecord;
}

/** Longest search or research query (characters). */
export const ENHANCEMENT_QUERY_MAX_LENGTH = 500;

/** POST /api/enhancements/search. */
export interface WebSearchRequest {
  query: string;
  conversationId?: string;
}

export interface WebSearchResult {
  title: string;
  link: string;
  displayLink: string;
  snippet: string;
}

/** Who answered a search: a configured provider, or Kasa's own local index. */
export type SearchEngineName = 'searxng' | 'google' | 'brave' | 'local';

export interface WebSearchResponse {
  success: true;
  query: string;
  results: WebSearchResult[];
  /** 'local': Kasa's own index (legal pages, your files, saved research, the dictionary). */
  engine: SearchEngineName;
}

/** POST /api/enhancements/research. `requestId` (a UUID the client makes) lets it follow progress. */
export interface ResearchRequest {
  query: string;
  conversationId?: string;
  requestId?: string;
}

export interface ResearchSource {
  title: string;
  url: string;
  snippet: string;
  /** 'encyclopedia': Wikipedia; 'web': a page found by web search; 'local': Kasa's own index. */
  type: 'encyclopedia' | 'web' | 'local';
}

export interface ResearchResponse {
  success: true;
  id: string;
  query: string;
  /** Cites sources by their number in `sources`: [1], [2]... */
  summary: string;
  sources: ResearchSource[];
  /** 'web': Wikipedia and the web, summarised by the chat model; 'offline': the local index and an extractive summary. */
  mode: 'web' | 'offline';
}

/** GET /api/enhancements/research/progress/{requestId}. */
export interface ResearchProgress {
  stage: 'queued' | 'searching' | 'fetching' | 'summarising' | 'done' | 'failed';
  /** 0 to 100. */
  percent: number;
}

/** A saved research, as GET /api/enhancements/research lists it. */
export interface SavedResearch extends Omit<ResearchResponse, 'success'> {
  createdAt: string;
}

/** GET /api/enhancements/research: the user's saved research, newest first (at most 50). */
export interface ResearchListResponse {
  research: SavedResearch[];
}

export const CANVAS_MIN_WIDTH = 200;
export const CANVAS_MAX_WIDTH = 2000;
export const CANVAS_DEFAULT_WIDTH = 800;
export const CANVAS_MIN_HEIGHT = 200;
export const CANVAS_MAX_HEIGHT = 1500;
export const CANVAS_DEFAULT_HEIGHT = 600;
export const CANVAS_BRUSH_SIZES = [2, 5, 10, 15, 20] as const;
export const CANVAS_SIZE_PRESETS = [
  { width: 800, height: 600 },
  { width: 1024, height: 768 },
  { width: 1200, height: 800 },
  { width: 600, height: 600 },
] as const;
export const CANVAS_TITLE_MAX_LENGTH = 120;

/** POST /api/enhancements/canvas/save. */
export interface CanvasSaveRequest {
  title: string;
  canvasData: {
    width: number;
    height: number;
    /** data:image/png;base64,… of exactly width x height pixels. */
    dataURL: string;
    version: '1.0';
  };
  conversationId?: string;
}

/** A saved canvas; `url` is a short-lived signed link to its PNG. */
export interface CanvasSave {
  id: string;
  title: string;
  width: number;
  height: number;
  url: string;
  createdAt: string;
}

export interface CanvasSaveResponse {
  success: true;
  canvasSave: CanvasSave;
}

/** GET /api/enhancements/canvas: the user's saved canvases, newest first. */
export interface CanvasListResponse {
  canvases: CanvasSave[];
}
