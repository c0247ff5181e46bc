import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** Text as a QR code image, drawn on the phone: what it encodes never leaves it. */
export function useQrDataUrl(text: string | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!text) return;
    let live = true;
    QRCode.toDataURL(text, { margin: 1, width: 440, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } })
      .then((data) => live && setUrl(data))
      .catch(() => live && setUrl(undefined));
    return () => {
      live = false;
    };
  }, [text]);
  return text ? url : undefined;
}
