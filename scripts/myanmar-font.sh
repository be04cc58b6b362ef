#!/usr/bin/env bash
# Makes app/styles/fonts/noto-sans-myanmar.woff2: Noto Sans Myanmar Regular
# (SIL Open Font License 1.1, app/styles/fonts/OFL.txt) subset to the Myanmar
# blocks, which the site loads only on phones whose system font does not
# render Unicode Burmese (a Zawgyi font, or none): see
# app/features/layout/myanmar-font.ts. Run once when the font should change;
# the result is committed.
#   apt-get install fonts-noto-core python3-fonttools python3-brotli
set -euo pipefail
cd "$(dirname "$0")/.."
/usr/bin/python3 -m fontTools.subset /usr/share/fonts/truetype/noto/NotoSansMyanmar-Regular.ttf \
  --unicodes="U+1000-109F,U+AA60-AA7F,U+200B-200D,U+25CC" \
  --layout-features='*' --no-hinting --desubroutinize --flavor=woff2 \
  --output-file=app/styles/fonts/noto-sans-myanmar.woff2
ls -l app/styles/fonts/noto-sans-myanmar.woff2
