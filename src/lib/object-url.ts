/**
 * An object URL for a Blob, revoked when the blob changes or the component goes. It is made in
 * an effect: on the first render with a blob it is still null, so a caller that falls back to
 * another address when it is null must ask whether the blob is there, not whether the URL is.
 */
import { useEffect, useState } from 'react';

export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}
