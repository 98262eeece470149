/**
 * The hero's illustration (a business jet on an FBO ramp at dusk) drawn inline: vector shapes in the page are no
 * candidate for the largest contentful paint, so the hero's text is the largest paint, not an image arriving later.
 * The source drawing is src/assets/hero-ramp.svg.
 */
export function HeroRamp() {
  return (
    <svg
      viewBox="0 0 1600 900"
      preserveAspectRatio="xMidYMid slice"
      width="100%"
      height="100%"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1b2a44" />
          <stop offset=".55" stopColor="#6d7d98" />
          <stop offset="1" stopColor="#e3c48f" />
        </linearGradient>
        <radialGradient id="hero-sun" cx=".7" cy=".62" r=".35">
          <stop offset="0" stopColor="#fff3d6" stopOpacity=".9" />
          <stop offset="1" stopColor="#fff3d6" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="hero-ramp" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#4a4f58" />
          <stop offset="1" stopColor="#16191e" />
        </linearGradient>
        <linearGradient id="hero-body" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f4f6f9" />
          <stop offset="1" stopColor="#9aa3b0" />
        </linearGradient>
      </defs>
      <rect width="1600" height="900" fill="url(#hero-sky)" />
      <rect width="1600" height="900" fill="url(#hero-sun)" />

      <g fill="#2a303a">
        <path d="M40 560V470q110-60 220 0v90z" />
        <path d="M270 560V490q90-48 180 0v70z" />
        <path d="M460 560V505q70-36 140 0v55z" />
        <rect x="1380" y="420" width="26" height="140" />
        <path d="M1360 420h66l-8-36h-50z" />
        <rect x="1470" y="520" width="110" height="40" />
      </g>
      <g fill="#f7d488">
        <rect x="90" y="520" width="40" height="8" opacity=".7" />
        <rect x="320" y="528" width="34" height="7" opacity=".6" />
        <rect x="1368" y="392" width="50" height="10" opacity=".8" />
      </g>

      <path d="M0 560h1600v340H0z" fill="url(#hero-ramp)" />
      <path d="M760 900 900 560" stroke="#e6b84a" strokeWidth="8" strokeDasharray="44 30" opacity=".75" />
      <path d="M0 700 1600 640" stroke="#d9dde3" strokeWidth="3" opacity=".25" />
      <g fill="#ffd27a">
        <circle cx="60" cy="612" r="5" />
        <circle cx="260" cy="604" r="5" />
        <circle cx="460" cy="596" r="5" />
        <circle cx="660" cy="588" r="4" />
        <circle cx="1300" cy="588" r="4" />
        <circle cx="1480" cy="592" r="5" />
      </g>

      <ellipse cx="930" cy="676" rx="340" ry="14" fill="#000" opacity=".35" />
      <g>
        <path d="M1215 522 1292 510l3 9-52 12z" fill="#c9d0da" />
        <path
          d="M600 612c20-26 60-34 120-36l400-2c30 0 50 6 65 16l45-70h32l-22 80c-5 12-25 22-60 24l-480 4c-50 0-85-6-100-16z"
          fill="url(#hero-body)"
        />
        <path d="M612 604c12-10 30-16 52-18l-8 16z" fill="#2a3240" />
        <g fill="#2a3240">
          <rect x="760" y="584" width="16" height="12" rx="5" />
          <rect x="800" y="584" width="16" height="12" rx="5" />
          <rect x="840" y="584" width="16" height="12" rx="5" />
          <rect x="880" y="584" width="16" height="12" rx="5" />
          <rect x="920" y="584" width="16" height="12" rx="5" />
          <rect x="960" y="584" width="16" height="12" rx="5" />
        </g>
        <path d="M700 600h420" stroke="#e6b84a" strokeWidth="4" />
        <ellipse cx="1118" cy="566" rx="54" ry="17" fill="#dfe4ea" />
        <ellipse cx="1168" cy="566" rx="6" ry="13" fill="#3a4250" />
        <path d="M820 616 985 612l80 40-36 3z" fill="#aab2be" />
        <g stroke="#3a4250" strokeWidth="6">
          <path d="M700 626v32" />
          <path d="M960 624v34" />
          <path d="M990 624v34" />
        </g>
        <g fill="#1d2129">
          <circle cx="700" cy="662" r="11" />
          <circle cx="960" cy="662" r="11" />
          <circle cx="990" cy="662" r="11" />
        </g>
      </g>

      <g>
        <rect x="250" y="700" width="190" height="70" rx="8" fill="#c8ccd2" />
        <path d="M440 716h60l30 34v20h-90z" fill="#aeb4bd" />
        <path d="M452 724h40l22 26h-62z" fill="#2a3240" />
        <g fill="#1d2129">
          <circle cx="290" cy="776" r="18" />
          <circle cx="400" cy="776" r="18" />
          <circle cx="490" cy="776" r="18" />
        </g>
      </g>
    </svg>
  );
}
