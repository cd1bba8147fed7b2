/** http_ece ships no types: the one call the local push service makes (RFC 8188 decryption). */
declare module 'http_ece' {
  import type crypto from 'node:crypto';

  const ece: {
    decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: crypto.ECDH; authSecret: string }): Buffer;
  };
  export default ece;
}
