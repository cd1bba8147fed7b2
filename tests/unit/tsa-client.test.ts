import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chainHeads, chainStart, chainStepText, sha256Hex } from '#shared/proofing/receipt';
import { pemCertificates, stampRoot, TimeStampError, verifyToken } from '#server/features/proofing/tsa-client';
import { opensslVerify, startOpensslTsa, type OpensslTsa } from '../support/openssl-tsa';

/** The RFC 3161 client against OpenSSL's own TSA, and its tokens checked by `openssl ts -verify` too. */
let tsa: OpensslTsa;
let ca: Uint8Array[];
let otherCa: Uint8Array[];

beforeAll(async () => {
  tsa = await startOpensslTsa();
  ca = pemCertificates(fs.readFileSync(tsa.caPath, 'utf8'));
  otherCa = pemCertificates(fs.readFileSync(tsa.otherCaPath, 'utf8'));
});
afterAll(() => tsa.close());
beforeEach(() => {
  tsa.mode = 'normal';
});

const day = '2026-11-28';
const hashes = [sha256Hex('first receipt'), sha256Hex('second receipt')];
const root = chainHeads(day, hashes)[1];
const head = { root, preimage: chainStepText(chainHeads(day, hashes)[0], hashes[1]) };

describe('a granted time-stamp', () => {
  it('verifies in code and with openssl ts -verify against the CA', async () => {
    const before = Date.now() - 2000;
    const stamp = await stampRoot(tsa.url, head, ca);
    expect(stamp.genTime.getTime()).toBeGreaterThanOrEqual(before);
    expect(stamp.genTime.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
    expect(stamp.tsa).toContain('VBG Test TSA');
    expect(stamp.policy).toBe('1.3.6.1.4.1.99999.1.1');

    const again = await verifyToken(stamp.token, { ...head, caCerts: ca });
    expect(again.genTime).toEqual(stamp.genTime);

    const file = path.join(tsa.dir, 'granted.der');
    fs.writeFileSync(file, stamp.token);
    const ok = await opensslVerify(file, root, tsa.caPath);
    expect(ok.output).toContain('Verification: OK');
    expect(ok.code).toBe(0);
    // openssl refuses another root and another CA
    const wrongRoot = await opensslVerify(file, chainStart(day), tsa.caPath);
    expect(wrongRoot.code).not.toBe(0);
    expect(wrongRoot.output).toContain('message imprint mismatch');
    expect((await opensslVerify(file, root, tsa.otherCaPath)).code).not.toBe(0);
  });

  it('does not verify for another root, another chain step or another CA', async () => {
    const { token } = await stampRoot(tsa.url, head, ca);
    const first = chainHeads(day, hashes)[0];
    await expect(verifyToken(token, { root: first, preimage: head.preimage, caCerts: ca })).rejects.toThrow(
      /message imprint mismatch/,
    );
    await expect(verifyToken(token, { root, preimage: `${head.preimage}x`, caCerts: ca })).rejects.toThrow(
      /not the SHA-256 of the chain step/,
    );
    await expect(verifyToken(token, { ...head, caCerts: otherCa })).rejects.toThrow(/does not chain to the trusted CA/);
    await expect(verifyToken(Uint8Array.from([1, 2, 3]), { ...head, caCerts: ca })).rejects.toThrow(
      /not an RFC 3161 time-stamp token/,
    );
  });
});

describe('each failure is refused with a clear message', () => {
  const cases: [OpensslTsa['mode'], RegExp][] = [
    ['http500', /answered HTTP 500/],
    ['stall', /did not answer within 0.5 s \(timeout\)/],
    ['rejection', /refused the request \(rejection: .*/],
    ['wrongImprint', /stamps another digest.*message imprint mismatch/],
    ['noEku', /not marked for time-stamping/],
    ['otherCa', /does not chain to the trusted CA/],
  ];
  it.each(cases)('%s', async (mode, message) => {
    tsa.mode = mode;
    const attempt = stampRoot(tsa.url, head, ca, 500);
    await expect(attempt).rejects.toBeInstanceOf(TimeStampError);
    await expect(attempt).rejects.toThrow(message);
  });

  it('an unreachable authority', async () => {
    await expect(stampRoot('http://127.0.0.1:9/tsa', head, ca, 500)).rejects.toThrow(
      /Could not reach the time-stamp authority/,
    );
  });
});
