#!/usr/bin/env bash
# Generates the shell's background video and its still image from nothing but ffmpeg's built-in sources
# (lavfi): a night ramp — dark navy sky, amber edge lights and a dashed centre line of a taxiway drifting
# towards the viewer. Original RampQuote media, no third-party footage. Re-run after changing the look:
#   bash shell/scripts/make-background-media.sh        (needs ffmpeg with libvpx-vp9, libx264, libwebp)
# Output: shell/src/assets/background/ramp-night.{webm,mp4,jpg}. The loop is seamless: every light moves a
# whole number of spacings in the 8 seconds.
set -euo pipefail

OUT="$(cd "$(dirname "$0")/.." && pwd)/src/assets/background"
mkdir -p "$OUT"
W=960 H=540 FPS=24 SECONDS=8

# Lights: a taxiway seen from the cockpit, computed per pixel. Below the horizon (y = 290) a pixel at depth
# d = y - 290 is a ground point at distance Z = 1000 / d and lateral offset XW = (x - 480) / d. Amber edge lights
# sit at XW = +-1.6, a white-blue centre dash at XW = 0; both repeat every 4 units of distance and move 2 units a
# second (16 = 4 spacings per loop). Lights fade out towards the horizon.
D="max(Y-290,1)"
XW="((X-480)/${D})"
PH="mod(1000/${D}+T*2,4)"
FADE="gt(Y,292)*min(1,${D}/150)"
EDGE="lt(abs(abs(${XW})-1.6),0.05)*lt(${PH},0.5)"
DASH="lt(abs(${XW}),0.02)*lt(${PH},2)"
lights="color=c=black:s=${W}x${H}:r=${FPS}:d=${SECONDS},format=gbrp,
geq=r='${FADE}*if(${EDGE},251,if(${DASH},150,0))':g='${FADE}*if(${EDGE},182,if(${DASH},170,0))':b='${FADE}*if(${EDGE},38,if(${DASH},205,0))'"

# Sky and ground: navy gradient with a faint horizon glow.
sky="gradients=s=${W}x${H}:r=${FPS}:d=${SECONDS}:nb_colors=3:c0=0x070D18:c1=0x1C2B46:c2=0x080F1C:x0=0:y0=0:x1=0:y1=${H}:speed=0.00001,format=gbrp"

filter="${lights},split[l1][l2];[l1]gblur=sigma=1.2[sharp];[l2]gblur=sigma=10[glow];
[sharp][glow]blend=all_mode=addition[lit];
${sky}[sky];[sky][lit]blend=all_mode=addition,vignette=angle=PI/4,format=yuv420p[v]"
filter="$(echo "$filter" | tr -d '\n')"

ffmpeg -hide_banner -loglevel error -y -filter_complex "$filter" -map '[v]' -frames:v $((FPS * SECONDS)) \
  -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -deadline good -cpu-used 3 -g $((FPS * SECONDS)) -an "$OUT/ramp-night.webm"
ffmpeg -hide_banner -loglevel error -y -filter_complex "$filter" -map '[v]' -frames:v $((FPS * SECONDS)) \
  -c:v libx264 -preset slow -crf 30 -profile:v main -pix_fmt yuv420p -movflags +faststart -an "$OUT/ramp-night.mp4"
# The still (poster, and what users who prefer reduced motion see): the first frame, so the video starts seamlessly.
ffmpeg -hide_banner -loglevel error -y -filter_complex "$filter" -map '[v]' -frames:v 1 -q:v 4 "$OUT/ramp-night.jpg"

ls -l "$OUT"
