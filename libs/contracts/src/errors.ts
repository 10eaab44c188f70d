/** The one JSON body every failed API request answers with (except the usage-limit 429, added later). */
export interface ApiErrorBody {
  statusCode: number;
  /** Short name of the HTTP status, e.g. 'Bad Request'. */
  error: string;
  /** Human-readable message the UI can show as is. */
  message: string;
  /** Field-level validation messages, when the request body or query was invalid. */
  details?: string[];
  path: string;
  requestId: string;
  timestamp: string;
}
