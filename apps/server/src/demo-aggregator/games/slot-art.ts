/** Symbol pictures (SVG fragments in a 100x100 box) of the slot titles whose page does not draw its own. */

const SEVEN = (fill: string, edge: string) =>
  `<path d="M22 20 L80 20 L80 32 Q58 52 50 86 L32 86 Q40 54 62 34 L22 34Z" fill="${fill}" stroke="${edge}" stroke-width="3"/>`;

export const SEVENS_ART: Record<string, string> = {
  plum:
    '<ellipse cx="50" cy="58" rx="30" ry="28" fill="#6a1b9a"/><path d="M50 30 Q52 18 60 14" stroke="#4e342e" stroke-width="4" fill="none"/>' +
    '<ellipse cx="64" cy="22" rx="12" ry="6" fill="#43a047"/><ellipse cx="40" cy="48" rx="7" ry="4" fill="#fff5"/>',
  clover:
    '<g fill="#2e7d32"><circle cx="36" cy="36" r="16"/><circle cx="64" cy="36" r="16"/><circle cx="36" cy="64" r="16"/><circle cx="64" cy="64" r="16"/></g>' +
    '<path d="M50 50 Q56 76 70 92" stroke="#1b5e20" stroke-width="5" fill="none"/>',
  star: '<path d="M50 8 L61 38 L93 38 L67 57 L77 90 L50 70 L23 90 L33 57 L7 38 L39 38Z" fill="#ffca28" stroke="#ff8f00" stroke-width="3"/>',
  horseshoe: '<path d="M24 86 L24 46 A26 26 0 0 1 76 46 L76 86 L62 86 L62 46 A12 12 0 0 0 38 46 L38 86Z" fill="#90a4ae" stroke="#eceff1" stroke-width="3"/>',
  diamond:
    '<path d="M20 38 L34 18 L66 18 L80 38 L50 86Z" fill="#4fc3f7" stroke="#e1f5fe" stroke-width="3"/><path d="M20 38 L80 38 M34 18 L50 86 L66 18" stroke="#e1f5fe" stroke-width="2" fill="none"/>',
  seven: SEVEN('#00c853', '#ffeb3b'),
};

export const DRAGON_ART: Record<string, string> = {
  coin: '<circle cx="50" cy="50" r="36" fill="#ffc107" stroke="#ff8f00" stroke-width="4"/><rect x="40" y="40" width="20" height="20" fill="#b71c1c"/>',
  lantern:
    '<rect x="44" y="8" width="12" height="10" fill="#ffd54f"/><ellipse cx="50" cy="50" rx="30" ry="34" fill="#d32f2f"/>' +
    '<path d="M34 22 Q26 50 34 78 M66 22 Q74 50 66 78 M50 16 L50 84" stroke="#ffd54f" stroke-width="3" fill="none"/><path d="M44 84 L56 84 L50 98Z" fill="#ffd54f"/>',
  fan:
    '<path d="M50 84 L10 40 A56 56 0 0 1 90 40Z" fill="#ec407a" stroke="#fff" stroke-width="3"/>' +
    '<path d="M50 84 L30 24 M50 84 L50 18 M50 84 L70 24" stroke="#fff" stroke-width="2"/>',
  pearl:
    '<path d="M14 70 Q50 96 86 70 Q50 82 14 70Z" fill="#90a4ae"/><circle cx="50" cy="50" r="24" fill="#f5f5f5"/><circle cx="42" cy="42" r="7" fill="#fff"/>',
  jade: '<circle cx="50" cy="50" r="38" fill="#26a69a" stroke="#004d40" stroke-width="4"/><circle cx="50" cy="50" r="14" fill="#10121f"/><circle cx="36" cy="34" r="6" fill="#b2dfdb"/>',
  dragon:
    '<path d="M14 70 Q30 30 54 40 Q70 20 86 30 L78 40 Q90 46 80 52 L66 50 Q60 70 40 66 Q28 80 14 70Z" fill="#c62828" stroke="#ffd54f" stroke-width="3"/>' +
    '<circle cx="74" cy="36" r="3" fill="#ffd54f"/>',
};
