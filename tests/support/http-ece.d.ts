/** http_ece ships no types: the one call the local push service makes (RFC 8188 decryption). */
declare module 'http_ece' {
  import type crypto from 'node:crypto';

  function decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: crypto.ECDH; authSecret: string }): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
