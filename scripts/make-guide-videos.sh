#!/usr/bin/env bash
# Renders the two tutorial videos of /our-products/loan (English and Bahasa
# Indonesia) and their posters from text slides, into public/videos/:
#   loan-guide-en.mp4  loan-guide-en.webp  loan-guide-id.mp4  loan-guide-id.webp
#
# Needs ffmpeg (with libx264, libwebp, drawtext) and the Noto Sans fonts:
#   apt-get install -y ffmpeg fonts-noto-core
# Run from anywhere:  bash scripts/make-guide-videos.sh
#
# The outputs are committed; the tools are not a dependency of the site. An
# operator can replace the files with real recordings of the same names
# (H.264 MP4, muted is fine, 16:9; poster WebP 960x540) — or edit the slide
# texts below and run the script again.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$ROOT/public/videos"
FONT_BOLD="${FONT_BOLD:-/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf}"
FONT_REGULAR="${FONT_REGULAR:-/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf}"
W=960 H=540 FPS=15 SECONDS_PER_SLIDE=4

command -v ffmpeg >/dev/null || { echo "ffmpeg is missing: apt-get install -y ffmpeg fonts-noto-core" >&2; exit 1; }
for f in "$FONT_BOLD" "$FONT_REGULAR"; do [[ -f $f ]] || { echo "font missing: $f (apt-get install -y fonts-noto-core)" >&2; exit 1; }; done

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# One slide: $1 output, $2 step label, $3 title, $4 body (lines separated by \n).
slide() {
  local out=$1 step=$2 title=$3 body=$4 i=$5 total=$6
  printf '%s' "$step" >"$WORK/step.txt"
  printf '%s' "$title" >"$WORK/title.txt"
  printf '%b' "$body" >"$WORK/body.txt"
  local from=$(( W * (i - 1) / total )) to=$(( W * i / total ))
  # The yellow progress bar slides in from the left (overlay x follows time).
  ffmpeg -nostdin -loglevel error -y \
    -f lavfi -i "color=c=0xf4f6fb:s=${W}x${H}:r=${FPS}:d=${SECONDS_PER_SLIDE}" \
    -f lavfi -i "color=c=0xffc93c:s=${W}x10:r=${FPS}:d=${SECONDS_PER_SLIDE}" -filter_complex "\
[0:v]drawbox=x=0:y=0:w=${W}:h=96:color=0x1a3a8f:t=fill,\
drawbox=x=0:y=${H}-10:w=${W}:h=10:color=0xdfe5f2:t=fill[bg];\
[bg][1:v]overlay=x='${from}-${W}+(${to}-${from})*t/${SECONDS_PER_SLIDE}':y=${H}-10:eval=frame:shortest=1,\
drawtext=fontfile=${FONT_BOLD}:textfile=$WORK/step.txt:x=56:y=30:fontsize=30:fontcolor=0xffc93c,\
drawtext=fontfile=${FONT_BOLD}:text='K-Loan Guide':x=w-tw-56:y=32:fontsize=28:fontcolor=white,\
drawtext=fontfile=${FONT_BOLD}:textfile=$WORK/title.txt:x=56:y=140:fontsize=46:fontcolor=0x14213d,\
drawtext=fontfile=${FONT_REGULAR}:textfile=$WORK/body.txt:x=56:y=230:fontsize=33:line_spacing=20:fontcolor=0x33405c,\
fade=t=in:st=0:d=0.4,fade=t=out:st=$(( SECONDS_PER_SLIDE - 1 )).6:d=0.4" \
    -c:v libx264 -preset slow -tune stillimage -crf 30 -pix_fmt yuv420p -an "$out"
}

# render <lang> <slides file>: slides are "step|title|body" lines.
render() {
  local lang=$1 list="$WORK/list-$1.txt" i=0 total
  total=$(grep -c . "$2")
  : >"$list"
  while IFS='|' read -r step title body; do
    [[ -z $step ]] && continue
    i=$((i + 1))
    slide "$WORK/$lang-$i.mp4" "$step" "$title" "$body" "$i" "$total"
    echo "file '$WORK/$lang-$i.mp4'" >>"$list"
  done <"$2"
  ffmpeg -nostdin -loglevel error -y -f concat -safe 0 -i "$list" -c copy -movflags +faststart "$OUT/loan-guide-$lang.mp4"
  # Poster: the first slide, fully faded in.
  ffmpeg -nostdin -loglevel error -y -ss 1 -i "$WORK/$lang-1.mp4" -frames:v 1 -c:v libwebp -quality 70 "$OUT/loan-guide-$lang.webp"
  echo "public/videos/loan-guide-$lang.mp4 ($(du -k "$OUT/loan-guide-$lang.mp4" | cut -f1) KB), poster ($(du -k "$OUT/loan-guide-$lang.webp" | cut -f1) KB)"
}

mkdir -p "$OUT"

cat >"$WORK/en.txt" <<'SLIDES'
Loan guide|How to apply for a loan|A short guide for foreign residents in Korea\nFour steps, about 25 seconds
Step 1|Check that you can apply|Visa: E-1, E-2, E-3, E-7, E-9, F-2, F-4, F-5, F-6\nAnnual income of 20,000,000 KRW or more\nAt least 6 months of stay left
Step 2|Prepare your documents|Alien registration card and passport\nEmployment contract and proof of income\nBank account and phone in your own name
Step 3|Request a free consultation|Tap "Loan consultation" on our website\nWrite your name as on your passport or ARC\nEnter a Korean phone number (010...)
Step 4|We call you|We explain the loan in your language\nThe partner bank reviews your application\nYou sign the contract with the bank
Stay safe|We never charge a fee|Never give anyone your bank card or passwords\nThe money goes only to your own account\nQuestions? Call us or send a request
SLIDES

cat >"$WORK/id.txt" <<'SLIDES'
Panduan pinjaman|Cara mengajukan pinjaman|Panduan singkat untuk warga asing di Korea\nEmpat langkah, sekitar 25 detik
Langkah 1|Pastikan Anda memenuhi syarat|Visa: E-1, E-2, E-3, E-7, E-9, F-2, F-4, F-5, F-6\nPenghasilan minimal 20.000.000 KRW per tahun\nSisa masa tinggal minimal 6 bulan
Langkah 2|Siapkan dokumen Anda|Kartu registrasi orang asing dan paspor\nKontrak kerja dan bukti penghasilan\nRekening bank dan ponsel atas nama sendiri
Langkah 3|Minta konsultasi gratis|Ketuk "Konsultasi pinjaman" di situs kami\nTulis nama sesuai paspor atau ARC\nMasukkan nomor ponsel Korea (010...)
Langkah 4|Kami menelepon Anda|Kami jelaskan pinjaman dalam bahasa Anda\nBank mitra memeriksa pengajuan Anda\nAnda menandatangani kontrak dengan bank
Tetap waspada|Kami tidak pernah memungut biaya|Jangan berikan kartu bank atau kata sandi\nDana hanya dikirim ke rekening Anda sendiri\nAda pertanyaan? Hubungi kami
SLIDES

render en "$WORK/en.txt"
render id "$WORK/id.txt"
