#!/usr/bin/env bash
# Regenerates the web fonts in src/assets/fonts from the @fontsource packages (SIL Open Font License) with
# fonttools' pyftsubset (Debian: apt-get install fonttools python3-brotli).
#
# Inter (400/500/600/700) and Poppins (600/700) keep the characters the shop shows (ASCII, Latin-1, typographic
# quotes, dashes, bullets, ellipsis, arrows, euro, trade mark, minus) and the OpenType features it uses (kerning,
# ligatures, contextual forms, tabular figures): about 16 KB a file instead of 24, the fonts being as large as the
# app's scripts on a phone's first visit. The rupee sign is cut separately from Inter's latin-ext files (under a
# kilobyte each, inlined into the stylesheet). Keep UNICODES in step with the unicode-range in src/index.css.
set -euo pipefail
cd "$(dirname "$0")/.."
fontsource=../../node_modules/@fontsource
out=src/assets/fonts
UNICODES='U+0020-007E,U+00A0-00FF,U+0131,U+0152-0153,U+02C6,U+02DA,U+02DC,U+2013-2014,U+2018-201A,U+201C-201E,U+2022,U+2026,U+2039-203A,U+20AC,U+2122,U+2190-2193,U+2212'
FEATURES='kern,liga,calt,ccmp,locl,mark,mkmk,tnum'

subset() { # source unicodes features output
  pyftsubset "$1" --unicodes="$2" --layout-features="$3" --flavor=woff2 --no-hinting --desubroutinize \
    --output-file="$4"
}
for weight in 400 500 600 700; do
  subset "$fontsource/inter/files/inter-latin-$weight-normal.woff2" "$UNICODES" "$FEATURES" "$out/inter-$weight.woff2"
  subset "$fontsource/inter/files/inter-latin-ext-$weight-normal.woff2" 'U+20B9' '' "$out/inter-rupee-$weight.woff2"
done
for weight in 600 700; do
  subset "$fontsource/poppins/files/poppins-latin-$weight-normal.woff2" "$UNICODES" "$FEATURES" "$out/poppins-$weight.woff2"
done
ls -l "$out"
