/**
 * The camera of the scan dialog: the back camera where there is one (`facingMode:
 * 'environment'`, a preference, so a laptop's only camera serves too), and what went wrong in
 * words the dialog shows. Every track is stopped when the dialog closes.
 */

export type CameraFailure = 'denied' | 'noCamera' | 'cameraFailed';

/** Why `getUserMedia` failed, as the dialog tells it. */
export function cameraFailure(err: unknown): CameraFailure {
  const name = err instanceof Error || err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'denied';
  if (
    name === 'NotFoundError' ||
    name === 'DevicesNotFoundError' ||
    name === 'OverconstrainedError'
  )
    return 'noCamera';
  return 'cameraFailed';
}

export class CameraError extends Error {
  constructor(readonly failure: CameraFailure) {
    super(`camera: ${failure}`);
    this.name = 'CameraError';
  }
}

/**
 * The camera stream, or a CameraError. No `mediaDevices` (a page not served securely, an old
 * browser) counts as no camera.
 */
export async function openCamera(): Promise<MediaStream> {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!devices?.getUserMedia) throw new CameraError('noCamera');
  try {
    return await devices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  } catch (err) {
    throw new CameraError(cameraFailure(err));
  }
}

export function stopCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
