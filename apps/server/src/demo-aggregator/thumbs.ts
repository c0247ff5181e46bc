/** Tile pictures of the games (SVG, 4:3), drawn without text so every language can use them. */
const PICTURES: Record<string, { from: string; to: string; art: string }> = {
  demo_fruit_slot: {
    from: '#7b1fa2', to: '#ff4081',
    art: '<rect x="40" y="60" width="320" height="180" rx="24" fill="#fff3" stroke="#ffd54f" stroke-width="8"/>' +
      '<circle cx="110" cy="160" r="34" fill="#e53935"/><circle cx="150" cy="175" r="30" fill="#c62828"/>' +
      '<path d="M110 126 Q130 80 170 90 M150 145 Q150 100 170 90" stroke="#2e7d32" stroke-width="7" fill="none"/>' +
      '<ellipse cx="250" cy="160" rx="46" ry="34" fill="#fdd835"/><text x="322" y="190" font-size="90" font-weight="900" fill="#ffeb3b" text-anchor="middle" font-family="sans-serif">7</text>',
  },
  demo_rocket_crash: {
    from: '#0d47a1', to: '#00bcd4',
    art: '<path d="M40 260 Q200 250 330 70" stroke="#fff" stroke-width="8" fill="none" stroke-dasharray="16 10"/>' +
      '<g transform="translate(320 80) rotate(40)"><path d="M0 -50 Q22 -20 20 30 L-20 30 Q-22 -20 0 -50Z" fill="#eceff1"/>' +
      '<circle cx="0" cy="-8" r="9" fill="#29b6f6"/><path d="M-20 30 L-34 48 L-12 36Z M20 30 L34 48 L12 36Z" fill="#e53935"/>' +
      '<path d="M-10 34 Q0 70 10 34Z" fill="#ffb300"/></g>',
  },
  demo_fish_hunter: {
    from: '#006064', to: '#26c6da',
    art: '<g fill="#ff7043"><ellipse cx="150" cy="150" rx="70" ry="40"/><path d="M215 150 L270 110 L270 190Z"/></g>' +
      '<circle cx="115" cy="140" r="9" fill="#fff"/><circle cx="115" cy="140" r="4" fill="#000"/>' +
      '<g fill="#ffee58"><ellipse cx="290" cy="230" rx="40" ry="22"/><path d="M325 230 L355 210 L355 250Z"/></g>' +
      '<circle cx="200" cy="150" r="70" fill="none" stroke="#fff" stroke-width="5" stroke-dasharray="10 8"/>',
  },
  demo_plinko: {
    from: '#1b5e20', to: '#76ff03',
    art: Array.from({ length: 6 }, (_, row) => Array.from({ length: row + 3 }, (_, i) =>
      `<circle cx="${200 + (i - (row + 2) / 2) * 44}" cy="${60 + row * 36}" r="6" fill="#fff"/>`).join('')).join('') +
      '<circle cx="222" cy="120" r="14" fill="#ffca28"/>',
  },
  demo_hilo: {
    from: '#263238', to: '#3949ab',
    art: '<rect x="90" y="60" width="120" height="170" rx="14" fill="#fff" transform="rotate(-10 150 145)"/>' +
      '<text x="120" y="120" font-size="56" font-weight="900" fill="#d32f2f" font-family="sans-serif" transform="rotate(-10 150 145)">A</text>' +
      '<rect x="190" y="70" width="120" height="170" rx="14" fill="#3949ab" stroke="#fff" stroke-width="6" transform="rotate(10 250 155)"/>' +
      '<path d="M330 110 L350 80 L370 110Z M330 200 L350 230 L370 200Z" fill="#ffd54f"/>',
  },
};

export function thumbnailSvg(code: string): string | undefined {
  const picture = PICTURES[code];
  if (!picture) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${picture.from}"/><stop offset="1" stop-color="${picture.to}"/></linearGradient></defs>` +
    `<rect width="400" height="300" fill="url(#g)"/>${picture.art}</svg>`;
}
