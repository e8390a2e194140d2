#!/bin/sh
# Rebuilds the fallback fonts of the pictures (see README.md) from their
# packages: Debian's fonts-noto-core and fonts-noto-cjk, npm's
# @expo-google-fonts/noto-emoji 0.4.7, and fontTools 4.38 (python3-fonttools).
# Usage: make-fallback-fonts.sh NOTO_EMOJI_TTF  (run in assets/fonts)
set -eu
emoji=$1
noto=/usr/share/fonts/truetype/noto
cjk=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
subset() { python3 -m fontTools.subset "$@" --layout-features='*' --no-hinting --name-IDs='0,1,2,3,4,5,6,13,14' --notdef-outline --drop-tables+=DSIG; }

# One file for the scripts of India, South-East Asia, the Middle East, the
# Caucasus and Ethiopia: each script's own font, with the Latin letters and
# digits that DejaVu Sans draws left out.
for script in Arabic Hebrew Devanagari Bengali Gurmukhi Gujarati Tamil Telugu Kannada Malayalam Sinhala Thai Lao Khmer Myanmar Georgian Armenian Ethiopic; do
  subset "$noto/NotoSans$script-Regular.ttf" --unicodes='*' --output-file="NotoSans$script-Regular.ttf"
done

# Combining marks that DejaVu Sans lacks (a name may stack any of them):
# those of Noto Sans.
subset "$noto/NotoSans-Regular.ttf" --unicodes='U+0300-036F,U+1AB0-1AFF,U+1DC0-1DFF,U+20D0-20FF,U+FE20-FE2F' --output-file=NotoSans-CombiningMarks.ttf

# CJK: kana, hangul jamo and the 2,350 hangul syllables of KS X 1001, the
# ideographs of GB 2312, JIS X 0208 and Big5 level 1 (the characters of
# everyday Chinese, Japanese and Korean), CJK punctuation and the
# fullwidth forms; from the Simplified Chinese face.
python3 - <<'PY' > /tmp/akon-cjk-unicodes.txt
cps = set(range(0x3000, 0x3100)) | set(range(0x3130, 0x3190)) | set(range(0x31F0, 0x3200)) | set(range(0xFF00, 0xFFF0))
def decodable(codec, first, seconds):
    for hi in first:
        for lo in seconds:
            try:
                s = bytes([hi, lo]).decode(codec)
            except UnicodeDecodeError:
                continue
            cps.update(ord(c) for c in s)
decodable('gb2312', range(0xA1, 0xF8), range(0xA1, 0xFF))
decodable('euc_jp', range(0xA1, 0xF5), range(0xA1, 0xFF))
decodable('euc_kr', range(0xA1, 0xFE), range(0xA1, 0xFF))
decodable('big5', range(0xA4, 0xC7), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)))
print(','.join('U+%04X' % c for c in sorted(cps) if c >= 0x2E80))
PY
subset "$cjk" --font-number=2 --unicodes-file=/tmp/akon-cjk-unicodes.txt --output-file=NotoSansCJKsc-Subset.otf
# Emoji: Noto Emoji (monochrome outlines), whole.
subset "$emoji" --unicodes='*' --output-file=NotoEmoji-Regular.ttf
