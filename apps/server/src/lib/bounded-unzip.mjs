// Unpacking an untrusted zip (decision 223) with yauzl: each entry is inflated by Node's zlib, with a cap
// on the bytes the inflater actually produces across all entries. An entry that inflates to more than
// its header declares is refused as it passes the declared size (yauzl's validateEntrySizes), and the
// declared sizes are checked against the cap before inflating — so neither the truth nor a lie in the
// headers lets a file unpack past `maxBytes`. Plain JavaScript: it runs on worker threads, which have no
// TypeScript loader.
import yauzl from 'yauzl';

export class UnpackRefused extends Error {
  /** @param {'invalid' | 'tooLarge'} reason */
  constructor(reason) {
    super(reason === 'tooLarge' ? 'the archive inflates past its limit' : 'not a zip archive this reader accepts');
    this.reason = reason;
  }
}

const open = (buf) =>
  new Promise((resolve, reject) =>
    yauzl.fromBuffer(buf, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true }, (err, zip) => (err ? reject(new UnpackRefused('invalid')) : resolve(zip))),
  );

/**
 * The entries of the zip `bytes` (name → content), inflated to at most `maxBytes` in all. Throws
 * UnpackRefused: 'invalid' for what is not a zip yauzl reads (or an entry larger than it declares,
 * encrypted, or compressed otherwise than stored/deflate), 'tooLarge' past the cap.
 */
export async function unpackBounded(bytes, maxBytes) {
  const zip = await open(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const entries = new Map();
  let left = maxBytes;
  await new Promise((resolve, reject) => {
    let done = false;
    const fail = (reason) => {
      if (done) return;
      done = true;
      zip.close();
      reject(new UnpackRefused(reason));
    };
    zip.on('error', () => fail('invalid'));
    zip.on('end', () => {
      done = true;
      resolve();
    });
    zip.on('entry', (entry) => {
      if (done) return;
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      if (entry.uncompressedSize > left) return fail('tooLarge');
      zip.openReadStream(entry, (err, stream) => {
        if (err) return fail('invalid');
        const chunks = [];
        stream.on('data', (chunk) => {
          left -= chunk.length;
          if (left < 0) {
            stream.destroy();
            return fail('tooLarge');
          }
          chunks.push(chunk);
        });
        stream.on('error', () => fail('invalid'));
        stream.on('end', () => {
          if (done) return;
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return entries;
}
