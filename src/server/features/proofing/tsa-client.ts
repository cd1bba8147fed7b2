import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { codeOf, fieldOf, messageOf } from '#shared/unknown-values';

/**
 * An RFC 3161 time-stamp client: the request for a chain head, the reply read, and the token
 * verified. Nothing here reads the app's configuration or database, so the offline checker
 * (scripts/verify-record.ts) verifies tokens with the same code the stamper uses.
 *
 * The imprint is the root itself (its 32 bytes, a SHA-256): `openssl ts -verify -digest <root>`
 * checks a token with nothing else. pkijs checks the CMS signature, the chain to the trusted CA at
 * the token's genTime and SHA-256(data) against the imprint; it does not check that the signer is
 * an end entity marked for time-stamping, so that is checked here.
 */
pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: globalThis.crypto }));

const SHA256 = '2.16.840.1.101.3.4.2.1';
const EXTENDED_KEY_USAGE = '2.5.29.37';
const BASIC_CONSTRAINTS = '2.5.29.19';
const TIME_STAMPING = '1.3.6.1.5.5.7.3.8';
const TST_INFO = '1.2.840.113549.1.9.16.1.4';
/** How long the authority gets to answer. */
export const TSA_TIMEOUT_MS = 10_000;

const STATUS_NAMES = [
  'granted',
  'granted with modifications',
  'rejection',
  'waiting',
  'revocation warning',
  'revocation notification',
];

/** A time-stamp that could not be had or does not hold; the message says why, in plain words. */
export class TimeStampError extends Error {}

interface TimeStampRequest {
  der: Uint8Array;
  nonce: Uint8Array;
}

export interface VerifiedTimeStamp {
  genTime: Date;
  serial: string;
  policy: string;
  /** The authority's name as the token gives it, else the signer certificate's subject. */
  tsa: string;
}

const hexOf = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(new Uint8Array(bytes)).toString('hex');

function rootBytes(root: string): Uint8Array {
  if (!/^[0-9a-f]{64}$/.test(root)) throw new TimeStampError('A root is 64 lower-case hex characters (a SHA-256).');
  return Uint8Array.from(Buffer.from(root, 'hex'));
}

/** The DER request for a root: SHA-256 imprint (the root's 32 bytes), a random nonce, and the signer's certificate asked for. */
function timeStampRequest(root: string): TimeStampRequest {
  const nonce = Uint8Array.from(randomBytes(8));
  nonce[0] = (nonce[0] & 0x7f) | 0x01; // a positive INTEGER with no leading zero byte
  const request = new pkijs.TimeStampReq({
    version: 1,
    certReq: true,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: rootBytes(root) }),
    }),
    nonce: new asn1js.Integer({ valueHex: nonce }),
  });
  return { der: new Uint8Array(request.toSchema().toBER()), nonce };
}

/** POSTs a request to the authority and returns its reply's bytes (HTTP 200, application/timestamp-reply). */
async function postTimeStampRequest(
  url: string,
  der: Uint8Array,
  timeoutMs: number = TSA_TIMEOUT_MS,
): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: new Uint8Array(der),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const name = fieldOf(err, 'name');
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new TimeStampError(`The time-stamp authority did not answer within ${timeoutMs / 1000} s (timeout).`);
    throw new TimeStampError(`Could not reach the time-stamp authority: ${messageOf(err)}.`);
  }
  const body = new Uint8Array(await response.arrayBuffer().catch(() => new ArrayBuffer(0)));
  if (response.status !== 200) throw new TimeStampError(`The time-stamp authority answered HTTP ${response.status}.`);
  const type = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/timestamp-reply')
    throw new TimeStampError(
      `The time-stamp authority answered ${type || 'no content type'}, not application/timestamp-reply.`,
    );
  return body;
}

/** The token (CMS ContentInfo, DER) from a reply that granted it; a refusal names the authority's status and text. */
function readReply(reply: Uint8Array): Uint8Array {
  let response: pkijs.TimeStampResp;
  try {
    response = pkijs.TimeStampResp.fromBER(new Uint8Array(reply));
  } catch {
    throw new TimeStampError('The time-stamp authority answered with something that is not a time-stamp reply.');
  }
  const status = response.status.status;
  if ((status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) || !response.timeStampToken) {
    const text = (response.status.statusStrings ?? []).map((s) => s.valueBlock.value).join(' ');
    throw new TimeStampError(
      `The time-stamp authority refused the request (${STATUS_NAMES[status] ?? `status ${status}`}${text ? `: ${text}` : ''}).`,
    );
  }
  return new Uint8Array(response.timeStampToken.toSchema().toBER());
}

/** The DER certificates of a PEM file (one or more BEGIN CERTIFICATE blocks). */
export function pemCertificates(pem: string): Uint8Array[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new TimeStampError('The CA file holds no PEM certificate.');
  return blocks.map((b) => Uint8Array.from(Buffer.from(b.replace(/-----[^-]+-----|\s/g, ''), 'base64')));
}

function nameText(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues.map((tv) => String(tv.value.valueBlock.value)).join(', ');
}

function tsaName(tst: pkijs.TSTInfo, signer: pkijs.Certificate): string {
  const named = tst.tsa?.type === 4 && tst.tsa.value instanceof pkijs.RelativeDistinguishedNames ? tst.tsa.value : null;
  return nameText(named ?? signer.subject);
}

function parseToken(token: Uint8Array): { signed: pkijs.SignedData; tst: pkijs.TSTInfo } {
  try {
    const info = pkijs.ContentInfo.fromBER(new Uint8Array(token));
    const signed = new pkijs.SignedData({ schema: info.content });
    if (signed.encapContentInfo.eContentType !== TST_INFO) throw new Error('not a TSTInfo');
    const tst = pkijs.TSTInfo.fromBER(signed.encapContentInfo.eContent!.getValue());
    return { signed, tst };
  } catch {
    throw new TimeStampError('The token is not an RFC 3161 time-stamp token.');
  }
}

/**
 * Verifies a token for a chain head: the imprint is SHA-256 and equals the root; SHA-256 of
 * `preimage` (the text whose hash the root is) matches it; the CMS signature holds; the signer's
 * certificate chains to one of `caCerts` (DER) at the token's genTime, is not a CA, and carries a
 * critical extended key usage of time-stamping; and the nonce is the one sent, when given.
 */
export async function verifyToken(
  token: Uint8Array,
  expect: { root: string; preimage: string; caCerts: readonly Uint8Array[]; nonce?: Uint8Array },
): Promise<VerifiedTimeStamp> {
  const { signed, tst } = parseToken(token);
  const imprint = tst.messageImprint;
  if (imprint.hashAlgorithm.algorithmId !== SHA256)
    throw new TimeStampError('The token stamps a digest other than SHA-256.');
  if (hexOf(imprint.hashedMessage.valueBlock.valueHexView) !== expect.root)
    throw new TimeStampError(
      `The token stamps another digest, not the root ${expect.root} (message imprint mismatch).`,
    );
  if (expect.nonce) {
    const nonce = tst.nonce ? hexOf(tst.nonce.valueBlock.valueHexView) : '';
    if (nonce !== hexOf(expect.nonce))
      throw new TimeStampError('The token does not carry the nonce sent (nonce mismatch).');
  }
  let trusted: pkijs.Certificate[];
  try {
    trusted = expect.caCerts.map((der) => pkijs.Certificate.fromBER(new Uint8Array(der)));
  } catch {
    throw new TimeStampError('The CA certificate could not be read.');
  }
  let result: pkijs.SignedDataVerifyResult;
  try {
    result = await signed.verify({
      signer: 0,
      data: new TextEncoder().encode(expect.preimage).buffer,
      trustedCerts: trusted,
      checkChain: true,
      extendedMode: true,
    });
  } catch (err) {
    const code = codeOf(err);
    if (code === 5)
      throw new TimeStampError("The token's signer does not chain to the trusted CA at its time (another CA).");
    if (code === 15)
      throw new TimeStampError('The root is not the SHA-256 of the chain step given (imprint mismatch).');
    throw new TimeStampError(`The token does not verify: ${messageOf(err)}.`);
  }
  if (!result.signatureVerified) throw new TimeStampError("The token's signature does not verify.");
  const signer = result.signerCertificate;
  if (!signer) throw new TimeStampError("The token does not include the authority's certificate.");
  const eku = signer.extensions?.find((e) => e.extnID === EXTENDED_KEY_USAGE);
  const purposes = eku?.parsedValue instanceof pkijs.ExtKeyUsage ? eku.parsedValue.keyPurposes : [];
  if (!eku?.critical || !purposes.includes(TIME_STAMPING))
    throw new TimeStampError(
      "The authority's certificate is not marked for time-stamping (it needs a critical extended key usage timeStamping).",
    );
  const basic = signer.extensions?.find((e) => e.extnID === BASIC_CONSTRAINTS);
  if (basic?.parsedValue instanceof pkijs.BasicConstraints && basic.parsedValue.cA)
    throw new TimeStampError("The authority's certificate is a CA certificate, not a time-stamping one.");
  return {
    genTime: tst.genTime,
    serial: hexOf(tst.serialNumber.valueBlock.valueHexView),
    policy: tst.policy,
    tsa: tsaName(tst, signer),
  };
}

/** Asks the authority to stamp a root and verifies the answer: the token (DER) and what it says. */
export async function stampRoot(
  url: string,
  head: { root: string; preimage: string },
  caCerts: readonly Uint8Array[],
  timeoutMs: number = TSA_TIMEOUT_MS,
): Promise<{ token: Uint8Array } & VerifiedTimeStamp> {
  const request = timeStampRequest(head.root);
  const token = readReply(await postTimeStampRequest(url, request.der, timeoutMs));
  const verified = await verifyToken(token, { ...head, caCerts, nonce: request.nonce });
  return { token, ...verified };
}
