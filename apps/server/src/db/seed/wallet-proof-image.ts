import { deflateSync } from 'node:zlib';

// A real PNG for the demo's top-up proof: a transfer-receipt look drawn with rectangles,
// encoded by hand (IHDR + IDAT + IEND, CRC-32) so the demo needs no image library.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

type Rgb = [number, number, number];
interface Rect { x: number; y: number; w: number; h: number; color: Rgb }

/** Encode an RGB image of `width`×`height` filled with `background` and the given rectangles. */
export function drawPng(width: number, height: number, background: Rgb, rects: Rect[]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      let c = background;
      for (const r of rects) if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h) c = r.color;
      raw.set(c, row + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 360×540 "bank transfer succeeded" receipt. */
export function transferReceiptPng(): Buffer {
  const green: Rgb = [7, 193, 96];
  const grey: Rgb = [220, 223, 230];
  const dark: Rgb = [96, 98, 102];
  const rects: Rect[] = [
    { x: 0, y: 0, w: 360, h: 96, color: green },
    { x: 150, y: 140, w: 60, h: 60, color: green },
    { x: 166, y: 168, w: 12, h: 20, color: [255, 255, 255] },
    { x: 178, y: 156, w: 18, h: 12, color: [255, 255, 255] },
    { x: 90, y: 230, w: 180, h: 28, color: dark },
  ];
  for (let i = 0; i < 6; i++) {
    rects.push({ x: 32, y: 300 + i * 36, w: 96, h: 12, color: grey }, { x: 200, y: 300 + i * 36, w: 128, h: 12, color: dark });
  }
  return drawPng(360, 540, [255, 255, 255], rects);
}
