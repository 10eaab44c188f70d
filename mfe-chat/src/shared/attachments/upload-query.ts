// An upload's text extraction as the chips of the composer and the enhancement dialogs follow it.

/** An upload's record (its text extraction); the default queryFn GETs the key joined by '/'. */
export const uploadQueryKey = (id: string) => ['/api/enhancements/uploads', id] as const;

/** How often a chip asks how the reading of its file is going. */
export const EXTRACTION_POLL_MS = 1500;
