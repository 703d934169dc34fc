import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jbig2Extent, jpegExtent, jpxExtent } from './image-headers.ts';

describe('codec headers give the size a decoder will allocate', () => {
  it('JPEG: the start-of-frame of a real file, and one rewritten to claim 65,535²', async () => {
    const jpeg = Buffer.from(
      await sharp({ create: { width: 300, height: 200, channels: 3, background: '#888' } })
        .jpeg()
        .toBuffer(),
    );
    expect(jpegExtent(jpeg)).toEqual({ width: 300, height: 200, components: 3, bits: 8 });
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(65535, sof + 5);
    jpeg.writeUInt16BE(65535, sof + 7);
    expect(jpegExtent(jpeg)).toMatchObject({ width: 65535, height: 65535 });
    expect(jpegExtent(Buffer.from('not a jpeg'))).toBeUndefined();
  });

  it('JPEG 2000: a raw codestream SIZ marker and a JP2 image header box', () => {
    const siz = Buffer.alloc(4 + 41);
    siz.writeUInt32BE(0xff4fff51, 0); // SOC, SIZ
    siz.writeUInt32BE(100_000, 4 + 4); // Xsiz
    siz.writeUInt32BE(80_000, 4 + 8); // Ysiz
    siz.writeUInt16BE(3, 4 + 36); // Csiz
    siz.writeUInt8(7, 4 + 38); // 8 bits
    expect(jpxExtent(siz)).toEqual({ width: 100_000, height: 80_000, components: 3, bits: 8 });
    const jp2 = Buffer.concat([
      Buffer.from('0000000c6a5020200d0a870a', 'hex'),
      Buffer.alloc(8),
      Buffer.from('ihdr'),
    ]);
    const ihdr = Buffer.alloc(11);
    ihdr.writeUInt32BE(5000, 0); // height
    ihdr.writeUInt32BE(7000, 4); // width
    ihdr.writeUInt16BE(1, 8);
    ihdr.writeUInt8(0, 10); // 1 bit
    expect(jpxExtent(Buffer.concat([jp2, ihdr]))).toEqual({
      width: 7000,
      height: 5000,
      components: 1,
      bits: 1,
    });
  });

  it('JBIG2: a striped page of unknown height still counts its regions', () => {
    const seg = (n: number, type: number, data: Buffer) => {
      const h = Buffer.alloc(11);
      h.writeUInt32BE(n, 0);
      h.writeUInt8(type, 4);
      h.writeUInt8(1, 6);
      h.writeUInt32BE(data.length, 7);
      return Buffer.concat([h, data]);
    };
    const page = Buffer.alloc(19);
    page.writeUInt32BE(2000, 0);
    page.writeUInt32BE(0xffffffff, 4); // striped: height known only at the end
    const region = Buffer.alloc(18);
    region.writeUInt32BE(1500, 0);
    region.writeUInt32BE(90_000, 4);
    const stream = Buffer.concat([seg(0, 48, page), seg(1, 38, region), seg(2, 51, Buffer.alloc(0))]);
    expect(jbig2Extent(stream)).toEqual({ width: 2000, height: 90_000 });
    expect(jbig2Extent(Buffer.alloc(5))).toBeUndefined();
  });
});
