/**
 * Saves a file made in memory: an object URL and an <a download> click, the only way a page can
 * hand a fetched (authenticated) answer to the browser's downloads.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has started the download from it.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
