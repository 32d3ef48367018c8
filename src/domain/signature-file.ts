/**
 * docs/api.md: the signature is sent as a PNG with this name. Its own module, so that the sync
 * package's signature capture does not load the entity schemas with it.
 */
export const SIGNATURE_FILE_NAME = 'audit-signature.png';
