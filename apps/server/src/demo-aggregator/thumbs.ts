const SEVEN = '<path d="M22 20 L80 20 L80 32 Q58 52 50 86 L32 86 Q40 54 62 34 L22 34Z" fill="#ffeb3b" stroke="#1b5e20" stroke-width="3"/>';

/** Tile pictures of the games (SVG, 4:3), drawn without text so every language can use them. */
const PICTURES: Record<string, { from: string; to: string; art: string }> = {
  demo_fruit_slot: {
    from: '#7b1fa2',
    to: '#ff4081',
    art:
      '<rect x="40" y="60" width="320" height="180" rx="24" fill="#fff3" stroke="#ffd54f" stroke-width="8"/>' +
      '<circle cx="110" cy="160" r="34" fill="#e53935"/><circle cx="150" cy="175" r="30" fill="#c62828"/>' +
      '<path d="M110 126 Q130 80 170 90 M150 145 Q150 100 170 90" stroke="#2e7d32" stroke-width="7" fill="none"/>' +
      '<ellipse cx="250" cy="160" rx="46" ry="34" fill="#fdd835"/><text x="322" y="190" font-size="90" font-weight="900" fill="#ffeb3b" text-anchor="middle" font-family="sans-serif">7</text>',
  },
  demo_rocket_crash: {
    from: '#0d47a1',
    to: '#00bcd4',
    art:
      '<path d="M40 260 Q200 250 330 70" stroke="#fff" stroke-width="8" fill="none" stroke-dasharray="16 10"/>' +
      '<g transform="translate(320 80) rotate(40)"><path d="M0 -50 Q22 -20 20 30 L-20 30 Q-22 -20 0 -50Z" fill="#eceff1"/>' +
      '<circle cx="0" cy="-8" r="9" fill="#29b6f6"/><path d="M-20 30 L-34 48 L-12 36Z M20 30 L34 48 L12 36Z" fill="#e53935"/>' +
      '<path d="M-10 34 Q0 70 10 34Z" fill="#ffb300"/></g>',
  },
  demo_fish_hunter: {
    from: '#006064',
    to: '#26c6da',
    art:
      '<g fill="#ff7043"><ellipse cx="150" cy="150" rx="70" ry="40"/><path d="M215 150 L270 110 L270 190Z"/></g>' +
      '<circle cx="115" cy="140" r="9" fill="#fff"/><circle cx="115" cy="140" r="4" fill="#000"/>' +
      '<g fill="#ffee58"><ellipse cx="290" cy="230" rx="40" ry="22"/><path d="M325 230 L355 210 L355 250Z"/></g>' +
      '<circle cx="200" cy="150" r="70" fill="none" stroke="#fff" stroke-width="5" stroke-dasharray="10 8"/>',
  },
  demo_plinko: {
    from: '#1b5e20',
    to: '#76ff03',
    art:
      Array.from({ length: 6 }, (_, row) =>
        Array.from({ length: row + 3 }, (_, i) => `<circle cx="${200 + (i - (row + 2) / 2) * 44}" cy="${60 + row * 36}" r="6" fill="#fff"/>`).join(''),
      ).join('') + '<circle cx="222" cy="120" r="14" fill="#ffca28"/>',
  },
  demo_hilo: {
    from: '#263238',
    to: '#3949ab',
    art:
      '<rect x="90" y="60" width="120" height="170" rx="14" fill="#fff" transform="rotate(-10 150 145)"/>' +
      '<text x="120" y="120" font-size="56" font-weight="900" fill="#d32f2f" font-family="sans-serif" transform="rotate(-10 150 145)">A</text>' +
      '<rect x="190" y="70" width="120" height="170" rx="14" fill="#3949ab" stroke="#fff" stroke-width="6" transform="rotate(10 250 155)"/>' +
      '<path d="M330 110 L350 80 L370 110Z M330 200 L350 230 L370 200Z" fill="#ffd54f"/>',
  },
  demo_lucky_sevens: {
    from: '#1b5e20',
    to: '#00c853',
    art:
      [
        [40, 90, 1.1],
        [150, 70, 1.2],
        [260, 90, 1.1],
      ]
        .map(([x, y, k]) => `<g transform="translate(${x} ${y}) scale(${k})">${SEVEN}</g>`)
        .join('') +
      '<g fill="#a5d6a7"><circle cx="60" cy="50" r="14"/><circle cx="84" cy="50" r="14"/><circle cx="60" cy="74" r="14"/><circle cx="84" cy="74" r="14"/></g>',
  },
  demo_lucky_dragon: {
    from: '#b71c1c',
    to: '#ffb300',
    art:
      '<path d="M40 220 Q90 90 180 120 Q230 50 300 80 L280 110 Q330 130 300 150 L250 145 Q230 210 160 200 Q110 250 40 220Z" fill="#7f0000" stroke="#ffd54f" stroke-width="6"/>' +
      '<circle cx="282" cy="95" r="7" fill="#ffd54f"/><circle cx="320" cy="220" r="38" fill="#26a69a" stroke="#004d40" stroke-width="6"/><circle cx="320" cy="220" r="14" fill="#b71c1c"/>',
  },
  demo_rocket_moon: {
    from: '#1a0033',
    to: '#5e35b1',
    art:
      '<circle cx="300" cy="80" r="50" fill="#fff9c4"/><circle cx="285" cy="70" r="10" fill="#fff59d"/><circle cx="318" cy="98" r="7" fill="#fff59d"/>' +
      '<path d="M40 270 Q120 260 220 140" stroke="#ce93d8" stroke-width="8" fill="none" stroke-dasharray="16 10"/>' +
      '<g transform="translate(225 140) rotate(40)"><path d="M0 -44 Q20 -18 18 26 L-18 26 Q-20 -18 0 -44Z" fill="#eceff1"/><circle cx="0" cy="-6" r="8" fill="#7e57c2"/>' +
      '<path d="M-18 26 L-30 42 L-10 32Z M18 26 L30 42 L10 32Z" fill="#ab47bc"/><path d="M-9 30 Q0 62 9 30Z" fill="#ffb300"/></g>',
  },
  demo_fish_frenzy: {
    from: '#01579b',
    to: '#4fc3f7',
    art:
      '<g fill="#42a5f5" stroke="#e3f2fd" stroke-width="4"><ellipse cx="200" cy="170" rx="120" ry="55"/><path d="M310 170 L370 120 L370 220Z"/></g>' +
      '<circle cx="130" cy="160" r="10" fill="#fff"/><circle cx="130" cy="160" r="5" fill="#000"/>' +
      '<g fill="#ff7043"><ellipse cx="90" cy="70" rx="30" ry="16"/><path d="M116 70 L136 56 L136 84Z"/></g>' +
      '<g fill="#ffee58"><ellipse cx="300" cy="60" rx="24" ry="13"/><path d="M276 60 L258 48 L258 72Z"/></g>',
  },
  demo_hilo_royal: {
    from: '#4a148c',
    to: '#c2185b',
    art:
      '<rect x="130" y="60" width="140" height="190" rx="16" fill="#fff" stroke="#ffd54f" stroke-width="6"/>' +
      '<path d="M160 130 L175 90 L200 120 L225 90 L240 130Z" fill="#ffd54f" stroke="#ff8f00" stroke-width="3"/>' +
      '<text x="200" y="210" font-size="64" font-weight="900" fill="#c2185b" text-anchor="middle" font-family="serif">K</text>' +
      '<path d="M60 130 L80 100 L100 130Z M300 170 L320 200 L340 170Z" fill="#ffd54f"/>',
  },
};

export function thumbnailSvg(code: string): string | undefined {
  const picture = PICTURES[code];
  if (!picture) return undefined;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${picture.from}"/><stop offset="1" stop-color="${picture.to}"/></linearGradient></defs>` +
    `<rect width="400" height="300" fill="url(#g)"/>${picture.art}</svg>`
  );
}
