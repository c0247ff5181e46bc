/*
 * The faces the app ships for scripts a phone or computer may lack (first in --ion-font-family,
 * variables.css). The build (build/shippedFonts.ts) limits each face to its script and has it draw
 * from the device's own font for that script where one is installed; elsewhere the face is cut by
 * unicode-range into pieces, and the browser downloads only the pieces of the characters on screen.
 * Chinese comes in the regular weight only (bold is drawn from it): a second weight would double what
 * a Chinese screen downloads. Loaded after the first script, so its stylesheet blocks nothing.
 */
import '@fontsource/noto-sans-sc/400.css';
import '@fontsource/noto-sans-tc/400.css';
import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-sans-thai/700.css';
