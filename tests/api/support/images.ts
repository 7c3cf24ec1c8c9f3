import sharp from 'sharp';

/** Small real pictures for upload tests, drawn by sharp: a solid colour with a lighter square. */
export async function picture(format: 'png' | 'jpeg' | 'webp', opts: { width?: number; height?: number; seed?: number } = {}): Promise<Uint8Array> {
  const width = opts.width ?? 64;
  const height = opts.height ?? 48;
  const seed = opts.seed ?? 1;
  const background = { r: (seed * 67) % 256, g: (seed * 131) % 256, b: (seed * 29) % 256 };
  const square = await sharp({ create: { width: Math.max(1, width >> 1), height: Math.max(1, height >> 1), channels: 3, background: { r: 250, g: 250, b: 250 } } })
    .png()
    .toBuffer();
  const img = sharp({ create: { width, height, channels: 3, background } }).composite([{ input: square, left: width >> 2, top: height >> 2 }]);
  const out = format === 'png' ? img.png() : format === 'jpeg' ? img.jpeg({ quality: 90 }) : img.webp({ quality: 90 });
  return new Uint8Array(await out.toBuffer());
}
