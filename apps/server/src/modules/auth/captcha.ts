import svgCaptcha from 'svg-captcha';

export interface Captcha {
  /** The answer (compared case-insensitively). */
  text: string;
  /** A data URL of the image. */
  image: string;
}

/** Makes image captchas. In ctx so a test can see the answer of a real image (never via the database). */
export interface CaptchaGenerator {
  create(): Captcha;
}

export const svgCaptchaGenerator: CaptchaGenerator = {
  create() {
    const c = svgCaptcha.create({
      size: 5,
      noise: 3,
      color: true,
      // Characters people confuse on a noisy image.
      ignoreChars: '0oO1iIlL',
      width: 150,
      height: 50,
    });
    return { text: c.text, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
  },
};
