import crypto from 'node:crypto';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PUSH_BODY_OCTETS, PushService, decryptPush, vapidKeys } from '../support/push-service';

/**
 * The local push service the alert tests send to, held to what others published: it opens the
 * worked example of RFC 8291 Appendix A (keys, salt and message as the RFC prints them), and keeps
 * RFC 8030 §7.2's size rule (a body of 4096 octets must be taken; a larger one may be refused
 * with 413, as the browsers' services do).
 */
const RFC_8291_APPENDIX_A = {
  plaintext: 'When I grow up, I want to be a watermelon',
  uaPrivateKey: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  uaPublicKey: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  message:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_' +
    'yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

describe('the local push service', () => {
  it('opens RFC 8291 Appendix A’s message with the RFC’s device keys, and refuses it with one octet changed', () => {
    const v = RFC_8291_APPENDIX_A;
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(v.uaPrivateKey, 'base64url'));
    expect(ecdh.getPublicKey().toString('base64url')).toBe(v.uaPublicKey);
    const device = { ecdh, auth: Buffer.from(v.authSecret, 'base64url') };
    const message = Buffer.from(v.message, 'base64url');
    expect(decryptPush(message, device).toString('utf8')).toBe(v.plaintext);
    const tampered = Buffer.from(message);
    tampered[tampered.length - 1] ^= 0x40;
    expect(() => decryptPush(tampered, device)).toThrow();
  });

  describe('message size (RFC 8030 §7.2)', () => {
    const keys = vapidKeys();
    let push: PushService;
    beforeAll(async () => {
      push = await new PushService(keys.publicKey).start();
    });
    afterAll(() => push.close());

    /** A message web-push builds (as the app's sender does) whose body is `octets` long. */
    function messageOf(octets: number) {
      const device = push.subscribe();
      const build = (text: string) =>
        webpush.generateRequestDetails(device, JSON.stringify({ text }), {
          vapidDetails: {
            subject: 'mailto:alerts@vbg.example',
            publicKey: keys.publicKey,
            privateKey: keys.privateKey,
          },
          TTL: 60,
        });
      const overhead = build('').body.length;
      const details = build('x'.repeat(octets - overhead));
      expect(details.body.length).toBe(octets);
      return details;
    }

    const send = (details: ReturnType<typeof messageOf>) =>
      fetch(details.endpoint, {
        method: 'POST',
        headers: Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)])),
        body: new Uint8Array(details.body),
      });

    it('takes a body of exactly 4096 octets and refuses one of 4097 with 413', async () => {
      expect((await send(messageOf(MAX_PUSH_BODY_OCTETS))).status).toBe(201);
      const tooLarge = await send(messageOf(MAX_PUSH_BODY_OCTETS + 1));
      expect(tooLarge.status).toBe(413);
      expect(push.refusals.at(-1)).toMatch(/4097 octets/);
    });
  });
});
