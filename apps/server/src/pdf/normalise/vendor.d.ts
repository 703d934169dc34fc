declare module 'bmp-js' {
  interface BmpImage {
    width: number;
    height: number;
    /** Pixels in A, B, G, R byte order (4 bytes per pixel). */
    data: Buffer;
  }
  const bmp: { decode(buffer: Buffer): BmpImage };
  export default bmp;
}

declare module 'heic-decode' {
  interface HeicImage {
    width: number;
    height: number;
    /** RGBA, 4 bytes per pixel. */
    data: Uint8ClampedArray;
  }
  interface HeicDecode {
    (opts: { buffer: Uint8Array }): Promise<HeicImage>;
    all(opts: {
      buffer: Uint8Array;
    }): Promise<Array<{ width: number; height: number; decode(): Promise<HeicImage> }>>;
  }
  const decode: HeicDecode;
  export default decode;
}
