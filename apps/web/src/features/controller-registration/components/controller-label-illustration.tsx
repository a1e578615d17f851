/** Where the controller ID is printed: the label on the side of the Syrx controller's enclosure (our own drawing). */
export function ControllerLabelIllustration() {
  return (
    <svg
      role="img"
      aria-labelledby="controller-label-title"
      viewBox="0 0 420 240"
      style={{ width: '100%', maxWidth: 420, height: 'auto', display: 'block', margin: '0 auto' }}
    >
      <title id="controller-label-title">The Syrx Controller ID is printed on the label on the front of the controller</title>
      {/* DIN-rail enclosure */}
      <rect x="20" y="30" width="380" height="180" rx="14" fill="#e9edf2" stroke="#8c99a8" strokeWidth="3" />
      <rect x="20" y="30" width="380" height="34" rx="14" fill="#cfd7e1" />
      <rect x="20" y="50" width="380" height="14" fill="#cfd7e1" />
      {/* terminal blocks */}
      {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
        <g key={i}>
          <rect x={44 + i * 24} y="38" width="16" height="18" rx="2" fill="#5b6775" />
          <circle cx={52 + i * 24} cy="47" r="4" fill="#b8c2cc" />
        </g>
      ))}
      {/* status LEDs and network port */}
      <circle cx="272" cy="47" r="5" fill="#52c41a" />
      <circle cx="290" cy="47" r="5" fill="#fadb14" />
      <rect x="320" y="36" width="56" height="22" rx="3" fill="#5b6775" />
      <rect x="330" y="42" width="36" height="12" rx="2" fill="#2f3a45" />
      <text x="40" y="92" fontFamily="sans-serif" fontSize="18" fontWeight="700" fill="#2f3a45">
        SYRX
      </text>
      {/* the label */}
      <rect x="40" y="108" width="340" height="84" rx="6" fill="#ffffff" stroke="#1f6feb" strokeWidth="3" />
      <text x="56" y="134" fontFamily="sans-serif" fontSize="14" fontWeight="700" fill="#1f2933">
        Syrx Controller ID
      </text>
      <text x="56" y="160" fontFamily="monospace" fontSize="13" fill="#1f2933">
        3f2504e0-4f89-41d3-9a0c-0305e82c3301
      </text>
      {/* barcode strip */}
      {[0, 3, 5, 9, 12, 14, 18, 21, 25, 27, 31, 34, 36, 40, 43, 47, 50, 52, 56, 59].map((x, i) => (
        <rect key={x} x={56 + x * 5} y="170" width={i % 3 === 0 ? 4 : 2} height="14" fill="#1f2933" />
      ))}
    </svg>
  );
}
