/**
 * The invite poster: an image a player saves or posts (Instagram takes images, not links). It is
 * drawn on a canvas rather than captured from the page, so it looks the same in every theme and
 * its QR code is always dark on light, as scanners need.
 */

export interface PosterTexts {
  headline: string;
  subline: string;
  codeLabel: string;
  scanHint: string;
}

export interface PosterInput {
  link: string;
  code: string;
  texts: PosterTexts;
  rtl: boolean;
  fontFamily: string;
}

const WIDTH = 720;
const HEIGHT = 1120;
const QR_SIZE = 440;
// The poster is a picture: its colours are the brand's, fixed, whatever the app's theme.
const INK = '#1a1033';
const NIGHT_TOP = '#221a4d';
const NIGHT_BOTTOM = '#0b0d17';
const GOLD = '#f7c948';
const ORANGE = '#ff8a3d';
const PAPER = '#ffffff';
const MIST = '#a6acca';

/** Breaks text into lines that fit; scripts written without spaces (Chinese, Thai) break between characters. */
export function wrapLines(text: string, maxWidth: number, measure: (text: string) => number): string[] {
  const spaced = /\s/.test(text.trim());
  const units = spaced ? text.split(/(\s+)/).filter(Boolean) : [...text];
  const lines: string[] = [];
  let line = '';
  for (const unit of units) {
    const next = line + unit;
    if (line && measure(next.trim()) > maxWidth) {
      lines.push(line.trim());
      line = unit.trimStart();
    } else {
      line = next;
    }
  }
  if (line.trim()) lines.push(line.trim());
  return lines;
}

function roundedRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

function brandMark(ctx: CanvasRenderingContext2D, x: number, y: number, size: number): void {
  const gradient = ctx.createLinearGradient(x, y, x + size, y + size);
  gradient.addColorStop(0, GOLD);
  gradient.addColorStop(1, ORANGE);
  ctx.fillStyle = gradient;
  roundedRect(ctx, x, y, size, size, size / 4);
  ctx.fill();
  ctx.strokeStyle = INK;
  ctx.lineWidth = size / 12;
  ctx.lineCap = 'round';
  const s = size / 64;
  ctx.beginPath();
  for (const [x1, y1, x2, y2] of [
    [24, 16, 20, 48],
    [44, 16, 40, 48],
    [16, 26, 50, 26],
    [14, 38, 48, 38],
  ]) {
    ctx.moveTo(x + x1 * s, y + y1 * s);
    ctx.lineTo(x + x2 * s, y + y2 * s);
  }
  ctx.stroke();
}

async function qrImage(link: string): Promise<HTMLImageElement> {
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(link, { type: 'svg', margin: 0, errorCorrectionLevel: 'M', color: { dark: INK, light: PAPER } });
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  return image;
}

/** Draws the poster and answers it as a PNG. */
export async function drawPoster({ link, code, texts, rtl, fontFamily }: PosterInput): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  const qr = await qrImage(link);
  const font = (weight: number, size: number) => `${weight} ${size}px ${fontFamily}`;

  const night = ctx.createLinearGradient(0, 0, 0, HEIGHT);
  night.addColorStop(0, NIGHT_TOP);
  night.addColorStop(1, NIGHT_BOTTOM);
  ctx.fillStyle = night;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);

  // The word mark reads the same in every language, so it is always laid out left to right.
  ctx.direction = 'ltr';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  brandMark(ctx, 60, 56, 72);
  ctx.font = font(800, 44);
  ctx.fillStyle = PAPER;
  ctx.fillText('Hash', 150, 94);
  const hashWidth = ctx.measureText('Hash').width;
  ctx.fillStyle = GOLD;
  ctx.fillText('Lobby', 150 + hashWidth, 94);

  ctx.direction = rtl ? 'rtl' : 'ltr';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  let y = 210;
  ctx.font = font(800, 50);
  ctx.fillStyle = GOLD;
  for (const line of wrapLines(texts.headline, WIDTH - 120, (t) => ctx.measureText(t).width).slice(0, 3)) {
    ctx.fillText(line, WIDTH / 2, y);
    y += 62;
  }
  ctx.font = font(500, 28);
  ctx.fillStyle = MIST;
  for (const line of wrapLines(texts.subline, WIDTH - 140, (t) => ctx.measureText(t).width).slice(0, 3)) {
    ctx.fillText(line, WIDTH / 2, y);
    y += 38;
  }

  const card = QR_SIZE + 60;
  const cardX = (WIDTH - card) / 2;
  const cardY = Math.max(y + 16, 400);
  ctx.fillStyle = PAPER;
  roundedRect(ctx, cardX, cardY, card, card, 36);
  ctx.fill();
  ctx.drawImage(qr, cardX + 30, cardY + 30, QR_SIZE, QR_SIZE);

  y = cardY + card + 56;
  ctx.font = font(500, 26);
  ctx.fillStyle = MIST;
  ctx.fillText(texts.scanHint, WIDTH / 2, y);
  y += 70;
  ctx.font = font(600, 28);
  ctx.fillText(texts.codeLabel, WIDTH / 2, y);
  y += 64;
  ctx.direction = 'ltr';
  ctx.font = font(800, 56);
  ctx.fillStyle = GOLD;
  ctx.fillText(code, WIDTH / 2, y);

  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png'));
}

/**
 * Saves the poster: the phone's share sheet where it takes files (so "Save image" and Instagram are
 * one tap away), otherwise a download.
 */
export async function savePoster(blob: Blob, fileName: string): Promise<'shared' | 'downloaded'> {
  const file = new File([blob], fileName, { type: 'image/png' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    await navigator.share({ files: [file] });
    return 'shared';
  }
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'downloaded';
}
