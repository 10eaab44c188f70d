// An object URL of a Blob for as long as the component shows it (revoked when it goes away or the
// Blob changes). Null without a Blob or where the browser has no object URLs.
import { useEffect, useState } from 'react';

export function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      setUrl(null);
      if (typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(made);
    };
  }, [blob]);
  return url;
}
