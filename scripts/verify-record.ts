// `npm run verify-record -- <day.json> [--ca ca.pem]`: checks a day of the proofed record offline,
// as anyone can, from the JSON of GET /api/record/<day>: every opening against its hash, the hash
// chain and its root, each time-stamp token against the authority's CA (--ca, else
// PROOFING_TSA_CA), and which receipts were stamped before their race was off. Prints one line per
// problem and exits 1, or a summary and exits 0.
import fs from 'node:fs';
import { recordDaySchema } from '#shared/proofing/record-json';
import { stampPreimage, verifyDay } from '#shared/proofing/verify-day';
import { pemCertificates, verifyToken } from '#server/features/proofing/tsa-client';

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run verify-record -- <day.json> [--ca ca.pem]`);
  process.exit(2);
}

function readArgs(argv: string[]) {
  let file: string | undefined;
  let ca = process.env.PROOFING_TSA_CA || undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--ca') {
      ca = argv[++i];
      if (!ca) usage('--ca needs the PEM file of the authority’s CA.');
    } else if (argv[i].startsWith('--')) usage(`Unknown option ${argv[i]}.`);
    else if (file) usage('Give one day’s JSON file.');
    else file = argv[i];
  }
  if (!file) usage('Give the day’s JSON file (saved from /api/record/<day>).');
  return { file, ca };
}

async function main() {
  const { file, ca } = readArgs(process.argv.slice(2));
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    usage(`Could not read ${file} as JSON: ${(err as Error).message}`);
  }
  const parsed = recordDaySchema.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.log(`${issue.path.join('.') || 'the file'}: ${issue.message}`);
    process.exit(1);
  }
  const record = parsed.data;
  const check = verifyDay(record);
  const problems = [...check.problems];

  let caCerts: Uint8Array[] | null = null;
  if (!ca) problems.push('no CA given (--ca ca.pem or PROOFING_TSA_CA): the time-stamp tokens cannot be checked');
  else {
    try {
      caCerts = pemCertificates(fs.readFileSync(ca, 'utf8'));
    } catch (err) {
      problems.push(`the CA file ${ca} could not be read: ${(err as Error).message}`);
    }
  }
  const hashes = record.receipts.map((r) => r.hash);
  if (caCerts)
    for (const [i, stamp] of record.stamps.entries()) {
      if (stamp.receipts > hashes.length) continue; // verifyDay names it
      try {
        const verified = await verifyToken(Buffer.from(stamp.token, 'base64'), {
          root: stamp.root,
          preimage: stampPreimage(record.date, hashes, stamp.receipts),
          caCerts,
        });
        if (verified.genTime.getTime() !== Date.parse(stamp.genTime))
          problems.push(
            `stamp ${i + 1}: its token was made at ${verified.genTime.toISOString()}, not ${stamp.genTime} as the record says`,
          );
      } catch (err) {
        problems.push(`stamp ${i + 1}: ${(err as Error).message}`);
      }
    }

  if (problems.length > 0) {
    for (const p of problems) console.log(p);
    process.exit(1);
  }
  const n = record.receipts.length;
  console.log(`${record.date}: ${n} receipts, root ${record.root}: the chain holds.`);
  console.log(`${record.stamps.length} time-stamp(s) verified against ${ca}.`);
  console.log(`${check.proofed} receipt(s) stamped before their race was off.`);
  for (const line of check.unproofed) console.log(`Not proofed: ${line}.`);
  if (check.withheld)
    console.log(
      `${check.withheld} opening(s) withheld until the day is over: their hashes are in the chain, their selections unchecked.`,
    );
  console.log('OK');
}

await main();
