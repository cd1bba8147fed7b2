import { execFile as execFileCb } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as pkijs from 'pkijs';
import '#server/features/proofing/tsa-client'; // sets pkijs's crypto engine

export const execFile = promisify(execFileCb);

/**
 * OpenSSL's own time-stamp authority (`openssl ts -reply`) behind a small HTTP front, with a test
 * CA and TSA certificate made in a temporary folder. `mode` picks how it answers:
 * - normal: a granted reply from the TSA certified by `ca.pem`;
 * - http500, stall (never answers), rejection (OpenSSL refuses: this TSA takes only SHA-384);
 * - wrongImprint: a granted reply for another digest;
 * - noEku: a token re-signed by a certificate of the same CA without the time-stamping usage;
 * - otherCa: a granted reply from a TSA certified by another CA.
 */
type TsaMode = 'normal' | 'http500' | 'stall' | 'rejection' | 'wrongImprint' | 'noEku' | 'otherCa';

export interface OpensslTsa {
  url: string;
  dir: string;
  /** The CA the normal TSA chains to (PEM path). */
  caPath: string;
  /** Another CA, with its own TSA (PEM path). */
  otherCaPath: string;
  mode: TsaMode;
  /** Requests answered so far. */
  requests: number;
  close(): Promise<void>;
}

const CONFIG = (dir: string) => `
[ req ]
distinguished_name = dn
prompt = no
[ dn ]
CN = ignored
[ v3_ca ]
basicConstraints = critical,CA:true
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[ v3_tsa ]
basicConstraints = critical,CA:false
keyUsage = critical,digitalSignature
extendedKeyUsage = critical,timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[ v3_plain ]
basicConstraints = critical,CA:false
keyUsage = critical,digitalSignature
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[ tsa ]
default_tsa = tsa_normal
[ tsa_normal ]
dir = ${dir}
serial = $dir/tsaserial
crypto_device = builtin
signer_cert = $dir/tsa.crt
certs = $dir/ca.pem
signer_key = $dir/tsa.key
signer_digest = sha256
default_policy = 1.3.6.1.4.1.99999.1.1
digests = sha256, sha384, sha512
accuracy = secs:1
clock_precision_digits = 0
ordering = no
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
[ tsa_sha384_only ]
dir = ${dir}
serial = $dir/tsaserial
crypto_device = builtin
signer_cert = $dir/tsa.crt
certs = $dir/ca.pem
signer_key = $dir/tsa.key
signer_digest = sha256
default_policy = 1.3.6.1.4.1.99999.1.1
digests = sha384
[ tsa_other ]
dir = ${dir}
serial = $dir/tsaserial
crypto_device = builtin
signer_cert = $dir/other-tsa.crt
certs = $dir/other-ca.pem
signer_key = $dir/other-tsa.key
signer_digest = sha256
default_policy = 1.3.6.1.4.1.99999.1.1
digests = sha256
accuracy = secs:1
tsa_name = yes
ess_cert_id_alg = sha256
`;

async function openssl(dir: string, args: string[]) {
  return execFile('openssl', args, { cwd: dir });
}

async function makeCa(dir: string, name: string, subject: string) {
  await openssl(dir, [
    'req', '-x509', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes',
    '-keyout', `${name}.key`, '-out', `${name}.pem`, '-days', '3650', '-subj', subject,
    '-config', 'tsa.cnf', '-extensions', 'v3_ca',
  ]); // prettier-ignore
}

async function makeCert(dir: string, name: string, ca: string, subject: string, extensions: string) {
  await openssl(dir, [
    'req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes',
    '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject, '-config', 'tsa.cnf',
  ]); // prettier-ignore
  await openssl(dir, [
    'x509', '-req', '-in', `${name}.csr`, '-CA', `${ca}.pem`, '-CAkey', `${ca}.key`, '-CAcreateserial',
    '-out', `${name}.crt`, '-days', '3650', '-sha256', '-extfile', 'tsa.cnf', '-extensions', extensions,
  ]); // prettier-ignore
}

/** Makes the CAs and certificates (about 100 ms) and starts the HTTP front on a free port. */
export async function startOpensslTsa(): Promise<OpensslTsa> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-tsa-'));
  fs.writeFileSync(path.join(dir, 'tsa.cnf'), CONFIG(dir));
  fs.writeFileSync(path.join(dir, 'tsaserial'), '01\n');
  await makeCa(dir, 'ca', '/CN=VBG Test TSA CA');
  await makeCa(dir, 'other-ca', '/CN=Another Test CA');
  await Promise.all([
    makeCert(dir, 'tsa', 'ca', '/CN=VBG Test TSA', 'v3_tsa'),
    makeCert(dir, 'other-tsa', 'other-ca', '/CN=Another TSA', 'v3_tsa'),
    makeCert(dir, 'plain', 'ca', '/CN=Not A TSA', 'v3_plain'),
  ]);

  let counter = 0;
  const stalled = new Set<http.ServerResponse>();
  const reply = async (query: Buffer, section: string): Promise<Buffer> => {
    const n = ++counter;
    const q = path.join(dir, `q${n}.tsq`);
    const r = path.join(dir, `r${n}.tsr`);
    fs.writeFileSync(q, query);
    await openssl(dir, ['ts', '-reply', '-queryfile', q, '-config', 'tsa.cnf', '-section', section, '-out', r]);
    return fs.readFileSync(r);
  };
  const answer = async (mode: TsaMode, query: Buffer): Promise<Buffer> => {
    switch (mode) {
      case 'rejection':
        return reply(query, 'tsa_sha384_only');
      case 'otherCa':
        return reply(query, 'tsa_other');
      case 'wrongImprint': {
        const other = path.join(dir, `other${++counter}.tsq`);
        const digest = randomBytes(32).toString('hex');
        await openssl(dir, ['ts', '-query', '-digest', digest, '-sha256', '-cert', '-out', other]);
        return reply(fs.readFileSync(other), 'tsa_normal');
      }
      case 'noEku':
        return resignWithoutEku(dir, await reply(query, 'tsa_normal'));
      default:
        return reply(query, 'tsa_normal');
    }
  };

  const tsa: OpensslTsa = {
    url: '',
    dir,
    caPath: path.join(dir, 'ca.pem'),
    otherCaPath: path.join(dir, 'other-ca.pem'),
    mode: 'normal',
    requests: 0,
    close: async () => {
      for (const res of stalled) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      tsa.requests++;
      const mode = tsa.mode;
      if (req.method !== 'POST' || req.headers['content-type'] !== 'application/timestamp-query') {
        res.writeHead(400).end();
        return;
      }
      if (mode === 'stall') {
        stalled.add(res);
        return;
      }
      if (mode === 'http500') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('broken');
        return;
      }
      answer(mode, Buffer.concat(chunks)).then(
        (body) => res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(body),
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tsa.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/tsa`;
  return tsa;
}

/**
 * OpenSSL will not sign a time-stamp with a certificate that lacks the time-stamping usage, so
 * this token is made by hand: the granted token's TSTInfo, signed again with `openssl cms` by a
 * certificate of the same CA that has no extended key usage.
 */
async function resignWithoutEku(dir: string, granted: Buffer): Promise<Buffer> {
  const response = pkijs.TimeStampResp.fromBER(new Uint8Array(granted));
  const signed = new pkijs.SignedData({ schema: response.timeStampToken!.content });
  const tstInfo = Buffer.from(signed.encapContentInfo.eContent!.getValue());
  const n = randomBytes(4).toString('hex');
  fs.writeFileSync(path.join(dir, `tst${n}.der`), tstInfo);
  await openssl(dir, [
    'cms', '-sign', '-binary', '-nodetach', '-in', `tst${n}.der`, '-econtent_type', '1.2.840.113549.1.9.16.1.4',
    '-signer', 'plain.crt', '-inkey', 'plain.key', '-md', 'sha256', '-nosmimecap', '-outform', 'DER',
    '-out', `cms${n}.der`,
  ]); // prettier-ignore
  const token = pkijs.ContentInfo.fromBER(new Uint8Array(fs.readFileSync(path.join(dir, `cms${n}.der`))));
  const resp = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
    timeStampToken: token,
  });
  return Buffer.from(resp.toSchema().toBER());
}

/** `openssl ts -verify` of a token (DER file) against a root and a CA: its exit code and output. */
export async function opensslVerify(tokenPath: string, root: string, caPath: string) {
  try {
    const { stdout, stderr } = await execFile('openssl', [
      'ts', '-verify', '-digest', root, '-in', tokenPath, '-token_in', '-CAfile', caPath,
    ]); // prettier-ignore
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}
