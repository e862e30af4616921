import { deflateSync } from 'node:zlib';

// A tiny RGB canvas and PNG encoder for demo pictures: real PNG files without an image library.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

export type Rgb = readonly [number, number, number];

export class Canvas {
  readonly pixels: Buffer;
  constructor(readonly width: number, readonly height: number, background: Rgb) {
    this.pixels = Buffer.alloc(width * height * 3);
    this.rect(0, 0, width, height, background);
  }
  private set(x: number, y: number, c: Rgb) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    this.pixels[i] = c[0];
    this.pixels[i + 1] = c[1];
    this.pixels[i + 2] = c[2];
  }
  /** Filled rectangle, optionally with rounded corners of radius r. */
  rect(x: number, y: number, w: number, h: number, c: Rgb, r = 0) {
    for (let j = y; j < y + h; j++) {
      for (let i = x; i < x + w; i++) {
        const dx = i < x + r ? x + r - i : i >= x + w - r ? i - (x + w - r - 1) : 0;
        const dy = j < y + r ? y + r - j : j >= y + h - r ? j - (y + h - r - 1) : 0;
        if (dx * dx + dy * dy <= r * r) this.set(i, j, c);
      }
    }
    return this;
  }
  circle(cx: number, cy: number, r: number, c: Rgb) {
    for (let j = cy - r; j <= cy + r; j++) for (let i = cx - r; i <= cx + r; i++) if ((i - cx) ** 2 + (j - cy) ** 2 <= r * r) this.set(i, j, c);
    return this;
  }
  ring(cx: number, cy: number, r: number, width: number, c: Rgb) {
    for (let j = cy - r; j <= cy + r; j++) {
      for (let i = cx - r; i <= cx + r; i++) {
        const d = (i - cx) ** 2 + (j - cy) ** 2;
        if (d <= r * r && d >= (r - width) ** 2) this.set(i, j, c);
      }
    }
    return this;
  }
  png(): Buffer {
    const stride = this.width * 3;
    const raw = Buffer.alloc((stride + 1) * this.height);
    for (let y = 0; y < this.height; y++) this.pixels.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}
