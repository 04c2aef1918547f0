import type { MediaKind } from './kinds';
import type { Palette } from './colour';

/**
 * Flat vector silhouettes on a 600 × 800 stage, standing on the floor line `floor`.
 * `body` is filled with the product colour and also clips prints and shading; `behind` and `details`
 * are drawn under and over it with the palette derived from that colour.
 */
export interface Shape {
  body: string;
  behind?: (p: Palette) => string;
  details: (p: Palette) => string;
  /** Textiles take a printed pattern in some variants; bottles and gadgets do not. */
  printable: boolean;
  floor: number;
}

const stroke = (colour: string, width: number, extra = '') =>
  `fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}`;
const dashed = (colour: string, width = 3) => stroke(colour, width, ' stroke-dasharray="8 7" opacity="0.6"');

function buttons(x: number, ys: number[], p: Palette, r = 6): string {
  return ys
    .map(
      (y) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${p.light}" stroke="${p.line}" stroke-width="2"/>`,
    )
    .join('');
}

function ticks(cx: number, cy: number, inner: number, outer: number, colour: string, width: number): string {
  return Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const long = i % 3 === 0 ? 1 : 0.55;
    const r1 = outer - (outer - inner) * long;
    const p = (r: number) => `${(cx + r * Math.sin(a)).toFixed(1)} ${(cy - r * Math.cos(a)).toFixed(1)}`;
    return `<path d="M${p(r1)} L${p(outer)}" ${stroke(colour, i % 3 === 0 ? width * 1.6 : width)}/>`;
  }).join('');
}

const tshirt: Shape = {
  body: 'M180 190 L250 160 Q300 200 350 160 L420 190 L500 270 L445 330 L410 300 L410 650 Q300 665 190 650 L190 300 L155 330 L100 270 Z',
  details: (p) =>
    `<path d="M250 160 Q300 200 350 160 Q300 222 250 160 Z" fill="${p.shade}"/>` +
    `<path d="M244 163 Q300 222 356 163" ${stroke(p.line, 9)}/>` +
    `<path d="M190 300 Q198 240 180 190 M410 300 Q402 240 420 190" ${stroke(p.line, 3, ' opacity="0.45"')}/>` +
    `<path d="M118 283 L160 318 M482 283 L440 318" ${dashed(p.line)}/>` +
    `<path d="M195 632 Q300 648 405 632" ${dashed(p.line)}/>`,
  printable: true,
  floor: 665,
};

const shirt: Shape = {
  body: 'M200 170 L260 150 L300 175 L340 150 L400 170 L450 200 L505 520 L460 535 L415 320 L415 680 Q300 692 185 680 L185 320 L140 535 L95 520 L150 200 Z',
  details: (p) =>
    `<path d="M147 495 L100 482 L95 520 L140 535 Z M453 495 L500 482 L505 520 L460 535 Z" fill="${p.shade}"/>` +
    `<path d="M300 175 L300 686" ${stroke(p.line, 3)}/>` +
    `<path d="M312 178 L312 686" ${dashed(p.line, 2)}/>` +
    buttons(306, [235, 305, 375, 445, 515, 585], p) +
    `<path d="M215 280 L275 280 L275 345 Q245 358 215 345 Z" ${stroke(p.line, 3)}/>` +
    `<path d="M185 320 Q192 250 172 196 M415 320 Q408 250 428 196" ${stroke(p.line, 3, ' opacity="0.45"')}/>` +
    `<path d="M260 150 L300 175 L282 220 L240 178 Z M340 150 L300 175 L318 220 L360 178 Z" fill="${p.light}" stroke="${p.line}" stroke-width="3" stroke-linejoin="round"/>`,
  printable: true,
  floor: 692,
};

const kurta: Shape = {
  body: 'M215 165 L270 148 Q300 160 330 148 L385 165 L440 195 L490 500 L448 512 L408 300 L412 560 L440 740 L160 740 L188 560 L192 300 L152 512 L110 500 L160 195 Z',
  details: (p) =>
    `<path d="M270 148 Q300 160 330 148 L330 132 Q300 145 270 132 Z" fill="${p.shade}" stroke="${p.line}" stroke-width="2"/>` +
    `<path d="M300 158 L300 335" ${stroke(p.line, 3)}/>` +
    buttons(300, [190, 240, 290], p, 5) +
    `<path d="M270 165 Q300 360 330 165" ${stroke(p.accent, 4, ' stroke-dasharray="2 9" opacity="0.9"')}/>` +
    `<path d="M165 712 L435 712 L440 740 L160 740 Z" fill="${p.accent}" opacity="0.85"/>` +
    `<path d="M170 704 L430 704" ${stroke(p.accent, 3, ' stroke-dasharray="3 10"')}/>` +
    `<path d="M190 590 L176 740 L204 740 Z M410 590 L424 740 L396 740 Z" fill="${p.shade}"/>` +
    `<path d="M118 478 L152 490 M482 478 L448 490" ${stroke(p.accent, 8, ' opacity="0.85"')}/>`,
  printable: true,
  floor: 740,
};

const jeans: Shape = {
  body: 'M200 150 L400 150 L428 720 L322 720 L302 330 L298 330 L278 720 L172 720 Z',
  details: (p) =>
    `<path d="M200 150 L400 150 L402 184 L198 184 Z" fill="${p.shade}"/>` +
    [222, 268, 332, 378]
      .map(
        (x) =>
          `<rect x="${x}" y="146" width="10" height="44" rx="3" fill="${p.shade}" stroke="${p.line}" stroke-width="2"/>`,
      )
      .join('') +
    `<circle cx="300" cy="167" r="7" fill="#c9a03d"/>` +
    `<path d="M300 184 L300 318 M300 300 Q322 300 324 268 L324 184" ${stroke(p.line, 3)}/>` +
    `<path d="M212 196 Q248 242 264 188 M388 196 Q352 242 336 188" ${stroke('#d9a45b', 3, ' stroke-dasharray="6 5"')}/>` +
    `<path d="M206 184 L178 700 M394 184 L422 700" ${stroke('#d9a45b', 2.5, ' stroke-dasharray="6 6" opacity="0.7"')}/>` +
    `<ellipse cx="232" cy="470" rx="30" ry="70" fill="#ffffff" opacity="0.14"/>` +
    `<ellipse cx="368" cy="470" rx="30" ry="70" fill="#ffffff" opacity="0.14"/>` +
    `<path d="M174 700 L278 700 M322 700 L426 700" ${stroke(p.line, 3, ' opacity="0.6"')}/>`,
  printable: false,
  floor: 720,
};

const jacket: Shape = {
  body: 'M195 175 L255 150 L345 150 L405 175 L455 205 L510 540 L462 552 L418 330 L418 600 Q300 612 182 600 L182 330 L138 552 L90 540 L145 205 Z',
  details: (p) =>
    `<path d="M255 150 Q300 188 345 150 L345 136 Q300 172 255 136 Z" fill="${p.shade}"/>` +
    `<path d="M182 566 L418 566 L418 600 Q300 612 182 600 Z" fill="${p.shade}"/>` +
    `<path d="M200 572 L200 602 M230 572 L230 606 M260 572 L260 608 M340 572 L340 608 M370 572 L370 606 M400 572 L400 602" ${stroke(p.line, 2, ' opacity="0.6"')}/>` +
    `<path d="M143 515 L96 505 L90 540 L138 552 Z M457 515 L504 505 L510 540 L462 552 Z" fill="${p.shade}"/>` +
    `<path d="M300 168 L300 606" ${stroke('#c4c8cf', 5)}/>` +
    `<rect x="292" y="186" width="16" height="30" rx="4" fill="#c4c8cf" stroke="${p.line}" stroke-width="2"/>` +
    `<path d="M212 430 L250 380 M388 430 L350 380" ${stroke(p.line, 7)}/>` +
    `<path d="M182 330 Q190 260 168 210 M418 330 Q410 260 432 210" ${stroke(p.line, 3, ' opacity="0.45"')}/>`,
  printable: false,
  floor: 612,
};

const sneakerBody =
  'M95 505 Q90 455 135 440 L255 420 Q300 380 345 372 L420 368 Q455 370 462 400 L470 440 Q515 455 522 505 Z';
const sneaker: Shape = {
  body: sneakerBody,
  behind: (p) =>
    `<g transform="translate(40 -62) scale(0.94)" opacity="0.9"><path d="${sneakerBody}" fill="${p.shade}"/>` +
    `<path d="M85 520 Q80 560 120 568 L500 568 Q530 566 528 530 L520 505 L90 505 Z" fill="#e7e5e0"/></g>`,
  details: (p) =>
    `<path d="M85 505 Q78 560 120 570 L500 570 Q534 566 530 528 L522 500 Z" fill="#f8f7f4" stroke="#d8d5cf" stroke-width="3"/>` +
    `<path d="M92 540 L526 540" ${stroke('#d8d5cf', 3)}/>` +
    `<path d="M95 505 Q92 460 135 444 L165 440 Q130 470 140 505 Z" fill="${p.shade}"/>` +
    `<path d="M345 372 Q350 342 380 340 Q406 344 404 369 Z" fill="${p.shade}" stroke="${p.line}" stroke-width="2"/>` +
    `<path d="M150 482 Q300 474 450 412 Q356 490 172 496 Z" fill="${p.light}"/>` +
    [0, 1, 2, 3]
      .map(
        (i) =>
          `<path d="M${268 + i * 22} ${424 - i * 12} L${300 + i * 20} ${404 - i * 9}" ${stroke(p.lace, 6)}/>`,
      )
      .join('') +
    `<path d="M462 400 Q500 430 510 480" ${stroke(p.line, 3, ' opacity="0.5"')}/>`,
  printable: false,
  floor: 570,
};

const watch: Shape = {
  body: 'M255 110 L345 110 L345 690 L255 690 Z M430 400 A130 130 0 1 1 170 400 A130 130 0 1 1 430 400 Z',
  details: (p) =>
    `<rect x="262" y="110" width="76" height="180" rx="10" fill="${p.strap}"/>` +
    `<rect x="262" y="510" width="76" height="180" rx="10" fill="${p.strap}"/>` +
    [560, 595, 630].map((y) => `<circle cx="300" cy="${y}" r="6" fill="${p.line}"/>`).join('') +
    `<rect x="424" y="384" width="26" height="32" rx="6" fill="${p.base}" stroke="${p.line}" stroke-width="2"/>` +
    `<circle cx="300" cy="400" r="130" fill="${p.base}"/>` +
    `<circle cx="300" cy="400" r="122" fill="none" stroke="${p.light}" stroke-width="6" opacity="0.7"/>` +
    `<circle cx="300" cy="400" r="108" fill="${p.dial}"/>` +
    ticks(300, 400, 78, 98, p.dialInk, 3) +
    `<path d="M300 400 L300 320 M300 400 L356 430" ${stroke(p.dialInk, 7)}/>` +
    `<path d="M300 420 L300 310" ${stroke('#d94b3a', 2.5)}/>` +
    `<circle cx="300" cy="400" r="9" fill="${p.base}" stroke="${p.dialInk}" stroke-width="3"/>`,
  printable: false,
  floor: 690,
};

const saree: Shape = {
  body: 'M228 340 L372 340 L432 740 L168 740 Z',
  behind: (p) =>
    `<path d="M250 190 Q300 175 350 190 L385 215 L372 258 L352 248 L350 345 L250 345 L248 248 L228 258 L215 215 Z" fill="${p.shade}"/>`,
  details: (p) =>
    Array.from(
      { length: 7 },
      (_, i) =>
        `<path d="M${282 + i * 6} 360 L${216 + i * 28} 738" ${stroke(p.line, 2.5, ' opacity="0.35"')}/>`,
    ).join('') +
    `<path d="M170 712 L430 712 L432 740 L168 740 Z" fill="${p.accent}"/>` +
    `<path d="M352 188 L388 214 Q320 330 246 420 Q236 560 214 700 L148 690 Q168 560 184 426 Q268 320 352 188 Z" fill="${p.base}" stroke="${p.line}" stroke-width="2"/>` +
    `<path d="M388 214 Q320 330 246 420 Q236 560 214 700" ${stroke(p.accent, 12)}/>` +
    `<path d="M214 700 L148 690" ${stroke(p.accent, 16)}/>` +
    Array.from(
      { length: 6 },
      (_, i) => `<circle cx="${300 - i * 22}" cy="${300 + i * 62}" r="5" fill="${p.accent}" opacity="0.9"/>`,
    ).join('') +
    Array.from(
      { length: 8 },
      (_, i) =>
        `<circle cx="${190 + i * 30}" cy="${i % 2 ? 600 : 560}" r="4" fill="${p.accent}" opacity="0.8"/>`,
    ).join(''),
  printable: true,
  floor: 740,
};

const dress: Shape = {
  body: 'M255 160 L275 160 Q300 185 325 160 L345 160 L360 200 Q385 230 380 300 L372 340 L470 720 Q300 750 130 720 L228 340 L220 300 Q215 230 240 200 Z',
  details: (p) =>
    `<path d="M275 160 Q300 198 325 160" ${stroke(p.line, 4)}/>` +
    `<path d="M224 326 L376 326 L372 352 L228 352 Z" fill="${p.shade}"/>` +
    `<path d="M262 360 Q252 540 206 722 M300 360 L300 736 M338 360 Q348 540 394 722" ${stroke(p.line, 3, ' opacity="0.28"')}/>` +
    `<path d="M136 708 Q300 738 464 708" ${dashed(p.line)}/>`,
  printable: true,
  floor: 740,
};

const top: Shape = {
  body: 'M215 190 L265 165 Q300 195 335 165 L385 190 L445 230 Q470 270 440 300 L405 285 L400 500 Q300 520 200 500 L195 285 L160 300 Q130 270 155 230 Z',
  details: (p) =>
    `<path d="M265 165 L300 228 L335 165" ${stroke(p.line, 4)}/>` +
    `<path d="M200 462 Q300 482 400 462 L412 520 Q300 546 188 520 Z" fill="${p.shade}" opacity="0.85"/>` +
    `<path d="M158 296 Q170 280 182 292 Q192 280 200 286 M442 296 Q430 280 418 292 Q408 280 400 286" ${stroke(p.line, 3, ' opacity="0.6"')}/>` +
    `<path d="M240 240 Q300 260 360 240" ${stroke(p.light, 3, ' stroke-dasharray="2 8"')}/>`,
  printable: true,
  floor: 540,
};

const handbag: Shape = {
  body: 'M150 330 L450 330 L480 640 Q480 662 458 662 L142 662 Q120 662 120 640 Z',
  behind: (p) => `<path d="M215 336 Q215 168 300 168 Q385 168 385 336" ${stroke(p.shade, 24)}/>`,
  details: (p) =>
    `<path d="M150 330 L450 330 L456 424 Q300 476 144 424 Z" fill="${p.shade}"/>` +
    `<path d="M160 344 L440 344 M152 420 Q300 468 448 420" ${dashed(p.light, 2.5)}/>` +
    `<rect x="282" y="432" width="36" height="30" rx="6" fill="#d4a73c" stroke="#a27b23" stroke-width="3"/>` +
    `<path d="M136 636 L464 636" ${dashed(p.line)}/>`,
  printable: false,
  floor: 662,
};

const heelBody =
  'M110 575 Q140 545 230 520 Q280 505 310 495 Q380 470 420 430 Q445 415 470 418 Q492 426 486 470 L470 470 Q420 480 380 520 Q340 565 300 582 Q200 595 120 590 Q100 585 110 575 Z';
const heels: Shape = {
  body: heelBody,
  behind: (p) =>
    `<g transform="translate(30 -70) scale(0.95)"><path d="${heelBody}" fill="${p.shade}"/>` +
    `<path d="M455 470 L485 468 L478 660 L466 660 Z" fill="${p.line}"/></g>`,
  details: (p) =>
    `<path d="M310 495 Q380 470 420 430 Q445 415 470 418 Q442 442 422 456 Q372 492 320 506 Z" fill="${p.line}"/>` +
    `<path d="M455 470 L486 468 L478 660 L465 660 Z" fill="${p.line}"/>` +
    `<rect x="462" y="656" width="20" height="10" rx="3" fill="#2a2b2f"/>` +
    `<path d="M120 590 Q200 596 300 582" ${stroke(p.line, 4)}/>`,
  printable: false,
  floor: 666,
};

const frock: Shape = {
  body: 'M240 220 L270 205 Q300 225 330 205 L360 220 L375 260 L372 360 L470 600 Q300 640 130 600 L228 360 L225 260 Z',
  details: (p) =>
    `<ellipse cx="228" cy="242" rx="42" ry="32" fill="${p.base}" stroke="${p.line}" stroke-width="2"/>` +
    `<ellipse cx="372" cy="242" rx="42" ry="32" fill="${p.base}" stroke="${p.line}" stroke-width="2"/>` +
    `<path d="M270 205 Q286 240 300 222 Q314 240 330 205" fill="#ffffff" stroke="${p.line}" stroke-width="2"/>` +
    `<path d="M228 350 L372 350 L374 380 L226 380 Z" fill="${p.light}"/>` +
    `<path d="M300 365 L262 345 L262 388 Z M300 365 L338 345 L338 388 Z" fill="${p.accent}"/>` +
    `<circle cx="300" cy="365" r="9" fill="${p.accent}"/>` +
    `<path d="M136 598 Q152 612 168 602 Q184 616 200 606 Q216 620 232 610 Q248 622 264 612 Q280 624 300 614 Q320 624 336 612 Q352 622 368 610 Q384 620 400 606 Q416 616 432 602 Q448 612 464 598" ${stroke(p.light, 6)}/>`,
  printable: true,
  floor: 625,
};

const shorts: Shape = {
  body: 'M190 260 L410 260 L445 560 L320 575 L300 400 L280 575 L155 560 Z',
  details: (p) =>
    `<path d="M190 260 L410 260 L412 300 L188 300 Z" fill="${p.shade}"/>` +
    `<path d="M292 300 Q286 340 272 352 M308 300 Q314 340 328 352" ${stroke(p.light, 4)}/>` +
    `<path d="M160 528 L285 542 L280 575 L155 560 Z M440 528 L315 542 L320 575 L445 560 Z" fill="${p.shade}" opacity="0.8"/>` +
    `<path d="M300 300 L300 390" ${stroke(p.line, 3)}/>` +
    `<path d="M206 316 Q236 350 256 304 M394 316 Q364 350 344 304" ${stroke(p.line, 3, ' opacity="0.6"')}/>`,
  printable: true,
  floor: 575,
};

const backpack: Shape = {
  body: 'M170 270 Q170 210 230 200 L370 200 Q430 210 430 270 L440 640 Q440 670 410 670 L190 670 Q160 670 160 640 Z',
  behind: (p) => `<path d="M265 206 Q265 148 300 148 Q335 148 335 206" ${stroke(p.shade, 14)}/>`,
  details: (p) =>
    `<path d="M200 450 L400 450 L405 620 Q405 642 383 642 L217 642 Q195 642 195 620 Z" fill="${p.shade}"/>` +
    `<path d="M210 482 L390 482" ${stroke(p.light, 4)}/>` +
    `<rect x="360" y="474" width="10" height="26" rx="3" fill="${p.light}"/>` +
    `<path d="M186 292 Q300 240 414 292" ${dashed(p.light, 3)}/>` +
    `<rect x="240" y="330" width="120" height="70" rx="14" fill="${p.light}" opacity="0.85"/>` +
    `<circle cx="300" cy="365" r="18" fill="${p.accent}"/>`,
  printable: false,
  floor: 670,
};

const bedsheet: Shape = {
  body: 'M120 430 L480 430 Q494 430 494 444 L494 630 Q494 644 480 644 L120 644 Q106 644 106 630 L106 444 Q106 430 120 430 Z M160 330 Q300 300 440 330 Q462 380 440 420 Q300 400 160 420 Q138 380 160 330 Z',
  details: (p) =>
    `<path d="M106 486 L494 486 M106 540 L494 540 M106 592 L494 592" ${stroke(p.line, 3, ' opacity="0.35"')}/>` +
    `<path d="M106 614 L494 614 L494 630 Q494 644 480 644 L120 644 Q106 644 106 630 Z" fill="${p.accent}" opacity="0.8"/>` +
    `<path d="M172 340 Q300 314 428 340 Q446 380 428 410 Q300 392 172 410 Q156 380 172 340 Z" ${dashed(p.light, 3)}/>`,
  printable: true,
  floor: 644,
};

const cushionBody = 'M150 250 Q300 215 450 250 Q485 400 450 550 Q300 585 150 550 Q115 400 150 250 Z';
const cushion: Shape = {
  body: cushionBody,
  behind: (p) =>
    `<g transform="translate(70 -60) scale(0.9)"><path d="${cushionBody}" fill="${p.shade}"/></g>`,
  details: (p) =>
    `<path d="${cushionBody}" ${stroke(p.light, 6)}/>` +
    [
      [150, 250],
      [450, 250],
      [450, 550],
      [150, 550],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="12" fill="${p.accent}"/>`)
      .join('') +
    `<circle cx="300" cy="400" r="74" fill="none" stroke="${p.accent}" stroke-width="5" stroke-dasharray="3 9"/>` +
    `<circle cx="300" cy="400" r="48" fill="${p.light}" opacity="0.7"/>` +
    `<circle cx="300" cy="400" r="14" fill="${p.accent}"/>`,
  printable: true,
  floor: 580,
};

const curtain: Shape = {
  body: 'M110 160 L290 160 Q280 400 240 470 Q230 600 250 740 L110 740 Z M490 160 L310 160 Q320 400 360 470 Q370 600 350 740 L490 740 Z',
  behind: () =>
    `<path d="M80 148 L520 148" ${stroke('#8a6a45', 10)}/>` +
    `<circle cx="76" cy="148" r="14" fill="#8a6a45"/><circle cx="524" cy="148" r="14" fill="#8a6a45"/>`,
  details: (p) =>
    `<path d="M150 165 Q160 420 140 740 M190 165 Q205 420 180 740 M230 165 Q240 400 215 740 M450 165 Q440 420 460 740 M410 165 Q395 420 420 740 M370 165 Q360 400 385 740" ${stroke(p.line, 3, ' opacity="0.3"')}/>` +
    `<path d="M222 462 Q245 480 262 462 M378 462 Q355 480 338 462" ${stroke(p.accent, 12)}/>` +
    Array.from(
      { length: 10 },
      (_, i) =>
        `<circle cx="${120 + i * 40 + (i > 4 ? 20 : 0)}" cy="152" r="9" fill="none" stroke="#8a6a45" stroke-width="4"/>`,
    ).join(''),
  printable: true,
  floor: 740,
};

const lamp: Shape = {
  body: 'M210 200 L390 200 L450 420 L150 420 Z',
  behind: (p) =>
    `<ellipse cx="300" cy="470" rx="200" ry="70" fill="#fff3c4" opacity="0.55"/>` +
    `<rect x="290" y="418" width="20" height="226" fill="${p.metal}"/>` +
    `<path d="M220 642 Q300 612 380 642 L392 682 L208 682 Z" fill="${p.metal}"/>`,
  details: (p) =>
    `<ellipse cx="300" cy="200" rx="90" ry="14" fill="${p.shade}"/>` +
    `<ellipse cx="300" cy="420" rx="150" ry="20" fill="${p.shade}"/>` +
    `<path d="M240 206 L200 410 M270 206 L255 414 M330 206 L345 414 M360 206 L400 410" ${stroke(p.line, 2.5, ' opacity="0.3"')}/>` +
    `<path d="M154 404 L446 404" ${stroke(p.accent, 6, ' opacity="0.85"')}/>`,
  printable: true,
  floor: 682,
};

const dinnerware: Shape = {
  body: 'M515 480 A215 175 0 1 1 85 480 A215 175 0 1 1 515 480 Z',
  details: (p) =>
    `<ellipse cx="300" cy="480" rx="160" ry="128" fill="${p.light}"/>` +
    Array.from({ length: 16 }, (_, i) => {
      const a = (i * Math.PI) / 8;
      return `<circle cx="${(300 + 188 * Math.cos(a)).toFixed(1)}" cy="${(480 + 152 * Math.sin(a)).toFixed(1)}" r="6" fill="${p.accent}"/>`;
    }).join('') +
    `<path d="M190 430 Q300 570 410 430 Z" fill="${p.base}" stroke="${p.line}" stroke-width="3"/>` +
    `<ellipse cx="300" cy="430" rx="110" ry="28" fill="${p.shade}" stroke="${p.line}" stroke-width="3"/>` +
    `<path d="M214 470 Q300 520 386 470" ${stroke(p.accent, 5, ' stroke-dasharray="4 9"')}/>`,
  printable: false,
  floor: 655,
};

const clock: Shape = {
  body: 'M500 420 A200 200 0 1 1 100 420 A200 200 0 1 1 500 420 Z',
  behind: (p) =>
    `<path d="M300 220 L300 170" ${stroke(p.line, 6)}/><circle cx="300" cy="165" r="10" fill="${p.line}"/>`,
  details: (p) =>
    `<circle cx="300" cy="420" r="168" fill="#fbf8f2"/>` +
    `<circle cx="300" cy="420" r="184" fill="none" stroke="${p.light}" stroke-width="4" opacity="0.6"/>` +
    ticks(300, 420, 118, 150, '#2f2f33', 5) +
    `<path d="M300 420 L300 318 M300 420 L370 450" ${stroke('#2f2f33', 9)}/>` +
    `<path d="M300 440 L300 300" ${stroke(p.base, 3)}/>` +
    `<circle cx="300" cy="420" r="12" fill="${p.base}" stroke="#2f2f33" stroke-width="3"/>`,
  printable: false,
  floor: 620,
};

const towel: Shape = {
  body: 'M152 520 L448 520 Q462 520 462 534 L462 626 Q462 640 448 640 L152 640 Q138 640 138 626 L138 534 Q138 520 152 520 Z M168 420 L432 420 Q446 420 446 434 L446 512 Q446 526 432 526 L168 526 Q154 526 154 512 L154 434 Q154 420 168 420 Z M184 330 L416 330 Q430 330 430 344 L430 412 Q430 426 416 426 L184 426 Q170 426 170 412 L170 344 Q170 330 184 330 Z',
  details: (p) =>
    `<path d="M138 600 L462 600 M154 494 L446 494 M170 398 L430 398" ${stroke(p.light, 9)}/>` +
    `<path d="M138 586 L462 586 M154 482 L446 482 M170 386 L430 386" ${stroke(p.light, 2)}/>` +
    `<path d="M152 520 L448 520 M168 420 L432 420" ${stroke(p.line, 3, ' opacity="0.35"')}/>`,
  printable: false,
  floor: 640,
};

const lipstick: Shape = {
  body: 'M262 380 L262 232 Q262 214 280 206 L338 186 L338 380 Z',
  behind: () =>
    `<rect x="238" y="420" width="124" height="280" rx="12" fill="#2b2b2f"/>` +
    `<rect x="252" y="376" width="96" height="48" rx="6" fill="#d4a73c"/>` +
    `<rect x="238" y="470" width="124" height="14" fill="#d4a73c"/>`,
  details: (p) => `<path d="M276 370 L276 236" ${stroke(p.light, 6, ' opacity="0.6"')}/>`,
  printable: false,
  floor: 700,
};

const facewash: Shape = {
  body: 'M215 160 L385 160 L370 600 Q300 614 230 600 Z',
  behind: () =>
    `<rect x="252" y="596" width="96" height="76" rx="14" fill="#f4f4f2" stroke="#d8d5cf" stroke-width="3"/>`,
  details: (p) =>
    `<path d="M215 160 L385 160 L384 190 L216 190 Z" fill="${p.shade}"/>` +
    `<path d="M230 174 L370 174" ${stroke(p.line, 2, ' stroke-dasharray="4 6"')}/>` +
    `<rect x="244" y="300" width="112" height="170" rx="14" fill="#ffffff" opacity="0.85"/>` +
    `<path d="M264 340 L336 340 M264 370 L320 370 M264 420 L340 420" ${stroke(p.line, 8)}/>` +
    `<circle cx="300" cy="252" r="18" fill="${p.light}"/>`,
  printable: false,
  floor: 672,
};

const perfume: Shape = {
  body: 'M190 320 Q190 290 220 290 L380 290 Q410 290 410 320 L420 640 Q420 670 390 670 L210 670 Q180 670 180 640 Z',
  behind: () =>
    `<rect x="272" y="246" width="56" height="48" fill="#d4a73c"/>` +
    `<rect x="246" y="150" width="108" height="100" rx="10" fill="#2b2b2f"/>` +
    `<rect x="246" y="232" width="108" height="12" fill="#d4a73c"/>`,
  details: (p) =>
    `<path d="M214 320 L208 640" ${stroke('#ffffff', 16, ' opacity="0.3"')}/>` +
    `<rect x="234" y="440" width="132" height="96" rx="4" fill="#ffffff" opacity="0.88"/>` +
    `<path d="M256 470 L344 470 M270 500 L330 500" ${stroke(p.line, 5)}/>` +
    `<path d="M190 600 L420 600" ${stroke(p.line, 2, ' opacity="0.35"')}/>`,
  printable: false,
  floor: 670,
};

const serum: Shape = {
  body: 'M220 360 Q220 330 250 330 L350 330 Q380 330 380 360 L380 660 Q380 680 360 680 L240 680 Q220 680 220 660 Z',
  behind: () =>
    `<rect x="262" y="294" width="76" height="40" fill="#2b2b2f"/>` +
    `<path d="M272 298 L272 202 Q272 150 300 150 Q328 150 328 202 L328 298 Z" fill="#3a3a3f"/>`,
  details: (p) =>
    `<path d="M300 330 L300 600" ${stroke('#ffffff', 6, ' opacity="0.45"')}/>` +
    `<path d="M238 370 L238 650" ${stroke('#ffffff', 12, ' opacity="0.25"')}/>` +
    `<rect x="240" y="470" width="120" height="120" rx="6" fill="#ffffff" opacity="0.88"/>` +
    `<path d="M262 505 L338 505 M272 535 L328 535 M262 560 L338 560" ${stroke(p.line, 5)}/>`,
  printable: false,
  floor: 680,
};

const nailpolish: Shape = {
  body: 'M200 470 Q200 430 240 430 L360 430 Q400 430 400 470 L405 640 Q405 680 365 680 L235 680 Q195 680 195 640 Z',
  behind: () => `<rect x="255" y="190" width="90" height="246" rx="12" fill="#222226"/>`,
  details: () =>
    `<path d="M222 470 L218 640" ${stroke('#ffffff', 14, ' opacity="0.35"')}/>` +
    `<path d="M272 206 L272 420" ${stroke('#ffffff', 6, ' opacity="0.18"')}/>`,
  printable: false,
  floor: 680,
};

const kajal: Shape = {
  body: 'M265 300 L335 300 L335 668 Q335 680 323 680 L277 680 Q265 680 265 668 Z',
  behind: () =>
    `<path d="M278 164 L278 126 Q300 96 322 126 L322 164 Z" fill="#141416"/>` +
    `<rect x="265" y="160" width="70" height="146" rx="10" fill="#2b2b2f"/>` +
    `<rect x="265" y="286" width="70" height="16" fill="#c4c8cf"/>`,
  details: (p) =>
    `<path d="M280 320 L280 660" ${stroke('#ffffff', 6, ' opacity="0.25"')}/>` +
    `<rect x="280" y="440" width="40" height="120" rx="4" fill="${p.light}" opacity="0.8"/>`,
  printable: false,
  floor: 680,
};

const cream: Shape = {
  body: 'M180 420 L420 420 L410 620 Q410 650 380 650 L220 650 Q190 650 190 620 Z',
  behind: () =>
    `<rect x="170" y="330" width="260" height="96" rx="18" fill="#f6f5f2" stroke="#d8d5cf" stroke-width="3"/>` +
    `<path d="M196 340 L196 418 M222 340 L222 418 M248 340 L248 418 M274 340 L274 418 M300 340 L300 418 M326 340 L326 418 M352 340 L352 418 M378 340 L378 418 M404 340 L404 418" stroke="#e2dfd9" stroke-width="3"/>`,
  details: (p) =>
    `<rect x="190" y="490" width="220" height="90" fill="#ffffff" opacity="0.88"/>` +
    `<path d="M230 522 L370 522 M250 552 L350 552" ${stroke(p.line, 6)}/>` +
    `<path d="M204 440 L214 626" ${stroke('#ffffff', 10, ' opacity="0.3"')}/>`,
  printable: false,
  floor: 650,
};

export const shapes: Record<MediaKind, Shape> = {
  tshirt,
  shirt,
  kurta,
  jeans,
  jacket,
  sneaker,
  watch,
  saree,
  dress,
  top,
  handbag,
  heels,
  frock,
  shorts,
  backpack,
  bedsheet,
  cushion,
  curtain,
  lamp,
  dinnerware,
  clock,
  towel,
  lipstick,
  facewash,
  perfume,
  serum,
  nailpolish,
  kajal,
  cream,
};
