import { degrees, type PDFFont, type PDFPage, rgb } from '@cantoo/pdf-lib';

const SIZE = 8;
const MARGIN = 10;
const PAD = 2;

/**
 * Maps a point given in the page's *visual* frame (origin at the bottom-left as the viewer shows the page,
 * after /Rotate) to the unrotated user space pdf-lib draws in, plus the text rotation to use.
 */
function visualFrame(page: PDFPage) {
  const box = page.getMediaBox();
  const angle = ((page.getRotation().angle % 360) + 360) % 360;
  const { x: ox, y: oy, width: W, height: H } = box;
  const swapped = angle === 90 || angle === 270;
  const vw = swapped ? H : W;
  const vh = swapped ? W : H;
  const map = (vx: number, vy: number): { x: number; y: number } => {
    switch (angle) {
      case 90:
        return { x: ox + W - vy, y: oy + vx };
      case 180:
        return { x: ox + W - vx, y: oy + H - vy };
      case 270:
        return { x: ox + vy, y: oy + H - vx };
      default:
        return { x: ox + vx, y: oy + vy };
    }
  };
  return { vw, vh, map, rotate: degrees(angle) };
}

/** Draws `label` on a white box, anchored at a visual corner ('br' bottom-right, 'tr' top-right). */
export function stampText(page: PDFPage, font: PDFFont, label: string, corner: 'br' | 'tr'): void {
  const { vw, vh, map, rotate } = visualFrame(page);
  const width = font.widthOfTextAtSize(label, SIZE);
  const vx = vw - MARGIN - width;
  const vy = corner === 'br' ? MARGIN : vh - MARGIN - SIZE;
  const boxAt = map(vx - PAD, vy - PAD);
  page.drawRectangle({
    x: boxAt.x,
    y: boxAt.y,
    width: width + 2 * PAD,
    height: SIZE + 2 * PAD,
    rotate,
    color: rgb(1, 1, 1),
  });
  const at = map(vx, vy + 1.5);
  page.drawText(label, { x: at.x, y: at.y, size: SIZE, font, rotate, color: rgb(0.1, 0.1, 0.1) });
}
