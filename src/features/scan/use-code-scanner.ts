/**
 * Runs the camera into a <video> and reads codes from it about five times a second, handing
 * each text read to `onText` until that answers true (a hose was found). The camera and the
 * loop stop when the component unmounts (the dialog closed) or a hose was found.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { createCodeReader, type CodeReader } from './barcode-reader';
import { CameraError, openCamera, stopCamera, type CameraFailure } from './camera';

export type ScannerState =
  | { status: 'starting' }
  | { status: 'scanning' }
  | { status: 'failed'; reason: CameraFailure | 'noReader' };

const FRAME_MS = 200;

export function useCodeScanner(
  videoRef: RefObject<HTMLVideoElement | null>,
  onText: (text: string) => Promise<boolean>,
): ScannerState {
  const [state, setState] = useState<ScannerState>({ status: 'starting' });
  const handler = useRef(onText);
  useEffect(() => {
    handler.current = onText;
  }, [onText]);

  useEffect(() => {
    const video = videoRef.current;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stopCamera(stream);
      if (video) video.srcObject = null;
    };

    const loop = async (reader: CodeReader) => {
      if (stopped || !video) return;
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        try {
          for (const { rawValue } of await reader.detect(video)) {
            if (stopped) return;
            if (await handler.current(rawValue)) {
              stop();
              return;
            }
          }
        } catch {
          // A frame that cannot be read (e.g. while the video resizes): try the next one.
        }
      }
      if (!stopped) timer = setTimeout(() => void loop(reader), FRAME_MS);
    };

    void (async () => {
      let reader: CodeReader;
      try {
        stream = await openCamera();
        if (stopped || !video) return stop();
        video.srcObject = stream;
        await video.play().catch(() => undefined);
        // Only with a camera: without one the reader (and its WebAssembly) is never loaded.
        reader = await createCodeReader();
      } catch (err) {
        stop();
        setState({
          status: 'failed',
          reason: err instanceof CameraError ? err.failure : 'noReader',
        });
        return;
      }
      if (stopped) return;
      setState({ status: 'scanning' });
      void loop(reader);
    })();
    return stop;
  }, [videoRef]);

  return state;
}
